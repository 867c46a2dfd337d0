// The libFuzzer entry point (`make fuzz`): the target comes from SCRIM_FUZZ_TARGET.
import Foundation
import ScrimFuzzing

nonisolated(unsafe) private var harness: FuzzHarness?
nonisolated(unsafe) private var target = FuzzTarget.controlLine

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["SCRIM_FUZZ_TARGET"] ?? "control"
    guard let chosen = FuzzTarget(rawValue: name) else {
        fputs("SCRIM_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue)), not '\(name)'\n", stderr)
        exit(2)
    }
    target = chosen
    harness = try! FuzzHarness()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        try harness!.run(target, Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        fputs("scrim-fuzz: \(error)\n", stderr)
        abort()
    }
    return 0
}
