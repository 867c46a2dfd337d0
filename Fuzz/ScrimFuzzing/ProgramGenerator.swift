import Foundation

/// Writes hostile Lua programs against the documented surface (`LuaSurface`): each statement
/// makes an object, calls a method or a global function, sets or reads a property, or runs
/// frames, with values that are sometimes right and often not — NaN, infinities, 1e308, -1, 0,
/// 2^53, empty and long strings, invalid UTF-8, wrong types, nil, objects of the wrong class,
/// the receiver itself or its relatives (cycles on purpose) — and callbacks that do the same from
/// inside the runtime's callbacks (re-entrancy). Every statement runs under `pcall`, so an
/// error only ends that statement: what must hold is that the host survives.
///
/// The same seed writes the same program.
public struct ProgramGenerator {
    public let surface: LuaSurface
    private var random: SeededRandom
    /// What each slot of the pool `o` was given, by the class the surface declares (nil: not
    /// known); the prelude's first.
    private var slots: [String?] = Self.preludeSlots
    private static let preludeSlots: [String?] = ["Window", "ViewController", "NavigationController", "ViewController"]
    private var depth = 0
    private var classCount = 0
    /// Hostile values the statement being written may still take: most statements are well
    /// formed, to reach deep states; two in five take one hostile value, to test the checks.
    private var hostileLeft = 0

    /// Classes whose objects the runtime makes (the pool holds them); the others are values
    /// (`Rect`) or tables a script writes (`TransitioningDelegate`).
    private static let constructors = ["ViewController", "View", "NavigationController", "TabBarController",
                                       "SplitViewController", "PropertyAnimator", "TapGestureRecognizer",
                                       "PanGestureRecognizer", "ScreenEdgePanGestureRecognizer"]
    /// Functions that end the program or its process rather than test the host.
    private static let skipped: Set<String> = ["scrim.plugin"]

    public init(surface: LuaSurface, seed: UInt64) {
        self.init(surface: surface, random: SeededRandom(seed: seed))
    }

    /// A generator whose choices come from `random` (libFuzzer's bytes, `SeededRandom(choices:)`).
    public init(surface: LuaSurface, random: SeededRandom) {
        self.surface = surface
        self.random = random
    }

    /// A program of `count` statements, after a prelude that gives it the pool `o` (with the
    /// window in slot 1) and `try`, which runs a statement under `pcall`.
    public mutating func program(statements count: Int) -> [String] {
        slots = Self.preludeSlots
        return (0..<count).map { _ in statement() }
    }

    /// One statement as a chunk of its own, for `eval` and the REPL over the socket: the pool is
    /// the global `o` there.
    mutating func statementText() -> String {
        "o = o or { window } local function try(f) pcall(f) end " + statement()
    }

    /// The pool `o` starts with the window, a root controller on screen, and a navigation
    /// controller around a third.
    public static let prelude = """
        local o = { window, ViewController{ name = "root" } }
        o[4] = ViewController{ name = "top" }
        o[3] = NavigationController{ name = "nav", root = o[4] }
        window.rootViewController = o[2]
        step(1)
        local function try(f) pcall(f) end
        """

    // MARK: Statements

    private mutating func statement() -> String {
        let outer = hostileLeft
        defer { hostileLeft = outer }
        hostileLeft = random.below(5) < 2 ? 1 : 0
        let body: String
        switch random.below(100) {
        case 0..<16: body = make()
        case 16..<48: body = callMethod()
        case 48..<60: body = setField()
        case 60..<70: body = readField()
        case 70..<82: body = callFunction()
        case 82..<88: body = cycle()
        default: body = "step(\(random.below(30)))"
        }
        return "try(function() \(body) end)"
    }

    private mutating func make() -> String {
        let name = random.pick(Self.constructors)
        let slot = newSlot(name)
        let props = surface.functions.first { $0.path == name }?.parameters.first?.type
        return "o[\(slot)] = \(name)(\(table(for: name, declared: props)))"
    }

