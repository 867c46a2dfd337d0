// The libFuzzer entry point (`make fuzz`): the target comes from SCRIM_FUZZ_TARGET — one of
// the byte readers (`FuzzTarget`), or a program generator driven by the input (`ChoiceHarness`).
import Foundation
import ScrimFuzzing

nonisolated(unsafe) private var run: (([UInt8]) throws -> Void)?

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["SCRIM_FUZZ_TARGET"] ?? "control"
    do {
        if let target = FuzzTarget(rawValue: name) {
            let harness = try FuzzHarness()
            run = { try harness.run(target, $0) }
        } else if let target = ChoiceHarness.Target(rawValue: name) {
            let harness = try ChoiceHarness()
            run = { try harness.run(target, $0) }
        } else {
            let names = FuzzTarget.allCases.map(\.rawValue) + ChoiceHarness.Target.allCases.map(\.rawValue)
            fputs("SCRIM_FUZZ_TARGET must be one of \(names), not '\(name)'\n", stderr)
            exit(2)
        }
    } catch {
        fputs("scrim-fuzz: \(error)\n", stderr)
        exit(2)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        try run!(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        fputs("scrim-fuzz: \(error)\n", stderr)
        abort()
    }
    return 0
}
