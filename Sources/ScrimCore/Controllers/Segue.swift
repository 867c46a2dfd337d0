/// `UIStoryboardSegue` without a storyboard: a named way from one controller to another.
public final class Segue {
    /// How a segue shows its destination.
    public enum Kind: Sendable {
        /// `show(_:sender:)`: pushed in a navigation stack, else presented.
        case show
        /// `showDetail(_:sender:)`.
        case showDetail
        /// `present(_:animated:)`.
        case present
        /// Performed by the segue's own closure.
        case custom(@Sendable (Segue) -> Void)
        /// An unwind segue: back to a controller up the chain that accepts `action`.
        case unwind(action: String)
    }

    public let identifier: String
    public let source: ViewController
    public let destination: ViewController
    public let kind: Kind

    init(identifier: String, source: ViewController, destination: ViewController, kind: Kind) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = kind
    }

    func perform() {
        switch kind {
        case .show: source.show(destination)
        case .showDetail: source.showDetail(destination)
        case .present: source.present(destination)
        case .custom(let perform): perform(self)
        case .unwind: source.unwind(to: destination)
        }
    }
}

/// An error performing a segue.
public struct SegueError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

extension ViewController {
    /// Registers a segue this controller can perform: `destination` makes the controller it
    /// leads to each time.
    public func registerSegue(_ identifier: String, kind: Segue.Kind = .show,
                              destination: @escaping () -> ViewController) {
        segues[identifier] = (kind, destination)
    }

    /// The identifiers of the segues registered here.
    public var registeredSegueIdentifiers: Dictionary<String, (kind: Segue.Kind, destination: () -> ViewController)>.Keys {
        segues.keys
    }

    /// The segues registered here: each identifier, with what its segue does.
    public var registeredSegueKinds: some Sequence<(identifier: String, kind: Segue.Kind)> {
        segues.lazy.map { (identifier: $0.key, kind: $0.value.kind) }
    }

    /// The actions of the unwind segues this controller accepts.
    public var registeredUnwindActions: Dictionary<String, (Segue) -> Void>.Keys { unwindActions.keys }

    /// Registers an unwind action this controller accepts (`canPerformUnwindSegueAction` then
    /// answers true for it); `handler` runs when an unwind arrives here.
    public func registerUnwindAction(_ action: String, handler: @escaping (Segue) -> Void = { _ in }) {
        unwindActions[action] = handler
    }

    /// `performSegue(withIdentifier:sender:)`: asks `shouldPerformSegue`, makes the destination,
    /// calls `prepare(for:sender:)` on this controller, then shows it. An unwind segue goes
    /// back to the first controller up the chain (parents, then presenters) that accepts its action.
    public final func performSegue(withIdentifier identifier: String, sender: AnyObject? = nil) throws(SegueError) {
        guard let (kind, make) = segues[identifier] else {
            throw SegueError(description: "'\(name)' has no segue with identifier '\(identifier)'")
        }
        guard shouldPerformSegue(withIdentifier: identifier, sender: sender) else { return }
        if case .unwind(let action) = kind {
            guard let destination = unwindDestination(for: action, sender: sender) else {
                throw SegueError(description: "no controller above '\(name)' accepts the unwind action '\(action)'")
            }
            let segue = Segue(identifier: identifier, source: self, destination: destination, kind: kind)
            prepare(for: segue, sender: sender)
            destination.unwindActions[action]?(segue)
            segue.perform()
            return
        }
        let segue = Segue(identifier: identifier, source: self, destination: make(), kind: kind)
        prepare(for: segue, sender: sender)
        segue.perform()
    }

    /// The first controller that accepts `action`: going up from this controller through its
    /// parents — at each container, its other children first, most recent first (so a
    /// controller lower in a navigation stack is found), then the container — then on from
    /// the presenter of the presented controller it is in, and so on up.
    func unwindDestination(for action: String, sender: AnyObject?) -> ViewController? {
        var came: ViewController = self
        var ancestor: ViewController? = parent
        while true {
            while let container = ancestor {
                for child in container.children.reversed() where child !== came && child !== self {
                    if child.canPerformUnwindSegueAction(action, from: self, sender: sender) { return child }
                }
                if container.canPerformUnwindSegueAction(action, from: self, sender: sender) { return container }
                came = container
                ancestor = container.parent
            }
            // On from the presenter, which is examined as a container: its children, then itself.
            guard let presenter = came.presentingStorage else { return nil }
            ancestor = presenter
        }
    }

    /// Brings `destination` back on screen: dismisses what is presented over it and pops a
    /// navigation stack down to it.
    func unwind(to destination: ViewController) {
        let root = destination.containmentRoot
        if root.presentedStorage != nil { root.dismiss(animated: true) }
        var controller: ViewController? = destination
        while let current = controller {
            if let nav = current.parent as? NavigationController, nav.topViewController !== current {
                nav.popTo(current)
            }
            controller = current.parent
        }
    }
}