    /// A constructor's table: a few of the class's fields (and of the declared record's).
    private mutating func table(for className: String, declared: LuaType?) -> String {
        var fields = surface.allFields(of: className).filter { !Self.readOnly.contains($0.name) }
        if case .record(let members)? = unwrapped(declared) { fields += members }
        guard !fields.isEmpty else { return "{}" }
        var entries = ["name = \(quote("n\(slots.count)"))"]
        for _ in 0..<random.below(4) {
            let field = random.pick(fields)
            entries.append("\(field.name) = \(value(field.type))")
        }
        return "{ " + entries.joined(separator: ", ") + " }"
    }

    private mutating func callMethod() -> String {
        guard let (slot, className) = someObject() else { return make() }
        let methods = surface.allMethods(of: className)
        guard !methods.isEmpty else { return readField() }
        let method = random.pick(methods)
        let arguments = method.parameters.map { argument(for: $0, receiver: slot) }
        return "o[\(slot)]:\(method.path)(\(arguments.joined(separator: ", ")))"
    }

    private mutating func setField() -> String {
        guard let (slot, className) = someObject() else { return make() }
        let fields = surface.allFields(of: className).filter { !Self.readOnly.contains($0.name) }
        guard !fields.isEmpty else { return callMethod() }
        let field = random.pick(fields)
        return "o[\(slot)].\(field.name) = \(value(field.type, receiver: slot))"
    }

    /// Reads a property; one that holds an object joins the pool (a presentation controller, a
    /// coordinator, a parent), with the class the surface declares for it.
    private mutating func readField() -> String {
        guard let (slot, className) = someObject() else { return make() }
        let fields = surface.allFields(of: className)
        guard !fields.isEmpty else { return "local _ = o[\(slot)]" }
        let field = random.pick(fields)
        let target = newSlot(objectClass(of: field.type))
        return "o[\(target)] = o[\(slot)].\(field.name)"
    }

    private mutating func callFunction() -> String {
        let functions = surface.functions.filter { !Self.skipped.contains($0.path) && !Self.constructors.contains($0.path) }
        let function = random.pick(functions)
        let arguments = function.parameters.map { argument(for: $0, receiver: nil) }
        return "\(function.path)(\(arguments.joined(separator: ", ")))"
    }

    /// An operation aimed at making a cycle: an object put inside itself or its own relatives.
    private mutating func cycle() -> String {
        let controllers = slotsOf(kind: "ViewController")
        let views = slotsOf(kind: "View")
        guard let a = controllers.randomElement(using: &random), let b = controllers.randomElement(using: &random) else {
            guard let v = views.randomElement(using: &random), let w = views.randomElement(using: &random) else { return make() }
            return "o[\(v)]:addSubview(o[\(w)]) o[\(w)]:addSubview(o[\(v)])"
        }
        switch random.below(8) {
        case 0: return "o[\(a)].view:addSubview(o[\(b)].view) o[\(b)]:addChild(o[\(a)])"
        case 1: return "o[\(a)]:addChild(o[\(b)]) o[\(b)]:addChild(o[\(a)])"
        case 2: return "o[\(a)]:present(o[\(b)], \(bool())) o[\(b)]:present(o[\(a)], \(bool()))"
        case 3: return "o[\(a)]:present(o[\(a)], \(bool()))"
        case 4: return "o[\(a)]:show(o[\(b)]) o[\(b)]:show(o[\(a)])"
        case 5: return "o[\(a)].view:addSubview(window) window.rootViewController = o[\(a)]"
        case 6: return "local n = NavigationController{ root = o[\(a)] } o[\(a)].view:addSubview(n.view) o[\(b)]:present(n, \(bool()))"
        default: return "o[\(b)]:addChild(o[\(a)]) o[\(a)]:present(o[\(b)], \(bool())) window.rootViewController = o[\(a)]"
        }
    }

    // MARK: Values

    private mutating func argument(for parameter: LuaSurface.Member, receiver: Int?) -> String {
        parameter.name == "..." ? value(.any) : value(parameter.type, receiver: receiver)
    }

