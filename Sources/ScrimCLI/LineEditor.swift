import CLibedit
import Foundation

/// Line editing for the REPL on a terminal, through libedit: emacs key bindings (or the user's
/// `~/.editrc`), a history kept in a file, and tab completion from a `complete` function.
/// One editor at a time; used from the REPL's input thread only.
final class LineEditor {
    /// Completes the text before the cursor: the candidates, and how many characters they replace.
    typealias Completion = (String) -> (names: [String], replacing: Int)

    private let editor: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: String?
    private let complete: Completion
    /// The prompt libedit shows, kept alive as a C string.
    private var promptStorage: UnsafeMutablePointer<CChar>

    nonisolated(unsafe) private static var current: LineEditor?

    init?(historyFile: String?, complete: @escaping Completion) {
        guard let editor = scrim_el_init("scrim"), let history = history_init() else { return nil }
        self.editor = editor
        self.history = history
        self.historyFile = historyFile
        self.complete = complete
        promptStorage = strdup("> ")
        LineEditor.current = self
        scrim_history_set_size(history, 1000)
        scrim_history_unique(history)
        if let historyFile { scrim_history_load(history, historyFile) }
        scrim_el_set_editor(editor, "emacs")
        scrim_el_set_history(editor, history)
        scrim_el_set_prompt(editor) { _ in LineEditor.current?.promptStorage }
        scrim_el_add_command(editor, "scrim-complete", "Complete a Lua name") { _, _ in
            LineEditor.current?.completeAtCursor() ?? UInt8(CC_ERROR)
        }
        scrim_el_bind(editor, "^I", "scrim-complete")
        scrim_el_source_defaults(editor)
    }

    deinit {
        if let historyFile { scrim_history_save(history, historyFile) }
        el_end(editor)
        history_end(history)
        free(promptStorage)
        if LineEditor.current === self { LineEditor.current = nil }
    }

    /// Reads a line after showing `prompt`; nil at end of input (Ctrl-D on an empty line).
    func readLine(prompt: String) -> String? {
        free(promptStorage)
        promptStorage = strdup(prompt)
        var count: Int32 = 0
        guard let line = el_gets(editor, &count), count > 0 else { return nil }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        if !text.trimmingCharacters(in: .whitespaces).isEmpty { scrim_history_enter(history, text) }
        return text
    }

    /// Saves the history now (it is saved when the editor goes, too).
    func saveHistory() {
        if let historyFile { scrim_history_save(history, historyFile) }
    }

    private func completeAtCursor() -> UInt8 {
        guard let info = el_line(editor)?.pointee else { return UInt8(CC_ERROR) }
        let length = info.cursor - info.buffer
        let bytes = UnsafeRawBufferPointer(start: info.buffer, count: length)
        let text = String(decoding: bytes, as: UTF8.self)
        let (names, replacing) = complete(text)
        guard !names.isEmpty else { return UInt8(CC_ERROR) }
        let typed = String(text.suffix(replacing))
        let common = names.dropFirst().reduce(names[0]) { prefix, name in String(prefix.commonPrefix(with: name)) }
        if common.count > typed.count {
            el_insertstr(editor, String(common.dropFirst(typed.count)))
            return UInt8(CC_REFRESH)
        }
        if names.count == 1 { return UInt8(CC_REFRESH) }
        print("\n" + names.joined(separator: "  "))
        return UInt8(CC_REDISPLAY)
    }
}
