import Foundation
import Synchronization

/// Finds font files and loads each once, for every thread.
///
/// Searches directories in order: those in `$SCRIM_FONT_PATH` (colon-separated), then Debian's
/// DejaVu folder, then `/usr/local/share/fonts`. A face is read once per library and shared (faces
/// are immutable); a file that is missing or bad is remembered too, so a label laid out every
/// frame does not search the disk every frame.
public final class FontLibrary: Sendable {
    /// The process's library, searching the default directories.
    public static let shared = FontLibrary(directories: defaultDirectories())

    /// Where this library looks, in order.
    public let directories: [String]

    private let loaded = Mutex<[String: Result<FontFace, FontError>]>([:])

    public init(directories: [String]) {
        self.directories = directories
    }

    /// The default search path: `$SCRIM_FONT_PATH`'s directories, then the system's.
    public static func defaultDirectories(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        let configured = (environment["SCRIM_FONT_PATH"] ?? "").split(separator: ":").map(String.init)
        return configured + ["/usr/share/fonts/truetype/dejavu", "/usr/local/share/fonts"]
    }

    /// The face in the file `fileName`, from the first directory holding it.
    public func face(named fileName: String) throws(FontError) -> FontFace {
        // Loading under the lock: the first use reads the file once, and the others wait for it.
        let result = loaded.withLock { loaded in
            if let known = loaded[fileName] { return known }
            let result: Result<FontFace, FontError>
            do throws(FontError) {
                result = .success(try load(fileName))
            } catch {
                result = .failure(error)
            }
            loaded[fileName] = result
            return result
        }
        return try result.get()
    }

    /// The face that draws `font`.
    public func face(for font: Font) throws(FontError) -> FontFace {
        try face(named: font.faceFileName)
    }

    private func load(_ fileName: String) throws(FontError) -> FontFace {
        let manager = FileManager.default
        for directory in directories {
            let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return try FontFace(contentsOfFile: path)
            }
        }
        let searched = directories.isEmpty ? "no directories" : directories.joined(separator: ", ")
        throw FontError("font file \(fileName) not found in \(searched); install Debian's "
            + "\(Self.debianPackage(of: fileName)) or set SCRIM_FONT_PATH")
    }

    /// The Debian package shipping a DejaVu file: the core package has Book and Bold, the extra
    /// one the other faces (ExtraLight among them).
    static func debianPackage(of fileName: String) -> String {
        let core = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
                    "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"]
        return core.contains(fileName) || !fileName.hasPrefix("DejaVu") ? "fonts-dejavu-core" : "fonts-dejavu-extra"
    }
}
