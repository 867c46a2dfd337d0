import Foundation
import ScrimLua

/// Hot reload: a plugin file saved (a temporary file renamed over it, as editors do) until its
/// new code answers a live instance, through inotify and the settling of the save; p50 and p99,
/// against the same reload called directly.
enum ReloadLatency {
    static func source(_ version: Int) -> String {
        """
        local Fade = scrim.Animator:extend("Fade")
        function Fade:transitionDuration() return \(version) end
        return scrim.plugin { name = "fade", version = "\(version)", Fade = Fade,
          transitioningDelegate = { animationControllerForPresented = function() return Fade.new() end } }
        """
    }

    static func run(_ harness: Harness) throws -> [Finding] {
        let folder = try ScratchFolder()
        try folder.write("fade.lua", source(0))
        let runtime = try Runtime(configuration: .init(pluginPaths: [folder.path]))
        _ = try runtime.loadPlugin("fade")
        _ = try runtime.eval("live = plugin('fade').Fade.new()")
        try runtime.plugins.startWatching()
        var version = 0, failure: String?
        let saves = harness.size(100, quick: 3)
        let latencies = try harness.samples("file saved to new code live", iterations: saves) {
            version += 1
            do {
                try folder.write("fade.lua", source(version))
                let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
                while runtime.plugins.reloadChangedPlugins(waitingUpTo: 1).isEmpty {
                    guard DispatchTime.now().uptimeNanoseconds < deadline else { throw BenchmarkError("no reload within 5 s of a save") }
                }
                guard try runtime.eval("return live:transitionDuration()") == ["\(version)"] else {
                    throw BenchmarkError("the live instance did not get the new code")
                }
            } catch {
                failure = failure ?? "\(error)"
            }
        }
        if let failure { throw BenchmarkError(failure) }
        let direct = try harness.nanoseconds("direct reload") { _ = try? runtime.plugins.reload(named: "fade") }
        let ms = 1e-6
        return [
            Finding(id: "reload-latency.p50", title: "hot reload, save to live: p50 (ms)", value: percentile(latencies, 50) * ms,
                    unit: "ms", baseline: .init(label: "direct reload", value: direct * ms),
                    ratio: percentile(latencies, 50) / direct, target: .value(1)),
            Finding(id: "reload-latency.p99", title: "hot reload, save to live: p99 (ms)", value: percentile(latencies, 99) * ms,
                    unit: "ms", baseline: .init(label: "direct reload", value: direct * ms),
                    ratio: percentile(latencies, 99) / direct, target: .value(5)),
        ]
    }
}
