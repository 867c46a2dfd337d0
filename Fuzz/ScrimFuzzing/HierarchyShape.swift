import ScrimCore

/// What no script may break, whatever it calls: the window's views form a tree whose parent
/// links agree with their children, and so do the controllers reached from the root through
/// children and presentations — no view inside itself, no controller its own ancestor or
/// presenter. Walks with a visited set, so a cycle is reported, not followed for ever.
public enum HierarchyShape {
    /// The first thing broken, or nil.
    public static func check(_ application: Application) -> String? {
        if let broken = checkViews(application.window) { return broken }
        return checkControllers(application.window.rootViewController)
    }

    private static func checkViews(_ window: Window) -> String? {
        var seen: Set<ObjectIdentifier> = []
        var pending: [View] = [window]
        while let view = pending.popLast() {
            guard seen.insert(ObjectIdentifier(view)).inserted else {
                return "view '\(view.name ?? "?")' is reached twice in the window's tree (a cycle)"
            }
            for subview in view.subviews {
                guard subview.superview === view else {
                    return "view '\(subview.name ?? "?")' is a subview of '\(view.name ?? "?")' whose superview is another"
                }
                pending.append(subview)
            }
        }
        return nil
    }

    private static func checkControllers(_ root: ViewController?) -> String? {
        var seen: Set<ObjectIdentifier> = []
        var pending: [ViewController] = root.map { [$0] } ?? []
        while let controller = pending.popLast() {
            guard seen.insert(ObjectIdentifier(controller)).inserted else {
                return "controller '\(controller.name)' is reached twice from the root (a cycle)"
            }
            for child in controller.children {
                guard child.parent === controller else {
                    return "controller '\(child.name)' is a child of '\(controller.name)' whose parent is another"
                }
                pending.append(child)
            }
            // What the controller presents itself: `presentedViewController` also reports
            // what a parent presents.
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                pending.append(presented)
            }
        }
        return nil
    }
}
