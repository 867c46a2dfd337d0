import ScrimCore
import ScrimRender

/// A frame a test can look at: the scene as drawn and its description, at a clock time.
struct TestFrame {
    var time: Double
    var scene: Scene
    var description: JSONValue
    /// What keeping it costs, at least: its SVG's text, a kilobyte for each view's description,
    /// and two for the frame itself.
    var bytes: Int
}

/// The frames a test's runtime drew, newest last, so that `frameAt(t)` can find one after the
/// clock has run past it. The oldest are let go beyond `budget` bytes: a long test keeps its
/// recent frames rather than all of them.
final class FrameHistory: FrameObserver {
    /// The most bytes of frames kept.
    static let budget = 64 << 20

    private let window: Window
    private let builder = SceneBuilder()
    /// The frames, oldest first; those before `first` were let go (nil until the array sheds them).
    private var frames: [TestFrame?] = []
    private var first = 0
    private var bytes = 0
    /// Whether frames drawn are kept: building each costs as much as recording it for
    /// `scrim render`, which a test of thousands of views may not want.
    var isRecording = false

    init(window: Window) {
        self.window = window
    }

    func frame(at time: Double) {
        if isRecording { keep(capture(at: time)) }
    }

    /// The screen as it is now.
    func capture(at time: Double) -> TestFrame {
        let scene = builder.scene(of: window)
        let description = FrameDescription.of(window)
        let size = scene.head.utf8.count + scene.nodes.reduce(0) { $0 + $1.open.utf8.count + $1.close.utf8.count }
        return TestFrame(time: time, scene: scene, description: description, bytes: size + 1024 * scene.nodes.count + 2048)
    }

    func keep(_ frame: TestFrame) {
        frames.append(frame)
        bytes += frame.bytes
        while bytes > FrameHistory.budget, first < frames.count - 1 {
            bytes -= frames[first]?.bytes ?? 0
            frames[first] = nil
            first += 1
        }
        // Let the array shed what was dropped now and then, not on every frame.
        if first > 1024, first * 2 > frames.count {
            frames.removeFirst(first)
            first = 0
        }
    }

    /// The latest frame drawn at or before `time`, among those kept.
    func latest(atOrBefore time: Double) -> TestFrame? {
        let kept = frames[first...]
        var low = kept.startIndex, high = kept.endIndex
        // The first frame later than `time` (a microsecond's tolerance for decimal times).
        while low < high {
            let middle = (low + high) / 2
            if kept[middle]!.time <= time + 1e-6 { low = middle + 1 } else { high = middle }
        }
        return low > kept.startIndex ? kept[low - 1] : nil
    }

    /// The time of the oldest frame kept.
    var oldest: Double? { frames.indices.contains(first) ? frames[first]?.time : nil }
}
