import Foundation
import LuaBridge
import Testing

/// Scrim's own chunks are compiled once a process has parsed them twice (`BuiltInChunks`):
/// what a later state loads compiled must run exactly as the text does.
@Suite struct BuiltInChunksTests {
    /// What `source` returns, as strings, in each of four new states, loaded as a built-in
    /// chunk named `chunkName`.
    func answers(of source: String, named chunkName: String, results: Int32) -> [[String]] {
        (0..<4).map { _ in
            let lua = LuaState()
            let top = lua.top
            guard lua.load(builtIn: source, chunkName: chunkName) == nil,
                  lua.protectedCall(nargs: 0, nresults: results) == nil else { return ["failed"] }
            defer { lua.top = top }
            return (1...results).map { lua.string(at: top + $0) ?? "nil" }
        }
    }

    @Test func aCompiledChunkRunsAsItsTextDoes() {
        let name = "=[built-in test \(UUID().uuidString.prefix(8))]"
        let source = """
            local function fail(x)
              error("bad " .. x)
            end
            local info = debug.getinfo(fail, "S")
            local ok, message = pcall(fail, "value")
            return info.source, tostring(info.linedefined), message, debug.traceback("here", 1)
            """
        let answers = answers(of: source, named: name, results: 4)
        #expect(BuiltInChunks.hasCompiled(name))
        #expect(answers[0][0] == name && answers[0][1] == "1")
        #expect(answers[0][2] == "\(name.dropFirst()):2: bad value")
        #expect(answers[0][3].contains("\(name.dropFirst()):6: in main chunk"), "\(answers[0][3])")
        #expect(answers.allSatisfy { $0 == answers[0] }, "\(answers)")
    }

    @Test func anotherTextUnderTheSameNameIsCompiledForItself() {
        let name = "=[built-in test \(UUID().uuidString.prefix(8))]"
        #expect(answers(of: "return 'first'", named: name, results: 1).allSatisfy { $0 == ["first"] })
        #expect(answers(of: "return 'second'", named: name, results: 1).allSatisfy { $0 == ["second"] })
    }
}
