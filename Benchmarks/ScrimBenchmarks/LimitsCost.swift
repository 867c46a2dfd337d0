import LuaBridge
import ScrimCore
import ScrimLua

/// What the limits add to a callback: 1,000 Lua controllers each receive
/// `didReceiveMemoryWarning` — a short override, then one looping 1,000 times — with the
/// standard limits against none. Targets: 1.05× and 1.1× (a turn that ends within its slice is
/// never counted).
enum LimitsCost {
    static func run(_ harness: Harness) throws -> [Finding] {
        func measure(_ limits: LuaLimits, loop: Int) throws -> Double {
            let runtime = try Runtime(configuration: .init(limits: limits))
            _ = try runtime.eval("""
                controllers = {}
                for i = 1, 1000 do
                  controllers[i] = ViewController{ name = "vc" .. i, didReceiveMemoryWarning = function(self)
                    local n = self.count or 0
                    for _ = 1, \(loop) do n = n + 1 end
                    self.count = n
                  end }
                end
                """)
            return try harness.nanoseconds("limits \(limits.instructionBudget != nil) loop \(loop)", batch: 1_000) {
                runtime.application.simulateMemoryWarning()
                runtime.application.dispatcher.clear()
            }
        }
        return try [(0, 1.05), (1_000, 1.1)].map { loop, target in
            .cost("limits.loop\(loop)", "limits: an override looping \(loop) times (ns)", try measure(.standard, loop: loop),
                  unit: "ns", against: "no limits", try measure(.none, loop: loop), target: target)
        }
    }
}
