import LuaBridge
import ScrimCore

extension Runtime {
    /// Where a runtime's time comes from.
    public enum TimeSource {
        /// Time moves only when the host ticks or advances it: reproducible runs (the default).
        case virtual
        /// The system's monotonic time: the host ticks when frames come due
        /// (`secondsUntilNextTurn`, or `serve`). A REPL attached over the control socket may
        /// switch it to virtual and back (`:clock`).
        case real
        /// A clock of the host's own.
        case clock(Clock)
    }

    /// Everything a runtime is made with: its clock, device, plugin search paths, limits and
    /// the permissions granted to plugins beyond the sandbox.
    public struct Configuration {
        public var time: TimeSource = .virtual
        /// Frames per second of a virtual or real clock (1…1000).
        public var fps: Int = 60
        public var device: DevicePreset = .iPhone15
        /// Folders searched, in order, for plugins loaded by name.
        public var pluginPaths: [String] = []
        public var limits: LuaLimits = .standard
        /// What each plugin, by name, may do beyond the sandbox: granted to the plugin found
        /// under that name on `pluginPaths` when the runtime is made (see `PluginManager.grant`).
        public var grants: [String: PluginPermissions] = [:]
        /// Seconds after which a transition that never completes is ended (`transitionTimedOut`);
        /// nil, UIKit's behaviour, leaves it open.
        public var transitionWatchdog: Double?

        public init(time: TimeSource = .virtual, fps: Int = 60, device: DevicePreset = .iPhone15,
                    pluginPaths: [String] = [], limits: LuaLimits = .standard,
                    grants: [String: PluginPermissions] = [:], transitionWatchdog: Double? = nil) {
            self.time = time
            self.fps = fps
            self.device = device
            self.pluginPaths = pluginPaths
            self.limits = limits
            self.grants = grants
            self.transitionWatchdog = transitionWatchdog
        }

        /// The clock this configuration asks for.
        func makeClock() throws(ConfigurationError) -> Clock {
            guard (1...1000).contains(fps) else { throw ConfigurationError("fps must be between 1 and 1000, got \(fps)") }
            switch time {
            case .virtual: return VirtualClock(fps: fps)
            case .real: return SwitchableClock(mode: .real, fps: fps)
            case .clock(let clock): return clock
            }
        }
    }

    /// Creates a runtime as `configuration` says. Throws when a value is out of range.
    public convenience init(configuration: Configuration) throws(ConfigurationError) {
        if let watchdog = configuration.transitionWatchdog, !(watchdog > 0 && watchdog.isFinite) {
            throw ConfigurationError("the transition watchdog must be a positive number of seconds, got \(watchdog)")
        }
        self.init(clock: try configuration.makeClock(), device: configuration.device,
                  pluginPaths: configuration.pluginPaths, limits: configuration.limits)
        for (name, permissions) in configuration.grants.sorted(by: { $0.key < $1.key }) {
            do { try plugins.grant(permissions, to: name) } catch { throw ConfigurationError(error.message, plugin: name) }
        }
        application.transitionWatchdog = configuration.transitionWatchdog
    }
}
