/// A change of the window's size — a rotation, a multitasking resize — coordinated as UIKit
/// does: `willTransition(to:with:)` (when the traits change) then `viewWillTransition(to:with:)`
/// reach every controller at once, parents first; the
/// window takes the size (views that follow it by autoresizing animate); on the next turn the
/// coordinator's alongside animations and the layout pass (trait changes, then layout) run in
/// one animation block of `duration` (ease in-out); when it ends, the coordinator's completions
/// run.
final class SizeTransition: CoordinatedTransition {
    let window: Window
    let duration: Double
    private(set) var hasEnded = false
    private(set) var coordinator: TransitionCoordinator?

    init(window: Window, duration: Double) {
        self.window = window
        self.duration = duration
    }

    var animated: Bool { duration > 0 }
    var isInteractive: Bool { false }
    var wasCancelled: Bool { false }
    var percentComplete: Double { hasEnded ? 1 : 0 }
    var style: ModalPresentationStyle { .fullScreen }
    var containerView: View! { window }

    func coordinatedController(forKey key: TransitionContext.Key) -> ViewController? {
        window.rootViewController
    }

    func view(forKey key: TransitionContext.Key) -> View? {
        window.rootViewController?.viewIfLoaded
    }

    func runAlongside(_ animation: @escaping (TransitionCoordinator) -> Void, in coordinator: TransitionCoordinator) {
        animation(coordinator)
    }

    /// Tells the controllers, resizes the window, and schedules the animated layout.
    func begin(to size: Size, in application: Application) {
        let coordinator = TransitionCoordinator(transition: self)
        self.coordinator = coordinator
        application.sizeTransition = self
        let traits = window.device.traits(for: size)
        if traits != window.traitCollection {
            window.rootViewController?.forwardTraitTransition(to: traits, with: coordinator)
            application.adaptPresentations(to: traits, with: coordinator)
        }
        window.rootViewController?.forwardSizeTransition(to: size, with: coordinator)
        // The window takes its size at once; views that follow it by autoresizing animate.
        if animated {
            try? application.animate(duration: duration, curve: .easeInOut) { window.resize(to: size) }
        } else {
            window.resize(to: size)
        }
        // The application holds its run loop and animations: they hold it weakly.
        application.runLoop.perform { [self, weak application] in
            guard let application else { return }
            let layout = { [self] in
                coordinator.startAnimations()
                window.layoutPass(from: window)
            }
            if animated {
                try? application.animate(duration: duration, curve: .easeInOut, animations: layout) { [self, weak application] _ in
                    if let application { end(in: application) }
                }
            } else {
                layout()
                end(in: application)
            }
        }
    }

    /// Lets go of the coordinator, which holds this transition: for an application going away
    /// in the middle of it.
    func abandon() {
        coordinator = nil
    }

    private func end(in application: Application) {
        hasEnded = true
        if application.sizeTransition === self { application.sizeTransition = nil }
        coordinator?.runCompletions()
        coordinator = nil
    }
}
