import Foundation
@testable import ScrimLua

/// A plugin that tries one thing in its main chunk, and what came of it.
enum HostilePlugin {
    /// Lua that defines `results` and `try(label, f)`, which runs `f` in `pcall` and records
    /// `label: allowed` or `label: <the error without its file:line>`.
    static let recorder = """
        local results = {}
        local function try(label, f)
          local ok, message = pcall(f)
          results[#results + 1] = label .. ": " .. (ok and "allowed" or tostring(message):gsub("^[^:]*:%d+: ", ""))
        end

        """

    /// The source of a plugin `name` whose main chunk runs `attack` (statements; a `return`
    /// gives the value) in `pcall` and exports the outcome as `outcome`: `ok: <value>`, or the
    /// error message without its `file:line: `.
    static func source(_ name: String, _ attack: String) -> String {
        """
        local ok, result = pcall(function()
        \(attack)
        end)
        local outcome = ok and ("ok: " .. tostring(result)) or (tostring(result):gsub("^[^:]*:%d+: ", ""))
        return scrim.plugin { name = "\(name)", outcome = outcome }
        """
    }

    /// Writes the plugin `name` running `attack` into `folder` (as `<name>.lua`, or `<name>/init.lua`
    /// with `asFolder`), loads it in `harness` and gives its outcome.
    static func outcome(of attack: String, name: String = "attacker", asFolder: Bool = false,
                        in folder: TemporaryFolder, subfolder: String = "plugins", harness: Harness) throws -> String {
        folder.write(asFolder ? "\(subfolder)/\(name)/init.lua" : "\(subfolder)/\(name).lua", source(name, attack))
        return try harness.value("plugin('\(name)').outcome")
    }
}

extension TemporaryFolder {
    /// Makes `relativePath` a symbolic link to `target`.
    func link(_ relativePath: String, to target: String) {
        let full = path + "/" + relativePath
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
    }

    func contents(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + relativePath).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relativePath: String) -> Bool {
        var status = stat()
        return lstat(path + "/" + relativePath, &status) == 0
    }
}
