import CLuaBridge

/// What one runtime's Lua code may use (docs/plugins.md, "Limits"): an
/// instruction budget and a time limit per turn, and a memory cap for the whole state. Going
/// past one stops the code with an error — reported as a `scriptError` — never the host.
///
/// A turn is one entry from the host into Lua code (a callback, a hook, a main chunk, an
/// evaluation, a metamethod the host calls) with everything it runs. Counting instructions
/// makes Lua check every instruction, so a turn is counted only once it has run longer than a
/// slice (5 ms): most turns end sooner and run at full speed. Long native work — pattern
/// matching, frames run from Lua — is charged to the budget as it goes. The time limit is the
/// watchdog's: a turn that runs longer by the wall clock is stopped whatever it is doing.
public struct LuaLimits: Equatable, Sendable {
    /// Lua instructions one turn may run once counted; nil for no budget.
    public var instructionBudget: Int?
    /// Bytes the state may hold; nil for no cap.
    public var memoryCap: Int?
    /// Seconds one turn may run by the wall clock (the frames it runs from Lua not included);
    /// nil for no watchdog.
    public var timeLimit: Double?

    public init(instructionBudget: Int?, memoryCap: Int?, timeLimit: Double? = LuaLimits.standardTimeLimit) {
        self.instructionBudget = instructionBudget
        self.memoryCap = memoryCap
        self.timeLimit = timeLimit
    }

    /// The watchdog's default: 2 seconds.
    public static let standardTimeLimit: Double? = 2

    /// On by default: 10 million instructions per turn (tens of milliseconds of Lua), 256 MB, 2 s.
    public static let standard = LuaLimits(instructionBudget: 10_000_000, memoryCap: 256 << 20)
    /// No limits (`--no-limits`), for debugging exactly as UIKit would run.
    public static let none = LuaLimits(instructionBudget: nil, memoryCap: nil, timeLimit: nil)

    /// Instructions an entry, or a call of `run` or `step`, costs the turn that causes it.
    public static let entryCost = Int(SCRIM_ENTRY_COST)
    /// Instructions each frame that Lua runs costs its turn: an hour of frames at 120 fps fits
    /// the standard budget many times over, while frame loops still count.
    public static let frameCost = 1
    /// The most callbacks one object keeps (a coordinator's alongside animations and
    /// interaction handlers, an animator's completions and waiting animation blocks, a
    /// recognizer's targets): each is called in a turn of its own, so a loop registering them
    /// without end would make the host call, and report, without end.
    public static let mostCallbacksPerObject = 1_000
    /// The most clock time one `run` or `step` may cover.
    public static let longestRun: Double = 3600
}
