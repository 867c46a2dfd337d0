import CLua
import Foundation
import LuaBridge
import ScrimCore
@testable import ScrimLua
import ScrimTesting
import Testing

/// `Plugins/library/scrim.lua` tells editors what the Lua surface is; these tests hold it to the
/// runtime: every global, every `scrim` field and every member it declares on a bridged class exists.
@Suite struct AnnotationFileTests {
    static let source: String = {
        let path = PluginManager.shippedPluginsDirectory! + "/library/scrim.lua"
        return try! String(contentsOfFile: path, encoding: .utf8)
    }()

    static func matches(_ pattern: String) -> [String] {
        matches(pattern, in: source)
    }

    /// Where the file's test API begins: the globals after it are test files' alone.
    static let testAPIMarker = "-- The test API of `scrim test`"

    @Test func everyDeclaredGlobalExists() throws {
        let all = Self.matches(#"^function ([A-Za-z]+)\("#) + Self.matches(#"^([a-z]+) = nil$"#)
        let testOnly = Set(Self.matches(#"^function ([A-Za-z]+)\("#, in: Self.testAPI) + Self.matches(#"^([a-z]+) = \{\}$"#, in: Self.testAPI))
        #expect(testOnly == ["test", "describe", "expect", "frameAt", "frame"])
        let globals = all.filter { !testOnly.contains($0) }
        #expect(globals.count >= 20)
        let h = shippedPluginHarness()
        for name in globals {
            #expect(try h.value("\(name) ~= nil and scrim.\(name) == \(name)") == "true", "global \(name)")
        }
        // The test API's globals, in a test file as `scrim test` runs it.
        let folder = TemporaryFolder()
        let file = folder.write("globals_test.lua", """
            test("has them", function()
              for _, name in ipairs{ \(testOnly.sorted().map { "\"\($0)\"" }.joined(separator: ", ")) } do
                assert(_G[name] ~= nil, name)
              end
            end)
            """)
        let results = TestRunner(makeRuntime: { Runtime() }).run(file: file)
        #expect(results.map(\.outcome) == [.passed], "\(results.map { TestReport.line(for: $0) })")
    }

    static var testAPI: String {
        source.range(of: testAPIMarker).map { String(source[$0.lowerBound...]) } ?? ""
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let string = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).map {
            string.substring(with: $0.range(at: 1))
        }
    }

    @Test func everyDeclaredScrimFieldExists() throws {
        let functions = Self.matches(#"^function (scrim\.[A-Za-z.]+)\("#)
        let assigned = Self.matches(#"^(scrim\.[A-Za-z.]+) ="#)
        let classes = Self.matches(#"^---@field ([A-Z][A-Za-z]+) (?:ViewController|PresentationController|Animator|PercentDrivenInteractiveTransition|Class)$"#)
            .map { "scrim." + $0 }
        #expect(functions.count >= 14 && classes.count == 5)
        let h = shippedPluginHarness()
        for path in functions + assigned + classes + ["scrim.transform.identity"] {
            #expect(try h.value("\(path) ~= nil") == "true", "\(path)")
        }
    }

    /// The members each annotated class declares: `---@field` lines that are not optional
    /// overrides, and methods, up to the next class.
    static func declaredMembers(of className: String) -> [String] {
        guard let start = source.range(of: "---@class \(className)") else { return [] }
        let rest = source[start.upperBound...]
        let end = rest.range(of: "\n---@class ")?.lowerBound ?? rest.endIndex
        var members: [String] = []
        for line in rest[..<end].split(separator: "\n") {
            if line.hasPrefix("---@field "), let name = line.dropFirst(10).split(separator: " ").first, !name.hasSuffix("?") {
                members.append(String(name))
            } else if line.hasPrefix("function "), let colon = line.firstIndex(of: ":"), let paren = line.firstIndex(of: "(") {
                members.append(String(line[line.index(after: colon)..<paren]))
            }
        }
        return members
    }

    @Test(arguments: [
        ("View", "View{}"), ("Window", "window"), ("ViewController", "ViewController{}"),
        ("NavigationController", "NavigationController{ root = ViewController{} }"),
        ("TabBarController", "TabBarController{ viewControllers = { ViewController{} } }"),
        ("SplitViewController", "SplitViewController{ primary = ViewController{} }"),
        ("PropertyAnimator", "PropertyAnimator{ duration = 1 }"), ("GestureRecognizer", "TapGestureRecognizer{}"),
        ("PanGestureRecognizer", "PanGestureRecognizer{}"),
        ("ScreenEdgePanGestureRecognizer", "ScreenEdgePanGestureRecognizer{ edges = { 'left' } }"),
        ("PercentDrivenInteractiveTransition", "scrim.PercentDrivenInteractiveTransition.new()"),
    ])
    func everyDeclaredMemberExists(className: String, instance: String) throws {
        let declared = Self.declaredMembers(of: className)
        #expect(!declared.isEmpty, "no members declared for \(className)")
        let h = shippedPluginHarness()
        // A native object's metatable, as REPL completion reads it (scripts cannot).
        h.runtime.natives.push()
        h.runtime.lua.rawField("metatableOf", of: -1)
        lua_setglobal(h.runtime.lua.L, "metatableOf")
        h.runtime.lua.top -= 1
        try h.run("""
            local object = \(instance)
            local members = {}
            for _, name in ipairs((metatableOf(object) or getmetatable(object) or {}).__members or {}) do members[name] = true end
            function has(name) return members[name] == true or object[name] ~= nil end
            """)
        for member in declared {
            #expect(try h.value("has('\(member)')") == "true", "\(className).\(member)")
        }
    }
}
