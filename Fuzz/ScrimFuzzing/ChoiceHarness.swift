/// libFuzzer driving the hostile program generators: its input is the generators' choices
/// (`SeededRandom(choices:)`), so coverage guides which calls, values and callbacks a program
/// has. Each input is a program run as the API fuzzer runs one, against fresh runtimes.
public final class ChoiceHarness {
    public enum Target: String, CaseIterable, Sendable {
        /// A Lua program with its control-socket lines (`APIFuzzer`).
        case luaProgram = "api"
        /// A sequence of C ABI calls (`CABIFuzzer`).
        case cCalls = "c-abi"
    }

    private let api: APIFuzzer
    private let cABI: CABIFuzzer

    public init() throws {
        let surface = try LuaSurface.shipped()
        api = APIFuzzer(surface: surface)
        cABI = try CABIFuzzer(header: try CHeader.shipped(), surface: surface)
    }

    /// The program `bytes` choose for `target`.
    public func program(_ target: Target, _ bytes: [UInt8]) -> String {
        switch target {
        case .luaProgram: api.source(choices: bytes)
        case .cCalls: cABI.source(choices: bytes)
        }
    }

    /// Runs the program `bytes` choose; throws what it broke.
    public func run(_ target: Target, _ bytes: [UInt8]) throws(FuzzFailure) {
        let source = program(target, bytes)
        let broken = switch target {
        case .luaProgram: api.run(source)
        case .cCalls: cABI.run(source)
        }
        if let broken { throw FuzzFailure(description: broken + "\nprogram:\n" + source) }
    }
}
