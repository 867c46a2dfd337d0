import CLua
import CLuaBridge

/// Swift objects as Lua values: a class's metatable, one userdata per object (an identity table
/// with weak values), and the object back from a userdata.
extension LuaState {
    /// Creates the metatable of `cls`. Register subclasses before their superclasses: an
    /// object gets the metatable of the first registered class it is an instance of.
    @inlinable
    public func register<Object: AnyObject>(_ cls: BridgedClass<Object>) {
        if objectsTable == scrim_noref() { objectsTable = makeWeakTable(mode: "v") }

        let metatableName = "scrim.class." + cls.name
        var entry = BridgedClassEntry(Object.self, metatable: metatableName)
        luaL_newmetatable(L, metatableName)
        let mt = lua_gettop(L)
        lua_pushvalue(L, mt)
        entry.metatableReference = luaL_ref(L, scrim_registryindex())
        push(cls.name)
        lua_setfield(L, mt, "__name")
        // Scripts do not get the metatable: one that gained a `__gc` would run it, hooks off,
        // for every object made after.
        lua_pushboolean(L, 0)
        lua_setfield(L, mt, "__metatable")

        // Every member's name, for the REPL's completion (which sorts what it offers).
        push(strings: cls.getters.names + cls.methods.map(\.name))
        lua_setfield(L, mt, "__members")
        // `__index`, `__newindex` and `__methods`, dispatched in C (`BoundClass`).
        let bound = BoundClass(
            name: cls.name, keepsLuaFields: cls.keepsLuaFields, state: self,
            getters: cls.getters, setters: cls.setters, methods: cls.methods,
            numberGetters: cls.numberGetters, numberSetters: cls.numberSetters,
            keyedObjects: cls.keyedObjects, identityTable: objectsTable,
            receiver: { call in Unmanaged.passUnretained(try call.object(1, Object.self, expected: cls.name)).toOpaque() })
        boundClasses.append(bound)
        cls.isRegistered = true
        scrim_class_install(L, bound.dispatch, mt)
        entry.dispatch = bound.dispatch
        // The marker of Scrim's metatables: the class's dispatch, its objects' tag, which
        // `object(at:)` matches; its low bit set for classes that keep Lua fields.
        lua_pushlightuserdata(L, UnsafeMutableRawPointer(bound.dispatch!) + (cls.keepsLuaFields ? 1 : 0))
        lua_rawsetp(L, mt, registryKey)

        setFunction("__tostring", in: mt, qualifiedName: cls.name) { call in
            let object = try call.object(1, Object.self, expected: cls.name)
            call.state.push("\(cls.name)(\(object))")
            return 1
        }

        setFunction("__gc", in: mt) { call in
            // Only this class's userdata: a finalizer called by hand may be given anything.
            let wordSize = MemoryLayout<UnsafeMutableRawPointer?>.size
            guard let slot = lua_touserdata(call.L, 1), lua_type(call.L, 1) == LUA_TUSERDATA,
                  lua_rawlen(call.L, 1) == 2 * wordSize,
                  slot.load(fromByteOffset: wordSize, as: OpaquePointer?.self) == entry.dispatch,
                  let pointer = slot.load(as: UnsafeMutableRawPointer?.self) else { return 0 }
            let state = call.state
            // Lua takes a userdata it finalizes out of the identity table (its values are weak)
            // before the finalizer runs — not as a state closes: one still there is alive, its
            // finalizer called by hand, and keeps its object.
            if !state.isClosing, state.isIdentity(ofObjectAt: pointer, userdataAt: 1) { return 0 }
            // An anchored object that native code holds again keeps its userdata: resurrect it.
            if cls.keepsLuaFields, !state.isClosing, !entry.isOnlyHeldByLua(slot),
               let anchored = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? LuaAnchored {
                state.resurrect(anchored, userdataAt: 1)
                return 0
            }
            // An object native code still holds keeps its weight (`LingeringNatives`).
            let heldNatively = !state.isClosing && !entry.isOnlyHeldByLua(slot)
            slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
            let object = Unmanaged<AnyObject>.fromOpaque(pointer)
            if heldNatively {
                state.lingeringNatives.keep(object.takeUnretainedValue(), weight: scrim_native_weight(pointer))
            } else {
                scrim_limits_add_native(state.limitsRecord, -scrim_native_weight(pointer))
            }
            object.release()
            return 0
        }
        scrim_pop(L, 1)
        classes.append(entry)
        boundKinds.removeAll()
    }

    /// Whether the userdata at `index` is the one the identity table gives the object at
    /// `address`.
    @usableFromInline
    package func isIdentity(ofObjectAt address: UnsafeMutableRawPointer, userdataAt index: Int32) -> Bool {
        let index = lua_absindex(L, index)
        lua_rawgeti(L, scrim_registryindex(), lua_Integer(objectsTable))
        lua_rawgetp(L, -1, address)
        defer { scrim_pop(L, 2) }
        return lua_rawequal(L, -1, index) != 0
    }

    /// A new table with weak keys (`"k"`) or values (`"v"`), kept in the registry: its reference.
    @usableFromInline
    package func makeWeakTable(mode: String) -> Int32 {
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        push(mode)
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        return luaL_ref(L, scrim_registryindex())
    }

    /// Pushes the Lua value of `object`: its existing userdata, or a new one. Returns false
    /// (having pushed nil) for an anchored object whose userdata Lua is collecting: it is
    /// going away, and a second userdata would break identity.
    @discardableResult
    public func push(object: AnyObject?) -> Bool {
        guard let object else {
            lua_pushnil(L)
            return true
        }
        let key = Unmanaged.passUnretained(object).toOpaque()
        if pushExisting(key) { return true }
        return pushNew(object, key: key)
    }

