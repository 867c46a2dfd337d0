/// The navigation bar model: a view across the top of a navigation controller, showing the top
/// controller's title and, below the root, a back item titled after the previous controller.
public final class NavigationBar: View {
    public internal(set) var title: String?
    /// The back item's title, nil at the root.
    public internal(set) var backItemTitle: String?

    /// The bar's height below the status bar.
    public static let height = 44.0

    /// A bar starts with the opaque standard appearance's background (`#f9f9f9`), as UIKit's
    /// `configureWithOpaqueBackground()` gives; set `backgroundColor` to change it.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .barBackground
    }
}

extension Color {
    /// The background of bars in their opaque standard appearance.
    static let barBackground = Color(red: 249 / 255, green: 249 / 255, blue: 249 / 255)
}
