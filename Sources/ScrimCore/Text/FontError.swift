/// A font file Scrim cannot use: not found, unreadable, or not a font it understands.
///
/// The description names the file and what is wrong with it, so that a label that cannot be
/// measured says why (a missing package, a truncated download) rather than drawing nothing.
public struct FontError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
