import Foundation
@testable import ScrimCore
import Testing

@Suite struct FontLibraryTests {
    @Test func aMissingFileNamesWhereItLookedAndThePackage() {
        let library = FontLibrary(directories: ["/nonexistent/fonts", "/nonexistent/more"])
        #expect(throws: FontError("font file DejaVuSans-Bold.ttf not found in /nonexistent/fonts, /nonexistent/more; "
                + "install Debian's fonts-dejavu-core or set SCRIM_FONT_PATH")) {
            _ = try library.face(named: "DejaVuSans-Bold.ttf")
        }
        // ExtraLight is not in the core package.
        #expect(throws: FontError("font file DejaVuSans-ExtraLight.ttf not found in /nonexistent/fonts, "
                + "/nonexistent/more; install Debian's fonts-dejavu-extra or set SCRIM_FONT_PATH")) {
            _ = try library.face(for: Font(size: 12, weight: .light))
        }
        // Asked again, the same answer, without searching again.
        #expect(throws: FontError.self) { _ = try library.face(named: "DejaVuSans-Bold.ttf") }
    }

    @Test func aDirectoryNamedLikeTheFileIsNotIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("DejaVuSans.ttf"),
                                                withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = FontLibrary(directories: [folder.path] + FontLibrary.defaultDirectories())
        #expect(try library.face(named: "DejaVuSans.ttf").path != folder.appendingPathComponent("DejaVuSans.ttf").path)
    }

    @Test func aCorruptFileInTheSearchPathIsAnErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("DejaVuSans.ttf").path
        try Data([0, 1, 0, 0, 0, 20]).write(to: URL(fileURLWithPath: path))
        #expect(throws: FontError("\(path): not a TrueType font (bad table directory: 20 tables, file cut short)")) {
            _ = try FontLibrary(directories: [folder.path]).face(named: "DejaVuSans.ttf")
        }
    }

    @Test func theSearchPathStartsWithScrimFontPath() {
        #expect(FontLibrary.defaultDirectories(environment: [:])
            == ["/usr/share/fonts/truetype/dejavu", "/usr/local/share/fonts"])
        #expect(FontLibrary.defaultDirectories(environment: ["SCRIM_FONT_PATH": "/a:/b/c::"])
            == ["/a", "/b/c", "/usr/share/fonts/truetype/dejavu", "/usr/local/share/fonts"])
    }

    @Test func eachFileIsLoadedOnceAndShared() async throws {
        let library = FontLibrary(directories: FontLibrary.defaultDirectories())
        let faces = try await withThrowingTaskGroup(of: FontFace.self) { group in
            for _ in 0..<8 { group.addTask { try library.face(named: "DejaVuSans.ttf") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(faces.count == 8)
        #expect(faces.allSatisfy { $0 === faces[0] })
        #expect(try library.face(for: .labelDefault) === faces[0])
    }

    @Test func weightsHaveUIKitsNamesAndCSSWeights() {
        #expect(Font.Weight.allCases.map(\.name)
            == ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"])
        #expect(Font.Weight.allCases.map(\.cssWeight) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(Font.Weight(name: "semibold") == .semibold)
        #expect(Font.Weight(name: "Bold") == nil)
    }

    @Test func eachWeightIsDrawnByTheNearestDejaVuFace() {
        #expect(Font.Weight.allCases.map(\.faceFileName) == [
            "DejaVuSans-ExtraLight.ttf", "DejaVuSans-ExtraLight.ttf", "DejaVuSans-ExtraLight.ttf",
            "DejaVuSans.ttf", "DejaVuSans.ttf",
            "DejaVuSans-Bold.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Bold.ttf",
        ])
        #expect(Font.Weight.allCases.map(\.faceCSSWeight) == [200, 200, 200, 400, 400, 700, 700, 700, 700])
        #expect(Font.systemFont(ofSize: 13, weight: .heavy).faceCSSWeight == 700)
        #expect(Font.systemFont(ofSize: 13).familyName == "DejaVu Sans")
    }

    @Test func theFacesWeightIsTheWeightItsFileDeclares() throws {
        for weight in Font.Weight.allCases {
            let face = try Font(size: 10, weight: weight).face()
            #expect(face.weightClass == weight.faceCSSWeight, "\(weight)")
            #expect(face.familyName == Font.familyName)
        }
    }

    @Test func aLabelsDefaultFontIsSeventeenPointRegular() {
        #expect(Font.labelDefault == Font.systemFont(ofSize: 17, weight: .regular))
        #expect(Font.boldSystemFont(ofSize: 17) == Font(size: 17, weight: .bold))
    }
}
