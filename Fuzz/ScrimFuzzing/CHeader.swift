import Foundation

/// The C ABI as `scrim.h` declares it: each function's name, result and parameters. The C ABI
/// fuzzer calls what this lists, so a function added to the header is fuzzed, or its missing
/// binding fails the tests, without anyone remembering to.
public struct CHeader: Sendable {
    /// A parameter: its C type as written, with spaces around `*` normalised (`char **`), and its name.
    public struct Parameter: Sendable, Equatable {
        public let type: String
        public let name: String

        public init(type: String, name: String) {
            self.type = type
            self.name = name
        }
    }

    public struct Function: Sendable {
        public let name: String
        public let result: String
        public let parameters: [Parameter]
    }

    public private(set) var functions: [Function] = []

    /// Reads the function declarations of `source`: lines of the form `type scrim_name(…);`.
    public init(source: String) {
        for line in source.split(separator: "\n") {
            guard let open = line.firstIndex(of: "("), line.hasSuffix(");"),
                  let start = line[..<open].range(of: "scrim_", options: .backwards)?.lowerBound else { continue }
            let result = Self.normalised(line[..<start])
            let name = String(line[start..<open])
            guard !result.isEmpty, !result.hasPrefix("typedef"), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            let list = line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -2)]
            let parameters: [Parameter] = list.trimmingCharacters(in: .whitespaces) == "void" ? [] : list.split(separator: ",").map { text in
                let words = text.trimmingCharacters(in: .whitespaces)
                let nameStart = words.lastIndex { !($0.isLetter || $0.isNumber || $0 == "_") }.map { words.index(after: $0) } ?? words.startIndex
                return Parameter(type: Self.normalised(words[..<nameStart]), name: String(words[nameStart...]))
            }
            functions.append(Function(name: name, result: result, parameters: parameters))
        }
    }

    /// `const char *`, `char **`: words apart, stars together after one space.
    private static func normalised(_ text: Substring) -> String {
        let stars = text.filter { $0 == "*" }.count
        let words = text.replacingOccurrences(of: "*", with: " ").split(separator: " ").joined(separator: " ")
        return stars == 0 ? words : words + " " + String(repeating: "*", count: stars)
    }

    /// The header of the Scrim source tree this fuzzer was built from.
    public static func shipped() throws -> CHeader {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Sources/CScrim/include/scrim.h").path
        return CHeader(source: try String(contentsOfFile: path, encoding: .utf8))
    }
}
