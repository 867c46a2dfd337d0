/// A runtime's native side: its clock, run loop, lifecycle dispatcher and key window, and
/// every view controller created in it. One thread owns an application.
public final class Application {
    public let clock: Clock
    /// The clock as one that advances, when it does (the virtual clock): found once, not on
    /// every frame.
    private let advancingClock: AdvancingClock?
    public let runLoop = RunLoop()
    /// The dispatcher every callback goes through, and the trace it writes.
    public let dispatcher: LifecycleDispatcher
    public let window: Window
    /// Runs the view animations of this application.
    public let animationEngine: AnimationEngine
    /// Saves and restores the window's hierarchy (`restorationIdentifier`s and encoded state).
    public private(set) var stateRestoration: StateRestoration!

    /// Set from a `present` or `dismiss` until its transition ends: another is refused meanwhile.
    var transitionInProgress = false
    /// The size change under way, whose coordinator controllers see.
    var sizeTransition: SizeTransition?
    /// Seconds after which a presentation or dismissal that has not called
    /// `completeTransition` is ended as cancelled, traced as `transitionTimedOut`. Nil (the
    /// default, UIKit's behaviour) leaves it open.
    public var transitionWatchdog: Double?
    private var nameCounters: [String: Int] = [:]
    /// About how many bytes `nameCounters` keeps: a name and a count for every type name a
    /// controller was made of, for the application's life. A host that makes types on a
    /// script's behalf (a Lua class for each controller) counts it toward the script's memory.
    public private(set) var nameCountersWeight = 0
    /// The live controllers by registration number, unretained: each takes itself out as it
    /// goes (`ViewController.deinit`). A weak reference would give every controller a side
    /// table, and every retain of it Swift's slow path.
    private var controllers: [Int: Unmanaged<ViewController>] = [:]
    private var controllersRegistered = 0
    /// Read whole on every frame, changed only outside one: not checked for exclusive access.
    @exclusivity(unchecked) private var screenObservers: [WeakFrameObserver] = []

    public init(clock: Clock = VirtualClock(), device: DevicePreset = .iPhone15) {
        self.clock = clock
        advancingClock = clock as? AdvancingClock
        // The clock, not the application: reading it through `unowned self` retained the
        // application, weakly referenced and so counted in a side table, for every event.
        dispatcher = LifecycleDispatcher(now: { [clock] in clock.now })
        window = Window(device: device)
        animationEngine = AnimationEngine(runLoop: runLoop, clock: clock)
        window.application = self
        stateRestoration = StateRestoration(application: self)
    }

    /// An application let go of in the middle of transitions: they, their contexts and
    /// coordinators hold each other until they end, and keep the controllers; cut them loose.
    deinit {
        // Held until the end, so that no controller goes while the application does. Their
        // references to it are not weak: cleared first, so that what outlives the application
        // (held elsewhere, as a script may) does not reach it, and code the cutting loose runs
        // (an animator's deinit) finds no application rather than one being freed.
        let live = liveControllers
        for controller in live { controller.owningApplication = nil }
        window.application = nil
        sizeTransition?.abandon()
        for controller in live { controller.activeTransition?.abandon() }
    }

    /// The virtual clock, when the application runs on one.
    public var virtualClock: VirtualClock? { clock as? VirtualClock }

    /// Runs `frames` run-loop turns, advancing a virtual clock by one frame before each.
    public func step(frames: Int = 1) {
        for _ in 0..<max(0, frames) {
            advancingClock?.advance(frames: 1)
            runTurn()
        }
    }

    /// Runs the frames in `seconds` of clock time (rounded to whole frames).
    public func run(seconds: Double) {
        step(frames: Int((seconds / clock.frameDuration).rounded()))
    }

    /// One run-loop turn at the clock's current time, for hosts that drive a real clock.
    public func tick() {
        runTurn()
    }

    /// Seconds until the run loop has work — one frame while blocks are queued or animations
    /// run, else until the earliest timer — or nil when it has none. A host on a real clock
    /// ticks when this comes due and idles otherwise.
    public var secondsUntilNextTurn: Double? {
        if runLoop.wantsNextFrame { return clock.frameDuration }
        return runLoop.nextTimerFireTime.map { max(0, $0 - clock.now) }
    }

    /// Whether a run-loop turn is running now (its callbacks are being made).
    /// Read and written whole: not checked for exclusive access.
    @exclusivity(unchecked) public private(set) var isRunningTurn = false

    private func runTurn() {
        isRunningTurn = true
        defer { isRunningTurn = false }
        runLoop.runTurn(at: clock.now)
        window.layoutPass(from: window)
        for observer in screenObservers { observer.value?.frame(at: clock.now) }
    }

    /// Adds an observer told after every turn, once its layout pass is done — when a screen
    /// would show the frame (renderers record here). Held weakly; unlike a run loop's frame
    /// observer it does not keep the run loop busy.
    public func addScreenObserver(_ observer: FrameObserver) {
        screenObservers.removeAll { $0.value == nil }
        if !screenObservers.contains(where: { $0.value === observer }) { screenObservers.append(WeakFrameObserver(value: observer)) }
    }

    public func removeScreenObserver(_ observer: FrameObserver) {
        screenObservers.removeAll { $0.value === observer || $0.value == nil }
    }

    /// Sends `didReceiveMemoryWarning` to every live controller, in creation order, and drops
    /// the views of those whose view is not in the window (they load again on next use),
    /// except while a transition they take part in runs or their appearance is changing.
    public func simulateMemoryWarning() {
        for controller in liveControllers {
            controller.receiveMemoryWarning()
        }
    }

    /// The view controllers alive in this application, in creation order.
    public var liveControllers: [ViewController] {
        controllers.sorted { $0.key < $1.key }.map { $0.value.takeUnretainedValue() }
    }

    /// Registers `controller`; returns the number it gives back with `unregister` as it goes.
    func register(_ controller: ViewController) -> Int {
        controllersRegistered += 1
        controllers[controllersRegistered] = Unmanaged.passUnretained(controller)
        return controllersRegistered
    }

    func unregister(_ number: Int) {
        controllers[number] = nil
    }

    /// `<typeName>#<n>`, counting from 1 per type name.
    func makeName(for typeName: String) -> String {
        let earlier = nameCounters[typeName]
        if earlier == nil { nameCountersWeight += typeName.utf8.count + 80 }
        let next = (earlier ?? 0) + 1
        nameCounters[typeName] = next
        return "\(typeName)#\(next)"
    }
}
