/// State preservation and restoration (UIKit's): `save()` writes the window's restorable
/// hierarchy as JSON, `restore(_:)` brings it back — in this application or a new one.
///
/// A controller is saved when it and every controller above it have a `restorationIdentifier`;
/// its path is those identifiers from the root. Saving walks the hierarchy parents first, then
/// children, then the presented controller, calling `encodeRestorableState(with:)` on each.
///
/// Restoring finds a controller for each saved path, in the same order, asking in turn:
/// 1. its saved `restorationClass` (when it had one, that answer is final);
/// 2. the `delegate` (UIKit's app delegate, `viewControllerWithRestorationIdentifierPath`);
/// 3. the controller already at that path in the current hierarchy.
/// A path nobody answers for is skipped. A controller keeps the identifier and restoration
/// class it was restored for unless the one who made it set its own. Then every restored controller decodes its state
/// (parents first, so containers rebuild their stacks from the restored children), saved
/// presentations are made again without animation, and every restored controller gets
/// `applicationFinishedRestoringState()`.
public final class StateRestoration {
    /// What `restore` did.
    public struct Result {
        /// The controllers restored, in path order.
        public var restored: [ViewController] = []
        /// The saved paths no restoration class, delegate or existing controller answered for.
        public var skipped: [[String]] = []
    }

    /// The format tag and version written in saved state.
    public static let format = "scrim.state"
    public static let version = 1
    /// The longest restoration identifier, or restoration class name, a saved state may hold:
    /// each names a controller, and a restored controller keeps its own for its life.
    public static let longestName = 1024

    private unowned let application: Application
    private var classes: [String: RestorationClass] = [:]

    /// Finds restoration classes not registered here, by name (a Lua runtime looks up its classes).
    public var classResolver: ((String) -> RestorationClass?)?
    /// The app delegate's `application(_:viewControllerWithRestorationIdentifierPath:coder:)`.
    public var delegate: ((_ path: [String], _ coder: StateCoder) -> ViewController?)?

    init(application: Application) {
        self.application = application
    }

    /// Makes `restorationClass` findable by name when restoring.
    public func register(_ restorationClass: RestorationClass) {
        classes[restorationClass.name] = restorationClass
    }

    /// The restoration class named `name`: registered, else from `classResolver`.
    public func restorationClass(named name: String) -> RestorationClass? {
        classes[name] ?? classResolver?(name)
    }

    // MARK: Saving

    /// Whether state is being saved or restored now: its callbacks are running.
    public private(set) var isInProgress = false

    /// How many saves have begun: what encoders count per save starts again with each.
    public private(set) var saves = 0

    /// The window's restorable hierarchy and each controller's encoded state, as JSON.
    public func save() -> String {
        saves += 1
        isInProgress = true
        defer { isInProgress = false }
        var records: [JSONValue] = []
        if let root = application.window.rootViewController, let identifier = root.restorationIdentifier {
            for (path, controller) in root.restorableHierarchy(at: [identifier]) {
                let coder = StateCoder(path: path)
                controller.send(.encodeRestorableState(coder))
                var record: [String: JSONValue] = [
                    "path": .array(path.map(JSONValue.string)),
                    "state": .object(coder.values),
                ]
                if let restorationClass = controller.restorationClass { record["restorationClass"] = .string(restorationClass.name) }
                if let presented = controller.presentedStorage, presented.presentingStorage === controller,
                   let presentedPath = presented.restorationPath {
                    record["presented"] = .array(presentedPath.map(JSONValue.string))
                }
                records.append(.object(record))
            }
        }
        return JSONValue.object([
            "format": .string(StateRestoration.format),
            "version": .number(Double(StateRestoration.version)),
            "controllers": .array(records),
        ]).json
    }

    // MARK: Restoring

    /// Restores state written by `save()`. Throws for text that is not saved state, before
    /// touching the hierarchy; paths nobody answers for are skipped, not errors.
    @discardableResult
    public func restore(_ json: String) throws(RestorationError) -> Result {
        isInProgress = true
        defer { isInProgress = false }
        let records = try SavedController.records(in: json)
        let existing = application.window.rootViewController.map { root in
            root.restorationIdentifier.map { root.restorableHierarchy(at: [$0]) } ?? []
        } ?? []
        var restoredByPath: [[String]: ViewController] = [:]
        let resolve: ([String]) -> ViewController? = { restoredByPath[$0] }
        var result = Result()
        var found: [(SavedController, ViewController, StateCoder)] = []
        for record in records {
            let coder = StateCoder(path: record.path, values: record.state, resolve: resolve)
            let controller: ViewController?
            if let name = record.restorationClass {
                let restorationClass = restorationClass(named: name)
                controller = restorationClass?.viewController(record.path, coder)
                if let controller, controller.restorationClass == nil { controller.restorationClass = restorationClass }
            } else {
                controller = delegate?(record.path, coder) ?? existing.first { $0.path == record.path }?.controller
            }
            guard let controller, restoredByPath.values.allSatisfy({ $0 !== controller }) else {
                result.skipped.append(record.path)
                continue
            }
            if controller.restorationIdentifier == nil { controller.restorationIdentifier = record.identifier }
            restoredByPath[record.path] = controller
            result.restored.append(controller)
            found.append((record, controller, coder))
        }
        // A restoration class or delegate may answer with a controller that has a parent or is
        // presented: the window's rules for its root refuse it (it stays where it is).
        if let (record, root, _) = found.first, record.path.count == 1, application.window.rootViewController !== root,
           application.window.refusalOfRoot(root) == nil {
            application.window.rootViewController = root
        }
        for (_, controller, coder) in found { controller.send(.decodeRestorableState(coder)) }
        for (record, controller, _) in found {
            guard let path = record.presented, let presented = restoredByPath[path],
                  controller.presentedStorage == nil, presented.presentingStorage == nil, presented.parent == nil
            else { continue }
            controller.present(presented, animated: false)
        }
        for (_, controller, _) in found { controller.send(.applicationFinishedRestoringState) }
        return result
    }
}

