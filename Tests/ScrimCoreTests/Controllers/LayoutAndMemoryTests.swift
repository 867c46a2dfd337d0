import Foundation
@testable import ScrimCore
import Testing

@Suite struct LayoutTests {
    @Test func resizingTheWindowTransitionsSizeThenLaysOutNextTurn() throws {
        let app = Application()
        let parent = ContainerController(app, name: "p")
        let child = ViewController(app, name: "c")
        parent.child = child
        app.window.rootViewController = parent
        child.view.frame = Rect(x: 0, y: 100, width: 393, height: 752)
        app.step()
        app.dispatcher.clear()

        app.window.setSize(Size(width: 852, height: 393))
        #expect(app.compactTrace == [
            "p.willTransitionToTraitCollection(horizontalSizeClass=\"compact\",verticalSizeClass=\"compact\")",
            "c.willTransitionToTraitCollection(horizontalSizeClass=\"compact\",verticalSizeClass=\"compact\")",
            "p.viewWillTransitionToSize(width=852,height=393)", "c.viewWillTransitionToSize(width=852,height=393)",
        ])
        app.dispatcher.clear()
        app.step()
        #expect(app.compactTrace == [
            "p.traitCollectionDidChange(horizontalSizeClass=\"compact\",verticalSizeClass=\"compact\")",
            "p.viewWillLayoutSubviews", "p.viewDidLayoutSubviews",
            "c.traitCollectionDidChange(horizontalSizeClass=\"compact\",verticalSizeClass=\"compact\")",
            "c.viewWillLayoutSubviews", "c.viewDidLayoutSubviews",
        ])
        #expect(parent.view.frame == Rect(x: 0, y: 0, width: 852, height: 393))
        // The child's view is flexible in width and height: it keeps its margins.
        #expect(child.view.frame == Rect(x: 0, y: 100, width: 852, height: 293))
        #expect(child.traitCollection.verticalSizeClass == .compact)

        app.dispatcher.clear()
        app.step()
        #expect(app.compactTrace.isEmpty)
    }

    @Test func regularWidthInLandscapeOnMaxPhonesOnly() {
        let app = Application(device: .iPhone15ProMax)
        app.window.setDevice(.iPhone15ProMax, landscape: true)
        #expect(app.window.traitCollection.horizontalSizeClass == .regular)
        #expect(app.window.traitCollection.verticalSizeClass == .compact)
        app.window.setDevice(.iPadAir)
        #expect(app.window.traitCollection.horizontalSizeClass == .regular)
        app.window.setSize(Size(width: 375, height: 1180))
        #expect(app.window.traitCollection.horizontalSizeClass == .compact)
    }

    @Test func setNeedsLayoutLaysOutOnTheNextTurnOnly() {
        let app = Application()
        let vc = ViewController(app, name: "v")
        app.window.rootViewController = vc
        app.step()
        app.dispatcher.clear()
        vc.view.setNeedsLayout()
        #expect(app.compactTrace.isEmpty)
        app.step()
        #expect(app.compactTrace == ["v.viewWillLayoutSubviews", "v.viewDidLayoutSubviews"])
        app.dispatcher.clear()
        vc.view.setNeedsLayout()
        vc.view.layoutIfNeeded()
        #expect(app.compactTrace == ["v.viewWillLayoutSubviews", "v.viewDidLayoutSubviews"])
    }

    @Test func addingASubviewLaysOutTheSuperview() {
        let app = Application()
        let vc = ViewController(app, name: "v")
        app.window.rootViewController = vc
        app.step()
        app.dispatcher.clear()
        vc.view.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        app.step()
        #expect(app.compactTrace == ["v.viewWillLayoutSubviews", "v.viewDidLayoutSubviews"])
    }
}

@Suite struct MemoryWarningTests {
    @Test func dropsOffWindowViewsAndReloadsThemOnUse() throws {
        let app = Application()
        let visible = ViewController(app, name: "visible")
        let hidden = ViewController(app, name: "hidden")
        let unloaded = ViewController(app, name: "unloaded")
        app.window.rootViewController = visible
        _ = hidden.view
        app.dispatcher.clear()

        app.simulateMemoryWarning()
        #expect(app.compactTrace == [
            "visible.didReceiveMemoryWarning", "hidden.didReceiveMemoryWarning", "unloaded.didReceiveMemoryWarning",
        ])
        #expect(visible.isViewLoaded)
        #expect(!hidden.isViewLoaded)
        #expect(!unloaded.isViewLoaded)

        app.dispatcher.clear()
        _ = hidden.view
        #expect(app.compactTrace == ["hidden.loadView", "hidden.viewDidLoad"])
    }

    @Test func onlyLiveControllersAreWarned() {
        let app = Application()
        do { _ = ViewController(app, name: "gone") }
        let kept = ViewController(app, name: "kept")
        app.simulateMemoryWarning()
        #expect(app.compactTrace == ["kept.didReceiveMemoryWarning"])
        _ = kept
    }
}

