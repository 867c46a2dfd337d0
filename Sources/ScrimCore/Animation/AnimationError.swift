/// A call the animation system rejects, as UIKit would with an exception.
public struct AnimationError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
