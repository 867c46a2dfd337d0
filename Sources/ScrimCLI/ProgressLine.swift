import Foundation

/// A progress line on standard error for long work. On a terminal it is one line redrawn in
/// place (at most ten times a second); elsewhere a line is printed every few seconds, so logs
/// show that work goes on without filling up. Nothing shows for work shorter than that.
/// `finish` clears the line.
final class ProgressLine {
    private let isTerminal: Bool
    private let write: (String) -> Void
    private let now: () -> Date
    private var lastUpdate: Date?
    private var shown = false

    /// A line on standard error; `isTerminal`, `write` and `now` stand in for the terminal,
    /// the stream and the wall clock in tests.
    init(isTerminal: Bool = isatty(2) == 1,
         write: @escaping (String) -> Void = { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
         now: @escaping () -> Date = Date.init) {
        self.isTerminal = isTerminal
        self.write = write
        self.now = now
    }

    /// Shows `text` if enough time passed since the work began or the last update.
    func update(_ text: @autoclosure () -> String) {
        let time = now()
        guard let lastUpdate else {
            self.lastUpdate = time
            return
        }
        guard time.timeIntervalSince(lastUpdate) >= (isTerminal ? 0.1 : 3) else { return }
        self.lastUpdate = time
        if isTerminal {
            write("\r\u{1B}[K\(text())")
            shown = true
        } else {
            write("\(text())\n")
        }
    }

    /// Clears the line (on a terminal) so that what follows starts on a fresh line.
    func finish() {
        if shown { write("\r\u{1B}[K") }
        shown = false
        lastUpdate = nil
    }
}
