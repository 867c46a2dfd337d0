import LuaBridge
import CLua

/// Tab completion for the REPL: the globals and keywords that start a word, or the fields of
/// what a `a.b.` path names (table keys along `__index` chains, a native object's properties and
/// methods, a Lua class's methods); after `:`, methods only. Reading the path reads those
/// properties, as typing it would.
enum ReplCompletion {
    static let chunkName = "=[scrim completion]"

    /// Returns `function(text)` → a sorted list of names, and the length of the word they complete.
    static let source = String(decoding: PackageResources.completion_lua, as: UTF8.self)
}
