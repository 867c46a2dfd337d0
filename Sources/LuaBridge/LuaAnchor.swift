import CLua
import CLuaBridge

/// A native object that keeps Lua state of its own — its instance table, the user value of its
/// userdata — such as a controller made from Lua.
///
/// Such an object and its userdata may reference each other (a Lua override that captures the
/// controller), so neither side may simply own the other. Scrim uses toggle references: while
/// anything besides its userdata holds the object, the object holds its userdata strongly (a
/// registry reference); when the userdata is the only holder, that reference is dropped and
/// Lua's collector decides. A userdata about to be collected whose object is held again is
/// resurrected instead.
///
/// The bridge reads `luaAnchor` whenever it pushes the object, and changes its `state` whole;
/// conforming classes declare it `@exclusivity(unchecked)`, sparing each read a dynamic check.
public protocol LuaAnchored: AnyObject {
    var luaAnchor: LuaAnchor { get set }
}

/// How a `LuaAnchored` object holds its userdata: a value kept in the object itself.
public struct LuaAnchor {
    package enum State: Equatable {
        /// No userdata has been made yet.
        case none
        /// The object holds its userdata through registry reference `ref`.
        case strong(ref: Int32)
        /// Only Lua holds the userdata; when Lua lets go, the object goes with it.
        case weak
    }

    package var state: State = .none

    public init() {}
}

extension LuaState {
    /// Makes `anchored` hold the userdata at `index` strongly.
    @usableFromInline
    package func anchor(_ anchored: LuaAnchored, userdataAt index: Int32) {
        guard let slot = lua_touserdata(L, index) else { return }
        lua_pushvalue(L, index)
        let ref = luaL_ref(L, scrim_registryindex())
        anchored.luaAnchor.state = .strong(ref: ref)
        let index = Int(ref)
        if index >= strongAnchors.count {
            strongAnchors.append(contentsOf: repeatElement(nil, count: index + 1 - strongAnchors.count))
        }
        strongAnchors[index] = slot
    }

    /// Keeps a userdata that Lua was finalizing: anchors it, puts it back in the identity
    /// table (Lua removed it before finalizing) and marks it for finalization again.
    @usableFromInline
    package func resurrect(_ anchored: LuaAnchored, userdataAt index: Int32) {
        guard let slot = lua_touserdata(L, index),
              let pointer = slot.load(as: UnsafeMutableRawPointer?.self) else { return }
        anchor(anchored, userdataAt: index)
        lua_rawgeti(L, scrim_registryindex(), lua_Integer(objectsTable))
        lua_pushvalue(L, index)
        lua_rawsetp(L, -2, pointer)
        scrim_pop(L, 1)
        lua_getmetatable(L, index)
        lua_setmetatable(L, index)
    }

    /// Drops the strong references of anchored objects that nothing else holds, so Lua can
    /// collect them (and their cycles) when it no longer references them either. Runs once
    /// per collection cycle.
    package func releaseUnsharedAnchors() {
        // Anchors come mostly in runs of one class: its check is found again only when the class changes.
        var tag: UnsafeMutableRawPointer?
        var isOnlyHeldByLua: ((UnsafeMutableRawPointer) -> Bool)?
        for index in strongAnchors.indices {
            guard let slot = strongAnchors[index] else { continue }
            let slotTag = slot.load(fromByteOffset: MemoryLayout<UnsafeMutableRawPointer?>.size, as: UnsafeMutableRawPointer?.self)
            if slotTag != tag {
                tag = slotTag
                isOnlyHeldByLua = classes.first { $0.dispatch.map(UnsafeMutableRawPointer.init) == slotTag }?.isOnlyHeldByLua
            }
            guard let isOnlyHeldByLua, isOnlyHeldByLua(slot),
                  let pointer = slot.load(as: UnsafeMutableRawPointer?.self) else { continue }
            strongAnchors[index] = nil
            luaL_unref(L, scrim_registryindex(), Int32(index))
            (Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? LuaAnchored)?.luaAnchor.state = .weak
        }
    }

    /// A userdata whose finalizer runs `releaseUnsharedAnchors` and arms a new one: a hook
    /// at the end of every collection cycle. Only the armed sentinel's finalizer does: one
    /// called by hand (a plugin granted `debug` finds the metatable), or that of a table given
    /// the metatable, would arm one more sentinel each time, and every cycle would run them all.
    package func armCollectionSentinel() {
        let metatable = "scrim.collectionSentinel"
        if luaL_newmetatable(L, metatable) != 0 {
            setFunction("__gc", in: -1) { call in
                let state = call.state
                guard !state.isClosing, lua_type(call.L, 1) == LUA_TUSERDATA,
                      lua_topointer(call.L, 1) == state.armedSentinel else { return 0 }
                state.releaseUnsharedAnchors()
                state.armCollectionSentinel()
                return 0
            }
        }
        scrim_pop(L, 1)
        _ = lua_newuserdatauv(L, 0, 0)
        armedSentinel = lua_topointer(L, -1)
        luaL_setmetatable(L, metatable)
        scrim_pop(L, 1)
    }
}
