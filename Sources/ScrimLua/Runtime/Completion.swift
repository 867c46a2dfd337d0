import CLua
import LuaBridge

/// Tab completion for the REPL: the globals and keywords that start a word, or the fields of
/// what a `a.b.` path names (table keys along `__index` chains, a native object's properties and
/// methods, a Lua class's methods); after `:`, methods only. Reading the path reads those
/// properties, as typing it would. The Lua is Resources/completion.lua.
enum Completion {
    static let chunkName = "=[scrim completion]"

    /// Returns `function(text)` → a sorted list of names, and the length of the word they complete.
    static let source = String(decoding: PackageResources.completion_lua, as: UTF8.self)
}

extension Runtime {
    /// Completions for the end of `text`: the candidate names, and how many characters at the end
    /// of `text` they replace. None when the completer fails.
    public func completions(for text: String) -> (names: [String], replacing: Int) {
        let top = lua.top
        defer { lua.top = top }
        if completer == nil {
            guard lua.load(builtIn: Completion.source, chunkName: Completion.chunkName) == nil else { return ([], 0) }
            scrim_pushglobaltable(lua.L)
            natives.push()
            lua.rawField("classOf", of: -1)
            lua.rawField("metatableOf", of: -2)
            lua.rawField("rawGetmetatable", of: -3)
            scrim_remove(lua.L, -4)
            lua_pushlightuserdata(lua.L, lua.superKey)
            guard lua.enter(nargs: 5, nresults: 1) == nil else { return ([], 0) }
            completer = LuaRef(popping: lua)
        }
        completer!.push()
        lua.push(text)
        guard lua.enter(nargs: 1, nresults: 2) == nil else { return ([], 0) }
        let count = Int(lua_tointegerx(lua.L, -1, nil))
        var names: [String] = []
        let length = lua_rawlen(lua.L, -2)
        if length > 0 {
            for index in 1...length {
                lua_rawgeti(lua.L, -2, lua_Integer(index))
                if let name = lua.string(at: -1) { names.append(name) }
                scrim_pop(lua.L, 1)
            }
        }
        return (names, count)
    }
}
