import Foundation

/// What one `scrim bench` run found, as printed and as written to JSON for later comparison.
public struct BenchmarkReport: Codable, Sendable {
    public var scrimVersion: String
    /// When the run started, ISO 8601.
    public var date: String
    /// Whether it ran in quick mode (few iterations: a smoke test, not figures to keep).
    public var quick: Bool
    /// `release` or `debug`: debug figures say little.
    public var build: String
    /// The kernel, architecture and processor count.
    public var machine: String
    public var findings: [Finding]
    /// Benchmarks that could not run, and why.
    public var skipped: [String]

    public init(scrimVersion: String, date: String, quick: Bool, build: String, machine: String,
                findings: [Finding] = [], skipped: [String] = []) {
        self.scrimVersion = scrimVersion
        self.date = date
        self.quick = quick
        self.build = build
        self.machine = machine
        self.findings = findings
        self.skipped = skipped
    }

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a report written by `json()`; the error names the file.
    public static func read(from path: String) throws -> BenchmarkReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read '\(path)'")
        }
        do {
            return try JSONDecoder().decode(BenchmarkReport.self, from: data)
        } catch {
            throw BenchmarkError("'\(path)' is not a report written by `scrim bench --json`: \(error)")
        }
    }

    /// The findings as a table: each figure, its baseline, the ratio next to its target, and
    /// with `previous`, how each changed since that run.
    public func table(comparedWith previous: BenchmarkReport? = nil) -> String {
        var rows = [["benchmark", "measured", "baseline", "ratio", "target", ""]]
        if let previous { rows[0].append("change since \(previous.date.prefix(10))") }
        for finding in findings {
            var row: [String] = [finding.title, formatted(finding.value) + " " + finding.unit]
            row.append(finding.baseline.map { baseline in baseline.label + " " + formatted(baseline.value) } ?? "")
            row.append(finding.ratio.map { ratio in formatted(ratio) + "×" } ?? "")
            row.append(finding.target.map(describe) ?? "")
            row.append(finding.meetsTarget.map { met in met ? "met" : "MISSED" } ?? "")
            if let previous {
                row.append(change(of: finding, since: previous.findings.first { $0.id == finding.id }))
            }
            rows.append(row)
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        lines.insert(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)), at: 1)
        for reason in skipped { lines.append("skipped: \(reason)") }
        return lines.joined(separator: "\n")
    }

    private func describe(_ target: Finding.Target) -> String {
        switch target {
        case .ratio(let bound): return "≤ \(String(format: "%g", bound))×"
        case .value(let bound): return "≤ \(String(format: "%g", bound))"
        }
    }

    /// The change of the figure a finding is judged by (its ratio, else its value).
    private func change(of finding: Finding, since earlier: Finding?) -> String {
        guard let earlier else { return "new" }
        let (now, then, suffix) = finding.ratio != nil && earlier.ratio != nil
            ? (finding.ratio!, earlier.ratio!, "×")
            : (finding.value, earlier.value, " \(finding.unit)")
        guard then != 0 else { return "\(formatted(then))\(suffix) → \(formatted(now))\(suffix)" }
        let percent = (now / then - 1) * 100
        let sign = percent >= 0 ? "+" : "−"
        return "\(formatted(then))\(suffix) → \(formatted(now))\(suffix) (\(sign)\(String(format: "%.0f", abs(percent)))%)"
    }
}

/// A figure with three significant digits, without exponents: 0.0123, 1.23, 12.3, 1234.
func formatted(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let magnitude = abs(value)
    if magnitude >= 100 || magnitude == 0 { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 1 { return String(format: "%.2f", value) }
    let decimals = min(6, 2 - Int(log10(magnitude).rounded(.down)))
    return String(format: "%.\(decimals)f", value)
}

/// A benchmark that cannot run or a report that cannot be read.
public struct BenchmarkError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