    /// A value for `type`, or, while the statement may take one, a hostile value.
    private mutating func value(_ type: LuaType, receiver: Int? = nil) -> String {
        if hostileLeft > 0, random.below(2) == 0 {
            hostileLeft -= 1
            return hostile(receiver: receiver)
        }
        switch type {
        case .any: return hostile(receiver: receiver)
        case .number: return number()
        case .integer: return random.below(2) == 0 ? String(random.below(5) - 1) : number()
        case .boolean: return bool()
        case .string: return string()
        case .table: return random.below(2) == 0 ? "{}" : "{ \(value(.any)), x = \(value(.any)) }"
        case .function: return callback()
        case .literal(let text): return quote(text)
        case .array(let element): return "{ " + (0..<random.below(4)).map { _ in value(element, receiver: receiver) }.joined(separator: ", ") + " }"
        case .record(let fields):
            let entries = fields.filter { _ in random.below(4) != 0 }.map { "\($0.name) = \(value($0.type, receiver: receiver))" }
            return "{ " + entries.joined(separator: ", ") + " }"
        case .union(let members): return value(random.pick(members), receiver: receiver)
        case .optional(let wrapped): return random.below(5) == 0 ? "nil" : value(wrapped, receiver: receiver)
        case .named(let name): return named(name, receiver: receiver)
        }
    }

    private mutating func named(_ name: String, receiver: Int?) -> String {
        if let alias = surface.aliases[name] {
            return name == "Color" ? random.pick([quote("#ff000080"), quote("red"), quote("#12"), quote("clear")]) : value(alias, receiver: receiver)
        }
        switch name {
        case "Point": return "point(\(number()), \(number()))"
        case "Size": return "size(\(number()), \(number()))"
        case "Rect": return "rect(\(number()), \(number()), \(number()), \(number()))"
        case "Transform": return random.pick(["scrim.transform.rotation(\(number()))", "scrim.transform.scale(\(number()), \(number()))", "scrim.transform.identity"])
        case "TransitioningDelegate": return transitioningDelegate()
        case "AdaptivePresentationDelegate": return interfaceTable(name)
        case "Animator": return "\(luaAnimatorBase()).new()"
        case "PresentationController", "SheetPresentationController", "PopoverPresentationController":
            return objectOrHostile(kind: name, receiver: receiver)
        case "Class": return random.pick(["scrim.ViewController", "scrim.Animator", "scrim.PresentationController", luaAnimatorBase()])
        default: return objectOrHostile(kind: name, receiver: receiver)
        }
    }

    /// An object of the pool of class `kind`: often the receiver or one of its relatives.
    private mutating func objectOrHostile(kind: String, receiver: Int?) -> String {
        if let receiver, random.below(4) == 0 {
            return random.pick(["o[\(receiver)]", "o[\(receiver)].parent", "o[\(receiver)].superview",
                                "o[\(receiver)].presentingViewController", "o[\(receiver)].view"])
        }
        let candidates = slotsOf(kind: kind)
        guard let slot = candidates.randomElement(using: &random) else { return hostile(receiver: receiver) }
        return "o[\(slot)]"
    }

    private mutating func hostile(receiver: Int?) -> String {
        switch random.below(9) {
        case 0, 1: return number()
        case 2: return string()
        case 3: return "nil"
        case 4: return "{}"
        case 5: return callback()
        case 6: return bool()
        default:
            guard !slots.isEmpty else { return "nil" }
            return "o[\(random.below(slots.count) + 1)]"
        }
    }

    private mutating func number() -> String {
        random.pick(["0", "-1", "1", "0.5", "2", "10", "100", "1e308", "-1e308", "(0/0)", "math.huge", "-math.huge",
                     "2^53", "2^63", "math.mininteger", "math.maxinteger", "3600", "1e-300", "-0.0", "1.5", "320", "0.25"])
    }

    private mutating func bool() -> String { random.pick(["true", "false"]) }

    private mutating func string() -> String {
        random.pick([quote(""), quote("x"), quote("fullScreen"), quote("custom"), quote("half-sheet"), quote("\u{1}"),
                     "'\\xff\\xfe'", "string.rep('a', 100000)", quote("../../etc/passwd"), quote("/tmp"),
                     quote("n1"), quote("push"), quote("end"), quote("medium")])
    }

    private func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: Callbacks and classes a script writes

