import CLuaBridge

extension LuaState {
    /// Makes SIGINT (Ctrl-C) interrupt Lua code that runs inside `interruptibly`, as `lua5.4`
    /// does: the running code fails with `interrupted!` at its next instruction, and frames it
    /// runs stop. Outside it a SIGINT is only counted (`interruptSignals`). For interactive
    /// hosts; process-wide.
    public static func handleInterrupts() -> Bool {
        scrim_interrupt_install() == 0
    }

    /// How many SIGINTs have arrived since `handleInterrupts`.
    public static var interruptSignals: Int { Int(scrim_interrupt_signals()) }

    /// Runs `body` with this state the target of Ctrl-C.
    public func interruptibly<Result>(_ body: () -> Result) -> Result {
        scrim_interrupt_arm(limitsRecord)
        defer { scrim_interrupt_arm(nil) }
        return body()
    }
}
