import Foundation

/// The Unix-domain sockets of the control protocol: where they may live, and how they are made.
public enum ControlSocket {
    /// The socket `scrim serve` listens on when given none: `$XDG_RUNTIME_DIR/scrim.sock`, else
    /// `/tmp/scrim-<uid>/scrim.sock`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtimeDirectory = environment["XDG_RUNTIME_DIR"], !runtimeDirectory.isEmpty {
            return runtimeDirectory + "/scrim.sock"
        }
        return "/tmp/scrim-\(geteuid())/scrim.sock"
    }

    /// A listening socket at `path`, mode 0600. Its folder is made (mode 0700) when missing, and
    /// must belong to this user and be writable by no one else; a stale socket left by a runtime
    /// that is gone is replaced, a live one or any other file is not.
    static func listen(at path: String) throws(ControlSocketError) -> Int32 {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        try checkFolder(folder, of: path)
        var address = try socketAddress(path)
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                throw ControlSocketError("\(path): a file that is not a socket is in the way")
            }
            if let live = try? connect(to: path) {
                close(live)
                throw ControlSocketError("\(path): another runtime is listening there")
            }
            unlink(path)
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ControlSocketError("\(path): cannot make a socket: \(lastError)") }
        // The mode is set after bind, not by the umask, which is the whole process's (another
        // thread making a file meanwhile would get it). Until chmod, a connection from another
        // user is refused by its credentials (`peerUser`).
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(descriptor, 16) == 0 else {
            let message = lastError
            close(descriptor)
            throw ControlSocketError("\(path): cannot listen: \(message)")
        }
        return descriptor
    }

    /// A connected socket to the runtime listening at `path`.
    static func connect(to path: String) throws(ControlSocketError) -> Int32 {
        var address = try socketAddress(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ControlSocketError("\(path): cannot make a socket: \(lastError)") }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let message = errno == ENOENT || errno == ECONNREFUSED ? "no runtime is listening there" : lastError
            close(descriptor)
            throw ControlSocketError("\(path): cannot connect: \(message)")
        }
        return descriptor
    }

    /// The user id of the process at the other end of a connected socket.
    static func peerUser(of descriptor: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        var credentials: (pid_t, uid_t, gid_t) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.1
    }

    /// The folder must exist (or be made, mode 0700), be this user's, and writable by no one else.
    private static func checkFolder(_ folder: String, of path: String) throws(ControlSocketError) {
        var status = stat()
        if stat(folder, &status) != 0 {
            // chmod: the mode is 0700 whatever the umask.
            guard errno == ENOENT, mkdir(folder, 0o700) == 0, chmod(folder, 0o700) == 0, stat(folder, &status) == 0 else {
                throw ControlSocketError("\(path): cannot make the folder \(folder): \(lastError)")
            }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw ControlSocketError("\(path): \(folder) is not a folder") }
        guard status.st_uid == geteuid() else {
            throw ControlSocketError("\(path): the folder \(folder) belongs to another user; use a folder of your own (like $XDG_RUNTIME_DIR)")
        }
        guard status.st_mode & 0o022 == 0 else {
            throw ControlSocketError("\(path): others may write in the folder \(folder); use a folder only you can write (like $XDG_RUNTIME_DIR or ~/.scrim)")
        }
    }

    private static func socketAddress(_ path: String) throws(ControlSocketError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw ControlSocketError("\(path): a socket path must have 1 to \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        return address
    }

    static var lastError: String { String(cString: strerror(errno)) }
}
