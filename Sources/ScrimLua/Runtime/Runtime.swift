import CLua
import Foundation
import LuaBridge
import ScrimCore

/// A Scrim runtime: an application (clock, run loop, window, trace) with a Lua state whose
/// globals are the scenario surface, and the plugins loaded into it. One thread owns a runtime.
public final class Runtime {
    /// Scrim's version.
    public static let version = "0.9.0"
    public let application: Application
    // `@exclusivity(unchecked)` on what the bridge reads on every call (the state, the bases
    // of Lua classes, the interned method names): set once as the runtime is made, then only
    // read whole, so the dynamic check guards against nothing.
    @exclusivity(unchecked) public private(set) var lua: LuaState!
    public let plugins: PluginManager
    /// Where script errors are printed (standard error by default).
    public var errorOutput: (String) -> Void = { message in
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
    }
    /// Where Lua's `print` writes, a line at a time without its newline (standard output by
    /// default, flushed per line as `lua5.4` does).
    public var printOutput: (String) -> Void = { line in
        print(line)
        fflush(nil)
    }

    /// Clock time of the last frame `runDueFrame` ran.
    var lastDueFrame: Double = 0
    /// The save whose encoded bytes are counted, and the count (`StateCoder:encode`).
    var encodedState: (save: Int, bytes: Int) = (0, 0)

    /// The keys lifecycle delivery looks up on every callback.
    let lifecycleKeys: LifecycleKeys
    /// The method names the runtime looks up on Lua objects, interned as first used.
    let methodKeys = MethodKeys()
    /// The table the prelude returns: helpers the Swift side calls.
    var internals: LuaRef!
    /// The natives the prelude and the sandbox use (`classOf`, `plugin` …).
    var natives: LuaRef!
    /// The REPL's completer (`completions(for:)`), made on first use.
    var completer: LuaRef?
    /// What the sandbox chunk runs with, when the first plugin loads (`installSandboxIfNeeded`).
    var sandboxInputs: LuaRef!
    /// `scrim.ViewController`, the base of Lua view-controller classes.
    @exclusivity(unchecked) var luaViewControllerBase: LuaRef!
    let viewClass = BridgedClass<View>("View")
    let windowClass = BridgedClass<Window>("Window")
    let gradientViewClass = BridgedClass<GradientView>("GradientView")
    let labelClass = BridgedClass<Label>("Label")
    let imageClass = BridgedClass<Image>("Image")
    let imageViewClass = BridgedClass<ImageView>("ImageView")
    let viewControllerClass = BridgedClass<ViewController>("ViewController")
    let propertyAnimatorClass = BridgedClass<PropertyAnimator>("PropertyAnimator")
    let presentationControllerClass = BridgedClass<PresentationController>("PresentationController")
    let transitionContextClass = BridgedClass<TransitionContext>("TransitionContext")
    let transitionCoordinatorClass = BridgedClass<TransitionCoordinator>("TransitionCoordinator")
    let sheetPresentationControllerClass = BridgedClass<SheetPresentationController>("SheetPresentationController")
    let popoverPresentationControllerClass = BridgedClass<PopoverPresentationController>("PopoverPresentationController")
    let navigationControllerClass = BridgedClass<NavigationController>("NavigationController")
    let navigationBarClass = BridgedClass<NavigationBar>("NavigationBar")
    let tabBarControllerClass = BridgedClass<TabBarController>("TabBarController")
    let tabBarClass = BridgedClass<TabBar>("TabBar")
    let splitViewControllerClass = BridgedClass<SplitViewController>("SplitViewController")
    let gestureRecognizerClass = BridgedClass<GestureRecognizer>("GestureRecognizer")
    let tapGestureRecognizerClass = BridgedClass<TapGestureRecognizer>("TapGestureRecognizer")
    let panGestureRecognizerClass = BridgedClass<PanGestureRecognizer>("PanGestureRecognizer")
    let screenEdgePanGestureRecognizerClass = BridgedClass<ScreenEdgePanGestureRecognizer>("ScreenEdgePanGestureRecognizer")
    let segueClass = BridgedClass<Segue>("Segue")
    let percentDrivenInteractionClass = BridgedClass<PercentDrivenInteractiveTransition>("PercentDrivenInteractiveTransition")
    let stateCoderClass = BridgedClass<StateCoder>("StateCoder")
    /// `scrim.classNamed`, which finds Lua classes by name (restoration classes).
    var classNamedFunction: LuaRef!
    /// The transition whose Lua animator is setting it up now (`animateTransition` running):
    /// completion blocks made meanwhile finish it if they fail.
    @exclusivity(unchecked) var transitionBeingAnimated: TransitionContext?
    /// Ends as the runtime goes, for the objects that refer back to it (see `unretained`).
    let lifetime = Lifetime()
    /// A reference back to this runtime that does not keep it alive.
    var unretained: Unretained<Runtime> { Unretained(self, lifetime: lifetime) }

