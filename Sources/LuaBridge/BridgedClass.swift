import CLua
import CLuaBridge

/// How one native type looks from Lua: its properties and methods by UIKit's names.
///
/// Instances are full userdata holding a retained reference; the same native object is
/// always the same Lua value (an identity table with weak values maps objects to userdata),
/// so `a.parent == b` compares identities. Lookup order: native properties, then (for classes
/// that keep Lua fields) the instance and its Lua class, then native methods.
public final class BridgedClass<Object: AnyObject> {
    public typealias Getter = (Object, LuaCall) throws -> Void
    public typealias Setter = (Object, LuaCall, Int32) throws -> Void
    public typealias Method = (Object, LuaCall) throws -> Int32

    public let name: String
    /// The members as the dispatch calls them (`BoundClass`): with the object's address, lent
    /// by its userdata for the call. Made here, where `Object` is known, they need no context
    /// of their own once the declaration is inlined, and calling one retains nothing.
    @usableFromInline package var getters = OrderedMembers<BoundMember.Getter>()
    @usableFromInline package var setters = OrderedMembers<BoundMember.Setter>()
    @usableFromInline package var methods: [(name: String, body: BoundMember.Method)] = []
    /// Number properties' direct accessors (`property(_:number:set:)`), beside their getters
    /// and setters above.
    @usableFromInline package var numberGetters = OrderedMembers<BoundMember.NumberGetter>()
    @usableFromInline package var numberSetters = OrderedMembers<BoundMember.NumberSetter>()
    /// Keyed object methods' keys and direct answers (`method(_:keyedBy:known:returning:)`),
    /// beside their methods above.
    @usableFromInline package var keyedObjects = OrderedMembers<BoundMember.KeyedObject>()
    /// Whether fields that are not native properties may be kept in an instance table (the
    /// userdata's user value), as for controllers made from Lua.
    public var keepsLuaFields = false
    /// Set by `LuaState.register`, which hands the members to the C dispatch: declare every
    /// member before.
    @usableFromInline package var isRegistered = false

    public init(_ name: String) {
        self.name = name
    }

    /// A property; `get` pushes the value, `set` reads it from the given stack index.
    @inlinable
    public func property(_ name: String, get: @escaping Getter, set: Setter? = nil) {
        precondition(!isRegistered, "property '\(name)' declared after \(self.name) was registered")
        getters[name] = { object, call in try Self.lend(object) { try get($0, call) } }
        if let set { setters[name] = { object, call, index in try Self.lend(object) { try set($0, call, index) } } }
        numberGetters[name] = nil
        numberSetters[name] = nil
    }

    /// A property that is one number: `get` reads it and `set` (nil: read-only) writes it, and
    /// neither does anything else — no check that can fail, no Lua, no allocation of Lua
    /// memory. The C dispatch calls them directly, with no host entry around them, so a read
    /// or a write costs little more than an empty C `__index`. A value that is not a number
    /// takes the ordinary setter, which names what is wrong.
    @inlinable
    public func property(_ name: String, number get: @escaping (Object) -> Double, set: ((Object, Double) -> Void)? = nil) {
        property(name, get: { object, call in call.push(number: get(object)) },
                 set: set.map { set in { object, call, index in set(object, try call.number(index)) } })
        numberGetters[name] = { object in Self.lend(object) { get($0) } }
        if let set { numberSetters[name] = { object, value in Self.lend(object) { set($0, value) } } }
    }

    /// A method, called with `:` (stack index 1 is `self`).
    @inlinable
    public func method(_ name: String, _ body: @escaping Method) {
        precondition(!isRegistered, "method '\(name)' declared after \(self.name) was registered")
        methods.removeAll { $0.name == name }
        methods.append((name, { object, call in try Self.lend(object) { try body($0, call) } }))
        keyedObjects[name] = nil
    }

    /// A method that takes a key, one of `keys`, and returns an object or nil
    /// (`ctx:view("to")`). `body` answers any call in full; `known` answers a call with one of
    /// `keys` when it can do so without anything else — no check that can fail, no Lua, no
    /// allocation — or returns nil (outside) for `body` to answer. The C dispatch matches the key
    /// by its interned address, calls `known` directly, with no host entry around it, and pushes
    /// the object's userdata from the identity table; an object without one yet takes `body`.
    @inlinable
    public func method<Key, Result: AnyObject>(_ name: String, keyedBy keys: [(name: StaticString, value: Key)],
                                               known: @escaping (Object, Key) -> Result??,
                                               returning body: @escaping (Object, LuaCall) throws -> Result?) {
        method(name, returning: body)
        keyedObjects[name] = (keys.map(\.name), { object, key in
            Self.lend(object) { known($0, keys[Int(key)].value) }.map { $0.map { Unmanaged.passUnretained($0).toOpaque() } }
        })
    }

    /// The object at `address`, held by its userdata for as long as `body` runs.
    @inlinable
    static func lend<Result>(_ address: UnsafeMutableRawPointer, _ body: (Object) throws -> Result) rethrows -> Result {
        try Unmanaged<Object>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
    }

