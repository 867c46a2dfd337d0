/// A fuzzer whose programs a seed writes and a `FuzzSupervisor` runs in worker processes: the
/// Lua surface's (`APIFuzzer`) and the C ABI's (`CABIFuzzer`). A program's text is its prelude,
/// its statements one per line, and a suffix; shrinking removes statements only.
public protocol HostileFuzzer {
    /// What every program starts with.
    var prelude: String { get }
    /// The statements of `seed`'s program.
    func statements(seed: UInt64) -> [String]
    /// What `seed`'s program ends with, after its statements.
    func suffix(seed: UInt64) -> String
    /// Runs a program's text; returns what broke, or nil.
    func run(_ source: String) -> String?
}

extension HostileFuzzer {
    /// The program of `seed`.
    public func source(seed: UInt64) -> String {
        program(statements(seed: seed), seed: seed)
    }

    /// The program of `seed` with `statements` in place of its own (for shrinking).
    public func program(_ statements: [String], seed: UInt64) -> String {
        prelude + "\n" + statements.joined(separator: "\n") + "\n" + suffix(seed: seed)
    }
}
