/// One step of a generated sequence. Parameters are raw numbers resolved against the hierarchy
/// when the step runs (an index is taken modulo what exists then), so any subsequence of a
/// sequence is still a sequence: what shrinking needs.
enum ModelOperation: Equatable, CustomStringConvertible {
    /// Presents a new controller from the `from`-th controller on screen.
    case present(from: Int, style: Int, animated: Bool, inNavigation: Bool)
    /// Dismisses from the `level`-th controller of the presentation chain (0: the root).
    case dismiss(level: Int, animated: Bool)
    case push(navigation: Int, animated: Bool)
    case pop(navigation: Int, animated: Bool)
    case popToRoot(navigation: Int, animated: Bool)
    case selectTab(Int)
    /// Adds a new child to the `parent`-th content controller, its view inside the parent's.
    case addChild(parent: Int)
    /// Removes the `child`-th child that `addChild` made.
    case removeChild(Int)
    /// Makes the `controller`-th controller define (or stop defining) a presentation context.
    case definesContext(controller: Int)
    /// Whether the model sheet's next transition is driven by its interaction controller.
    case interactive(Bool)
    /// Drives the model sheet's interaction, if one is running.
    case update(percent: Double)
    case pauseInteraction
    case finishInteraction
    case cancelInteraction
    /// A finger: down on the screen's left edge (edge swipe) or on the top presented view.
    case touchDown(onEdge: Bool)
    /// Moves the finger `fraction` of the screen from where it went down (right or down).
    case touchMove(fraction: Double)
    case touchUp
    /// A tap near the top of the screen (a half sheet's scrim).
    case tapTop
    case setSize(landscape: Bool)
    case memoryWarning
    /// Rewrites the model plugin as `variant` (0, 1: working; 2: broken) and reloads it.
    case reload(variant: Int)
    case step(frames: Int)

    var description: String {
        switch self {
        case let .present(from, style, animated, inNavigation):
            "present(from: \(from), style: \(ModelWorld.styles[style]), animated: \(animated), inNavigation: \(inNavigation))"
        case let .dismiss(level, animated): "dismiss(level: \(level), animated: \(animated))"
        case let .push(navigation, animated): "push(navigation: \(navigation), animated: \(animated))"
        case let .pop(navigation, animated): "pop(navigation: \(navigation), animated: \(animated))"
        case let .popToRoot(navigation, animated): "popToRoot(navigation: \(navigation), animated: \(animated))"
        case let .selectTab(index): "selectTab(\(index))"
        case let .addChild(parent): "addChild(parent: \(parent))"
        case let .removeChild(child): "removeChild(\(child))"
        case let .definesContext(controller): "definesContext(controller: \(controller))"
        case let .interactive(on): "interactive(\(on))"
        case let .update(percent): "update(percent: \(percent))"
        case .pauseInteraction: "pauseInteraction"
        case .finishInteraction: "finishInteraction"
        case .cancelInteraction: "cancelInteraction"
        case let .touchDown(onEdge): "touchDown(onEdge: \(onEdge))"
        case let .touchMove(fraction): "touchMove(fraction: \(fraction))"
        case .touchUp: "touchUp"
        case .tapTop: "tapTop"
        case let .setSize(landscape): "setSize(landscape: \(landscape))"
        case .memoryWarning: "memoryWarning"
        case let .reload(variant): "reload(variant: \(variant))"
        case let .step(frames): "step(frames: \(frames))"
        }
    }

    /// A random operation, weighted toward the ones that move the hierarchy.
    static func random(using generator: inout SeededGenerator) -> ModelOperation {
        func index() -> Int { Int(generator.next() % 8) }
        func bool() -> Bool { generator.next() % 2 == 0 }
        func fraction() -> Double { Double(generator.next() % 101) / 100 }
        switch generator.next() % 100 {
        case 0..<14: return .present(from: index(), style: Int(generator.next() % UInt64(ModelWorld.styles.count)),
                                     animated: generator.next() % 4 != 0, inNavigation: bool())
        case 14..<22: return .dismiss(level: index(), animated: generator.next() % 4 != 0)
        case 22..<29: return .push(navigation: index(), animated: generator.next() % 4 != 0)
        case 29..<34: return .pop(navigation: index(), animated: generator.next() % 4 != 0)
        case 34..<36: return .popToRoot(navigation: index(), animated: bool())
        case 36..<40: return .selectTab(index())
        case 40..<44: return .addChild(parent: index())
        case 44..<47: return .removeChild(index())
        case 47..<49: return .definesContext(controller: index())
        case 49..<53: return .interactive(bool())
        case 53..<57: return .update(percent: fraction())
        case 57..<58: return .pauseInteraction
        case 58..<60: return .finishInteraction
        case 60..<62: return .cancelInteraction
        case 62..<65: return .touchDown(onEdge: bool())
        case 65..<68: return .touchMove(fraction: fraction())
        case 68..<71: return .touchUp
        case 71..<72: return .tapTop
        case 72..<74: return .setSize(landscape: bool())
        case 74..<76: return .memoryWarning
        case 76..<79: return .reload(variant: Int(generator.next() % 3))
        default: return .step(frames: 1 + Int(generator.next() % 40))
        }
    }
}

/// SplitMix64: small, fast, and the same numbers from the same seed on every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
