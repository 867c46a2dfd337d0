@testable import ScrimCore
import Testing

@Suite struct ContainmentTests {
    /// An application with `parent` installed as the root and the trace cleared.
    func installed(_ parent: ViewController) -> Application {
        let app = parent.application
        app.window.rootViewController = parent
        app.dispatcher.clear()
        return app
    }

    @Test func addingAChildToAVisibleParentForwardsAppearance() throws {
        let app = Application()
        let parent = ViewController(app, name: "p")
        _ = installed(parent)
        let child = ViewController(app, name: "c")
        try parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(app.compactTrace == [
            "c.willMoveToParent(parent=\"p\")", "c.loadView", "c.viewDidLoad",
            "c.viewWillAppear", "c.viewIsAppearing", "c.viewWillLayoutSubviews", "c.viewDidLayoutSubviews",
            "c.viewDidAppear", "c.didMoveToParent(parent=\"p\")",
        ])
        #expect(parent.children.map(\.name) == ["c"])
        #expect(child.parent === parent)
    }

    @Test func removingAChildForwardsDisappearance() throws {
        let app = Application()
        let parent = ContainerController(app, name: "p")
        let child = ViewController(app, name: "c")
        parent.child = child
        _ = installed(parent)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(app.compactTrace == [
            "c.willMoveToParent(parent=null)", "c.viewWillDisappear", "c.viewDidDisappear",
            "c.didMoveToParent(parent=null)",
        ])
        #expect(parent.children.isEmpty)
        #expect(child.parent == nil)
        #expect(child.appearanceState == .disappeared)
    }

    @Test func manualForwardingSendsNothingUntilTheContainerDoes() throws {
        let app = Application()
        let parent = ViewController(app, name: "p")
        parent.automaticallyForwardsAppearance = false
        _ = installed(parent)
        let child = ViewController(app, name: "c")
        try parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(app.traceWithoutLayout == [
            "c.willMoveToParent(parent=\"p\")", "c.loadView", "c.viewDidLoad", "c.didMoveToParent(parent=\"p\")",
        ])
        #expect(child.appearanceState == .disappeared)

        app.dispatcher.clear()
        child.beginAppearanceTransition(true, animated: true)
        child.endAppearanceTransition()
        #expect(app.compactTrace == [
            "c.viewWillAppear(animated=true)", "c.viewIsAppearing(animated=true)", "c.viewDidAppear(animated=true)",
        ])

        app.dispatcher.clear()
        child.beginAppearanceTransition(false, animated: false)
        child.view.removeFromSuperview()
        child.endAppearanceTransition()
        #expect(app.compactTrace == ["c.viewWillDisappear", "c.viewDidDisappear"])
    }

    @Test func manualForwardingParentDoesNotForwardItsOwnAppearance() {
        let app = Application()
        let parent = ContainerController(app, name: "p")
        parent.automaticallyForwardsAppearance = false
        parent.child = ViewController(app, name: "c")
        app.window.rootViewController = parent
        #expect(app.traceWithoutLayout.filter { $0.hasPrefix("c.view") && $0.contains("Appear") }.isEmpty)
        #expect(parent.appearanceState == .appeared)
        #expect(parent.child?.appearanceState == .disappeared)
    }

    @Test func theCancelPatternEndsAppeared() {
        let app = Application()
        let vc = ViewController(app, name: "v")
        _ = installed(vc)
        vc.beginAppearanceTransition(false, animated: true)
        vc.beginAppearanceTransition(true, animated: true)
        vc.endAppearanceTransition()
        #expect(app.compactTrace == [
            "v.viewWillDisappear(animated=true)", "v.viewWillAppear(animated=true)",
            "v.viewIsAppearing(animated=true)", "v.viewDidAppear(animated=true)",
        ])
        #expect(vc.appearanceState == .appeared)
    }

    @Test func unbalancedBeginsAreIgnored() {
        let app = Application()
        let vc = ViewController(app, name: "v")
        _ = installed(vc)
        vc.beginAppearanceTransition(true, animated: false)
        vc.endAppearanceTransition()
        #expect(app.compactTrace.isEmpty)
    }

    @Test func addChildRejectsCyclesAndMovesBetweenParents() throws {
        let app = Application()
        let a = ViewController(app, name: "a"), b = ViewController(app, name: "b"), c = ViewController(app, name: "c")
        try a.addChild(b)
        #expect(throws: ContainmentError.wouldCreateCycle(parent: "b", child: "a")) { try b.addChild(a) }
        #expect(throws: ContainmentError.wouldCreateCycle(parent: "a", child: "a")) { try a.addChild(a) }
        app.dispatcher.clear()
        try c.addChild(b)
        #expect(app.compactTrace == [
            "b.willMoveToParent(parent=null)", "b.didMoveToParent(parent=null)", "b.willMoveToParent(parent=\"c\")",
        ])
        #expect(a.children.isEmpty && c.children.map(\.name) == ["b"])
    }
}

