import CLua
import CLuaBridge

/// A member of a bound class as the C dispatch calls it: with the object's address, lent by
/// its userdata for the call (see `BridgedClass.lend`).
public enum BoundMember {
    public typealias Getter = (UnsafeMutableRawPointer, LuaCall) throws -> Void
    public typealias Setter = (UnsafeMutableRawPointer, LuaCall, Int32) throws -> Void
    public typealias Method = (UnsafeMutableRawPointer, LuaCall) throws -> Int32
    /// A number property's direct accessors (`BridgedClass.property(_:number:set:)`).
    public typealias NumberGetter = (UnsafeMutableRawPointer) -> Double
    public typealias NumberSetter = (UnsafeMutableRawPointer, Double) -> Void
    /// A keyed object method's direct answer (`BridgedClass.method(_:keyedBy:known:returning:)`):
    /// for key number `key`, the object's address (nil inside: nil), or nil when only the
    /// method can answer.
    public typealias ObjectGetter = (UnsafeMutableRawPointer, Int32) -> UnsafeMutableRawPointer??
    /// A keyed object method's keys and direct answer.
    public typealias KeyedObject = (keys: [StaticString], get: ObjectGetter)
}

/// A registered class's members by number: what the C dispatch of `__index`, `__newindex` and
/// methods (`BoundObjects.c`) calls with the object it found and the member's number. The C side
/// answers what needs no native code (a method's function, an unknown key's nil); anything it
/// cannot decide comes here with member -1 (or, for a method, no object) and is answered in full.
///
/// Nothing on the way from Lua to a member is reference counted: the state and this class are
/// reached unretained (each outlives the calls), the members sit in buffers of their own, and
/// the members themselves capture nothing (`BridgedClass`). Not generic: a generic class's
/// methods run unspecialized behind its vtable, instantiating metadata on every call.
@usableFromInline
final class BoundClass {
    /// The C half: the tag of the class's userdata. Freed with this.
    @usableFromInline private(set) var dispatch: OpaquePointer?
    /// The state owns this class.
    private let owner: Unmanaged<LuaState>
    let name: String
    let keepsLuaFields: Bool
    private let getterNames: [String], setterNames: [String], methodNames: [String]
    private let getters: Members<BoundMember.Getter>
    private let setters: Members<BoundMember.Setter>
    private let methods: Members<BoundMember.Method>
    private let numberGetters: Members<BoundMember.NumberGetter>
    private let numberSetters: Members<BoundMember.NumberSetter>
    private let objectGetters: Members<BoundMember.ObjectGetter>
    private let getterNumbers: [String: Int], setterNumbers: [String: Int]
    /// The object of the value at stack index 1, checked in full; throws as a wrong `self` does.
    private let receiver: (LuaCall) throws -> UnsafeMutableRawPointer
    let role: LuaCall.Role

    @usableFromInline
    init(name: String, keepsLuaFields: Bool, state: LuaState, getters: OrderedMembers<BoundMember.Getter>,
         setters: OrderedMembers<BoundMember.Setter>, methods: [(name: String, body: BoundMember.Method)],
         numberGetters: OrderedMembers<BoundMember.NumberGetter>, numberSetters: OrderedMembers<BoundMember.NumberSetter>,
         keyedObjects: OrderedMembers<BoundMember.KeyedObject>, identityTable: Int32,
         receiver: @escaping (LuaCall) throws -> UnsafeMutableRawPointer) {
        // Members are numbered in the order they were declared (`OrderedMembers`).
        owner = Unmanaged.passUnretained(state)
        self.name = name
        self.keepsLuaFields = keepsLuaFields
        getterNames = getters.names
        setterNames = setters.names
        methodNames = methods.map { "\(name):\($0.name)" }
        self.getters = Members(getters.values)
        self.setters = Members(setters.values)
        self.methods = Members(methods.map(\.body))
        self.numberGetters = Members(numberGetters.values)
        self.numberSetters = Members(numberSetters.values)
        objectGetters = Members(keyedObjects.values.map(\.get))
        getterNumbers = getters.positions
        setterNumbers = setters.positions
        self.receiver = receiver
        role = .property(of: name)
        dispatch = scrim_class_new(Unmanaged.passUnretained(self).toOpaque(), boundGet, boundSet, boundCall,
                                   keepsLuaFields ? 1 : 0)
        var members = OrderedMembers<(getter: Int32, setter: Int32, method: Int32)>(capacity: getters.names.count + methods.count)
        for (number, name) in getters.names.enumerated() { members[name] = (Int32(number), -1, -1) }
        for (number, name) in setters.names.enumerated() { members[name, default: (-1, -1, -1)].setter = Int32(number) }
        for (number, method) in methods.enumerated() { members[method.name, default: (-1, -1, -1)].method = Int32(number) }
        for (name, member) in zip(members.names, members.values) {
            scrim_class_add(dispatch, name, member.getter, member.setter, member.method)
        }
        scrim_class_set_number_access(dispatch, boundNumberGet, boundNumberSet)
        var numbers = OrderedMembers<(getter: Int32, setter: Int32)>(capacity: numberGetters.names.count)
        for (index, name) in numberGetters.names.enumerated() { numbers[name] = (Int32(index), -1) }
        for (index, name) in numberSetters.names.enumerated() { numbers[name, default: (-1, -1)].setter = Int32(index) }
        for (name, member) in zip(numbers.names, numbers.values) {
            scrim_class_add_number(dispatch, name, member.getter, member.setter)
        }
        scrim_class_set_object_access(dispatch, boundObjectGet, identityTable)
        for (index, (name, keyed)) in zip(keyedObjects.names, keyedObjects.values).enumerated() {
            var keys: [UnsafePointer<CChar>?] = keyed.keys.map { UnsafePointer(OpaquePointer($0.utf8Start)) }
            scrim_class_add_keyed(dispatch, name, Int32(index), &keys, Int32(keys.count))
        }
    }

