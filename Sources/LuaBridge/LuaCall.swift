import CLua

/// The arguments of a native function call, with checks that throw Lua-style errors:
/// `bad argument #2 to 'View:insertSubview' (number expected, got nil)`.
///
/// For a method (a name with `:`), stack index 1 is `self` and argument numbers count from
/// the next one, as Lua's own messages do.
public struct LuaCall {
    @usableFromInline package let L: OpaquePointer
    /// Not retained: a call lives only while the state runs it, and retaining the state on
    /// every property access and method call was a measurable share of their cost. (Reading
    /// `state` across a call into other code retains it: hot members push through the call.)
    @usableFromInline let owner: Unmanaged<LuaState>
    public var state: LuaState { owner.takeUnretainedValue() }
    /// Who is called, for the wording of errors; a bound member's name is looked up only then.
    @usableFromInline let callee: Callee

    @usableFromInline
    enum Callee {
        case named(String, Role)
        /// Member `number` of a bound class (see `BoundClass.name(of:_:)`).
        case member(Unmanaged<BoundClass>, BoundClass.Kind, Int32)
    }

    /// The function, method (`View:addSubview`) or property (`alpha`) called.
    public var functionName: String {
        switch callee {
        case .named(let name, _): return name
        case .member(let cls, let kind, let number): return cls._withUnsafeGuaranteedRef { $0.name(of: kind, number) }
        }
    }

    /// What is being checked, for the wording of errors.
    public var role: Role {
        switch callee {
        case .named(_, let role): return role
        case .member(let cls, let kind, _): return kind == .method ? .function : cls._withUnsafeGuaranteedRef { $0.role }
        }
    }

    public enum Role {
        /// A function or method: `bad argument #n to 'name' (…)`.
        case function
        /// A property of `type`, `functionName` being the property: `bad value for 'View.alpha' (…)`.
        case property(of: String)
        /// A field of a constructor's table, `functionName` being the field: `bad field 'alpha' in 'View' (…)`.
        case field(constructor: String)
    }

    @usableFromInline
    package init(L: OpaquePointer, state: LuaState, functionName: String, role: Role = .function) {
        self.L = L
        owner = Unmanaged.passUnretained(state)
        callee = .named(functionName, role)
    }

    @usableFromInline
    init(L: OpaquePointer, state: LuaState, callee: Callee) {
        self.L = L
        owner = Unmanaged.passUnretained(state)
        self.callee = callee
    }

    /// Pushes `number` as `LuaState.push(number:)` does, without reading `state`.
    @inlinable
    public func push(number: Double) { LuaState.push(number: number, on: L) }

    package var isMethod: Bool { functionName.contains(":") }

    /// The number of values passed.
    public var count: Int32 { lua_gettop(L) }

    /// The argument number Lua users see for stack index `index`.
    package func argumentNumber(_ index: Int32) -> Int32 { isMethod ? index - 1 : index }

    /// Throws when an object already keeps `LuaLimits.mostCallbacksPerObject` callbacks of
    /// the kind `what` names.
    public func checkRoom(_ count: Int, for what: String) throws {
        guard count < LuaLimits.mostCallbacksPerObject else {
            throw LuaError(message: "\(functionName): at most \(LuaLimits.mostCallbacksPerObject) \(what) per object")
        }
    }

    public func argumentError(_ index: Int32, _ message: String) -> LuaRaise {
        switch role {
        case .property(let type): return LuaRaise("bad value for '\(type).\(functionName)' (\(message))")
        case .field(let constructor): return LuaRaise("bad field '\(functionName)' in '\(constructor)' (\(message))")
        case .function: break
        }
        if isMethod && index == 1 {
            return LuaRaise("calling '\(functionName)' on bad self (\(message))")
        }
        return LuaRaise("bad argument #\(argumentNumber(index)) to '\(functionName)' (\(message))")
    }

