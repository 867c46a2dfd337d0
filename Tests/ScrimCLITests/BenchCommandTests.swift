import Foundation
import ScrimBenchmarks
import Testing

/// `scrim bench`: CI runs every benchmark once in quick mode (a smoke test: no timing is
/// asserted), and the table, the JSON and the comparison are checked on fixed figures.
@Suite struct BenchCommandTests {
    static let ids = [
        "hook-dispatch", "hook-dispatch.native", "hook-dispatch.c-api", "hook-dispatch.c-api-limits",
        "transition-cycle", "transition-cycle.floor", "animation-tick", "animation-tick.floor",
        "property-access.frame", "property-access.alpha-read", "property-access.alpha",
        "property-access.context-view", "property-access.c-index", "property-access.c-newindex", "property-access.c-method",
        "property-access.c-index-checked", "property-access.c-method-checked", "property-access.new-rect",
        "reload-latency.p50", "reload-latency.p99", "start-up", "start-up.process", "start-up.runtime", "scale.memory", "scale.memory.lua", "scale.layout", "trace-writing",
        "limits.loop0", "limits.loop1000",
    ]

    @Test func everyBenchmarkRunsInQuickMode() throws {
        let scratch = Scratch()
        let result = try Scrim.run(["bench", "--quick", "--json", "figures.json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try BenchmarkReport.read(from: scratch.url.appendingPathComponent("figures.json").path)
        #expect(report.quick)
        // Skipped only where the machine cannot: no lua5.4, or (under a sanitizer) no heap counters.
        let allowed = ["start-up: lua5.4 is not installed", "scale: the allocator does not report heap use"]
        #expect(report.skipped.allSatisfy { skip in allowed.contains { skip.hasPrefix($0) } }, "\(report.skipped)")
        #expect(report.findings.map(\.id) == Self.ids.filter { id in
            !report.skipped.contains { $0.hasPrefix(id.split(separator: ".")[0] + ":") }
        })
        for finding in report.findings {
            #expect(finding.value.isFinite && finding.value > 0, "\(finding.id): \(finding.value)")
            #expect(finding.ratio.map { $0.isFinite && $0 > 0 } ?? true, "\(finding.id)")
        }
        #expect(report.findings.filter { $0.target != nil }.map(\.id) == [
            "hook-dispatch", "transition-cycle", "animation-tick", "property-access.frame", "property-access.alpha-read",
            "property-access.alpha", "property-access.context-view", "reload-latency.p50", "reload-latency.p99",
            "start-up", "scale.memory", "trace-writing", "limits.loop0", "limits.loop1000",
        ].filter { id in report.findings.contains { $0.id == id } })
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("benchmark") == true)
        #expect(lines.last == "figures written to figures.json")
        for finding in report.findings { #expect(result.stdout.contains(finding.title)) }
        // Progress goes to standard error, one line as each benchmark starts and ends.
        #expect(result.stderr.contains("[1/9] hook-dispatch: a lifecycle event to a Lua hook…"))
        #expect(result.stderr.contains("[9/9] limits done in"))
    }

    @Test func tableShowsRatiosNextToTargetsAndTheChangeSinceAnEarlierRun() throws {
        let earlier = BenchmarkReport(scrimVersion: "0.9.0", date: "2026-11-20T10:00:00Z", quick: false, build: "release",
                                      machine: "Linux", findings: [
                                          .cost("hook-dispatch", "hook dispatch", 300, unit: "ns", against: "raw lua_pcall", 15, target: 2),
                                          Finding(id: "reload-latency.p50", title: "reload p50", value: 8, unit: "ms", target: .value(20)),
                                      ])
        var now = earlier
        now.date = "2026-11-21T10:00:00Z"
        now.findings = [
            .cost("hook-dispatch", "hook dispatch", 225, unit: "ns", against: "raw lua_pcall", 15, target: 2),
            Finding(id: "reload-latency.p50", title: "reload p50", value: 6.25, unit: "ms", target: .value(20)),
            .cost("scale.layout", "layout pass", 1680, unit: "ns", against: "made in Swift", 588),
        ]
        now.skipped = ["start-up: lua5.4 is not installed (apt-get install lua5.4)"]
        #expect(now.table(comparedWith: earlier) == """
            benchmark      measured  baseline            ratio  target          change since 2026-11-20
            --------------------------------------------------------------------------------------------
            hook dispatch  225 ns    raw lua_pcall 15.0  15.0×  ≤ 2×    MISSED  20.0× → 15.0× (−25%)
            reload p50     6.25 ms                              ≤ 20    met     8.00 ms → 6.25 ms (−22%)
            layout pass    1680 ns   made in Swift 588   2.86×                  new
            skipped: start-up: lua5.4 is not installed (apt-get install lua5.4)
            """)
        let decoded = try JSONDecoder().decode(BenchmarkReport.self, from: now.json())
        #expect(decoded.findings == now.findings)
        let json = String(decoding: try now.json(), as: UTF8.self)
        #expect(json.contains("\"target\" : {\n        \"ratio\" : 2\n      }"))
    }

    @Test func compareReadsTheEarlierRunBeforeWritingOverIt() throws {
        let scratch = Scratch()
        let first = try Scrim.run(["bench", "--quick", "--only", "trace", "--json", "run.json"], in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Scrim.run(["bench", "--quick", "--only", "trace", "--compare", "run.json", "--json", "run.json"],
                                   in: scratch.url)
        #expect(second.status == 0, "\(second.stderr)")
        let header = try #require(second.stdout.split(separator: "\n").first)
        #expect(header.contains("change since "))
        let row = try #require(second.stdout.split(separator: "\n").first { $0.hasPrefix("trace writing") })
        #expect(row.contains("× → ") && row.hasSuffix("%)"))
    }

    @Test func badOptionsAndFilesAreNamed() throws {
        let scratch = Scratch()
        let missing = try Scrim.run(["bench", "--compare", "missing.json"], in: scratch.url)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("--compare: cannot read 'missing.json'"))

        scratch.write("garbage.json", "{ not json")
        let garbage = try Scrim.run(["bench", "--compare", "garbage.json"], in: scratch.url)
        #expect(garbage.status != 0)
        #expect(garbage.stderr.contains("--compare: 'garbage.json' is not a report written by `scrim bench --json`"))

        let nothing = try Scrim.run(["bench", "--quick", "--only", "nothing"], in: scratch.url)
        #expect(nothing.status != 0)
        #expect(nothing.stderr.contains("no benchmark matches nothing; there are hook-dispatch, transition-cycle,"))

        let time = try Scrim.run(["bench", "--min-time", "0"], in: scratch.url)
        #expect(time.status != 0)
        #expect(time.stderr.contains("--min-time must be above 0 and at most 60, got 0.0"))

        let list = try Scrim.run(["bench", "--list"], in: scratch.url)
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
                == BenchmarkCatalog.all.map(\.id))
    }
}
