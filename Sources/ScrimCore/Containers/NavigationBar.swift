/// The navigation bar model: a view across the top of a navigation controller, showing the top
/// controller's title and, below the root, a back item titled after the previous controller.
public final class NavigationBar: View {
    public internal(set) var title: String?
    /// The back item's title, nil at the root.
    public internal(set) var backItemTitle: String?

    /// The bar's height below the status bar.
    public static let height = 44.0
}
