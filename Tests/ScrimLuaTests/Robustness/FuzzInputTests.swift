import Foundation
import ScrimFuzzing
import ScrimLua
import Testing

/// Generated inputs for what reads untrusted bytes — control-socket lines, saved state, plugin
/// source — through the checks the libFuzzer driver uses (`Fuzz/ScrimFuzzing`): the committed
/// corpus, then seeded mutations of it (bit flips, bytes inserted, deleted and repeated, runs
/// spliced from other inputs and from a dictionary of the formats' tokens, truncation).
/// `make fuzz` runs libFuzzer on the same targets; what it finds is added here.
@Suite(.serialized) struct FuzzInputTests {
    static let corpusFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus").path

    /// The committed corpus; for plugin source, the shipped plugins too.
    static func corpus(_ target: FuzzTarget) throws -> [[UInt8]] {
        var folders = [corpusFolder + "/" + target.rawValue]
        if target == .pluginSource { folders.append(PluginManager.shippedPluginsDirectory!) }
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { $0.hasSuffix(".lua") || $0.hasSuffix(".json") }
                .map { Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) }
        }
    }

    static let dictionary: [String] = [
        "{", "}", "[", "]", "\"", ":", ",", "null", "true", "false", "-1", "1e308", "0.5", "\\u0000", "\\ud800",
        "\"jsonrpc\":\"2.0\"", "\"id\":", "\"method\":", "\"params\":", "\"tick\"", "\"advance\"", "\"trace\"",
        "\"subscribe\"", "\"since\":", "\"frames\":", "\"$controller\"", "\"path\":", "\"state\":", "\"controllers\"",
        "function", "end", "return", "local", "scrim.plugin", "extend", "error(", "while true do end", "setmetatable",
        "string.rep('x', 1 << 20)", "\u{0}", "\u{FF}", "🎬",
    ].map { $0 }

    /// Each input of the corpus, then `count` mutations of it.
    @Test(arguments: FuzzTarget.allCases)
    func generatedInputsKeepEveryCheck(_ target: FuzzTarget) throws {
        let count = ProcessInfo.processInfo.environment["SCRIM_FUZZ_INPUTS"].flatMap(Int.init) ?? 5000
        let corpus = try Self.corpus(target)
        let harness = try FuzzHarness()
        var generator = SeededGenerator(seed: 0xF022 &+ UInt64(target.rawValue.utf8.count))
        var inputs = corpus
        for _ in 0..<count {
            inputs.append(Self.mutate(corpus[Int(generator.next() % UInt64(corpus.count))], corpus: corpus, using: &generator))
        }
        for input in inputs {
            do {
                try harness.run(target, input)
            } catch {
                Issue.record("\(target.rawValue): \(error)\ninput: \(String(decoding: input, as: UTF8.self).debugDescription)")
                return
            }
        }
    }

    /// The program generators driven by bytes, as libFuzzer drives them: the same bytes choose
    /// the same program, other bytes another, and random bytes' programs keep every check.
    @Test(arguments: ChoiceHarness.Target.allCases)
    func bytesChooseProgramsThatKeepEveryCheck(_ target: ChoiceHarness.Target) throws {
        let harness = try ChoiceHarness()
        var generator = SeededGenerator(seed: 0xC401CE)
        let inputs = (0..<20).map { _ in (0..<Int(generator.next() % 600)).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
        #expect(harness.program(target, inputs[0]) == harness.program(target, inputs[0]))
        #expect(harness.program(target, inputs[0]) != harness.program(target, inputs[0].map { $0 ^ 1 }))
        for input in inputs {
            do {
                try harness.run(target, input)
            } catch {
                Issue.record("\(target.rawValue): \(error)")
                return
            }
        }
    }

    static func mutate(_ input: [UInt8], corpus: [[UInt8]], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0...(generator.next() % 4) {
            let at = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count + 1))
            switch generator.next() % 7 {
            case 0 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] ^= UInt8(1 << (generator.next() % 8))
            case 1:
                bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: at)
            case 2 where !bytes.isEmpty:
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(generator.next() % 8)))
            case 3:
                let token = dictionary[Int(generator.next() % UInt64(dictionary.count))]
                bytes.insert(contentsOf: Array(token.utf8), at: at)
            case 4:
                let other = corpus[Int(generator.next() % UInt64(corpus.count))]
                let start = other.isEmpty ? 0 : Int(generator.next() % UInt64(other.count))
                bytes.insert(contentsOf: other[start..<min(other.count, start + 1 + Int(generator.next() % 40))], at: at)
            case 5:
                bytes = Array(bytes.prefix(at))
            default:
                let start = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
                let run = bytes[start..<min(bytes.count, start + 1 + Int(generator.next() % 16))]
                bytes.insert(contentsOf: run, at: at)
            }
        }
        return bytes
    }
}
