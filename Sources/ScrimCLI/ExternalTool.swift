import Foundation

/// A program Scrim runs for work it does not do itself — `rsvg-convert` to draw SVG as pixels,
/// `ffmpeg` to encode them — found on `PATH` before any work starts, so a missing one is an
/// error that names the Debian package to install, not a failure half-way through.
///
/// It runs under limits (`prlimit`, from util-linux): what it draws comes from scripts, and a
/// picture can be made to ask a renderer for minutes or gigabytes; past the limits it is
/// stopped and the export fails with a message saying so.
struct ExternalTool {
    let name: String
    let path: String
    private let limiter: String

    /// The most memory a tool may map: far more than any frame needs.
    static let memoryLimit = 4 << 30

    static let svgRenderer = (name: "rsvg-convert", package: "librsvg2-bin")
    static let encoder = (name: "ffmpeg", package: "ffmpeg")

    /// Finds `tool` on `PATH`, or throws naming its package and `purpose`.
    init(_ tool: (name: String, package: String), for purpose: String) throws {
        name = tool.name
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        func find(_ name: String) -> String? {
            folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let found = find(tool.name) else {
            throw CLIError("\(purpose) needs \(tool.name), which is not on PATH: install Debian's \(tool.package) (apt-get install \(tool.package))")
        }
        guard let limiter = find("prlimit") ?? ["/usr/bin/prlimit", "/bin/prlimit"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CLIError("\(purpose) needs prlimit, which runs \(tool.name) under limits: install Debian's util-linux")
        }
        path = found
        self.limiter = limiter
    }

    /// Runs the tool with `arguments` to its end, with at most `seconds` of processor time and
    /// `memoryLimit` bytes; throws with what it printed on standard error when it fails, or
    /// says which limit stopped it. Standard input is empty: the tool never waits on the terminal.
    func run(_ arguments: [String], seconds: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: limiter)
        process.arguments = ["--cpu=\(seconds)", "--as=\(ExternalTool.memoryLimit)", "--", path] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        Interruption.stopOnInterrupt(process.processIdentifier)
        // Read before waiting: a tool that fills the pipe would otherwise never end.
        let printed = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        Interruption.stopOnInterrupt(nil)
        if Interruption.happened { throw CLIError("interrupted") }
        // The tool's first words: a Rust panic or a library's warnings follow with backtraces.
        let message = String(decoding: printed, as: UTF8.self).split(separator: "\n").prefix(2).joined(separator: " ")
        if process.terminationReason == .uncaughtSignal || message.contains("memory") {
            throw CLIError("\(name) was stopped: it needed more than \(seconds) s of processor time or "
                + "\(ExternalTool.memoryLimit >> 30) GB of memory (\(message.isEmpty ? "signal \(process.terminationStatus)" : message))")
        }
        guard process.terminationStatus == 0 else {
            throw CLIError("\(name) failed (exit status \(process.terminationStatus)): \(message)")
        }
    }
}
