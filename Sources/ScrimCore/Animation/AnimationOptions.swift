/// Options of `animate` (a subset of `UIView.AnimationOptions`).
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Start from what is on screen and replace the property's running animations (they
    /// complete with `finished == false`) instead of adding to them.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 0)
}
