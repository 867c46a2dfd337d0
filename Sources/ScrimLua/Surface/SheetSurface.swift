import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// How many detents a sheet takes (UIKit's sheets have a handful).
    static let mostDetents = 100

    /// `vc.sheetPresentationController`: detents as `"medium"`, `"large"`,
    /// `{identifier=, height=}` or `{identifier=, fraction=}`.
    func defineSheetSurface() {
        let cls = sheetPresentationControllerClass
        cls.inherit(from: presentationControllerClass)
        cls.property("detents", get: { sheet, call in
            call.state.push(strings: sheet.detents.map(\.identifier))
        }, set: { sheet, call, i in
            try call.table(i)
            var detents: [SheetPresentationController.Detent] = []
            let count = lua_rawlen(call.L, i)
            guard count <= Self.mostDetents else {
                throw call.argumentError(i, "a sheet has at most \(Self.mostDetents) detents, got \(count)")
            }
            for position in 0..<count {
                lua_rawgeti(call.L, i, lua_Integer(position + 1))
                defer { scrim_pop(call.L, 1) }
                detents.append(try Runtime.detent(call, at: lua_gettop(call.L), item: Int(position) + 1))
            }
            sheet.detents = detents
            call.state.lingeringNatives.charge(Runtime.weight(of: detents.map(\.identifier)), to: sheet, for: .detents)
        })
        cls.property("selectedDetentIdentifier", get: { sheet, call in
            if let identifier = sheet.selectedDetentIdentifier { call.state.push(identifier) } else { lua_pushnil(call.L) }
        }, set: { sheet, call, i in
            sheet.selectedDetentIdentifier = try call.optionalName(i)
            Runtime.chargeName(sheet.selectedDetentIdentifier, of: sheet, as: .selectedDetentIdentifier, call)
        })
        cls.property("largestUndimmedDetentIdentifier", get: { sheet, call in
            if let identifier = sheet.largestUndimmedDetentIdentifier { call.state.push(identifier) } else { lua_pushnil(call.L) }
        }, set: { sheet, call, i in
            sheet.largestUndimmedDetentIdentifier = try call.optionalName(i)
            Runtime.chargeName(sheet.largestUndimmedDetentIdentifier, of: sheet, as: .largestUndimmedDetentIdentifier, call)
        })
        cls.method("animateChanges") { [unowned self] sheet, call in
            let changes = try call.function(2)
            sheet.animateChanges(luaBlock(changes, "animateChanges"))
            return 0
        }
        viewControllerClass.property("sheetPresentationController", get: { vc, call in
            call.state.push(object: vc.sheetPresentationController)
        })
    }

    private static func detent(_ call: LuaCall, at index: Int32, item: Int) throws -> SheetPresentationController.Detent {
        if let name = call.state.string(at: index) {
            switch name {
            case "medium": return .medium
            case "large": return .large
            default: throw LuaRaise("detent \(item): '\(name)' is not \"medium\", \"large\" or {identifier=, height=|fraction=}")
            }
        }
        guard lua_type(call.L, index) == LUA_TTABLE else {
            throw LuaRaise("detent \(item) must be \"medium\", \"large\" or a table, got \(call.state.typeName(at: index))")
        }
        call.state.rawField("identifier", of: index)
        let identifier = call.state.string(at: -1)
        if let identifier, identifier.utf8.count > LuaCall.longestName {
            scrim_pop(call.L, 1)
            throw LuaRaise("detent \(item): an identifier of \(identifier.utf8.count) bytes is longer than \(LuaCall.longestName)")
        }
        call.state.rawField("height", of: index)
        let height = lua_type(call.L, -1) == LUA_TNUMBER ? lua_tonumberx(call.L, -1, nil) : nil
        call.state.rawField("fraction", of: index)
        let fraction = lua_type(call.L, -1) == LUA_TNUMBER ? lua_tonumberx(call.L, -1, nil) : nil
        scrim_pop(call.L, 3)
        guard let identifier else { throw LuaRaise("detent \(item) needs an identifier") }
        if let height { return .custom(identifier, height: height) }
        if let fraction { return .custom(identifier, fraction: fraction) }
        throw LuaRaise("detent \(item) needs a height or a fraction")
    }
}
