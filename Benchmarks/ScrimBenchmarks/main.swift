// Scrim's benchmarks. Each reports its cost as a ratio to a baseline measured in the same run,
// so the figure holds on a noisy machine. Run: swift run -c release scrim-benchmarks
import Foundation
import ScrimCore
import ScrimLua

/// The median of `runs` timings of `body`, in seconds.
func median(runs: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// 10,000 views with 3 animated properties each, ticked frame by frame, against a hand-written
/// loop doing the same interpolation into 10,000 objects (the same curve, once per frame; three
/// interpolations per object).
func animationTick(views count: Int = 10_000, frames: Int = 60, runs: Int = 7) {
    let app = Application()
    let views = (0..<count).map { View(frame: Rect(x: Double($0), y: 0, width: 10, height: 10)) }
    try! app.animate(duration: 1_000_000, curve: .easeInOut) {
        for view in views {
            view.center = Point(x: view.center.x + 100, y: 50)
            view.alpha = 0.5
            view.cornerRadius = 8
        }
    }
    let scrim = median(runs: runs) { app.step(frames: frames) }

    // The floor: the same curve and interpolation, by hand, into 10,000 plain objects.
    final class Target {
        var center: SIMD2<Double>, alpha = 1.0, cornerRadius = 0.0
        let from: SIMD2<Double>, to: SIMD2<Double>
        init(_ index: Int) {
            from = SIMD2(Double(index) + 5, 5)
            to = SIMD2(Double(index) + 105, 50)
            center = from
        }
    }
    let targets = (0..<count).map(Target.init)
    var time = 0.0
    let baseline = median(runs: runs) {
        for _ in 0..<frames {
            time += 1.0 / 60
            let p = TimingCurve.easeInOut.progress(at: time / 1_000_000, duration: 1_000_000)
            for target in targets {
                target.center = target.from + (target.to - target.from) * p
                target.alpha = 1 + (0.5 - 1) * p
                target.cornerRadius = 8 * p
            }
        }
    }
    precondition(targets.allSatisfy { $0.alpha <= 1 })
    let perFrame = scrim / Double(frames) * 1e3
    let basePerFrame = baseline / Double(frames) * 1e3
    print(String(format: "animation tick  %d views x 3 properties: %.3f ms/frame, hand loop %.3f ms/frame, ratio %.2f",
                 count, perFrame, basePerFrame, scrim / baseline))
}

/// What the limits add to a callback: 1,000 Lua controllers each receive `didReceiveMemoryWarning`
/// (a short override, then one looping 1,000 times), with the standard limits and with none.
func limitsCost(runs: Int = 7, rounds: Int = 20) {
    func measure(_ limits: LuaLimits, loop: Int) -> Double {
        let runtime = Runtime(limits: limits)
        _ = try! runtime.eval("""
            controllers = {}
            for i = 1, 1000 do
              controllers[i] = ViewController{ name = "vc" .. i, didReceiveMemoryWarning = function(self)
                local n = self.count or 0
                for _ = 1, \(loop) do n = n + 1 end
                self.count = n
              end }
            end
            """)
        return median(runs: runs) {
            for _ in 0..<rounds { runtime.application.simulateMemoryWarning() }
        }
    }
    for loop in [0, 1000] {
        let limited = measure(.standard, loop: loop), free = measure(.none, loop: loop)
        let calls = Double(1000 * rounds)
        print(String(format: "limits cost     override looping %4d times: %.2f µs/call with limits, %.2f µs without, ratio %.2f",
                     loop, limited / calls * 1e6, free / calls * 1e6, limited / free))
    }
}

/// Hot reload: a plugin file saved (written to a temporary file and renamed over, as editors do)
/// until its new code is live, through inotify and `reloadChangedPlugins`, p50 and p99 over
/// `saves` saves; against the same reload called directly (no file event, no settling).
func reloadLatency(saves: Int = 100) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-bench-\(getpid())").path
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func source(_ version: Int) -> String {
        """
        local Fade = scrim.Animator:extend("Fade")
        function Fade:transitionDuration() return \(version) end
        return scrim.plugin { name = "fade", version = "\(version)", Fade = Fade,
          transitioningDelegate = { animationControllerForPresented = function() return Fade.new() end } }
        """
    }
    let file = folder + "/fade.lua"
    try! source(0).write(toFile: file, atomically: true, encoding: .utf8)
    let runtime = Runtime(pluginPaths: [folder])
    _ = try! runtime.eval("live = plugin('fade').Fade.new()")
    try! runtime.plugins.startWatching()
    func percentiles(_ samples: [Double]) -> (Double, Double) {
        let sorted = samples.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
    }
    var fromWrite: [Double] = [], direct: [Double] = []
    for version in 1...saves {
        let start = DispatchTime.now().uptimeNanoseconds
        try! source(version).write(toFile: file, atomically: true, encoding: .utf8)
        while runtime.plugins.reloadChangedPlugins(waitingUpTo: 1).isEmpty {}
        fromWrite.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        precondition(try! runtime.eval("return live:transitionDuration()") == ["\(version)"])
        direct.append(median(runs: 1) { _ = try! runtime.plugins.reload(named: "fade") })
    }
    let (p50, p99) = percentiles(fromWrite), (base50, _) = percentiles(direct)
    print(String(format: "reload latency  file written to new code live, %d saves: p50 %.1f ms, p99 %.1f ms; direct reload %.2f ms, ratio %.1f",
                 saves, p50 * 1e3, p99 * 1e3, base50 * 1e3, p50 / base50))
}

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
if arguments.isEmpty || arguments.contains("animation-tick") || quick {
    animationTick(frames: quick ? 2 : 60, runs: quick ? 1 : 7)
}
if arguments.isEmpty || arguments.contains("limits") || quick {
    limitsCost(runs: quick ? 1 : 7, rounds: quick ? 1 : 20)
}
if arguments.isEmpty || arguments.contains("reload") || quick {
    reloadLatency(saves: quick ? 3 : 100)
}
