import ScrimCore
import ScrimRender

/// Test results as JUnit XML, the report CI services read: a `<testsuite>` per test file, a
/// `<testcase>` per test with its file and line, a `<failure>` with the message and where it
/// was raised, `<skipped/>` for a skipped test. Times are the virtual clock's: the seconds of
/// UIKit time each test ran, the same on every machine.
public enum JUnitReport {
    public static func xml(_ results: [TestResult]) -> String {
        var files: [String] = []
        var byFile: [String: [TestResult]] = [:]
        for result in results {
            if byFile[result.file] == nil { files.append(result.file) }
            byFile[result.file, default: []].append(result)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"scrim test\"\(counts(results))>\n"
        for file in files {
            let cases = byFile[file]!
            out += "  <testsuite name=\(attribute(file))\(counts(cases))>\n"
            for result in cases {
                out += "    <testcase name=\(attribute(result.name)) classname=\(attribute(file)) file=\(attribute(file))"
                out += " line=\"\(result.line)\" time=\"\(time(result.clockTime))\""
                switch result.outcome {
                case .passed:
                    out += "/>\n"
                case .skipped:
                    out += ">\n      <skipped/>\n    </testcase>\n"
                case .failed(let failure):
                    let firstLine = failure.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
                    var body = failure.description
                    if !failure.traceback.isEmpty { body += "\n" + failure.traceback }
                    if let page = failure.snapshotPage { body += "\n" + page }
                    out += ">\n      <failure message=\(attribute(firstLine)) type=\"failure\">\(text(body))</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    private static func counts(_ results: [TestResult]) -> String {
        let failures = results.filter { $0.failure != nil }.count
        let skipped = results.filter { $0.outcome == .skipped }.count
        let seconds = results.reduce(0) { $0 + $1.clockTime }
        return " tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(time(seconds))\""
    }

    private static func time(_ seconds: Double) -> String {
        formatNumber((seconds * 1e6).rounded() / 1e6)
    }

    /// `value` quoted as an XML attribute, its line breaks kept.
    static func attribute(_ value: String) -> String {
        "\"" + xmlEscaped(value, keepingWhitespace: true) + "\""
    }

    static func text(_ value: String) -> String {
        xmlEscaped(value)
    }
}
