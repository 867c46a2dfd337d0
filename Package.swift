// swift-tools-version:6.0
import PackageDescription

/// Every Swift target says what it uses: a member of another module's type is visible only where
/// that module is imported.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "Scrim",
    products: [
        .library(name: "ScrimCore", targets: ["ScrimCore"]),
        .library(name: "ScrimLua", targets: ["ScrimLua"]),
        .library(name: "ScrimControl", targets: ["ScrimControl"]),
        .library(name: "ScrimRender", targets: ["ScrimRender"]),
        // The C ABI: libCScrim.so with include/scrim.h, for hosts in C and other languages.
        .library(name: "CScrim", type: .dynamic, targets: ["CScrim"]),
        .executable(name: "scrim", targets: ["ScrimCLI"]),
        // The hostile API fuzzer (docs/robustness.md).
        .executable(name: "scrim-api-fuzz", targets: ["ScrimAPIFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // `swift package generate-documentation` (make docs): the DocC reference of ScrimCore, LuaBridge, ScrimLua and ScrimControl.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The benchmark harness behind `scrim bench`: adaptive iteration counts, warm-up, samples.
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .systemLibrary(
            name: "CLibedit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // zlib, for the tests that read the browser's PNG screenshots.
        .systemLibrary(name: "CZlib", path: "Tests/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The Lua bridge's C half: the limits (budget, watchdog, memory cap), the message
        // handler, native calls, and the standard library's long calls within the budget.
        .target(name: "CLuaBridge", dependencies: ["CLua"]),
        // The sandbox's C half: opening files beneath a folder, and the source checks.
        .target(name: "CSandbox"),
        .target(name: "ScrimCore"),
        // A Lua state for Swift: protected calls, references, errors, limits, bound objects.
        // Its Lua is in Resources/*.lua (luacheck and LuaLS read them), compiled in.
        .target(
            name: "LuaBridge",
            dependencies: ["CLua", "CLuaBridge"],
            resources: [.embedInCode("Resources/budgeted-library.lua"), .embedInCode("Resources/system-lua-fixes.lua")]
        ),
        .target(
            name: "ScrimLua",
            dependencies: ["CLua", "CLuaBridge", "CSandbox", "LuaBridge", "ScrimCore"],
            resources: ["prelude", "sandbox", "read-only-views", "check", "completion"].map { .embedInCode("Resources/\($0).lua") }
        ),
        // The control socket, its protocol, the REPL sessions and the runtime's thread: the
        // runtime served to other threads and processes, through `ControlHost`.
        .target(name: "ScrimControl", dependencies: ["LuaBridge", "ScrimCore", "ScrimLua", "ScrimTesting"]),
        .target(name: "ScrimRender", dependencies: ["ScrimCore"]),
        // `scrim test`: test files found and run, each test in a runtime of its own, snapshots
        // of frames, JUnit reports. Its Lua (test, describe, expect …) is Resources/testing.lua.
        .target(
            name: "ScrimTesting",
            dependencies: ["CLua", "LuaBridge", "ScrimCore", "ScrimLua", "ScrimRender"],
            resources: [.embedInCode("Resources/testing.lua")]
        ),
        .target(name: "CScrim", dependencies: ["LuaBridge", "ScrimControl", "ScrimCore", "ScrimLua"], exclude: ["include", "scrim.pc.in"]),
        // The live preview's web server, apart so that the runtime and renderer stay small.
        .target(
            name: "ScrimPreview",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]
        ),
        .executableTarget(
            name: "ScrimCLI",
            dependencies: [
                "LuaBridge", "ScrimControl", "ScrimCore", "ScrimLua", "ScrimRender", "ScrimTesting", "ScrimPreview", "ScrimBenchmarks", "CLibedit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "ScrimFuzzing", dependencies: ["LuaBridge", "ScrimControl", "ScrimCore", "ScrimLua", "CScrim"], path: "Fuzz/ScrimFuzzing"),
        .executableTarget(
            name: "ScrimAPIFuzz",
            dependencies: ["ScrimFuzzing", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Fuzz/APIFuzz"
        ),
        .systemLibrary(name: "CMalloc", path: "Benchmarks/CMalloc"),
        // The benchmarks `scrim bench` runs: each measured against a baseline in the same run.
        .target(
            name: "ScrimBenchmarks",
            dependencies: ["LuaBridge", "ScrimCore", "ScrimLua", "CLua", "CLuaBridge", "CMalloc", .product(name: "Benchmark", package: "swift-benchmark")],
            path: "Benchmarks/ScrimBenchmarks"
        ),
        .testTarget(name: "ScrimCoreTests", dependencies: ["ScrimCore"]),
        // ScrimAPIFuzz: the tests run `scrim-api-fuzz` workers.
        .testTarget(name: "ScrimLuaTests", dependencies: ["LuaBridge", "ScrimControl", "ScrimLua", "ScrimTesting", "CLua", "CLuaBridge", "CSandbox", "ScrimFuzzing", "ScrimAPIFuzz"]),
        .testTarget(name: "ScrimControlTests", dependencies: ["LuaBridge", "ScrimControl", "ScrimCore", "ScrimLua"]),
        .testTarget(name: "ScrimRenderTests", dependencies: ["ScrimRender", "ScrimCore"]),
        .testTarget(name: "ScrimTestingTests", dependencies: ["ScrimTesting", "ScrimLua", "ScrimRender", "ScrimCore"]),
        .testTarget(
            name: "ScrimPreviewTests",
            dependencies: ["ScrimPreview", .product(name: "HummingbirdWSClient", package: "hummingbird-websocket")]
        ),
        .testTarget(name: "ScrimCLITests", dependencies: ["ScrimCLI", "ScrimRender", "ScrimCore", "LuaBridge", "ScrimLua", "ScrimBenchmarks", "CZlib"]),
    ]
)

for target in package.targets where target.type != .system && !["CLuaBridge", "CSandbox"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