@Suite struct TransitionBetweenChildrenTests {
    func setUp() throws -> (Application, ViewController, ViewController, ViewController) {
        let app = Application()
        let parent = ViewController(app, name: "p")
        let from = ViewController(app, name: "a")
        let to = ViewController(app, name: "b")
        app.window.rootViewController = parent
        try parent.addChild(from)
        parent.view.addSubview(from.view)
        from.didMove(toParent: parent)
        try parent.addChild(to)
        app.dispatcher.clear()
        return (app, parent, from, to)
    }

    @Test func swapsViewsWithAppearanceAndCompletesAfterTheDuration() throws {
        let (app, parent, from, to) = try setUp()
        var finished: [Bool] = []
        var animationsRan = false
        try parent.transition(from: from, to: to, duration: 0.25, animations: { animationsRan = true }) {
            finished.append($0)
        }
        #expect(animationsRan)
        #expect(to.view.superview === parent.view)
        #expect(app.traceWithoutLayout == [
            "b.loadView", "b.viewDidLoad",
            "a.viewWillDisappear(animated=true)", "b.viewWillAppear(animated=true)", "b.viewIsAppearing(animated=true)",
        ])
        app.dispatcher.clear()
        app.step(frames: 14)
        #expect(finished.isEmpty)
        #expect(from.view.superview === parent.view)
        app.step(frames: 1)
        #expect(finished == [true])
        #expect(from.viewIfLoaded?.superview == nil)
        #expect(app.traceWithoutLayout == ["a.viewDidDisappear(animated=true)", "b.viewDidAppear(animated=true)"])
        #expect(app.dispatcher.events.first { $0.event == "viewDidAppear" }?.time == 0.25)
        #expect(from.appearanceState == .disappeared && to.appearanceState == .appeared)
    }

    @Test func theAnimationsBlockAnimatesOverTheDuration() throws {
        let (app, parent, from, to) = try setUp()
        to.view.alpha = 0
        var presentationAtCompletion: Double?
        try parent.transition(from: from, to: to, duration: 0.5, animations: { to.view.alpha = 1 }) { _ in
            presentationAtCompletion = to.view.presentation.alpha
        }
        #expect(to.view.alpha == 1 && to.view.presentation.alpha == 0)
        app.step(frames: 15)
        #expect(to.view.presentation.alpha == 0.5)
        app.step(frames: 15)
        #expect(presentationAtCompletion == 1)
    }

    @Test func zeroDurationCompletesOnTheNextTurn() throws {
        let (app, parent, from, to) = try setUp()
        var finished = false
        try parent.transition(from: from, to: to, duration: 0, completion: { _ in finished = true })
        #expect(!finished)
        #expect(app.traceWithoutLayout == [
            "b.loadView", "b.viewDidLoad", "a.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing",
        ])
        app.dispatcher.clear()
        app.step()
        #expect(finished)
        #expect(app.traceWithoutLayout == ["a.viewDidDisappear", "b.viewDidAppear"])
    }

    @Test func rejectsWhatUIKitRejects() throws {
        let (app, parent, from, to) = try setUp()
        let stranger = ViewController(app, name: "x")
        #expect(throws: ContainmentError.notAChild(parent: "p", child: "x")) {
            try parent.transition(from: from, to: stranger, duration: 0)
        }
        #expect(throws: ContainmentError.notAChild(parent: "p", child: "x")) {
            try parent.transition(from: stranger, to: to, duration: 0)
        }
        #expect(throws: ContainmentError.sameController("a")) {
            try parent.transition(from: from, to: from, duration: 0)
        }
        #expect(throws: ContainmentError.viewNotInHierarchy("b")) {
            try parent.transition(from: to, to: from, duration: 0)
        }
        #expect(throws: ContainmentError.invalidDuration(-1)) {
            try parent.transition(from: from, to: to, duration: -1)
        }
        #expect(from.view.superview === parent.view && to.viewIfLoaded?.superview == nil)
    }

    /// A child that outlives its parent (held elsewhere, as a script may) has no parent, and can
    /// join another.
    @Test func aChildThatOutlivesItsParentHasNone() throws {
        let app = Application()
        let child = ViewController(app, name: "child")
        weak var gone: ViewController?
        do {
            let parent = ViewController(app, name: "parent")
            try parent.addChild(child)
            child.didMove(toParent: parent)
            #expect(child.parent === parent)
            gone = parent
        }
        #expect(gone == nil, "the parent was let go")
        #expect(child.parent == nil)
        let other = ViewController(app, name: "other")
        try other.addChild(child)
        #expect(child.parent === other && other.children.count == 1)
    }
}
