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
/// never leave memory: there is no file a script or a user could change. Plugins still load
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
            guard var entry = entries[chunkName], Self.sameBytes(entry.source, source) else {
                entries[chunkName] = Entry(source: source, parses: 1)
                return (nil, false)
            }
            if let bytes = entry.compiled { return (bytes, false) }
            entry.parses += 1
            entries[chunkName] = entry
            return (nil, entry.parses >= 2)
        }
    }

    /// Whether two texts are the same bytes: a comparison of `String`s would check Unicode
    /// equivalence, character by character, in texts that are not all ASCII.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
        }
    }

    /// Whether this process has compiled the chunk named `chunkName`: later states load it so.
    package static func hasCompiled(_ chunkName: String) -> Bool {
        shared.lock.withLock { shared.entries[chunkName]?.compiled != nil }
    }

    func keep(_ bytes: [UInt8], of source: String, for chunkName: String) {
        lock.withLock {
            if let entry = entries[chunkName], Self.sameBytes(entry.source, source) { entries[chunkName]?.compiled = bytes }
        }
    }
}

extension LuaState {
    /// Loads Scrim's own chunk `source`, named `chunkName` (`=[scrim …]`), pushing it as a
    /// function: from its compiled form when this process has made it (`BuiltInChunks`).
    package func load(builtIn source: String, chunkName: String) -> LuaError? {
        let (compiled, dump) = BuiltInChunks.shared.compiled(source, chunkName)
        if let compiled {
            // Loaded whole, not in pieces under the turn's watch as text is (`scrim_load_text`):
            // undumping is linear, and a stop between pieces would be located at a line
            // counted in bytes that are not text.
            let status = compiled.withUnsafeBufferPointer { bytes in
                bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    luaL_loadbufferx(L, $0, bytes.count, chunkName, "b")
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