    /// A method that takes no arguments and returns nothing (`view:layoutIfNeeded()`).
    @inlinable
    public func action(_ name: String, _ body: @escaping (Object) -> Void) {
        method(name) { object, _ in
            body(object)
            return 0
        }
    }

    /// A method that takes one bridged object of `type` (named `expected` in errors) and
    /// returns nothing (`view:bringSubviewToFront(other)`).
    @inlinable
    public func action<Argument: AnyObject>(_ name: String, taking type: Argument.Type, expected: String,
                                            _ body: @escaping (Object, Argument) -> Void) {
        method(name) { object, call in
            body(object, try call.object(2, type, expected: expected))
            return 0
        }
    }

    // The property helpers below take closures (`{ $0.containerView }`), not key paths: a key
    // path is made at run time on first use (some 30,000 instructions each, a tenth of making
    // the first runtime) and read through generic code on every access.

    /// A boolean property that `get` reads and `set` writes; assigning nil assigns `nilMeans`.
    @inlinable
    public func property(_ name: String, _ get: @escaping (Object) -> Bool, set: @escaping (Object, Bool) -> Void, nilMeans: Bool) {
        property(name, get: { object, call in lua_pushboolean(call.L, get(object) ? 1 : 0) },
                 set: { object, call, index in set(object, try call.bool(index, default: nilMeans)) })
    }

    /// A method whose result goes back to Lua: a value, or a bridged object or nil.
    @inlinable
    public func method<Result: LuaPushable>(_ name: String, returning body: @escaping (Object, LuaCall) throws -> Result) {
        method(name) { object, call in
            try body(object, call).push(to: call.state)
            return 1
        }
    }

    @inlinable
    public func method<Result: AnyObject>(_ name: String, returning body: @escaping (Object, LuaCall) throws -> Result?) {
        method(name) { object, call in
            call.state.push(object: try body(object, call))
            return 1
        }
    }

    /// A read-only property that `get` reads: a bridged object, or nil.
    @inlinable
    public func property<Value: AnyObject>(_ name: String, _ get: @escaping (Object) -> Value?) {
        property(name, get: { object, call in call.state.push(object: get(object)) })
    }

    /// A read-only property that `get` reads: a boolean.
    @inlinable
    public func property(_ name: String, _ get: @escaping (Object) -> Bool) {
        property(name, get: { object, call in lua_pushboolean(call.L, get(object) ? 1 : 0) })
    }

    /// Takes every member of `parent`, a class of a superclass of `Object`.
    @inlinable
    public func inherit<Parent: AnyObject>(from parent: BridgedClass<Parent>) {
        precondition(!isRegistered, "\(name) inherits from \(parent.name) after it was registered")
        precondition(Object.self is Parent.Type, "\(name) inherits from \(parent.name), which it is not a subclass of")
        // An object's address is its address as an instance of its superclass.
        getters.inherit(parent.getters)
        setters.inherit(parent.setters)
        // The parent's members win, number properties or not: a number accessor of the child's
        // that the parent declares otherwise goes, so the C dispatch and the host agree.
        if !numberGetters.isEmpty {
            for name in parent.getters.names where parent.numberGetters[name] == nil { numberGetters[name] = nil }
        }
        if !numberSetters.isEmpty {
            for name in parent.setters.names where parent.numberSetters[name] == nil { numberSetters[name] = nil }
        }
        numberGetters.inherit(parent.numberGetters)
        numberSetters.inherit(parent.numberSetters)
        guard !methods.isEmpty else {
            methods = parent.methods
            keyedObjects = parent.keyedObjects
            return
        }
        for (key, body) in parent.methods {
            methods.removeAll { $0.name == key }
            methods.append((key, body))
            keyedObjects[key] = parent.keyedObjects[key]
        }
    }
}

/// What the state knows of a dynamic type it has pushed objects of (`LuaState.kind(of:)`).
@usableFromInline
package struct BoundKind {
    /// The index of its class in `LuaState.classes`, or -1: none.
    let `class`: Int
    let isAnchored: Bool
    let isCompanioned: Bool
    let reportsDeparture: Bool
}

/// What the state keeps of a registered class: its metatable, and type-specific checks. Public
/// only so that `LuaState.register`, inlined where a class is registered, makes them for the
/// class's own type.
public struct BridgedClassEntry {
    @usableFromInline package let metatable: String
    /// The metatable's registry reference, for pushing it without looking up its name.
    @usableFromInline package var metatableReference: Int32 = 0
    /// The class's C dispatch (`BoundObjects.h`): the tag of its objects' userdata.
    @usableFromInline package var dispatch: OpaquePointer?
    @usableFromInline package let matches: (AnyObject) -> Bool
    /// Whether the object in a userdata slot has no strong reference but the userdata's.
    /// (`isKnownUniquelyReferenced` needs the class type: through `AnyObject` it answers false.)
    @usableFromInline package let isOnlyHeldByLua: (UnsafeMutableRawPointer) -> Bool

    @inlinable
    public init<Object: AnyObject>(_ type: Object.Type, metatable: String) {
        self.metatable = metatable
        matches = { $0 is Object }
        isOnlyHeldByLua = { isKnownUniquelyReferenced(&$0.assumingMemoryBound(to: Object.self).pointee) }
    }
}
