import Foundation
import LuaBridge
@testable import ScrimLua
import Testing

/// `image(path)` and `ImageView`: pictures read beneath the scenario's or the plugin's folder by
/// the sandbox's rules, and shown by content mode.
@Suite struct ImageSurfaceTests {
    let folder = TemporaryFolder()

    /// A PNG header of `width`×`height` written at `relativePath` under the test's folder.
    func writePNG(_ relativePath: String, width: UInt8, height: UInt8) {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0, 0, 0, width, 0, 0, 0, height, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let full = folder.path + "/" + relativePath
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }

    func harness() -> Harness {
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        h.runtime.resourceFolder = folder.path + "/scenario"
        return h
    }

    @Test func aScenarioReadsImagesBeneathItsFolder() throws {
        writePNG("scenario/photos/cat@2x.png", width: 200, height: 100)
        let h = harness()
        try h.run("""
            img = image("photos/cat@2x.png")
            v = ImageView{ image = img, contentMode = "scaleAspectFill" }
            fixed = ImageView{ image = img, frame = rect(0, 0, 10, 10) }
            """)
        #expect(try h.run("return img.size, img.scale, img.name, img.format, v.frame, v.contentMode, v.intrinsicContentSize, fixed.frame")
            .joined(separator: " ") == "size(100, 50) 2 photos/cat@2x.png png rect(0, 0, 100, 50) scaleAspectFill size(100, 50) rect(0, 0, 10, 10)")
        try h.run("fixed:sizeToFit(); plain = ImageView{}; copy = v:snapshotView()")
        #expect(try h.run("return fixed.frame, plain.image, plain.contentMode, copy.image == img").joined(separator: " ")
                == "rect(0, 0, 100, 50) nil scaleToFill true")
        #expect(h.failure("v.contentMode = 'stretch'").contains("bad value for 'ImageView.contentMode' ('stretch' is not one of"))
        #expect(h.failure("v.image = View{}").contains("bad value for 'ImageView.image'"))
    }

    /// Bad input is a located error naming the file; nothing outside the folder is read,
    /// whatever the name says.
    @Test func imagesOutsideTheFolderOrNotPicturesAreLocatedErrors() throws {
        writePNG("outside.png", width: 1, height: 1)
        folder.write("scenario/notes.txt", "hello")
        folder.link("scenario/escape.png", to: folder.path + "/outside.png")
        folder.link("scenario/dangling.png", to: folder.path + "/nowhere.png")
        mkfifo(folder.path + "/scenario/pipe.png", 0o600)
        try FileManager.default.createDirectory(atPath: folder.path + "/scenario/dir.png", withIntermediateDirectories: true)
        let h = harness()
        let cases = [
            ("missing.png", "test.lua:1: image: missing.png: No such file or directory"),
            ("notes.txt", "test.lua:1: image: notes.txt: not a PNG, JPEG or SVG file with a size Scrim can read"),
            ("../outside.png", "test.lua:1: image: '../outside.png' is outside the scenario's folder (\(folder.path)/scenario)"),
            (folder.path + "/outside.png", "test.lua:1: image: '\(folder.path)/outside.png' is outside the scenario's folder (\(folder.path)/scenario)"),
            ("escape.png", "test.lua:1: image: 'escape.png' is outside the scenario's folder (\(folder.path)/scenario)"),
            ("dangling.png", "test.lua:1: image: 'dangling.png' is outside the scenario's folder (\(folder.path)/scenario)"),
            ("pipe.png", "test.lua:1: image: 'pipe.png' is not a regular file"),
            ("dir.png", "test.lua:1: image: 'dir.png' is not a regular file"),
        ]
        for (path, message) in cases {
            #expect(h.failure("image(\"\(path)\")") == message, "\(path)")
        }
        #expect(h.failure("image('a\\0b')") == "test.lua:1: image: a file name cannot hold a zero byte")
        #expect(h.failure("image(nil)") == "test.lua:1: bad argument #1 to 'image' (string expected, got nil)")
    }

    @Test func aPluginReadsImagesBeneathItsOwnFolderOnly() throws {
        writePNG("plugins/painter/brush.png", width: 8, height: 4)
        writePNG("plugins/other/secret.png", width: 8, height: 4)
        folder.write("plugins/painter/init.lua", """
            local ok, brush = pcall(function() local b = image("brush.png"); return b end)
            local stolen, problem = pcall(function() local s = image("../other/secret.png"); return s end)
            local wrongType = select(2, pcall(function() local w = scrim.image(42); return w end))
            return scrim.plugin { name = "painter",
              outcome = tostring(ok and brush.size) .. " | " .. tostring(stolen) .. " " .. problem .. " | " .. wrongType }
            """)
        let h = harness()
        let outcome = try h.value("plugin('painter').outcome")
        #expect(outcome.hasPrefix("size(8, 4) | false "), "\(outcome)")
        #expect(outcome.contains("painter/init.lua:2: image: '../other/secret.png' is outside the plugin's folder (\(folder.path)/plugins/painter) | "), "\(outcome)")
        #expect(outcome.hasSuffix("painter/init.lua:3: bad argument #1 to 'image' (string expected, got number)"), "\(outcome)")
    }

    /// An image keeps the path it was read from as its name: a long one weighs with it (attack
    /// round 22: 4 KB paths of `./` took 394 MB under a 32 MB cap).
    @Test func anImagesLongPathWeighsWithIt() throws {
        writePNG("scenario/dot.png", width: 1, height: 1)
        let h = harness()
        h.runtime.lua.limits = LuaLimits(instructionBudget: nil, memoryCap: 16 << 20, timeLimit: 60)
        let failure = h.failure("""
            local path = string.rep("./", 1000) .. "dot.png"
            local keep = {}
            for i = 1, 20000 do keep[i] = image(path) end
            """)
        #expect(failure.hasPrefix("test.lua:3: not enough memory (the runtime's Lua memory cap of 16 MB is reached)"), "\(failure)")
    }
}
