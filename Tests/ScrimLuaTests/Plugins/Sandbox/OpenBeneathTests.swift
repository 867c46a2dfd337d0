import CSandbox
import Foundation
import Testing

/// `scrim_open_beneath`, both ways it resolves (openat2 and the walk), held to the same table of
/// names: what opens, and what leaves the root (EXDEV) — by `..`, an absolute path, or a
/// symbolic link that exists or dangles, directly or through other links.
@Suite struct OpenBeneathTests {
    /// root/ holds: file, sub/inner, in-link -> sub/inner, up-link -> ../outside,
    /// abs-link -> /etc/hostname, dangling-out -> ../made-outside, dangling-in -> sub/new,
    /// dir-out -> .., chain -> up-link, loop-a <-> loop-b; outside sits beside root/.
    static func layout() -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("root/file", "file")
        folder.write("root/sub/inner", "inner")
        folder.write("outside", "secret")
        let root = folder.path + "/root"
        let links = [("in-link", "sub/inner"), ("up-link", "../outside"), ("abs-link", "/etc/hostname"),
                     ("dangling-out", "../made-outside"), ("dangling-in", "sub/new"), ("dir-out", ".."),
                     ("chain", "up-link"), ("loop-a", "loop-b"), ("loop-b", "loop-a"), ("sub/back", "../file")]
        for (name, target) in links {
            try! FileManager.default.createSymbolicLink(atPath: "\(root)/\(name)", withDestinationPath: target)
        }
        return folder
    }

    /// The outcome of opening `path` beneath root/ with `flags`: the file's text, or the errno's name.
    static func outcome(_ open: (Int32, UnsafePointer<CChar>?, Int32, mode_t) -> Int32, _ path: String, flags: Int32 = O_RDONLY,
                        in folder: TemporaryFolder) -> String {
        let root = scrim_open_folder(folder.path + "/root", 1)
        defer { close(root) }
        let fd = open(root, path, flags, 0o600)
        guard fd >= 0 else {
            switch errno {
            case EXDEV: return "EXDEV"
            case ENOENT: return "ENOENT"
            case ELOOP: return "ELOOP"
            case ENOTDIR: return "ENOTDIR"
            case EISDIR: return "EISDIR"
            case let code: return "errno \(code)"
            }
        }
        defer { close(fd) }
        if flags & O_CREAT != 0 { return "created" }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, 64)
        return String(decoding: buffer[..<max(count, 0)], as: UTF8.self)
    }

    static let cases: [(String, Int32, String)] = [
        ("file", O_RDONLY, "file"),
        ("./sub/../file", O_RDONLY, "file"),
        ("sub/inner", O_RDONLY, "inner"),
        ("in-link", O_RDONLY, "inner"),
        ("sub/back", O_RDONLY, "file"),
        ("sub//inner", O_RDONLY, "inner"),
        ("../outside", O_RDONLY, "EXDEV"),
        ("sub/../../outside", O_RDONLY, "EXDEV"),
        ("/etc/hostname", O_RDONLY, "EXDEV"),
        ("up-link", O_RDONLY, "EXDEV"),
        ("abs-link", O_RDONLY, "EXDEV"),
        ("chain", O_RDONLY, "EXDEV"),
        ("dir-out/outside", O_RDONLY, "EXDEV"),
        ("loop-a", O_RDONLY, "ELOOP"),
        ("missing", O_RDONLY, "ENOENT"),
        ("file/x", O_RDONLY, "ENOTDIR"),
        ("dangling-out", O_WRONLY | O_CREAT, "EXDEV"),
        ("dangling-in", O_WRONLY | O_CREAT, "created"),
        ("new-file", O_WRONLY | O_CREAT, "created"),
        ("../made-outside", O_WRONLY | O_CREAT, "EXDEV"),
    ]

    @Test func theWalkKeepsEveryNameBeneathTheRoot() {
        let folder = Self.layout()
        for (path, flags, expected) in Self.cases {
            #expect(Self.outcome(scrim_open_beneath_by_walk, path, flags: flags, in: folder) == expected, "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/made-outside"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/root/sub/new"))
    }

    @Test(.enabled(if: scrim_openat2_available() != 0, "the kernel has no openat2 here"))
    func openat2KeepsEveryNameBeneathTheRootAsTheWalkDoes() {
        let folder = Self.layout()
        for (path, flags, expected) in Self.cases {
            #expect(Self.outcome(scrim_open_beneath_by_openat2, path, flags: flags, in: folder) == expected, "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/made-outside"))
    }

    @Test func aDirectoryIsWithinItselfAndItsAncestorsOnly() {
        let folder = Self.layout()
        let sub = scrim_open_folder(folder.path + "/root/sub", 1), root = scrim_open_folder(folder.path + "/root", 1)
        let top = scrim_open_folder(folder.path, 1), other = scrim_open_folder("/etc", 1)
        defer { [sub, root, top, other].forEach { close($0) } }
        #expect(scrim_directory_is_within(sub, root) == 1)
        #expect(scrim_directory_is_within(sub, top) == 1)
        #expect(scrim_directory_is_within(root, root) == 1)
        #expect(scrim_directory_is_within(root, sub) == 0)
        #expect(scrim_directory_is_within(sub, other) == 0)
    }
}
