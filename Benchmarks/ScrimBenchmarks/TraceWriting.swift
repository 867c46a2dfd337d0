#if canImport(Glibc)
import Glibc
#endif
import ScrimCore

/// The trace written as it is recorded — what `scrim run --trace FILE` does — at 1,000,000
/// events, against writing the same number of ready-made lines of the same length. Both go to
/// /dev/null through C's buffered streams: what is measured is Scrim's work, not the disk's.
enum TraceWriting {
    static func run(_ harness: Harness) throws -> [Finding] {
        let count = harness.size(1_000_000, quick: 10_000)
        let app = Application()
        app.dispatcher.keepsEvents = false
        let writer = try TraceWriter(path: "/dev/null")
        app.dispatcher.addSink(writer)
        let recorded = try harness.nanoseconds("recorded and written", batch: count, iterations: 3) {
            for index in 0..<count {
                app.dispatcher.record(.viewWillAppear, controller: index & 1 == 0 ? "sheet" : "root",
                                      args: [("animated", .bool(true))])
            }
            writer.flush()
        }
        app.dispatcher.removeSink(writer)

        let line = TraceEvent(seq: 123_456, time: 1.5, event: "viewWillAppear", controller: "sheet",
                              args: [("animated", .bool(true))]).jsonLine + "\n"
        guard let file = fopen("/dev/null", "w") else { throw BenchmarkError("cannot open /dev/null") }
        defer { fclose(file) }
        let written = try harness.nanoseconds("ready-made lines", batch: count, iterations: 3) {
            for _ in 0..<count { fputs(line, file) }
            fflush(file)
        }
        let perMillion = 1e6 * 1e-6
        return [.cost("trace-writing", "trace writing: 1,000,000 events (ms)", recorded * perMillion, unit: "ms",
                      against: "ready-made lines", written * perMillion, target: 4)]
    }
}
