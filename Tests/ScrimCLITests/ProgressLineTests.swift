import Foundation
@testable import ScrimCLI
import Testing

@Suite struct ProgressLineTests {
    /// A progress line on a clock the test moves, and what it wrote.
    private final class Harness {
        var time = Date(timeIntervalSince1970: 0)
        var written: [String] = []
        lazy var line = ProgressLine(isTerminal: isTerminal, write: { self.written.append($0) }, now: { self.time })
        let isTerminal: Bool
        init(isTerminal: Bool) { self.isTerminal = isTerminal }
    }

    @Test func onATerminalTheLineIsRedrawnTenTimesASecondAndClearedAtTheEnd() {
        let h = Harness(isTerminal: true)
        for frame in 1...30 {
            h.line.update("rendering: \(frame) frames")
            h.time += 0.04
        }
        h.line.finish()
        #expect(h.written == [
            "\r\u{1B}[Krendering: 4 frames", "\r\u{1B}[Krendering: 7 frames", "\r\u{1B}[Krendering: 10 frames",
            "\r\u{1B}[Krendering: 13 frames", "\r\u{1B}[Krendering: 16 frames", "\r\u{1B}[Krendering: 19 frames",
            "\r\u{1B}[Krendering: 22 frames", "\r\u{1B}[Krendering: 25 frames", "\r\u{1B}[Krendering: 28 frames",
            "\r\u{1B}[K",
        ])
    }

    @Test func elsewhereALineEveryThreeSecondsAndNothingForShortWork() {
        let h = Harness(isTerminal: false)
        for frame in 1...8 {
            h.line.update("rendering: \(frame) frames")
            h.time += 1
        }
        h.line.finish()
        #expect(h.written == ["rendering: 4 frames\n", "rendering: 7 frames\n"])

        let short = Harness(isTerminal: true)
        short.line.update("rendering: 1 frame")
        short.time += 0.05
        short.line.update("rendering: 2 frames")
        short.line.finish()
        #expect(short.written.isEmpty)
    }
}
