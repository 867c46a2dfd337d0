import CSandbox
import Foundation
import LuaBridge

/// A plugin's main file as the host opened it: found by name beneath a plugin path, or at a
/// path the scenario or the host gave. What runs is what was opened, and grants go by the real
/// path of that open file, so no name, link or later change of the paths can put other code
/// under a plugin's grant.
final class PluginSource {
    /// The file as messages and file watching name it: `<plugin path>/<name>.lua` or
    /// `<plugin path>/<name>/init.lua`, or the path given.
    let path: String
    /// The plugin path and the name beneath it, for a plugin found by name: a reload opens the
    /// file beneath that plugin path again.
    let location: PluginLocation
    private let descriptor: Int32

    init(_ found: PluginManager.FoundFile) {
        path = found.path
        location = .onSearchPath(found.directory, found.relative)
        descriptor = found.descriptor
    }

    /// Opens the file at `path` as the system resolves it (the host's and the scenario's paths).
    init(path: String) throws(LuaError) {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw LuaError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        self.path = path
        location = .path(path)
        self.descriptor = descriptor
    }

    /// Opens the plugin at `location` again, for a reload.
    convenience init(reopening location: PluginLocation) throws(LuaError) {
        switch location {
        case .path(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw LuaError(message: "\(path): the plugin's file is gone") }
            try self.init(path: path)
        case .onSearchPath(let directory, let relative):
            let root = scrim_open_folder(directory, 1)
            guard root >= 0 else { throw LuaError(message: "cannot open the plugin path \(directory): \(String(cString: strerror(errno)))") }
            defer { close(root) }
            let descriptor = scrim_open_beneath(root, relative, O_RDONLY | O_NONBLOCK, 0)
            guard descriptor >= 0 else {
                let code = errno
                let path = "\(directory)/\(relative)"
                if code == ENOENT { throw LuaError(message: "\(path): the plugin's file is gone") }
                if code == EXDEV { throw LuaError(message: "\(path): \(PluginManager.leadsOut)") }
                throw LuaError(message: "cannot open \(path): \(String(cString: strerror(code)))")
            }
            self.init(PluginManager.FoundFile(path: "\(directory)/\(relative)", directory: directory, relative: relative,
                                              descriptor: descriptor))
        }
    }

    deinit { close(descriptor) }

    /// The real path of the open file, as the kernel resolved it: what grants bind to.
    var realPath: String? { PluginFiles.realPath(of: descriptor) }

    /// The file's bytes.
    func contents() throws(LuaError) -> Data {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw LuaError(message: "cannot load \(path): not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let count = pread(descriptor, &buffer, buffer.count, offset)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw LuaError(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            offset += off_t(count)
        }
    }

    /// The plugin's folder: the folder holding `<name>.lua`, or the `<name>/` folder.
    var folder: String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
}

/// Where a loaded plugin's main file is opened from, again at each reload.
enum PluginLocation: Equatable {
    /// Found by name: `relative` (`<name>.lua` or `<name>/init.lua`) beneath the plugin path.
    case onSearchPath(String, String)
    /// A path the scenario or the host gave.
    case path(String)
}

extension PluginManager {
    /// A file found on the plugin paths, open beneath the plugin path that holds it.
    struct FoundFile {
        /// `<directory>/<relative>`, as messages and file watching name it.
        let path: String
        let directory: String
        let relative: String
        let descriptor: Int32
    }

    static let leadsOut = "it leads out of its plugin path (a symbolic link), which is not followed"

    /// The first of `candidates` (names relative to a plugin path) found along the search
    /// paths, each opened beneath its plugin path by the kernel; `searched` tells what was tried.
    func open(firstOf candidates: [String]) -> (found: FoundFile?, searched: [String]) {
        var searched: [String] = []
        for directory in searchPaths {
            let root = scrim_open_folder(directory, 1)
            defer { if root >= 0 { close(root) } }
            for candidate in candidates {
                let path = "\(directory)/\(candidate)"
                guard root >= 0 else {
                    searched.append("no file '\(path)'")
                    continue
                }
                let descriptor = scrim_open_beneath(root, candidate, O_RDONLY | O_NONBLOCK, 0)
                if descriptor >= 0 {
                    var status = stat()
                    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                        return (FoundFile(path: path, directory: directory, relative: candidate, descriptor: descriptor), searched)
                    }
                    close(descriptor)
                    searched.append("no file '\(path)' (not a regular file)")
                    continue
                }
                switch errno {
                case ENOENT, ENOTDIR: searched.append("no file '\(path)'")
                case EXDEV: searched.append("'\(path)': \(PluginManager.leadsOut)")
                case let code: searched.append("'\(path)': \(String(cString: strerror(code)))")
                }
            }
        }
        return (nil, searched)
    }
}
