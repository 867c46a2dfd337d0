import CLua
import CMalloc
import LuaBridge
import ScrimCore
import ScrimLua

/// 10,000 live view controllers, each a child of one root with its view in the root's view:
/// the heap each takes with its view, and the cost of one layout pass over all of them, for
/// controllers made from Lua (`ViewController{…}`) against controllers made in Swift. Of the
/// Lua controllers' heap, the part Lua itself allocated (`collectgarbage("count")`) is reported
/// apart, so the rest can be told from it: the Swift objects, and what the bridge keeps natively.
enum Scale {
    static func run(_ harness: Harness) throws -> [Finding] {
        let count = harness.size(10_000, quick: 500)

        let runtime = try Runtime(configuration: .init())
        let app = runtime.application
        _ = try runtime.eval("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            function luaHeap() return collectgarbage("count") * 1024 end
            function populate(n)
              for i = 1, n do
                local child = ViewController{ name = "child" .. i }
                root:addChild(child)
                child.view.frame = root.view.bounds
                root.view:addSubview(child.view)
                child:didMove(root)
              end
            end
            """)
        app.step()
        let L = runtime.lua.L
        func luaHeap() throws -> Double {
            lua_getglobal(L, "luaHeap")
            guard scrim_pcall(L, 0, 1, 0) == LUA_OK else { throw BenchmarkError("luaHeap failed") }
            defer { scrim_pop(L, 1) }
            return lua_tonumberx(L, -1, nil)
        }
        _ = try runtime.eval("collectgarbage()")
        let luaHeapBefore = try luaHeap()
        let luaBytes = try heapGrowth {
            try callGlobal(runtime.lua.L, "populate", lua_Integer(count))
            app.step()
            app.dispatcher.clear()
            _ = try runtime.eval("collectgarbage()")
        }
        let luaHeapGrowth = try luaHeap() - luaHeapBefore
        guard app.window.rootViewController?.children.count == count else {
            throw BenchmarkError("the Lua hierarchy has \(app.window.rootViewController?.children.count ?? 0) children")
        }

        let nativeApp = Application()
        let root = ViewController(nativeApp, name: "root")
        nativeApp.window.rootViewController = root
        nativeApp.step()
        let nativeBytes = try heapGrowth {
            for index in 1...count {
                let child = ViewController(nativeApp, name: "child\(index)")
                try root.addChild(child)
                child.view.frame = root.view.bounds
                root.view.addSubview(child.view)
                child.didMove(toParent: root)
            }
            nativeApp.step()
            nativeApp.dispatcher.clear()
        }

        func layoutPass(_ app: Application) -> () -> Void {
            let views = app.window.rootViewController!.children.map { $0.view! }
            let rootView = app.window.rootViewController!.view!
            return {
                for view in views { view.setNeedsLayout() }
                rootView.layoutIfNeeded()
                app.dispatcher.clear()
            }
        }
        let luaLayout = try harness.nanoseconds("layout pass, Lua controllers", batch: count, layoutPass(app))
        let nativeLayout = try harness.nanoseconds("layout pass, Swift controllers", batch: count, layoutPass(nativeApp))
        let kilobyte = 1.0 / 1024 / Double(count)
        // Under a sanitizer's allocator glibc's counters stay still.
        guard luaBytes > 0, nativeBytes > 0 else {
            throw BenchmarkError("the allocator does not report heap use (glibc's malloc is replaced, as by a sanitizer)")
        }
        return [
            .cost("scale.memory", "scale: heap per idle controller with its view (KB)", Double(luaBytes) * kilobyte,
                  unit: "KB", against: "made in Swift", Double(nativeBytes) * kilobyte)
                .with(target: .ratio(1.2)),
            .cost("scale.memory.lua", "scale: of which Lua's own heap (KB)", luaHeapGrowth * kilobyte, unit: "KB",
                  against: "the whole heap per Lua controller", Double(luaBytes) * kilobyte),
            .cost("scale.layout", "scale: layout pass per controller (ns)", luaLayout, unit: "ns",
                  against: "made in Swift", nativeLayout),
        ]
    }

    /// The bytes the C heap grew by while `body` ran (the Swift objects and Lua's allocations
    /// both live there).
    static func heapGrowth(_ body: () throws -> Void) throws -> Int {
        malloc_trim(0)
        let before = heapInUse()
        try body()
        return heapInUse() - before
    }

    static func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }
}
