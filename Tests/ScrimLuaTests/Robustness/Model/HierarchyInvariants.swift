@testable import ScrimCore
@testable import ScrimLua

/// What must hold after every step of a generated sequence. Fed the trace as it grows, it
/// follows each controller's appearance callbacks; `check` compares them and the rest with the
/// live hierarchy, and returns what is wrong (empty when all holds).
struct HierarchyInvariants {
    private var nextSeq = 0
    /// Each controller's appearance state as its callbacks in the trace say.
    private var traced: [String: AppearanceState] = [:]
    /// Controllers seen in the middle of a presentation chain (presented, and presenting):
    /// a dismissal from below them takes them and their children out without callbacks (the
    /// one exception to balanced callbacks besides cancelled transitions, whose turning back
    /// `readTrace` allows).
    private var middles: Set<String> = []
    /// Middles shown by a Lua presentation controller. Such a controller gets no end callback
    /// when it leaves as a middle, so a plugin cannot take down what its gesture handlers
    /// hold (the half-sheet's scrim): it stays alive — the one known leak, in docs/robustness.md.
    private var pluginMiddles: Set<String> = []

    /// Everything wrong after a step; `settled` adds what must hold once nothing is in flight.
    mutating func check(_ application: Application, settled: Bool = false) -> [String] {
        var problems = readTrace(application.dispatcher.events)
        let hierarchy = Hierarchy(application)
        problems += checkAppearanceAgreesWithTrace(hierarchy)
        for controller in hierarchy.ordered where controller.presentingStorage != nil && controller.presentedStorage != nil {
            // With its children as they are now: one may leave the parent before the dismissal.
            for member in [controller] + controller.descendants {
                middles.insert(member.name)
                if controller.activePresentationController is LuaPresentationController { pluginMiddles.insert(member.name) }
            }
        }
        problems += checkOpenTransitions(hierarchy, application)
        let inFlight = !hierarchy.openTransitions.isEmpty || application.transitionInProgress || application.sizeTransition != nil
        if !inFlight {
            problems += checkQuietHierarchy(hierarchy, application)
        } else if settled {
            problems.append("still in flight after settling: \(hierarchy.openTransitions.map(\.summary).sorted()), " +
                            "transitionInProgress \(application.transitionInProgress)")
        }
        return problems
    }

    /// Controllers alive that are not in the hierarchy: after the scripts dropped their
    /// references, none should be.
    func retainedOutsideHierarchy(_ application: Application) -> [String] {
        let hierarchy = Hierarchy(application)
        return application.liveControllers.filter { controller in
            !hierarchy.contains(controller) && !isInMiddle(controller, of: pluginMiddles)
        }.map(\.name)
    }

    // MARK: The trace

    /// `seq` counts up by one; appearance callbacks follow will → did, where a will may turn
    /// back (`viewWillAppear` after `viewWillDisappear`, and the reverse: a cancelled transition).
    private mutating func readTrace(_ events: [TraceEvent]) -> [String] {
        var problems: [String] = []
        for event in events where event.seq >= nextSeq {
            if event.seq != nextSeq { problems.append("trace seq \(event.seq) follows \(nextSeq - 1)") }
            nextSeq = event.seq + 1
            guard let name = event.controller else { continue }
            let state = traced[name] ?? .disappeared
            let next: AppearanceState?
            switch event.event {
            case "viewWillAppear": next = state == .disappeared || state == .disappearing ? .appearing : nil
            case "viewIsAppearing": next = state == .appearing ? .appearing : nil
            case "viewDidAppear": next = state == .appearing ? .appeared : nil
            case "viewWillDisappear": next = state == .appeared || state == .appearing ? .disappearing : nil
            case "viewDidDisappear": next = state == .disappearing ? .disappeared : nil
            default: continue
            }
            if let next {
                traced[name] = next
            } else {
                problems.append("\(name): \(event.event) (seq \(event.seq)) while \(state)")
            }
        }
        return problems
    }

    private mutating func checkAppearanceAgreesWithTrace(_ hierarchy: Hierarchy) -> [String] {
        var problems: [String] = []
        for controller in hierarchy.live {
            let traced = traced[controller.name] ?? .disappeared
            guard traced != controller.appearanceState else { continue }
            if controller.appearanceState == .disappeared, !hierarchy.contains(controller), isInMiddle(controller) {
                self.traced[controller.name] = .disappeared
                continue
            }
            problems.append("\(controller.name): appearance state \(controller.appearanceState), but its callbacks say \(traced)")
        }
        return problems
    }

    /// Whether `controller`, or a parent of it, was seen in the middle of a presentation chain.
    private func isInMiddle(_ controller: ViewController, of middles: Set<String>? = nil) -> Bool {
        let names = middles ?? self.middles
        return sequence(first: controller, next: \.parent).contains { names.contains($0.name) }
    }