    /// Pushes the userdata `object` has, if it has one: the identity table's entry.
    @inline(__always)
    private func pushExisting(_ key: UnsafeMutableRawPointer) -> Bool {
        lua_rawgeti(L, scrim_registryindex(), lua_Integer(objectsTable))
        if lua_rawgetp(L, -1, key) != LUA_TNIL {
            scrim_remove(L, -2)
            return true
        }
        scrim_pop(L, 2)
        return false
    }

    /// What the state knows of objects of `object`'s dynamic type, found once per type: its
    /// registered class (the first it is an instance of) and the protocols that change how its
    /// userdata is made.
    private func kind(of object: AnyObject) -> BoundKind {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let kind = boundKinds[type] { return kind }
        let kind = BoundKind(class: classes.firstIndex { $0.matches(object) } ?? -1,
                             isAnchored: object is LuaAnchored, isCompanioned: object is LuaCompanioned,
                             reportsDeparture: object is LuaDepartureReporting)
        boundKinds[type] = kind
        return kind
    }

    /// The registered class of `object`, if any.
    @usableFromInline
    package func entry(for object: AnyObject) -> BridgedClassEntry? {
        let index = kind(of: object).class
        return index < 0 ? nil : classes[index]
    }

    /// Pushes a new userdata for `object`, whose address is `key`.
    private func pushNew(_ object: AnyObject, key: UnsafeMutableRawPointer) -> Bool {
        let kind = kind(of: object)
        let anchored = kind.isAnchored ? object as? LuaAnchored : nil
        guard anchored?.luaAnchor.state != .weak, kind.class >= 0 else {
            lua_pushnil(L)
            return false
        }
        let entry = classes[kind.class]
        lua_rawgeti(L, scrim_registryindex(), lua_Integer(objectsTable))
        // The object and its class's dispatch, the tag that the C side checks (`BoundObjects.h`).
        let slot = scrim_newuserdata(L, 2 * MemoryLayout<UnsafeMutableRawPointer?>.size)!
        slot.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        slot.storeBytes(of: UnsafeMutableRawPointer(entry.dispatch), toByteOffset: MemoryLayout<UnsafeMutableRawPointer?>.size,
                        as: UnsafeMutableRawPointer?.self)
        if !lingeringNatives.takeBack(object, reportsDeparture: kind.reportsDeparture) {
            scrim_limits_add_native(limitsRecord, scrim_native_weight(key))
        }
        lua_rawgeti(L, scrim_registryindex(), lua_Integer(entry.metatableReference))
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, -3, key)
        scrim_remove(L, -2)
        if let anchored { anchor(anchored, userdataAt: -1) }
        if kind.isCompanioned, let companion = (object as? LuaCompanioned)?.luaCompanion {
            keepAlive(companion, whileUserdataAt: -1)
        }
        return true
    }

    /// The native object of the bridged userdata at `index`; nil for any other value.
    /// Throws if the userdata's object was already released by the collector. An anchored
    /// object passed to native code is held strongly again (see `LuaAnchored`).
    public func object(at index: Int32) throws -> AnyObject? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 else { return nil }
        let marker = lua_rawgetp(L, -1, registryKey) == LUA_TLIGHTUSERDATA ? lua_touserdata(L, -1) : nil
        scrim_pop(L, 2)
        // The metatable says which class; the userdata's size and tag, that it is one of its
        // objects — not another userdata given the metatable (`debug.setmetatable`).
        let wordSize = MemoryLayout<UnsafeMutableRawPointer?>.size
        guard let marker, lua_rawlen(L, index) == 2 * wordSize, let slot = lua_touserdata(L, index),
              slot.load(fromByteOffset: wordSize, as: UInt.self) == UInt(bitPattern: marker) & ~1 else { return nil }
        guard let pointer = slot.load(as: UnsafeMutableRawPointer?.self) else {
            throw LuaRaise("attempt to use an object after it was collected")
        }
        let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        if UInt(bitPattern: marker) & 1 != 0, let anchored = object as? LuaAnchored, anchored.luaAnchor.state == .weak,
           entry(for: object) != nil {
            anchor(anchored, userdataAt: index)
        }
        return object
    }

    /// Pushes a new object made from Lua with its instance table, the userdata's user value:
    /// an empty table whose metatable is the Lua class at `classIndex` — until a field is set,
    /// the one every such instance of the class shares (`scrim_share_instance_table`).
    package func pushWithInstanceTable(_ object: AnyObject, classAt classIndex: Int32) {
        let classSlot = lua_absindex(L, classIndex)
        push(object: object)
        scrim_share_instance_table(L, -1, classSlot)
    }

    /// Pops the function that makes a table's read-only view: a table a class holds comes out
    /// of the class's instances through it (`scrim_class_table_view`).
    package func setClassTableView() { scrim_set_class_table_view(L) }

    /// Pushes the instance table (user value) of `object`'s userdata; false, with nothing
    /// pushed, when it has none or is being collected.
    public func pushInstanceTable(of object: AnyObject) -> Bool {
        guard push(object: object) else {
            scrim_pop(L, 1)
            return false
        }
        guard lua_getiuservalue(L, -1, 1) == LUA_TTABLE else {
            scrim_pop(L, 2)
            return false
        }
        scrim_remove(L, -2)
        return true
    }
    /// A type name for messages: a bridged object's class name, else Lua's type name.
    public func typeName(at index: Int32) -> String {
        if lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 {
            lua_getfield(L, -1, "__name")
            let name = string(at: -1)
            scrim_pop(L, 2)
            if let name { return name }
        }
        return String(cString: scrim_typename(L, index))
    }
}