/// Saved state that cannot be restored.
public enum RestorationError: Error, Equatable, CustomStringConvertible {
    /// Not JSON.
    case malformed(JSONParseError)
    /// JSON, but not saved state: what is wrong, and where (a JSON path like `controllers[2].path`).
    case invalid(String, at: String)

    public var description: String {
        switch self {
        case .malformed(let error): "saved state is not JSON: \(error)"
        case .invalid(let message, let location): "saved state: \(location): \(message)"
        }
    }
}

/// One controller's entry in saved state.
private struct SavedController {
    var path: [String]
    var state: [String: JSONValue]
    var restorationClass: String?
    var presented: [String]?

    /// The identifier the path ends with (a navigation stack's `#2` suffix dropped).
    var identifier: String {
        let last = path[path.count - 1]
        if let hash = last.lastIndex(of: "#"), Int(last[last.index(after: hash)...]) != nil { return String(last[..<hash]) }
        return last
    }

    static func records(in json: String) throws(RestorationError) -> [SavedController] {
        let document: JSONValue
        do { document = try JSONValue(parsing: json) } catch { throw .malformed(error) }
        guard case .object(let top) = document else { throw .invalid("an object expected", at: "top level") }
        guard top["format"] == .string(StateRestoration.format) else {
            throw .invalid("'format' must be \"\(StateRestoration.format)\"", at: "top level")
        }
        guard top["version"] == .number(Double(StateRestoration.version)) else {
            throw .invalid("unsupported version \(top["version"]?.json ?? "(none)"), \(StateRestoration.version) expected", at: "version")
        }
        guard case .array(let items)? = top["controllers"] else { throw .invalid("an array expected", at: "controllers") }
        var records: [SavedController] = []
        var seen: Set<[String]> = []
        for (index, item) in items.enumerated() {
            let location = "controllers[\(index)]"
            guard case .object(let fields) = item else { throw .invalid("an object expected", at: location) }
            guard let path = strings(fields["path"]), !path.isEmpty, !path.contains("") else {
                throw .invalid("a non-empty array of identifiers expected", at: location + ".path")
            }
            try checkNames(path, at: location + ".path")
            if index == 0, path.count != 1 { throw .invalid("the root's path (one identifier) must come first", at: location + ".path") }
            if index > 0, path[0] != records[0].path[0] { throw .invalid("not below the root '\(records[0].path[0])'", at: location + ".path") }
            guard seen.insert(path).inserted else { throw .invalid("path saved twice", at: location + ".path") }
            guard path.count == 1 || seen.contains(Array(path.dropLast())) else {
                throw .invalid("its parent path comes later or is missing", at: location + ".path")
            }
            guard case .object(let state)? = fields["state"] ?? .object([:]) else { throw .invalid("an object expected", at: location + ".state") }
            var record = SavedController(path: path, state: state)
            switch fields["restorationClass"] {
            case nil, .null?: break
            case .string(let name)?:
                try checkNames([name], at: location + ".restorationClass")
                record.restorationClass = name
            default: throw .invalid("a string expected", at: location + ".restorationClass")
            }
            if let presented = fields["presented"], presented != .null {
                guard let presentedPath = strings(presented), !presentedPath.isEmpty else {
                    throw .invalid("an array of identifiers expected", at: location + ".presented")
                }
                try checkNames(presentedPath, at: location + ".presented")
                record.presented = presentedPath
            }
            records.append(record)
        }
        return records
    }

    /// Refuses a name longer than `longestName`.
    private static func checkNames(_ names: [String], at location: String) throws(RestorationError) {
        guard let long = names.first(where: { $0.utf8.count > StateRestoration.longestName }) else { return }
        throw .invalid("a name of \(long.utf8.count) bytes is longer than \(StateRestoration.longestName)", at: location)
    }

    private static func strings(_ value: JSONValue?) -> [String]? {
        guard case .array(let items)? = value else { return nil }
        let texts = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
        return texts.count == items.count ? texts : nil
    }
}
