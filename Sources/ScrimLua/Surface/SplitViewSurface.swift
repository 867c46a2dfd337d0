import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// The `SplitViewController` class: the columns, `isCollapsed`, `showPrimary()` and
    /// `preferredPrimaryColumnWidth`.
    func defineSplitViewSurface() {
        let cls = splitViewControllerClass
        cls.inherit(from: viewControllerClass)
        cls.property("primary", { $0.primary })
        cls.property("supplementary", { $0.supplementary })
        cls.property("secondary", get: { split, call in call.state.push(object: split.secondary) },
                     set: { split, call, i in
                         let controller = try call.object(i, ViewController.self, expected: "ViewController")
                         do { try split.replaceSecondary(with: controller) } catch { throw LuaRaise("\(error)") }
                     })
        cls.property("viewControllers", get: { split, call in call.state.push(objects: split.viewControllers) })
        cls.property("isCollapsed", { $0.isCollapsed })
        cls.property("isShowingSecondary", { $0.isShowingSecondary })
        cls.property("preferredPrimaryColumnWidth",
                     get: { split, call in call.state.push(number: split.preferredPrimaryColumnWidth) },
                     set: { split, call, i in
                         let width = try call.number(i)
                         guard width.isFinite, width >= 0 else { throw call.argumentError(i, "width must be a finite number ≥ 0") }
                         split.preferredPrimaryColumnWidth = width
                         split.viewIfLoaded?.setNeedsLayout()
                     })
        cls.action("showPrimary") { $0.showPrimary() }
    }

    /// `SplitViewController{name=, primary=, supplementary=, secondary=, …}`: other fields are
    /// set as properties.
    func makeSplitViewController(_ call: LuaCall) throws -> Int32 {
        try call.table(1)
        call.state.rawField("name", of: 1)
        let name = try call.optionalName(-1)
        scrim_pop(call.L, 1)
        var columns: [String: ViewController] = [:]
        for column in ["primary", "supplementary", "secondary"] {
            call.state.rawField(column, of: 1)
            defer { scrim_pop(call.L, 1) }
            let field = LuaCall(L: call.L, state: call.state, functionName: column, role: .field(constructor: "SplitViewController"))
            columns[column] = try field.optionalObject(-1, ViewController.self, expected: "ViewController")
        }
        let split: SplitViewController
        do {
            split = try SplitViewController(application, primary: columns["primary"], supplementary: columns["supplementary"],
                                            secondary: columns["secondary"], name: name)
        } catch {
            throw LuaRaise("\(error)")
        }
        Runtime.chargeName(split.name, of: split, as: .name, call)
        let copy = call.pushFields(of: 1, excluding: ["name", "primary", "supplementary", "secondary"])
        try applyProperties(at: copy, to: split, using: splitViewControllerClass, constructor: "SplitViewController", call)
        call.state.push(object: split)
        return 1
    }
}
