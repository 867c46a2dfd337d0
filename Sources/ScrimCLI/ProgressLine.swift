import Foundation

/// A progress line on standard error for long work. On a terminal it is one line redrawn in
/// place (at most ten times a second); elsewhere a line is printed every few seconds, so logs
/// show that work goes on without filling up. `finish` clears it.
final class ProgressLine {
    private let isTerminal = isatty(2) == 1
    private var lastUpdate: Date?
    private var shown = false

    /// Shows `text` if enough time passed since the last update.
    func update(_ text: @autoclosure () -> String) {
        let now = Date()
        let interval = isTerminal ? 0.1 : 3
        guard let lastUpdate else {
            self.lastUpdate = now
            return
        }
        guard now.timeIntervalSince(lastUpdate) >= interval else { return }
        self.lastUpdate = now
        if isTerminal {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
            shown = true
        } else {
            FileHandle.standardError.write(Data("\(text())\n".utf8))
        }
    }

    /// Clears the line (on a terminal) so that what follows starts on a fresh line.
    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
        lastUpdate = nil
    }
}
