import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// `vc.popoverPresentationController`: `sourceView`, `sourceRect`, `permittedArrowDirections`
    /// (a list of `"up"`, `"down"`, `"left"`, `"right"`), `arrowDirection`, `passthroughViews`.
    func definePopoverSurface() {
        let cls = popoverPresentationControllerClass
        cls.inherit(from: presentationControllerClass)
        let names: [(String, PopoverPresentationController.ArrowDirection)] = [
            ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ]
        cls.property("sourceView", get: { p, call in call.state.push(object: p.sourceView) },
                     set: { p, call, i in p.sourceView = try call.optionalObject(i, View.self, expected: "View") })
        cls.property("sourceRect", get: { p, call in
            if let rect = p.sourceRect { call.state.push(rect) } else { lua_pushnil(call.L) }
        }, set: { p, call, i in p.sourceRect = call.isNil(i) ? nil : try call.rect(i) })
        cls.property("arrowDirection", get: { p, call in
            if let name = names.first(where: { $0.1 == p.arrowDirection })?.0 { call.state.push(name) } else { lua_pushnil(call.L) }
        })
        cls.property("permittedArrowDirections", get: { p, call in
            call.state.push(strings: names.filter { p.permittedArrowDirections.contains($0.1) }.map(\.0))
        }, set: { p, call, i in
            let directions = try call.optionSet(at: i, names: names, refusal: "arrow directions are \"up\", \"down\", \"left\" and \"right\"")
            p.permittedArrowDirections = directions.isEmpty ? .any : directions
        })
        cls.property("passthroughViews", get: { p, call in call.state.push(objects: p.passthroughViews) },
                     set: { p, call, i in
                         try call.table(i)
                         var views: [View] = []
                         let count = Int(lua_rawlen(call.L, i))
                         guard count <= LuaLimits.mostCallbacksPerObject else {
                             throw call.argumentError(i, "a popover has at most \(LuaLimits.mostCallbacksPerObject) passthrough views, got \(count)")
                         }
                         for position in 0..<count {
                             lua_rawgeti(call.L, i, lua_Integer(position + 1))
                             defer { scrim_pop(call.L, 1) }
                             views.append(try call.object(lua_gettop(call.L), View.self, expected: "View"))
                         }
                         p.passthroughViews = views
                         call.state.lingeringNatives.charge(views.count * 16 + 64, to: p, for: .passthroughViews)
                     })
        viewControllerClass.property("popoverPresentationController", get: { vc, call in
            call.state.push(object: vc.popoverPresentationController)
        })
    }
}