    deinit {
        scrim_class_free(dispatch)
        getters.deallocate()
        setters.deallocate()
        methods.deallocate()
        numberGetters.deallocate()
        numberSetters.deallocate()
        objectGetters.deallocate()
    }

    /// `object`, or with none, the object at stack index 1 checked in full. An anchored object
    /// whose method is called is held strongly again (see `LuaAnchored`): the method may hand it
    /// to native code. Its properties do not: reading or setting one keeps no reference to it,
    /// and should native code come to hold it anyway, its userdata is kept as it is collected.
    @inline(__always)
    private func receiver(_ object: UnsafeMutableRawPointer?, _ call: LuaCall, anchoring: Bool) throws -> UnsafeMutableRawPointer {
        guard let object else { return try receiver(call) }
        if anchoring, keepsLuaFields { _ = try call.state.object(at: 1) }
        return object
    }

    @usableFromInline
    enum Kind { case getter, setter, method }

    /// The name of member `number` of `kind`, for errors (`LuaCall.functionName`).
    func name(of kind: Kind, _ number: Int32) -> String {
        switch kind {
        case .getter: return getterNames[Int(number)]
        case .setter: return setterNames[Int(number)]
        case .method: return methodNames[Int(number)]
        }
    }

    private func callee(_ kind: Kind, _ number: Int32) -> LuaCall.Callee {
        .member(Unmanaged.passUnretained(self), kind, number)
    }

    /// Runs `body` as native code called from Lua (`LuaState.host`).
    @inline(__always)
    private func host(_ L: OpaquePointer, _ callee: LuaCall.Callee, _ body: (LuaCall) throws -> Int32) -> Int32 {
        owner._withUnsafeGuaranteedRef { $0.host(L, callee: callee, body) }
    }

    fileprivate func get(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer?, _ member: Int32) -> Int32 {
        guard let object, getters.contains(member) else {
            return host(L, .named(name, .function)) { call in try index(call) }
        }
        return host(L, callee(.getter, member)) { call in
            let object = try receiver(object, call, anchoring: false)
            try getters.with(member) { try $0(object, call) }
            return 1
        }
    }

    fileprivate func set(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer?, _ member: Int32) -> Int32 {
        guard let object, setters.contains(member) else {
            return host(L, .named(name, .function)) { call in try newindex(call) }
        }
        return host(L, callee(.setter, member)) { call in
            let object = try receiver(object, call, anchoring: false)
            try setters.with(member) { try $0(object, call, 3) }
            return 0
        }
    }

    fileprivate func call(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer?, _ member: Int32) -> Int32 {
        // The number is the closure's upvalue: a plugin granted `debug` can change it.
        guard methods.contains(member) else {
            return host(L, .named(name, .function)) { _ in throw LuaRaise("not a method of \(name) (its upvalue was changed)") }
        }
        return host(L, callee(.method, member)) { call in
            let object = try receiver(object, call, anchoring: true)
            return try methods.with(member) { try $0(object, call) }
        }
    }

    /// Number property `member` of `object` (`scrim_number_get_fn`).
    fileprivate func number(_ object: UnsafeMutableRawPointer, _ member: Int32) -> Double {
        numberGetters.with(member) { $0(object) }
    }

    fileprivate func setNumber(_ object: UnsafeMutableRawPointer, _ member: Int32, _ value: Double) {
        numberSetters.with(member) { $0(object, value) }
    }

