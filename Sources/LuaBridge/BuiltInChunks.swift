import CLua
import CLuaBridge
import Foundation

/// Scrim's own Lua — the prelude, the sandbox, the budgeted library, the read-only views —
/// compiled once per process. Every new state runs these chunks, and parsing them is a third
/// of making a runtime; a process that makes many (a test run, a host with a runtime per
/// document) parses each at most twice: the second time it is also dumped in Lua's binary
/// form, debug information kept (so errors and tracebacks read the same), and later states
/// load that. A process that makes one runtime pays nothing for it.
///
/// The bytes are made in this process, by this Lua, from text compiled into the binary, and
/// never leave memory: there is no file a script or a user could change. Scripts still load
/// text only (the sandbox's `load` takes mode "t").
package final class BuiltInChunks: @unchecked Sendable {
    static let shared = BuiltInChunks()

    private struct Entry {
        /// The text the bytes were compiled from: a chunk name stands for one text.
        var source: String
        var parses = 0
        var compiled: [UInt8]?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// The compiled bytes of `source`, the chunk named `chunkName`, if made; otherwise counts
    /// a parse and says whether this one should be dumped.
    func compiled(_ source: String, _ chunkName: String) -> (bytes: [UInt8]?, dumpAfterParsing: Bool) {
        lock.withLock {
            guard var entry = entries[chunkName], entry.source == source else {
                entries[chunkName] = Entry(source: source, parses: 1)
                return (nil, false)
            }
            if let bytes = entry.compiled { return (bytes, false) }
            entry.parses += 1
            entries[chunkName] = entry
            return (nil, entry.parses >= 2)
        }
    }

    /// Whether this process has compiled the chunk named `chunkName`: later states load it so.
    package static func hasCompiled(_ chunkName: String) -> Bool {
        shared.lock.withLock { shared.entries[chunkName]?.compiled != nil }
    }

    func keep(_ bytes: [UInt8], of source: String, for chunkName: String) {
        lock.withLock {
            if entries[chunkName]?.source == source { entries[chunkName]?.compiled = bytes }
        }
    }
}

extension LuaState {
    /// Loads Scrim's own chunk `source`, named `chunkName` (`=[scrim …]`), pushing it as a
    /// function: from its compiled form when this process has made it (`BuiltInChunks`).
    package func load(builtIn source: String, chunkName: String) -> LuaError? {
        let (compiled, dump) = BuiltInChunks.shared.compiled(source, chunkName)
        if let compiled {
            let status = compiled.withUnsafeBufferPointer { bytes in
                bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    scrim_load_text(L, $0, bytes.count, chunkName, "b")
                }
            }
            return loadError(status, chunkName: chunkName)
        }
        if let error = load(source: source, chunkName: chunkName) { return error }
        if dump {
            var length = 0
            if let bytes = scrim_dump(L, &length) {
                BuiltInChunks.shared.keep(Array(UnsafeBufferPointer(start: bytes, count: length)), of: source, for: chunkName)
                free(bytes)
            }
        }
        return nil
    }
}
