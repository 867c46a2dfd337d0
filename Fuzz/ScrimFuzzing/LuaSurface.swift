import Foundation
import ScrimLua

/// The documented Lua surface, read from the LuaLS annotation file (`Plugins/library/scrim.lua`):
/// the classes with their fields and methods, and the global functions. The API fuzzer calls what
/// this lists, so a function added to the annotations is fuzzed without anyone remembering to.
public struct LuaSurface: Sendable {
    /// A class (`---@class Name: Parent`), with the fields and methods declared for it.
    public struct Class: Sendable {
        public let name: String
        public let parent: String?
        public var fields: [Member] = []
        public var methods: [Function] = []
    }

    /// A field, or a parameter: its name and declared type.
    public struct Member: Sendable, Equatable {
        public let name: String
        public let type: LuaType

        public init(name: String, type: LuaType) {
            self.name = name
            self.type = type
        }
    }

    /// A function: `path` is how Lua code reaches it (`run`, `scrim.reload`, `Class.new`), or its
    /// name for a method called with `:`.
    public struct Function: Sendable {
        public let path: String
        public let parameters: [Member]
        public let isMethod: Bool
    }

    public private(set) var classes: [String: Class] = [:]
    /// Global functions and functions of global tables (`scrim.…`), by their path.
    public private(set) var functions: [Function] = []
    /// Globals that are values (`window`), by name.
    public private(set) var globals: [String: LuaType] = [:]
    public private(set) var aliases: [String: LuaType] = [:]

    /// Reads the annotations in `source`.
    public init(annotations source: String) {
        var reader = AnnotationReader()
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            reader.read(line.trimmingCharacters(in: .whitespaces), into: &self)
        }
    }

    /// The surface of the shipped annotation file (`Plugins/library/scrim.lua`).
    public static func shipped() throws -> LuaSurface {
        let folder = PluginManager.shippedPluginsDirectory ?? "Plugins"
        return LuaSurface(annotations: try String(contentsOfFile: folder + "/library/scrim.lua", encoding: .utf8))
    }

    /// Whether `name` is `ancestor` or a class below it.
    public func isClass(_ name: String, kindOf ancestor: String) -> Bool {
        var current: String? = name
        var seen = 0
        while let class_ = current, seen < 32 {
            if class_ == ancestor { return true }
            current = classes[class_]?.parent
            seen += 1
        }
        return false
    }

    /// The fields of `name` and of the classes above it.
    public func allFields(of name: String) -> [Member] {
        lineage(of: name).flatMap { classes[$0]?.fields ?? [] }
    }

    /// The methods of `name` and of the classes above it.
    public func allMethods(of name: String) -> [Function] {
        lineage(of: name).flatMap { classes[$0]?.methods ?? [] }
    }

    private func lineage(of name: String) -> [String] {
        var names: [String] = []
        var current: String? = name
        while let class_ = current, names.count < 32, classes[class_] != nil {
            names.append(class_)
            current = classes[class_]?.parent
        }
        return names
    }

    fileprivate mutating func declare(_ class_: Class) { classes[class_.name] = class_ }
    fileprivate mutating func addField(_ field: Member, to name: String) { classes[name]?.fields.append(field) }
    fileprivate mutating func addMethod(_ method: Function, to name: String) { classes[name]?.methods.append(method) }
    fileprivate mutating func addFunction(_ function: Function) { functions.append(function) }
    fileprivate mutating func addGlobal(_ name: String, _ type: LuaType) { globals[name] = type }
    fileprivate mutating func addAlias(_ name: String, _ type: LuaType) { aliases[name] = type }
}

/// Reads annotation lines one at a time, keeping what the next declaration takes: the class
/// being declared, the `---@param`s and `---@type` of the next function or global, and which
/// local table holds a class's methods.
private struct AnnotationReader {
    var currentClass: String?
    var parameters: [String: LuaType] = [:]
    var generics: [String: LuaType] = [:]
    var pendingType: LuaType?
    /// `local viewMethods = {}` after `---@class View`: functions on it are View's methods.
    var methodTables: [String: String] = [:]

    mutating func read(_ line: String, into surface: inout LuaSurface) {
        if line.hasPrefix("---@") {
            annotation(String(line.dropFirst(4)), into: &surface)
        } else if line.hasPrefix("local "), line.hasSuffix("= {}"), let class_ = currentClass {
            let name = line.dropFirst(6).prefix { $0 != " " && $0 != "=" }
            methodTables[String(name)] = class_
        } else if line.hasPrefix("function ") {
            function(String(line.dropFirst(9)), into: &surface)
        } else if let type = pendingType, let name = line.split(separator: " ").first, line.hasSuffix("= nil") {
            surface.addGlobal(String(name), type)
            pendingType = nil
        }
    }

    private mutating func annotation(_ text: String, into surface: inout LuaSurface) {
        let keyword = text.prefix { $0 != " " }
        let rest = text.dropFirst(keyword.count).drop { $0 == " " }
        switch keyword {
        case "class":
            // `Name`, or `Name: Parent`, then perhaps a description.
            let name = String(rest.prefix { $0 != " " && $0 != ":" })
            let after = rest.dropFirst(name.count).drop { $0 == " " }
            let parent = after.first == ":" ? after.dropFirst().drop { $0 == " " }.prefix { $0 != " " } : nil
            surface.declare(.init(name: name, parent: parent.map(String.init)))
            currentClass = name
        case "field":
            guard let class_ = currentClass else { return }
            var name = String(rest.prefix { $0 != " " })
            var type = LuaType.parse(rest.dropFirst(name.count), generics: generics)
            if name.hasSuffix("?") {
                name.removeLast()
                type = .optional(type)
            }
            surface.addField(.init(name: name, type: type), to: class_)
        case "param":
            var name = String(rest.prefix { $0 != " " })
            var type = LuaType.parse(rest.dropFirst(name.count), generics: generics)
            if name.hasSuffix("?") {
                name.removeLast()
                type = .optional(type)
            }
            parameters[name] = type
        case "generic":
            let name = String(rest.prefix { $0 != ":" && $0 != " " })
            let constraint = rest.drop { $0 != ":" }.dropFirst()
            generics[name] = constraint.isEmpty ? .any : LuaType.parse(constraint, generics: [:])
        case "type":
            pendingType = LuaType.parse(rest, generics: generics)
        case "alias":
            let name = String(rest.prefix { $0 != " " })
            surface.addAlias(name, LuaType.parse(rest.dropFirst(name.count), generics: generics))
        default:
            break
        }
    }

    /// `function path(a, b) end` or `function table:method(a) end`.
    private mutating func function(_ text: String, into surface: inout LuaSurface) {
        defer {
            parameters = [:]
            generics = [:]
        }
        guard let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")") else { return }
        let path = String(text[..<open])
        let names = text[text.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let members = names.filter { !$0.isEmpty }.map { LuaSurface.Member(name: $0, type: parameters[$0] ?? .any) }
        if let colon = path.firstIndex(of: ":") {
            let table = String(path[..<colon])
            let method = String(path[path.index(after: colon)...])
            guard let class_ = methodTables[table] ?? (surface.classes[table] != nil ? table : nil) else { return }
            surface.addMethod(.init(path: method, parameters: members, isMethod: true), to: class_)
        } else {
            surface.addFunction(.init(path: path, parameters: members, isMethod: false))
        }
    }
}
