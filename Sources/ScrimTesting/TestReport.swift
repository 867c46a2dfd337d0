import ScrimCore
import ScrimLua

/// How `scrim test` and the REPL's `:test` show results: a line per test — `ok`, `FAIL` with
/// why on the lines below it, `skip` — and a summary.
public enum TestReport {
    /// A result as one line (and, for a failure, the lines that say why, indented).
    public static func line(for result: TestResult) -> String {
        let file = printable(PluginManager.displayPath(result.file))
        let place = result.line > 0 ? "\(file):\(result.line)" : file
        switch result.outcome {
        case .passed:
            return "ok    \(place)  \(printable(result.name))  (\(formatNumber((result.clockTime * 1000).rounded() / 1000)) s)"
        case .skipped:
            return "skip  \(place)  \(printable(result.name))"
        case .failed(let failure):
            let detail = failure.description.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "      " + printable(String($0)) }.joined(separator: "\n")
            return "FAIL  \(place)  \(printable(result.name))\n\(detail)"
        }
    }

    /// `text` with control characters (a terminal's escapes, a carriage return, a line break in a
    /// name) written as `\u{1B}`, so that what a test names cannot redraw the report.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `2 passed, 1 failed, 1 skipped (4 tests in 2 files); 1 snapshot written`.
    public static func summary(of results: [TestResult], files: Int, filteredOut: Int = 0) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let passed = results.filter { $0.outcome == .passed }.count
        let failed = results.filter { $0.failure != nil }.count
        let skipped = results.filter { $0.outcome == .skipped }.count
        let written = results.reduce(0) { $0 + $1.snapshotsWritten.count }
        var summary = "\(passed) passed, \(failed) failed"
        if skipped > 0 { summary += ", \(skipped) skipped" }
        if filteredOut > 0 { summary += ", \(filteredOut) filtered out" }
        summary += " (\(count(results.count, "test")) in \(count(files, "file")))"
        if written > 0 { summary += "; \(count(written, "snapshot")) written" }
        return summary
    }
}