    // MARK: Transitions

    /// An open transition must have something that will end it: a requested completion,
    /// an interaction still to drive it, or work on the run loop (animations, queued blocks).
    private func checkOpenTransitions(_ hierarchy: Hierarchy, _ application: Application) -> [String] {
        var problems: [String] = []
        if hierarchy.openTransitions.isEmpty && application.transitionInProgress && application.secondsUntilNextTurn == nil {
            problems.append("a transition is said to be in progress, but none is open or about to start")
        }
        for transition in hierarchy.openTransitions {
            let waitsOnInteraction = transition.isInteractive && !transition.isCompletionRequested
            if !transition.isCompletionRequested && !waitsOnInteraction && application.secondsUntilNextTurn == nil {
                problems.append("transition of \(transition.subject.name) is open with nothing to end it")
            }
        }
        return problems
    }

    // MARK: With nothing in flight

    private func checkQuietHierarchy(_ hierarchy: Hierarchy, _ application: Application) -> [String] {
        var problems: [String] = []
        let window = application.window
        func onScreen(_ controller: ViewController) -> Bool { controller.viewIfLoaded?.window != nil }

        for view in window.subtree() {
            if let owner = view.owningController, !hierarchy.contains(owner) {
                problems.append("the view of \(owner.name) is on screen, but \(owner.name) is not in the hierarchy")
            }
        }
        for controller in hierarchy.live {
            let shown = onScreen(controller) && hierarchy.contains(controller)
            let expected: AppearanceState = shown ? .appeared : .disappeared
            if controller.appearanceState != expected {
                problems.append("\(controller.name) is \(controller.appearanceState) with its view \(shown ? "on" : "off") screen")
            }
        }
        for controller in hierarchy.ordered {
            if let parent = controller.parent, onScreen(controller) {
                if !(controller.view.isDescendant(of: parent.view) && onScreen(parent)) {
                    problems.append("\(controller.name) is on screen outside the view of its parent \(parent.name)")
                }
            }
            if let navigation = controller as? NavigationController, onScreen(navigation) {
                for child in navigation.viewControllers where onScreen(child) != (child === navigation.topViewController) {
                    problems.append("\(navigation.name) shows \(child.name): \(onScreen(child)), though top is \(navigation.topViewController?.name ?? "none")")
                }
            }
            if let tabs = controller as? TabBarController, onScreen(tabs) {
                for child in tabs.viewControllers where onScreen(child) != (child === tabs.selectedViewController) {
                    problems.append("\(tabs.name) shows \(child.name): \(onScreen(child)), though \(tabs.selectedViewController?.name ?? "none") is selected")
                }
            }
        }
        if let top = hierarchy.topPresented, !onScreen(top) {
            problems.append("\(top.name), the top of the presentation chain, is not on screen")
        }
        return problems
    }
}

/// The window's controller hierarchy as it is now: every controller reachable from the root
/// through children and presentations, and the transitions they take part in.
private struct Hierarchy {
    let ordered: [ViewController]
    let live: [ViewController]
    let openTransitions: [ControllerTransition]
    let topPresented: ViewController?
    private let members: Set<ObjectIdentifier>

    init(_ application: Application) {
        var ordered: [ViewController] = []
        var members = Set<ObjectIdentifier>()
        func visit(_ controller: ViewController?) {
            guard let controller, members.insert(ObjectIdentifier(controller)).inserted else { return }
            ordered.append(controller)
            controller.children.forEach(visit)
            visit(controller.presentedStorage)
        }
        visit(application.window.rootViewController)
        self.ordered = ordered
        self.members = members
        live = application.liveControllers

        var transitions: [ObjectIdentifier: ControllerTransition] = [:]
        for controller in live {
            if let transition = controller.activeTransition, !transition.hasEnded {
                transitions[ObjectIdentifier(transition)] = transition
            }
            if let transition = (controller as? NavigationController)?.transition, !transition.hasEnded {
                transitions[ObjectIdentifier(transition)] = transition
            }
            if let transition = (controller as? TabBarController)?.transition, !transition.hasEnded {
                transitions[ObjectIdentifier(transition)] = transition
            }
        }
        openTransitions = Array(transitions.values)

        var top = application.window.rootViewController
        while let presented = top?.presentedStorage { top = presented }
        topPresented = top
    }

    func contains(_ controller: ViewController) -> Bool { members.contains(ObjectIdentifier(controller)) }
}

private extension ViewController {
    var descendants: [ViewController] { children.flatMap { [$0] + $0.descendants } }
}

private extension ControllerTransition {
    var summary: String { "\(type(of: self)) of \(subject.name)" }
}
