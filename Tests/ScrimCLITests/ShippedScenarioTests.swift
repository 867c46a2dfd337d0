import Foundation
import Testing

/// Every shipped plugin has a scenario in `Scripts/`; each runs clean and says what it shows.
@Suite struct ShippedScenarioTests {
    static let expectations: [(script: String, lines: [String])] = [
        ("cross-dissolve", ["[0.217] card, half-way         alpha 0.54", "card presented:\tfalse", "top:\thome"]),
        ("slide", ["[0.183] panel, half-way          x  -196.5  y     0.0", "selected:\tnav"]),
        ("half-sheet", ["[1.017] released at 60 points          y  486.0  height  426.0",
                        "[3.017] large                          y   60.0  height  792.0", "presented:\tfalse"]),
        ("zoom", ["[0.033] photo, first frame             20.0  120.0  100.0 x  100.0  radius 12.0",
                  "presented:\tfalse\tthumbnail hidden:\tfalse"]),
        ("card-stack", ["[0.617] library, behind              15.7   34.1  361.6 x  783.8  radius 10.0",
                        "library presents:\tfalse"]),
        ("popover-bubble", ["[0.450] menu, shown               497.0   94.0  250.0 x  180.0  alpha 1.00",
                            "still a bubble:\tfalse"]),
        ("circular-reveal", ["[0.233] half-way               circle  -84.6  354.4  851.3 x  851.3  radius  425.6"]),
        ("checkerboard", ["[0.433] 20 of 40 old tiles folded, 20 of 40 new still folded", "top:\tlist"]),
        ("swipe-tabs", ["[1.017] cancelled                          selected home     x     0.0",
                        "[3.517] selected                           selected library  x     0.0"]),
        ("page-container", ["a second change while this one runs:\tfalse", "children:\t1\twelcome"]),
        ("lifecycle-logger", ["[ 0.033]   inbox          viewDidDisappear         animated=false",
                              "[ 0.050] compose          viewWillLayoutSubviews", "-- quiet"]),
    ]

    @Test(arguments: expectations.map(\.script))
    func theScenarioRunsCleanly(script: String) throws {
        let scratch = Scratch()
        let trace = scratch.url.appendingPathComponent("trace.jsonl").path
        let result = try Scrim.run(["run", "Scripts/\(script).lua", "--trace", trace])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for expected in Self.expectations.first(where: { $0.script == script })!.lines {
            #expect(lines.contains(expected), "\(script): no line \(expected.debugDescription) in\n\(result.stdout)")
        }
        let events = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(!events.contains(#""event":"scriptError""#))
    }

    @Test func everyShippedPluginHasAScenario() throws {
        let plugins = try FileManager.default.contentsOfDirectory(atPath: Scrim.packageRoot.appendingPathComponent("Plugins").path)
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        #expect(plugins == Self.expectations.map(\.script).sorted())
    }
}
