// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Scrim",
    products: [
        .library(name: "ScrimCore", targets: ["ScrimCore"]),
        .library(name: "ScrimLua", targets: ["ScrimLua"]),
        .executable(name: "scrim", targets: ["ScrimCLI"]),
        .executable(name: "scrim-benchmarks", targets: ["ScrimBenchmarks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        .target(name: "ScrimCore"),
        .target(name: "ScrimLua", dependencies: ["CLua", "ScrimCore"]),
        .executableTarget(
            name: "ScrimCLI",
            dependencies: [
                "ScrimCore", "ScrimLua", "CLibedit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "ScrimBenchmarks", dependencies: ["ScrimCore", "ScrimLua"], path: "Benchmarks/ScrimBenchmarks"),
        .testTarget(name: "ScrimCoreTests", dependencies: ["ScrimCore"]),
        .testTarget(name: "ScrimLuaTests", dependencies: ["ScrimLua", "CLua"]),
        .testTarget(name: "ScrimCLITests", dependencies: ["ScrimCLI"]),
    ]
)