    /// Keyed object method `member`'s answer for key number `key` (`scrim_object_get_fn`).
    fileprivate func object(_ object: UnsafeMutableRawPointer, _ member: Int32, _ key: Int32,
                            _ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32 {
        guard case let .some(answer) = objectGetters.with(member, { $0(object, key) }) else { return 0 }
        result.pointee = answer
        return 1
    }

    /// `__index` in full: native properties, then (for classes that keep Lua fields) the
    /// instance and its Lua class, then native methods.
    private func index(_ call: LuaCall) throws -> Int32 {
        let object = try receiver(call)
        guard let key = call.state.string(at: 2) else {
            lua_pushnil(call.L)
            return 1
        }
        if let number = getterNumbers[key] {
            try getters.with(Int32(number)) { try $0(object, LuaCall(L: call.L, state: call.state, functionName: key, role: role)) }
            return 1
        }
        // A Lua class's own methods and fields come before native methods, as a subclass's
        // override would (native properties stay first: a field cannot hide one).
        if keepsLuaFields, lua_getiuservalue(call.L, 1, 1) == LUA_TTABLE {
            lua_pushvalue(call.L, 2)
            if lua_rawget(call.L, -2) != LUA_TNIL { return 1 }
            scrim_pop(call.L, 1)
            scrim_lookup_field(call.L, -1, 2)
            if lua_type(call.L, -1) != LUA_TNIL {
                // A table the class holds comes out read-only (`scrim_class_table_view`).
                let nargs = scrim_class_table_view(call.L, -2, 2)
                if nargs != 0, let error = call.state.enter(nargs: nargs, nresults: 1) {
                    throw LuaRaise(error.message)
                }
                return 1
            }
        }
        lua_getmetatable(call.L, 1)
        lua_getfield(call.L, -1, "__methods")
        lua_getfield(call.L, -1, key)
        return 1
    }

    /// `__newindex` in full: a native property, else (for classes that keep Lua fields) a field
    /// of the instance.
    private func newindex(_ call: LuaCall) throws -> Int32 {
        let object = try receiver(call)
        let key = try call.string(2)
        if let number = setterNumbers[key] {
            try setters.with(Int32(number)) { try $0(object, LuaCall(L: call.L, state: call.state, functionName: key, role: role), 3) }
            return 0
        }
        if getterNumbers[key] != nil { throw LuaRaise("property '\(key)' of \(name) is read-only") }
        if keepsLuaFields, lua_getiuservalue(call.L, 1, 1) == LUA_TTABLE {
            scrim_own_instance_table(call.L, 1)
            lua_pushvalue(call.L, 2)
            lua_pushvalue(call.L, 3)
            lua_rawset(call.L, -3)
            return 0
        }
        throw LuaRaise("\(name) has no property '\(key)'")
    }
}

/// Members of one kind by number, each in a box of its own: a closure read from a box lent for
/// the call is not retained, where one read from an array or a buffer is.
private struct Members<Body> {
    private final class Box {
        let body: Body
        init(_ body: Body) { self.body = body }
    }

    private let boxes: [Box]
    private let unretained: UnsafeMutableBufferPointer<Unmanaged<Box>>

    init(_ bodies: [Body]) {
        boxes = bodies.map(Box.init)
        unretained = .allocate(capacity: boxes.count)
        _ = unretained.initialize(from: boxes.map { Unmanaged.passUnretained($0) })
    }

    func deallocate() { unretained.deallocate() }

    func contains(_ number: Int32) -> Bool { number >= 0 && Int(number) < unretained.count }

    /// Runs `body` with member `number`, which `contains`.
    @inline(__always)
    func with<Result>(_ number: Int32, _ body: (Body) throws -> Result) rethrows -> Result {
        try unretained[Int(number)]._withUnsafeGuaranteedRef { try body($0.body) }
    }
}

private let boundGet: scrim_member_fn = { L, context, object, member in
    Unmanaged<BoundClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.get(L!, object, member) }
}

private let boundSet: scrim_member_fn = { L, context, object, member in
    Unmanaged<BoundClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.set(L!, object, member) }
}

private let boundNumberGet: scrim_number_get_fn = { context, object, member in
    Unmanaged<BoundClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.number(object!, member) }
}

private let boundNumberSet: scrim_number_set_fn = { context, object, member, value in
    Unmanaged<BoundClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.setNumber(object!, member, value) }
}

private let boundObjectGet: scrim_object_get_fn = { context, object, member, key, result in
    Unmanaged<BoundClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.object(object!, member, key, result!) }
}

private let boundCall: scrim_member_fn = { L, context, object, member in
    Unmanaged<BoundClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.call(L!, object, member) }
}
