import Foundation

/// The REPL's input, read on a thread of its own so the runtime's thread stays free to tick the
/// clock and reload plugins while the user types. Lines are handed over one at a time: the reader
/// waits until the runtime has handled a line (and printed its output) before it shows the next
/// prompt. `wakeDescriptor` becomes readable when something waits in `takeEvents`.
final class ReplInput: @unchecked Sendable {
    enum Event {
        case line(String)
        /// A completion request from the line editor: answer with `answerCompletion`.
        case complete(String)
        case end
    }

    /// The read end of the pipe that wakes the runtime's `poll`.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let lock = NSLock()
    private var events: [Event] = []
    private var prompt = "> "
    private var completion: (names: [String], replacing: Int) = ([], 0)
    private let lineHandled = DispatchSemaphore(value: 0)
    private let completionReady = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var stopping = false

    init() {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
        _ = fcntl(wakeDescriptor, F_SETFL, fcntl(wakeDescriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// Reading standard input, with the history in `~/.scrim_history`, after `banner` when it is
    /// a terminal.
    static func started(interactive: Bool, banner: String) -> ReplInput {
        let input = ReplInput()
        if interactive { print(banner) }
        let home = ProcessInfo.processInfo.environment["HOME"]
        input.start(interactive: interactive, historyFile: home.map { $0 + "/.scrim_history" })
        return input
    }

    /// Starts reading standard input: through libedit when it is a terminal (prompts, history in
    /// `historyFile`, completion), else line by line without prompts.
    func start(interactive: Bool, historyFile: String?) {
        let thread = Thread { [self] in
            // Ctrl-C goes to the runtime's thread, which interrupts the running Lua code.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGINT)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            var editor = interactive ? LineEditor(historyFile: historyFile, complete: { [self] in requestCompletion($0) }) : nil
            while true {
                let line = editor.map { $0.readLine(prompt: currentPrompt) } ?? Swift.readLine(strippingNewline: true)
                guard let line else { break }
                post(.line(line))
                lineHandled.wait()
                editor?.saveHistory()
                if isStopping { break }
            }
            if interactive && !isStopping { print() }
            editor = nil  // saves the history and gives the terminal back
            post(.end)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Ends reading after the line just handled (`:quit`): the reader saves the history, gives the
    /// terminal back and stops.
    func stop() {
        lock.withLock { stopping = true }
        lineHandled.signal()
        finished.wait()
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    /// The events waiting, oldest first.
    func takeEvents() -> [Event] {
        var byte: UInt8 = 0
        while read(wakeDescriptor, &byte, 1) > 0 {}
        return lock.withLock {
            let taken = events
            events.removeAll()
            return taken
        }
    }

    /// Lets the reader go on to the next line, showing `prompt`.
    func lineDone(nextPrompt: String) {
        lock.withLock { prompt = nextPrompt }
        lineHandled.signal()
    }

    func answerCompletion(_ answer: (names: [String], replacing: Int)) {
        lock.withLock { completion = answer }
        completionReady.signal()
    }

    private var currentPrompt: String { lock.withLock { prompt } }

    private func requestCompletion(_ text: String) -> (names: [String], replacing: Int) {
        post(.complete(text))
        completionReady.wait()
        return lock.withLock { completion }
    }

    private func post(_ event: Event) {
        lock.withLock { events.append(event) }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }
}
