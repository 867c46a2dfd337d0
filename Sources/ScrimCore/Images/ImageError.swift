/// Why bytes are not an image Scrim can draw, with the file they came from.
public struct ImageError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
