import Foundation

/// A program Scrim runs for work it does not do itself — `rsvg-convert` to draw SVG as pixels,
/// `ffmpeg` to encode them — found on `PATH` before any work starts, so a missing one is an
/// error that names the Debian package to install, not a failure half-way through.
struct ExternalTool {
    let name: String
    /// The Debian package that installs it.
    let package: String
    let path: String

    static let svgRenderer = (name: "rsvg-convert", package: "librsvg2-bin")
    static let encoder = (name: "ffmpeg", package: "ffmpeg")

    /// Finds `tool` on `PATH`, or throws naming its package and `purpose`.
    init(_ tool: (name: String, package: String), for purpose: String) throws {
        name = tool.name
        package = tool.package
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ "\($0)/\(tool.name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CLIError("\(purpose) needs \(tool.name), which is not on PATH: install Debian's \(tool.package) (apt-get install \(tool.package))")
        }
        path = found
    }

    /// Runs the tool with `arguments` to its end; throws with what it printed on standard error
    /// when it fails. Standard input is empty: the tool never waits on the terminal.
    func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Read before waiting: a tool that fills the pipe would otherwise never end.
        let printed = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: printed, as: UTF8.self).split(separator: "\n").suffix(3).joined(separator: "\n")
            throw CLIError("\(name) failed (exit status \(process.terminationStatus)): \(message)")
        }
    }
}
