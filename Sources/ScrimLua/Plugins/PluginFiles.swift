import CSandbox
import Foundation

/// The files one sandboxed plugin reaches (docs/plugins.md, "Files"). It reads beneath its own
/// folder, and writes only beneath its data folder (`scrim.dataPath`); both are resolved by the
/// kernel relative to a descriptor of the folder (`scrim_open_beneath`), so no name — `..`, an
/// absolute path, a symbolic link that exists or dangles — leads out of them, and no path text
/// is ever compared. Code is never writable: the plugin's folder is read-only to it, and a data
/// folder that lies on the plugin paths (or holds one of them) is refused for writing.
final class PluginFiles {
    /// The plugin's folder, as the host found it: for messages.
    let folder: String
    /// What the folder is, in messages: "the plugin's folder", or a scenario's.
    let folderRole: String
    /// `scrim.dataPath`: the folder the plugin writes to, made on its first write; nil when the
    /// host has no folder for plugin data or the plugin's name cannot name a folder.
    let dataPath: String?
    /// A descriptor of the plugin's folder, opened with its environment: what the plugin reads
    /// beneath, whatever its path names later. -1 when it could not be opened.
    private let folderDescriptor: Int32
    private var dataDescriptor: Int32 = -1
    /// The folders whose files are plugin code (the plugin paths), asked at every write.
    private let codeFolders: () -> [String]

    init(folder: String, dataPath: String?, folderRole: String = "the plugin's folder", codeFolders: @escaping () -> [String]) {
        self.folder = folder
        self.folderRole = folderRole
        self.dataPath = dataPath
        self.codeFolders = codeFolders
        folderDescriptor = scrim_open_folder(folder, 1)
    }

    deinit {
        if folderDescriptor >= 0 { close(folderDescriptor) }
        if dataDescriptor >= 0 { close(dataDescriptor) }
    }

    /// Why a file was not opened. `refused` is the sandbox's rule (raised as an error);
    /// `failed` is what the system said (returned as `nil, message, code`, as `io.open` does).
    enum Failure: Error {
        case refused(String)
        case failed(String, errno: Int32)
    }

    /// Opens `path` for `mode` (`io.open`'s modes) as the function `caller` of the plugin:
    /// paths under `scrim.dataPath` beneath the data folder, others beneath the plugin's folder.
    func open(_ path: String, mode: String, caller: String) -> Result<Int32, Failure> {
        guard let access = FileMode(mode) else { return .failure(.refused("bad argument #2 to '\(caller)' (invalid mode '\(mode)')")) }
        if let dataPath, path == dataPath || path.hasPrefix(dataPath + "/") {
            let relative = String(path.dropFirst(dataPath.count)).drop { $0 == "/" }
            return openData(relative.isEmpty ? "." : String(relative), as: path, access: access, caller: caller)
        }
        if access.writes {
            if path.hasPrefix("/") {
                return .failure(.refused("\(caller): cannot write '\(path)': a plugin writes only under scrim.dataPath "
                    + "(\(dataPath ?? "none")); the host can grant 'io'"))
            }
            return .failure(.refused("\(caller): cannot write '\(path)': the plugin's folder is read-only to plugins "
                + "(write under scrim.dataPath; the host can grant 'io')"))
        }
        guard folderDescriptor >= 0 else { return .failure(.refused("\(caller): \(folderRole) '\(folder)' is gone")) }
        return openBeneath(folderDescriptor, path, as: path, access: access, caller: caller, root: "\(folderRole) (\(folder))")
    }

    private func openData(_ relative: String, as path: String, access: FileMode, caller: String) -> Result<Int32, Failure> {
        let folder: Int32
        switch dataFolder(creating: access.writes, caller: caller) {
        case .success(let descriptor): folder = descriptor
        case .failure(let failure): return .failure(failure)
        }
        if access.writes, let problem = codeProblem(dataFolder: folder) {
            return .failure(.refused("\(caller): cannot write '\(path)': \(problem)"))
        }
        return openBeneath(folder, relative, as: path, access: access, caller: caller, root: "the plugin's data folder (\(dataPath ?? ""))")
    }

