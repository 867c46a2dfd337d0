extension ViewController {
    /// The restoration identifiers from the window's root down to this controller — through
    /// parents, and from a presenting controller to the one it presented. Nil when this
    /// controller or one above it has no identifier, or it is not in the window's hierarchy.
    public var restorationPath: [String]? {
        guard let identifier = restorationIdentifier else { return nil }
        if let parent {
            guard let path = parent.restorationPath, let component = parent.restorationComponent(forChild: self) else { return nil }
            return path + [component]
        }
        if let presenting = presentingStorage, presenting.presentedStorage === self {
            return presenting.restorationPath.map { $0 + [identifier] }
        }
        return application.window.rootViewController === self ? [identifier] : nil
    }

    /// This controller and the restorable ones below it, parents before children and children
    /// before the presented controller, each with its path.
    func restorableHierarchy(at path: [String]) -> [(path: [String], controller: ViewController)] {
        var result = [(path, self)]
        for child in children {
            guard child.restorationIdentifier != nil, let component = restorationComponent(forChild: child) else { continue }
            result += child.restorableHierarchy(at: path + [component])
        }
        if let presented = presentedStorage, presented.presentingStorage === self,
           let identifier = presented.restorationIdentifier {
            result += presented.restorableHierarchy(at: path + [identifier])
        }
        return result
    }
}