    /// A function that keeps its arguments in the pool and runs a few statements of its own
    /// (at most two callbacks deep), returning something or nothing.
    private mutating func callback() -> String {
        guard depth < 2 else { return random.pick(["function() end", "print", "error"]) }
        depth += 1
        defer { depth -= 1 }
        let kept = newSlot(nil)
        var body = ["o[\(kept)] = a"]
        for _ in 0..<random.below(3) { body.append(statement()) }
        if random.below(3) == 0 { body.append("return \(hostile(receiver: nil))") }
        return "function(a, b, c) " + body.joined(separator: " ") + " end"
    }

    private mutating func interfaceTable(_ name: String) -> String {
        let fields = surface.allFields(of: name)
        let chosen = fields.filter { _ in random.below(2) == 0 }.map { "\($0.name) = \(callback())" }
        return "{ " + chosen.joined(separator: ", ") + " }"
    }

    /// A transitioning delegate whose methods return a presentation controller, an animator, an
    /// interaction controller, or something else.
    private mutating func transitioningDelegate() -> String {
        var entries: [String] = []
        if random.below(2) == 0 {
            entries.append("presentationController = function(_, presented, presenting) "
                           + "return \(random.pick(["scrim.PresentationController.new(presented, presenting)", hostile(receiver: nil)])) end")
        }
        if random.below(2) == 0 {
            entries.append("animationControllerForPresented = function() return \(luaAnimatorBase()).new() end")
        }
        if random.below(2) == 0 {
            entries.append("animationControllerForDismissed = function() return \(luaAnimatorBase()).new() end")
        }
        if random.below(3) == 0 {
            entries.append("interactionControllerForPresentation = function() return \(random.pick(["scrim.PercentDrivenInteractiveTransition.new()", hostile(receiver: nil)])) end")
        }
        return "{ " + entries.joined(separator: ", ") + " }"
    }

    /// An animator class made on the spot: its duration hostile or not, its `animateTransition`
    /// keeping the context, doing a few things, and completing the transition or not.
    private mutating func luaAnimatorBase() -> String {
        classCount += 1
        let context = newSlot("TransitionContext")
        var body = ["o[\(context)] = ctx"]
        if depth < 2 {
            depth += 1
            for _ in 0..<random.below(3) { body.append(statement()) }
            depth -= 1
        }
        switch random.below(4) {
        case 0: break
        case 1: body.append("animate(\(number()), function() end, function() ctx:completeTransition(\(bool())) end)")
        default: body.append("ctx:completeTransition(\(bool()))")
        }
        return "(function() local A = scrim.Animator:extend(\(quote("A\(classCount)"))) "
            + "function A:transitionDuration() return \(number()) end "
            + "function A:animateTransition(ctx) \(body.joined(separator: " ")) end return A end)()"
    }

    // MARK: The pool

    private static let readOnly: Set<String> = ["super", "__name"]

    private mutating func newSlot(_ className: String?) -> Int {
        slots.append(className)
        return slots.count
    }

    private mutating func someObject() -> (Int, String)? {
        let known = slots.indices.compactMap { index in slots[index].map { (index + 1, $0) } }
        return known.randomElement(using: &random)
    }

    private func slotsOf(kind: String) -> [Int] {
        slots.indices.filter { slots[$0].map { surface.isClass($0, kindOf: kind) } ?? false }.map { $0 + 1 }
    }

    private func objectClass(of type: LuaType) -> String? {
        switch unwrapped(type) {
        case .named(let name)? where surface.classes[name] != nil: name
        default: nil
        }
    }

    private func unwrapped(_ type: LuaType?) -> LuaType? {
        if case .optional(let wrapped)? = type { return unwrapped(wrapped) }
        return type
    }
}

/// SplitMix64: small, fast, and the same sequence for the same seed on every machine. Made from
/// bytes (`init(choices:)`), it gives those first, one per number, so that each byte makes one
/// choice of a generator (`below` takes it modulo its bound) and libFuzzer's mutations of the
/// bytes change choices one at a time; past them it goes on from a seed the bytes give.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    private var choices: [UInt8] = []
    private var used = 0

    public init(seed: UInt64) { state = seed }

    public init(choices: [UInt8]) {
        self.choices = choices
        state = choices.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// The seed for another generator that goes with this one.
    public var derivedSeed: UInt64 { state ^ 0xD1B5_4A32_D192_ED03 }

    public mutating func next() -> UInt64 {
        if used < choices.count {
            used += 1
            return UInt64(choices[used - 1])
        }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
