@testable import ScrimCore
import Testing

/// A runtime that lives long records events for as long as it runs: the dispatcher keeps the
/// most recent ones within its retention, while sinks see them all.
@Suite struct TraceRetentionTests {
    final class Counter: TraceSink {
        var count = 0
        func write(_ event: TraceEvent) { count += 1 }
    }

    @Test func theOldestEventsAreForgottenPastTheRetention() {
        let app = Application()
        let counter = Counter()
        app.dispatcher.addSink(counter)
        app.dispatcher.retention = 100_000
        let message = TraceValue.string(String(repeating: "m", count: 900))
        for _ in 0..<10_000 { app.dispatcher.record("scriptError", controller: "vc", args: [("message", message)]) }
        let kept = app.dispatcher.events
        #expect(kept.count < 100 && kept.count > 50)
        #expect(kept.map(\.seq) == Array(10_000 - kept.count..<10_000))
        #expect(app.dispatcher.forgottenCount == 10_000 - kept.count)
        #expect(counter.count == 10_000 && app.dispatcher.nextSeq == 10_000)
        app.dispatcher.retention = nil
        for _ in 0..<1_000 { app.dispatcher.record("scriptError", controller: "vc", args: [("message", message)]) }
        #expect(app.dispatcher.events.count == kept.count + 1_000)
    }

    @Test func theStandardRetentionKeepsAnOrdinaryRunWhole() {
        let app = Application()
        #expect(app.dispatcher.retention == 64 << 20)
        for _ in 0..<100_000 { app.dispatcher.record("viewWillLayoutSubviews", controller: "root") }
        #expect(app.dispatcher.events.count == 100_000 && app.dispatcher.forgottenCount == 0)
    }
}
