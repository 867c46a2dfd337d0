/// What one runtime's Lua code may use (design section 7): an instruction budget per callback
/// and a memory cap for the whole state. Going past either stops the callback with an error —
/// reported as a `scriptError` — never the host.
///
/// The budget is counted in Lua instructions, not time, so a run stops a runaway callback at
/// the same line every time. It runs from the host's outermost call into Lua (a lifecycle
/// override, a hook, an animator method, a plugin's main chunk); a scenario script's own
/// top-level code has none. The cap applies while callbacks run Lua code; the host's own work
/// is never refused memory.
public struct LuaLimits: Equatable, Sendable {
    /// Lua instructions one callback may run; nil for no budget.
    public var instructionBudget: Int?
    /// Bytes the state may hold; nil for no cap.
    public var memoryCap: Int?

    public init(instructionBudget: Int?, memoryCap: Int?) {
        self.instructionBudget = instructionBudget
        self.memoryCap = memoryCap
    }

    /// On by default: 10 million instructions per callback (tens of milliseconds of Lua), 256 MB.
    public static let standard = LuaLimits(instructionBudget: 10_000_000, memoryCap: 256 << 20)
    /// No limits (`--no-limits`), for debugging exactly as UIKit would run.
    public static let none = LuaLimits(instructionBudget: nil, memoryCap: nil)

    /// `bytes` as `256 MB`, `512 KB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
