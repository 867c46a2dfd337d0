import Foundation
@testable import ScrimLua
import ScrimTesting
import Testing

/// Runs every Lua block of `docs/writing-plugins.md` in order: a block starting
/// `-- Plugins/<name>.lua` is saved as that plugin (a later block replaces it), a block starting
/// `-- tests/<name>_test.lua` is saved and its tests run as `scrim test` runs them, any other block
/// runs as a scenario in a new runtime that finds those plugins first. What a scenario prints
/// must match its `-->` comments, and it must raise nothing and trace no script error; every
/// test must pass, recording its snapshot once and matching it after. The page's commands —
/// `scrim check` and `luacheck` — run on the finished plugin.
@Suite struct WritingPluginsTutorialTests {
    static let blocks: [String] = {
        let path = URL(fileURLWithPath: PluginManager.shippedPluginsDirectory!).deletingLastPathComponent()
            .appendingPathComponent("docs/writing-plugins.md").path
        let text = try! String(contentsOfFile: path, encoding: .utf8)
        var blocks: [String] = [], current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```lua" { current = [] } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else { current?.append(line) }
        }
        return blocks
    }()

    static func normalized(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    @Test func everyBlockRunsAndPrintsWhatItSays() throws {
        #expect(Self.blocks.count >= 9)
        let folder = TemporaryFolder()
        var scenarios = 0, tests = 0
        for block in Self.blocks {
            let firstLine = block.prefix { $0 != "\n" }
            if firstLine.hasPrefix("-- Plugins/") {
                folder.write(String(firstLine.dropFirst(3)), block)
                continue
            }
            if firstLine.hasPrefix("-- tests/") {
                let file = folder.write(String(firstLine.dropFirst(3)), block)
                let runner = TestRunner(makeRuntime: {
                    Runtime(pluginPaths: [folder.path + "/Plugins", PluginManager.shippedPluginsDirectory!])
                })
                for run in 1...2 {
                    let results = runner.run(file: file)
                    #expect(results.count >= 3 && results.allSatisfy { $0.outcome == .passed },
                            "run \(run): \(results.map { TestReport.line(for: $0) })")
                    #expect(results.flatMap(\.snapshotsWritten).count == (run == 1 ? 1 : 0))
                }
                tests += 1
                continue
            }
            scenarios += 1
            let h = Harness(pluginPaths: [folder.path + "/Plugins", PluginManager.shippedPluginsDirectory!])
            try h.run("""
                printed = {}
                function print(...)
                  local parts = {}
                  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
                  printed[#printed + 1] = table.concat(parts, "\\t")
                end
                """)
            do {
                try h.run(block)
            } catch {
                Issue.record("scenario \(scenarios) failed: \(error)\n\(block)")
                continue
            }
            let expected = block.split(separator: "\n").compactMap { line -> String? in
                guard line.contains("print("), let range = line.range(of: "--> ") else { return nil }
                return Self.normalized(String(line[range.upperBound...]))
            }
            let printed = try h.run("return table.concat(printed, '\\n')").first ?? ""
            let lines = printed.isEmpty ? [] : printed.split(separator: "\n", omittingEmptySubsequences: false).map { Self.normalized(String($0)) }
            #expect(lines == expected, "scenario \(scenarios)")
            #expect(h.scriptErrors.isEmpty, "scenario \(scenarios): \(h.scriptErrors)")
        }
        #expect(scenarios >= 5)
        #expect(tests == 1)

        let finished = folder.path + "/Plugins/bottom-card.lua"
        let report = PluginCheck.check(path: finished, searchPaths: [PluginManager.shippedPluginsDirectory!])
        #expect(report.passed && report.version == "0.4", "scrim check: \(report.problems)")
        if let luacheck = ["/usr/bin/luacheck", "/usr/local/bin/luacheck"].first(where: FileManager.default.isExecutableFile) {
            let root = URL(fileURLWithPath: PluginManager.shippedPluginsDirectory!).deletingLastPathComponent()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: luacheck)
            process.arguments = ["--no-color", "--config", root.appendingPathComponent(".luacheckrc").path, finished]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "luacheck: \(text)")
        }
    }
}
