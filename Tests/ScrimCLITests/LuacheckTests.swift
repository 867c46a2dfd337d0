import Foundation
import Testing

/// The shipped Lua — plugins, scenarios and the runtime's own Lua — passes luacheck (Debian's
/// lua-check) with the shipped `.luacheckrc`.
@Suite struct LuacheckTests {
    static let luacheck: String? = ["/usr/bin/luacheck", "/usr/local/bin/luacheck"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Skipped only outside CI when luacheck is not installed (`make test` installs it).
    @Test(.enabled(if: luacheck != nil || ProcessInfo.processInfo.environment["CI"] == "true",
                   "luacheck is not installed (Debian's lua-check; `make test` installs it)"))
    func theShippedLuaPassesLuacheck() throws {
        let executable = try #require(Self.luacheck, "luacheck is not installed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--no-color", "--codes", "Plugins", "Scripts", "Sources/LuaBridge/Resources", "Sources/ScrimLua/Resources",
                             "Sources/ScrimTesting/Resources"]
        process.currentDirectoryURL = Scrim.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("0 warnings / 0 errors"))
    }
}
