import Foundation
import Testing

/// The system Lua's (5.4.4) bugs a plugin can reach (docs/robustness.md, "The system Lua's
/// bugs"): each trigger runs in a plugin, in a `scrim run` of its own — a child process, since
/// the unmitigated trigger crashes the process that runs it — and the run ends as the
/// mitigation says, the host alive.
@Suite struct LuaBugTests {
    /// Runs a plugin whose main chunk is `trigger` (statements; a `return` gives the outcome)
    /// and gives what the scenario printed of it: `ok: <value>` or the error without its place.
    static func run(_ trigger: String, options: [String] = []) throws -> String {
        let scratch = Scratch()
        scratch.write("plugins/trigger.lua", """
            local ok, result = pcall(function()
            \(trigger)
            end)
            return scrim.plugin { name = "trigger",
                                  outcome = ok and ("ok: " .. tostring(result)) or (tostring(result):gsub("^[^:]*:%d+: ", "")) }
            """)
        let scenario = scratch.write("scenario.lua", "print(plugin('trigger').outcome)")
        let result = try Scrim.run(["run", scenario, "--plugins", scratch.url.path + "/plugins"] + options)
        #expect(result.status == 0, "the run ended with \(result.status): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let closeRefused = "'__close' metamethods are not allowed in a plugin (the system's Lua 5.4.4 can close to-be-closed variables wrongly)"

    /// "'break' may not properly close variable in a 'for' loop" (fixed in 5.4.6): the loop's
    /// to-be-closed value stays open and a later `<close>` writes past the stack.
    @Test func aBreakOutOfAForWithAToBeClosedValue() throws {
        #expect(try Self.run("""
            local mt = { __close = function() end }
            for k in next, { 1 }, nil, setmetatable({}, mt) do
              local f = function() return k end
              break
            end
            local a <close> = setmetatable({}, mt)
            return "survived"
            """) == Self.closeRefused)
        // The same through a class, a file, the standard output and io.lines.
        #expect(try Self.run("""
            local Closing = scrim.Object:extend("Closing")
            function Closing:__close() end
            return Closing.new()
            """) == "class Closing has a __close metamethod, which Scrim refuses (the system's Lua 5.4.4 can close to-be-closed variables wrongly)")
        #expect(try Self.run("""
            for k in next, { 1 }, nil, io.write("") do
              local f = function() return k end
              break
            end
            """) == "variable '(for state)' got a non-closable value")
        #expect(try Self.run("""
            local file <close> = io.open("trigger.lua")
            """) == "variable 'file' got a non-closable value")
        #expect(try Self.run("return select('#', io.lines('trigger.lua'))") == "ok: 1")
    }

    /// The same through a metatable the scenario set, on a table it keeps on a controller: a
    /// plugin gets a view of it, and cannot give it `__close`.
    @Test func aBreakOutOfAForWithTheScenariosMetatable() throws {
        let scratch = Scratch()
        scratch.write("plugins/planter.lua", """
            local function boom(v)
              for k in next, { 1 }, nil, v do
                local f = function() return k end
                break
              end
              local x <close> = v
            end
            return scrim.plugin { name = "planter", hooks = { viewDidLoad = function(vc)
              if vc.model == nil then return end
              print(select(2, pcall(function() getmetatable(vc.model).__close = function() end end)))
              print(select(2, pcall(boom, vc.model)))
            end } }
            """)
        let scenario = scratch.write("scenario.lua", """
            plugin "planter"
            local Model = {}
            Model.__index = Model
            local vc = ViewController{ name = "home" }
            vc.model = setmetatable({}, Model)
            window.rootViewController = vc
            print(rawget(Model, "__close"))
            """)
        let result = try Scrim.run(["run", scenario, "--plugins", scratch.url.path + "/plugins"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0].hasSuffix("planter.lua:10: this table is read-only (cannot set '__close')")
                    && lines[1].hasSuffix("planter.lua:2: variable '(for state)' got a non-closable value")
                    && lines[2] == "nil", "\(result.stdout)")
    }

    /// "C-stack overflow with deep nesting of coroutine.close" (fixed in 5.4.6).
    @Test func closingCoroutinesNestedInEachOther() throws {
        #expect(try Self.run("""
            local coro = false
            for i = 1, 100000 do
              local previous = coro
              coro = coroutine.create(function()
                local cc <close> = setmetatable({}, { __close = function()
                  if previous then assert(coroutine.close(previous)) end
                end })
                coroutine.yield()
              end)
              assert(coroutine.resume(coro))
            end
            return coroutine.close(coro)
            """).hasSuffix(Self.closeRefused))
    }

    /// The message handler overwritten by a closing variable when closing a thread (5.4.8).
    @Test func aClosingVariableInASuspendedXpcall() throws {
        #expect(try Self.run("""
            local co = coroutine.create(function()
              local x <close> = setmetatable({}, { __close = function() error("in __close", 0) end })
              xpcall(function() coroutine.yield() end, function(m) return "HANDLER" end)
            end)
            assert(coroutine.resume(co))
            return coroutine.close(co)
            """).hasSuffix(Self.closeRefused))
    }

    /// Unbounded recursion in getobjname (fixed in 5.4.7): an error about `d.x.x.x…` overflows
    /// the C stack, in quadratic time no budget interrupts.
    @Test func aLongChainOfIndexings() throws {
        let refused = "more than 200 indexings in a row ('a.b.c…', 't[t[…]]') are refused in plugins "
            + "(the system's Lua 5.4.4 can overflow the C stack describing them in an error)"
        #expect(try Self.run("""
            local f, problem = load("local d = setmetatable({}, { __index = function(t) return t end })\\n" ..
                                    "return d" .. string.rep(".x", 150000) .. "()")
            return problem
            """) == "ok: [string \"local d = setmetatable({}, { __index = functi...\"]:2: \(refused)")
        #expect(try Self.run("return select(2, load('return t' .. string.rep('[1]', 300)))")
                    == "ok: [string \"return t[1][1][1][1][1][1][1][1][1][1][1][1][...\"]:1: \(refused)")
        #expect(try Self.run("return select(2, load('return ' .. string.rep('(', 150) .. 'd' .. string.rep('.x.x)', 150)))")
                    .hasSuffix("...\"]:1: \(refused)"))
        // 200 in a row still load, as do long chains that are not one run.
        // What Lua's lexer ends a comment at, or skips, ends or skips nothing here.
        #expect(try Self.run("return select(2, load('-- a comment\\rreturn t' .. string.rep('.x', 300)))")
                    .hasSuffix("...\"]:2: \(refused)"))
        #expect(try Self.run("return (load('local t = {} return t' .. string.rep('.x', 200))) ~= nil") == "ok: true")
        #expect(try Self.run("return (load(string.rep('a = b.c.d\\n', 1000))) ~= nil") == "ok: true")
    }

    /// The same in a plugin's own file, whose first line Lua skips when it starts with `#`.
    @Test func aLongChainOfIndexingsInAPluginFile() throws {
        let scratch = Scratch()
        scratch.write("plugins/chained.lua", "#!/bin/sh '\nlocal d = {}\nreturn d" + String(repeating: ".x", count: 300))
        let scenario = scratch.write("scenario.lua", "print(select(2, pcall(plugin, 'chained')))")
        let result = try Scrim.run(["run", scenario, "--plugins", scratch.url.path + "/plugins"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("plugins/chained.lua:3: more than 200 indexings in a row ('a.b.c…', 't[t[…]]') are "
            + "refused in plugins (the system's Lua 5.4.4 can overflow the C stack describing them in an error)\n"), "\(result.stdout)")
    }

    /// Lua can generate wrong code when _ENV is <const> (CVE-2022-28805; fixed in 5.4.6).
    @Test func anAttributeOnENV() throws {
        #expect(try Self.run("return select(2, load('local _ENV <const> = { x = 1 }; return x'))")
                    == "ok: [string \"local _ENV <const> = { x = 1 }; return x\"]:1: an attribute on _ENV is refused in plugins "
                       + "(the system's Lua 5.4.4 can compile 'local _ENV <const>' wrongly)")
    }

    /// A gmatch iterator's recursion budget is not reset after an error (fixed after 5.4.7): its
    /// second call recurses without bound. Scrim's own gmatch starts each call afresh.
    @Test func aGmatchIteratorCalledAgainAfterAnError() throws {
        #expect(try Self.run("""
            local s = string.rep("a", 300000)
            local it = s:gmatch(string.rep("a?", 300000))
            local first = select(2, pcall(it))
            return first .. " / " .. select(2, pcall(it))
            """) == "ok: pattern too complex / pattern too complex")
    }

    /// A missing GC barrier when a metatable's `__newindex` is the metatable itself (fixed after
    /// 5.4.7): a value it stores is collected while still referenced.
    @Test func aMetatableThatIsItsOwnNewindex() throws {
        #expect(try Self.run("""
            local ballast = {}
            for i = 1, 100000 do ballast[i] = { i } end
            local live, corrupted = {}, 0
            for round = 1, 400 do
              local mt = {}
              mt.__newindex = mt
              local obj = setmetatable({}, mt)
              for i = 1, 200 do local _ = { i, i, i } end
              obj.__newindex = { tag = round }
              live[#live + 1] = mt
              if #live > 50 then table.remove(live, 1) end
              for _, m in ipairs(live) do
                local v = rawget(m, "__newindex")
                if type(v) ~= "table" or type(v.tag) ~= "number" then corrupted = corrupted + 1 end
              end
            end
            return corrupted
            """, options: ["--instruction-budget", "100000000", "--time-limit", "120"]) == "ok: 0")
    }

    /// A new metatable on an all-weak table in the middle of a collection is never marked
    /// (fixed after 5.4.7).
    @Test func aNewMetatableOnAWeakTable() throws {
        #expect(try Self.run("""
            local weak = setmetatable({}, { __mode = "kv" })
            setmetatable(weak, { __mode = "kv", __index = { v = 1 } })
            """) == "cannot change the metatable of a weak table in a plugin (the system's Lua 5.4.4 can lose it)")
    }

    /// An emergency collection frees a weak metatable's `__newindex` while a table update uses
    /// it (fixed in 5.4.8): reached by running out of the memory cap.
    @Test func aWeakMetatablesNewindexUnderTheMemoryCap() throws {
        #expect(try Self.run("""
            local function set(o, k, v) o[k] = v end
            local function fill(junk) local n = 0 while true do n = n + 1 junk[n] = {} end end
            local stored = 0
            for attempt = 1, 8 do
              local h = {}
              for i = 1, 64 do h["k" .. i] = i end
              local mt = setmetatable({ __newindex = h }, { __mode = "v" })
              local obj = setmetatable({}, mt)
              local junk = {}
              pcall(fill, junk)
              junk, h = nil, nil
              if pcall(set, obj, "new" .. attempt, attempt) then stored = stored + 1 end
            end
            collectgarbage()
            return stored
            """, options: ["--memory-cap", "16", "--instruction-budget", "1000000000", "--time-limit", "120"]).hasPrefix("ok: "))
    }

    /// The buffer box's metatable left empty by a memory error on its first use (fixed in
    /// 5.4.9): every later long string built in the state would fail or leak.
    @Test func theFirstBufferBoxUnderTheMemoryCap() throws {
        #expect(try Self.run("""
            local function fill(junk) local n = 0 while true do n = n + 1 junk[n] = {} end end
            local big = string.rep("x", 600)
            for slack = 0, 400, 8 do
              local junk = {}
              pcall(fill, junk)
              for i = 1, slack // 8 do junk[#junk] = nil end
              local ok = pcall(string.rep, big, 3)
              junk = nil
              if ok then break end
            end
            collectgarbage()
            return #string.rep(big, 3) .. " " .. #table.concat({ big, big, big })
            """, options: ["--memory-cap", "16", "--instruction-budget", "1000000000", "--time-limit", "120"]) == "ok: 1800 1800")
    }

    /// 'utf8.codes' does not raise an error on spurious continuation bytes (fixed in 5.4.6).
    @Test func strayContinuationBytesInUTF8() throws {
        #expect(try Self.run("for _ in utf8.codes('a\\x80b') do end") == "invalid UTF-8 code")
    }
}
