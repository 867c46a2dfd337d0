/// What a label does with text wider than its lines: `NSLineBreakMode`, by UIKit's names.
///
/// The mode decides where lines break and what the last line shows when the text does not fit
/// (see `TextLayout` for the rules). `UILabel`'s default is `byTruncatingTail`.
public enum LineBreakMode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Lines break between words; a word wider than a line breaks between characters. Text
    /// past the last line is cut without an ellipsis.
    case byWordWrapping
    /// Lines break between characters, wherever the width ends. Text past the last line is cut
    /// without an ellipsis.
    case byCharWrapping
    /// Lines break between words; the last line holds the words that fit and the rest is cut,
    /// without an ellipsis.
    case byClipping
    /// The last line shows the end of its text, after an ellipsis: "…wxyz".
    case byTruncatingHead
    /// The last line shows the start of its text, then an ellipsis: "abcd…".
    case byTruncatingTail
    /// The last line shows the start and end of its text, an ellipsis between: "ab…yz".
    case byTruncatingMiddle

    /// The mode named `name`, as UIKit spells it (`"byTruncatingTail"`), or nil.
    public init?(name: String) { self.init(rawValue: name) }

    public var name: String { rawValue }
    public var description: String { rawValue }

    /// Whether the last line that fits marks the cut text with an ellipsis.
    var truncates: Bool {
        switch self {
        case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle: true
        case .byWordWrapping, .byCharWrapping, .byClipping: false
        }
    }
}