    /// The data folder's descriptor, made (mode 0700) on the first write.
    private func dataFolder(creating: Bool, caller: String) -> Result<Int32, Failure> {
        if dataDescriptor >= 0 { return .success(dataDescriptor) }
        guard let dataPath else {
            return .failure(.refused("\(caller): this plugin has no data folder (the host has none for plugins, "
                + "or the plugin's file name is not a plugin name)"))
        }
        if creating {
            let parent = (dataPath as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            if mkdir(dataPath, 0o700) != 0, errno != EEXIST {
                return .failure(.failed("\(dataPath): \(String(cString: strerror(errno)))", errno: errno))
            }
        }
        let descriptor = scrim_open_folder(dataPath, 0)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(.failed("\(dataPath): \(String(cString: strerror(code)))", errno: code))
        }
        dataDescriptor = descriptor
        return .success(descriptor)
    }

    /// Why writing beneath the data folder could make plugin code, if it could.
    private func codeProblem(dataFolder: Int32) -> String? {
        for path in codeFolders() {
            let code = scrim_open_folder(path, 1)
            guard code >= 0 else { continue }
            defer { close(code) }
            if scrim_directory_is_within(dataFolder, code) == 1 {
                return "the data folder lies in the plugin path '\(path)', where a written file could become plugin code"
            }
            if scrim_directory_is_within(code, dataFolder) == 1 {
                return "the plugin path '\(path)' lies in the data folder, where a written file could become plugin code"
            }
        }
        return nil
    }

    private func openBeneath(_ root: Int32, _ relative: String, as path: String, access: FileMode, caller: String,
                             root description: String) -> Result<Int32, Failure> {
        if relative.utf8.contains(0) { return .failure(.refused("\(caller): a file name cannot hold a zero byte")) }
        let descriptor = scrim_open_beneath(root, relative, access.flags | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case EXDEV: return .failure(.refused("\(caller): '\(path)' is outside \(description)"))
            default: return .failure(.failed("\(path): \(String(cString: strerror(code)))", errno: code))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.failed("\(path): \(String(cString: strerror(code)))", errno: code))
        }
        if status.st_mode & S_IFMT != S_IFREG {
            close(descriptor)
            return .failure(.refused("\(caller): '\(path)' is not a regular file"))
        }
        if access.writes, status.st_nlink > 1 {
            close(descriptor)
            return .failure(.refused("\(caller): cannot write '\(path)': the file has other names (hard links)"))
        }
        // Opened without blocking (a FIFO would have stalled the host) and without truncating
        // (a refused file must stay whole): now the file is known, do both as asked.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        if access.truncates, ftruncate(descriptor, 0) != 0 {
            let code = errno
            close(descriptor)
            return .failure(.failed("\(path): \(String(cString: strerror(code)))", errno: code))
        }
        return .success(descriptor)
    }
}

/// `io.open`'s modes: `r`, `w` or `a`, then `+`, then any number of `b`.
struct FileMode {
    let flags: Int32
    let writes: Bool
    let truncates: Bool

    init?(_ mode: String) {
        var rest = Substring(mode)
        guard let first = rest.popFirst(), "rwa".contains(first) else { return nil }
        let update = rest.first == "+"
        if update { rest.removeFirst() }
        guard rest.allSatisfy({ $0 == "b" }) else { return nil }
        switch first {
        case "r": flags = update ? O_RDWR : O_RDONLY
        case "w": flags = (update ? O_RDWR : O_WRONLY) | O_CREAT
        default: flags = (update ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND
        }
        writes = first != "r" || update
        truncates = first == "w"
    }
}

extension PluginFiles {
    /// The real path of the file open at `descriptor`, as the kernel resolved it.
    static func realPath(of descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
