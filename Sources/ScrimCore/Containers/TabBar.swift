/// The tab bar model: a view across the bottom of a tab bar controller, with an item per tab.
/// The items share the bar's width; a tap on one (`window:tap`) is the user's tap on that tab.
public final class TabBar: View {
    /// The tabs' titles (each controller's title, or name).
    public internal(set) var itemTitles: [String] = []
    public internal(set) var selectedIndex = 0
    /// The bar's height above the home indicator area.
    public static let height = 49.0

    /// A bar starts with the opaque standard appearance's background (`#f9f9f9`); set
    /// `backgroundColor` to change it.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .barBackground
    }
}
