/// What a controller writes its restorable state into and reads it back from (UIKit's
/// `NSCoder` in `encodeRestorableState(with:)`): JSON values and references to other
/// controllers, by key. A reference is saved as the controller's restoration path, as
/// `{"$controller": [path…]}`, and decodes to the controller restored at that path.
public final class StateCoder {
    /// The restoration path of the controller being encoded or decoded.
    public let path: [String]
    public private(set) var values: [String: JSONValue]
    private let resolvePath: ([String]) -> ViewController?

    init(path: [String], values: [String: JSONValue] = [:], resolve: @escaping ([String]) -> ViewController? = { _ in nil }) {
        self.path = path
        self.values = values
        resolvePath = resolve
    }

    public func encode(_ value: JSONValue, forKey key: String) {
        values[key] = value
    }

    /// Encodes a reference to `controller`; one without a restoration path encodes as null.
    public func encode(_ controller: ViewController?, forKey key: String) {
        values[key] = StateCoder.reference(to: controller)
    }

    /// Encodes references to `controllers`, leaving out those without a restoration path.
    public func encode(_ controllers: [ViewController], forKey key: String) {
        values[key] = .array(controllers.map(StateCoder.reference).filter { $0 != .null })
    }

    public func containsValue(forKey key: String) -> Bool { values[key] != nil }

    public func decodeValue(forKey key: String) -> JSONValue? { values[key] }

    /// The controller restored at the path saved under `key`, if it was restored.
    public func decodeController(forKey key: String) -> ViewController? {
        values[key].flatMap(resolve)
    }

    /// The controllers restored at the paths saved under `key`, in order; those not restored
    /// are left out.
    public func decodeControllers(forKey key: String) -> [ViewController] {
        guard case .array(let items)? = values[key] else { return [] }
        return items.compactMap(resolve)
    }

    /// The controller a reference value stands for, if it was restored.
    public func resolve(_ value: JSONValue) -> ViewController? {
        StateCoder.path(in: value).flatMap(resolvePath)
    }

    /// A reference to `controller` (its restoration path), or null when it has none.
    public static func reference(to controller: ViewController?) -> JSONValue {
        guard let path = controller?.restorationPath else { return .null }
        return .object(["$controller": .array(path.map(JSONValue.string))])
    }

    /// The path of a reference value; nil for other values.
    public static func path(in value: JSONValue) -> [String]? {
        guard case .object(let fields) = value, fields.count == 1, case .array(let items)? = fields["$controller"] else { return nil }
        let path = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
        return path.count == items.count && !path.isEmpty ? path : nil
    }
}