@Suite struct TraceTests {
    @Test func jsonLinesHaveTheContractShape() {
        let event = TraceEvent(seq: 12, time: 1.0 / 60, event: "viewWillAppear", controller: "sheet",
                               args: [("animated", .bool(true))])
        #expect(event.jsonLine == #"{"seq":12,"t":0.016667,"event":"viewWillAppear","vc":"sheet","args":{"animated":true}}"#)
        let plugin = TraceEvent(seq: 0, time: 0, event: "pluginLoaded", controller: nil,
                                args: [("name", .string("a\"b\n")), ("version", .null), ("size", .number(2.5))],
                                by: "lua:x")
        #expect(plugin.jsonLine == #"{"seq":0,"t":0.000000,"event":"pluginLoaded","vc":null,"args":{"name":"a\"b\n","version":null,"size":2.5},"by":"lua:x"}"#)
    }

    @Test func seqCountsOnAfterClearAndTimeFollowsTheClock() {
        let app = Application(clock: VirtualClock(fps: 120))
        app.dispatcher.record("scriptError", controller: nil)
        app.dispatcher.clear()
        app.step(frames: 3)
        let event = app.dispatcher.record("scriptError", controller: nil)
        #expect(event.seq == 1)
        #expect(event.time == 0.025)
        #expect(app.dispatcher.events.count == 1)
    }

    @Test func observersSeeEachCallbackAfterTheController() {
        final class Recorder: LifecycleObserver {
            var seen: [String] = []
            func controller(_ controller: ViewController, didHandle callback: LifecycleCallback, event: TraceEvent) {
                seen.append("\(controller.name).\(event.event)#\(event.seq)")
            }
        }
        final class Loud: ViewController {
            var log: (String) -> Void = { _ in }
            override func viewDidLoad() { log("override") }
        }
        let app = Application()
        let recorder = Recorder()
        app.dispatcher.addObserver(recorder)
        let vc = Loud(app, name: "v")
        vc.log = { recorder.seen.append($0) }
        _ = vc.view
        #expect(recorder.seen == ["v.loadView#0", "override", "v.viewDidLoad#1"])
    }
}

@Suite struct RunLoopTests {
    @Test func performRunsNextTurnAndScheduleAtItsTime() {
        let app = Application()
        var log: [String] = []
        app.runLoop.perform {
            log.append("a")
            app.runLoop.perform { log.append("c") }
        }
        app.runLoop.schedule(at: 0.05) { log.append("t") }
        #expect(log.isEmpty)
        app.step()
        #expect(log == ["a"])
        app.step()
        #expect(log == ["a", "c"])
        app.step()
        #expect(log == ["a", "c", "t"])
        #expect(app.virtualClock?.frame == 3)
        app.run(seconds: 0.5)
        #expect(app.virtualClock?.frame == 33)
    }
}

/// `LifecycleCallback.ordinal` indexes `eventsByOrdinal`: tables kept per callback kind rely on it.
@Test func lifecycleCallbackOrdinalsIndexTheirEvents() throws {
    let app = Application()
    let controller = CoordinatorCatcher(app, name: "c")
    app.window.rootViewController = controller
    app.step()
    app.window.setSize(Size(width: 500, height: 800))
    app.step()
    let coordinator = try #require(controller.coordinator)
    let callbacks: [LifecycleCallback] = [
        .loadView, .viewDidLoad, .viewWillAppear(animated: true), .viewIsAppearing(animated: true),
        .viewDidAppear(animated: true), .viewWillDisappear(animated: true), .viewDidDisappear(animated: true),
        .viewWillLayoutSubviews, .viewDidLayoutSubviews, .willMoveToParent(controller), .didMoveToParent(nil),
        .traitCollectionDidChange(previous: nil, current: TraitCollection()),
        .willTransitionToTraitCollection(TraitCollection(), coordinator), .viewWillTransitionToSize(Size(width: 1, height: 1), coordinator),
        .didReceiveMemoryWarning, .encodeRestorableState(StateCoder(path: [])), .decodeRestorableState(StateCoder(path: [])),
        .applicationFinishedRestoringState,
    ]
    #expect(callbacks.map(\.ordinal) == Array(0..<18))
    #expect(callbacks.map(\.event) == LifecycleCallback.eventsByOrdinal)
}

/// Keeps the coordinator of the size transition it is told about.
private final class CoordinatorCatcher: ViewController {
    var coordinator: TransitionCoordinator?
    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        self.coordinator = coordinator
    }
}

/// The trace's times are written as `%.6f` would write them, for frame times and for any other.
@Test func traceTimesAreWrittenAsPrintfWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0, -0.0, -1e-9, 1e-9, 0.0000005, 0.0000015, 2.5e-7, -0.35, 123456.1234565, 1e7, 1e13, -1e13]
    for frame in 0..<2_000 {
        let n = Double(frame)
        values += [n / 60, n / 120, n / 7]
    }
    values += (0..<5_000).map { _ in Double.random(in: -1e6...1e6, using: &generator) }
    values += (0..<5_000).map { _ in Double.random(in: 0...10, using: &generator) }
    for value in values {
        #expect(sixDecimals(value) == String(format: "%.6f", value), "\(value)")
    }
}