    /// `scrim.PresentationController` and `scrim.Animator`, the bases of Lua transition classes.
    @exclusivity(unchecked) var luaPresentationControllerBase: LuaRef!
    @exclusivity(unchecked) var luaAnimatorBase: LuaRef!

    /// Creates a runtime on `clock`, imitating `device`, finding plugins in `pluginPaths` (in
    /// order), its Lua code held to `limits`.
    public init(clock: Clock = VirtualClock(), device: DevicePreset = .iPhone15, pluginPaths: [String] = [],
                limits: LuaLimits = .standard) {
        application = Application(clock: clock, device: device)
        // The surface's own Lua runs unlimited: a budget of one instruction or a cap of one
        // byte would stop it, and leave the runtime half made.
        lua = LuaState(limits: .none)
        lifecycleKeys = LifecycleKeys(lua)
        plugins = PluginManager(searchPaths: pluginPaths)
        plugins.runtimeReference = unretained
        installSurface()
        application.dispatcher.addObserver(plugins)
        lua.limits = limits
    }

    deinit {
        lifetime.hasEnded = true
        // Close Lua first: its objects release the controllers before the application goes.
        lua = nil
    }

    /// The scenario's trace so far.
    public var trace: [TraceEvent] { application.dispatcher.events }

    // MARK: Running Lua

    /// The folder a scenario's `image(path)` reads beneath, by a plugin's rules (the kernel
    /// resolves each path beneath it): the folder of the script `runScript(at:)` ran last, or
    /// the current directory.
    public var resourceFolder = "." {
        didSet { scenarioFiles = Runtime.files(beneath: resourceFolder) }
    }
    private(set) lazy var scenarioFiles = Runtime.files(beneath: resourceFolder)

    private static func files(beneath folder: String) -> PluginFiles {
        PluginFiles(folder: folder, dataPath: nil, folderRole: "the scenario's folder", codeFolders: { [] })
    }

    /// Runs the scenario script at `path` with the scenario surface as globals; its images are
    /// read beneath its folder.
    public func runScript(at path: String) throws(LuaError) {
        let folder = (path as NSString).deletingLastPathComponent
        resourceFolder = folder.isEmpty ? "." : folder
        if let error = lua.loadFile(path) { throw error }
        if let error = lua.enter(nargs: 0, nresults: 0) { throw error }
    }

    /// Runs `code` as a chunk named `chunkName` and returns its results converted with `tostring`.
    @discardableResult
    public func eval(_ code: String, chunkName: String = "=eval") throws(LuaError) -> [String] {
        let top = lua.top
        defer { lua.top = top }
        if let error = lua.load(source: code, chunkName: chunkName) { throw error }
        if let error = lua.enter(nargs: 0, nresults: scrim_multret()) { throw error }
        return lua.hostUnit { (top + 1..<lua.top + 1).map { describe(at: $0) } }
    }

    /// `tostring` of the value at `index`, protected (a `__tostring` may fail).
    func describe(at index: Int32) -> String {
        if let error = pushDescription(at: index) { return "<\(error.message)>" }
        defer { scrim_pop(lua.L, 1) }
        return lua.string(at: -1) ?? "?"
    }

    /// Pushes `tostring` of the value at `index`, or returns why it failed.
    func pushDescription(at index: Int32) -> LuaError? {
        let index = lua_absindex(lua.L, index)
        internals.push()
        lua.rawField("tostring", of: -1)
        scrim_remove(lua.L, -2)
        lua_pushvalue(lua.L, index)
        return lua.enter(nargs: 1, nresults: 1)
    }

    // MARK: Callbacks into Lua

    /// Calls the function below its `nargs` arguments, protected; an error is reported as a
    /// `scriptError` about `controller` in `callback`. Returns whether it succeeded (results, if
    /// any were asked for, are then on the stack).
    @discardableResult
    func callLua(nargs: Int32, nresults: Int32 = 0, controller: ViewController?,
                 callback: @autoclosure () -> String) -> Bool {
        guard let error = lua.enter(nargs: nargs, nresults: nresults) else { return true }
        reportScriptError(error, controller: controller, callback: callback())
        return false
    }

    /// Traces a `scriptError` and prints it with its traceback. The runtime goes on.
    public func reportScriptError(_ error: LuaError, controller: ViewController?, callback: String) {
        application.dispatcher.record(.scriptError, controller: controller?.name, args: [
            ("message", .string(error.message)),
            ("where", error.location.map { .string($0) } ?? .null),
            ("callback", .string(callback)),
        ])
        let subject = controller.map { " of '\($0.name)'" } ?? ""
        var text = "scrim: error in \(callback)\(subject): \(error)"
        if !error.traceback.isEmpty { text += "\n" + error.traceback }
        errorOutput(text)
    }
}