    public func typeError(_ index: Int32, expected: String) -> LuaRaise {
        argumentError(index, "\(expected) expected, got \(state.typeName(at: index))")
    }

    public func isNil(_ index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }

    public func number(_ index: Int32) throws -> Double {
        var isNumber: Int32 = 0
        let value = scrim_tonumber(L, index, &isNumber)
        guard isNumber != 0, lua_type(L, index) == LUA_TNUMBER else { throw typeError(index, expected: "number") }
        return value
    }

    public func optionalNumber(_ index: Int32) throws -> Double? {
        isNil(index) ? nil : try number(index)
    }

    /// An integral number within ±2^53 (so that what callers compute from it cannot overflow).
    public func integer(_ index: Int32) throws -> Int {
        let value = try number(index)
        guard value == value.rounded() else { throw argumentError(index, "number has no integer representation") }
        guard abs(value) <= 0x1p53 else { throw argumentError(index, "integer out of range (at most 2^53 either way)") }
        return Int(value)
    }

    /// The value named by the string at `index`, when it is one of `names` (an enumeration's
    /// raw values: "from", "to"), compared as bytes where Lua keeps them, so no Swift string is
    /// made; nil for any other value, which the caller reads the ordinary way for its error.
    @inlinable
    public func choice<Value>(_ index: Int32, among names: [(name: StaticString, value: Value)]) -> Value? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = scrim_tostring(L, index, &length) else { return nil }
        for (name, value) in names {
            let matches = name.withUTF8Buffer { name in
                name.count == length && name.indices.allSatisfy { UInt8(bitPattern: bytes[$0]) == name[$0] }
            }
            if matches { return value }
        }
        return nil
    }

    public func string(_ index: Int32) throws -> String {
        guard let value = state.string(at: index) else { throw typeError(index, expected: "string") }
        return value
    }

    public func optionalString(_ index: Int32) throws -> String? {
        isNil(index) ? nil : try string(index)
    }

    /// The longest name, title or identifier an object keeps: the host holds it for the
    /// object's life and writes it into every trace event about it.
    public static let longestName = 1024

    /// A name, title or identifier, at most `longestName` bytes.
    public func name(_ index: Int32) throws -> String {
        let name = try string(index)
        guard name.utf8.count <= Self.longestName else {
            throw argumentError(index, "a name of \(name.utf8.count) bytes is longer than \(Self.longestName)")
        }
        return name
    }

    /// A name, title or identifier, or nil for nil.
    public func optionalName(_ index: Int32) throws -> String? {
        isNil(index) ? nil : try name(index)
    }

    /// A boolean argument; nil or absent gives `defaultValue`.
    public func bool(_ index: Int32, default defaultValue: Bool) throws -> Bool {
        if isNil(index) { return defaultValue }
        guard lua_type(L, index) == LUA_TBOOLEAN else { throw typeError(index, expected: "boolean") }
        return lua_toboolean(L, index) != 0
    }

    public func function(_ index: Int32) throws -> LuaRef {
        guard lua_type(L, index) == LUA_TFUNCTION else { throw typeError(index, expected: "function") }
        lua_pushvalue(L, index)
        return LuaRef(popping: state)
    }

    public func optionalFunction(_ index: Int32) throws -> LuaRef? {
        isNil(index) ? nil : try function(index)
    }

    public func table(_ index: Int32) throws {
        guard lua_type(L, index) == LUA_TTABLE else { throw typeError(index, expected: "table") }
    }

    /// The bridged native object at `index`, of type `T` (named `expected` in errors).
    @inlinable
    public func object<T: AnyObject>(_ index: Int32, _ type: T.Type, expected: String) throws -> T {
        guard let object = try state.object(at: index) as? T else { throw typeError(index, expected: expected) }
        return object
    }

    @inlinable
    public func optionalObject<T: AnyObject>(_ index: Int32, _ type: T.Type, expected: String) throws -> T? {
        isNil(index) ? nil : try object(index, type, expected: expected)
    }
}
