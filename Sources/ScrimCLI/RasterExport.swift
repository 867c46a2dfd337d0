import Foundation
import ScrimRender

/// Recorded frames as pictures a reviewer opens anywhere: one frame as PNG, or the frames as an
/// animated GIF (with a palette made from the frames) or an H.264 MP4 (yuv420p, which browsers
/// play). Each frame's SVG is drawn by `rsvg-convert` and the frames are encoded by `ffmpeg`,
/// both found before any work begins.
///
/// A GIF plays at most 50 frames a second: its delays are hundredths of a second, and browsers
/// slow shorter ones down to a tenth. A faster recording keeps every second frame (every
/// third…) in its GIF, so it plays in real time — 60 fps becomes 30.
struct RasterExport {
    enum Kind: String {
        case png, gif, mp4
    }

    let kind: Kind
    /// Pixels per point: 1 draws the frame at its size in points; 2 for a sharper picture.
    let scale: Int
    private let renderer: ExternalTool
    private let encoder: ExternalTool?

    init(kind: Kind, scale: Int) throws {
        self.kind = kind
        self.scale = scale
        let purpose = "--out FILE.\(kind.rawValue)"
        renderer = try ExternalTool(ExternalTool.svgRenderer, for: purpose)
        encoder = kind == .png ? nil : try ExternalTool(ExternalTool.encoder, for: purpose)
    }

    /// The fastest rate a GIF plays at in every browser.
    static let fastestGIFRate = 50

    /// How many recorded frames each frame of the output stands for at `fps`: 1, or for a GIF
    /// of a recording faster than it plays, 2 or more.
    func step(at fps: Int) -> Int {
        kind == .gif ? (fps + RasterExport.fastestGIFRate - 1) / RasterExport.fastestGIFRate : 1
    }

    /// Writes `frames` (the last, for a PNG) to `url` at `fps`, reporting progress; returns the
    /// frames written.
    @discardableResult
    func write(_ recorded: [RecordedFrame], fps: Int, to url: URL, progress: ProgressLine) throws -> [RecordedFrame] {
        let step = step(at: fps)
        // The last frame is kept: the recording's end shows however the frames are thinned.
        var frames = stride(from: recorded.count - 1, through: 0, by: -step).map { recorded[$0] }
        frames.reverse()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-export-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        if kind == .png, let frame = frames.last {
            try draw(frame, to: url, in: work)
            return [frame]
        }
        for (index, frame) in frames.enumerated() {
            if Interruption.happened { throw CLIError("interrupted") }
            progress.update("drawing frame \(index + 1) of \(frames.count)")
            try draw(frame, to: work.appendingPathComponent(String(format: "frame-%05d.png", index)), in: work)
        }
        progress.update("encoding \(url.lastPathComponent) from \(frames.count) frames")
        let input = ["-hide_banner", "-loglevel", "error", "-y", "-framerate", "\(fps)/\(step)",
                     "-i", work.appendingPathComponent("frame-%05d.png").path]
        switch kind {
        case .gif:
            // One palette made from all the frames, then each frame mapped onto it: a GIF has
            // 256 colours, and a palette per file keeps gradients and shadows smooth.
            try encoder?.run(input + ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                                      "-loop", "0", "-f", "gif", url.path], seconds: encodingSeconds(frames.count))
        case .mp4:
            // yuv420p halves the colour resolution, so both sides must be even.
            try encoder?.run(input + ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                                      "-movflags", "+faststart", "-f", "mp4", url.path], seconds: encodingSeconds(frames.count))
        case .png:
            break
        }
        progress.finish()
        return frames
    }

    /// Draws `frame` as a PNG at `url` through an SVG file in `work`; a failure names the
    /// frame by its time.
    private func draw(_ frame: RecordedFrame, to url: URL, in work: URL) throws {
        let svg = work.appendingPathComponent("frame.svg")
        try Data(frame.scene.svg.utf8).write(to: svg)
        do {
            try renderer.run(["--zoom", "\(scale)", "--format", "png", "--output", url.path, svg.path],
                             seconds: RasterExport.drawingSeconds)
        } catch let error as CLIError where !Interruption.happened {
            throw CLIError(String(format: "the frame at %.3f s could not be drawn: ", frame.time) + error.description)
        }
    }

    /// The processor time one frame may take to draw: a frame of an app takes a fraction of a
    /// second; a picture made to stall the renderer is stopped.
    static let drawingSeconds = 60

    /// The processor time encoding `count` frames may take: a minute, and a second a frame.
    private func encodingSeconds(_ count: Int) -> Int { 60 + count }
}
