/// The built-in animations of `modalTransitionStyle`, used when no animator is supplied.
///
/// - `coverVertical`: the presented view slides up from below the container (0.5 s).
/// - `crossDissolve`: it fades in (0.35 s).
/// - `flipHorizontal`, a 2D approximation of the 3D flip: the outgoing view scales
///   horizontally to zero, the incoming one from zero (0.75 s, half each).
/// - `partialCurl`, an approximation of the page curl: the presented view rises from 30 %
///   below while it fades in (0.5 s).
final class StandardAnimator: AnimatedTransitioning {
    let style: ModalTransitionStyle
    let presenting: Bool

    init(style: ModalTransitionStyle, presenting: Bool) {
        self.style = style
        self.presenting = presenting
    }

    var traceName: String { "native:\(style.rawValue)" }

    func transitionDuration(using context: TransitionContext) -> Double {
        switch style {
        case .coverVertical, .partialCurl: return 0.5
        case .crossDissolve: return 0.35
        case .flipHorizontal: return 0.75
        }
    }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let presented = context.viewController(forKey: presenting ? .to : .from)
        guard let view = context.view(forKey: presenting ? .to : .from) else {
            context.completeTransition(true)
            return
        }
        let application = presented.application
        let duration = transitionDuration(using: context)
        let final = presenting ? context.finalFrame(for: presented) : context.initialFrame(for: presented)
        let below = Rect(x: final.x, y: container.bounds.height, width: final.width, height: final.height)
        let partway = Rect(x: final.x, y: final.y + final.height * 0.3, width: final.width, height: final.height)
        let done: (Bool) -> Void = { _ in
            view.alpha = 1
            view.transform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        }
        if presenting {
            view.frame = final
            container.addSubview(view)
        }
        switch style {
        case .coverVertical:
            if presenting { view.frame = below }
            try? application.animate(duration: duration, curve: .easeInOut,
                                     animations: { view.frame = presenting ? final : below }, completion: done)
        case .crossDissolve:
            if presenting { view.alpha = 0 }
            try? application.animate(duration: duration, curve: .easeInOut,
                                     animations: { view.alpha = presenting ? 1 : 0 }, completion: done)
        case .partialCurl:
            if presenting {
                view.frame = partway
                view.alpha = 0
            }
            try? application.animate(duration: duration, curve: .easeInOut, animations: {
                view.frame = presenting ? final : partway
                view.alpha = presenting ? 1 : 0
            }, completion: done)
        case .flipHorizontal:
            let other = context.view(forKey: presenting ? .from : .to)
            let outgoing = presenting ? other : view
            let incoming = presenting ? view : other
            let flat = AffineTransform(scaleX: 0.0001, y: 1)
            incoming?.transform = flat
            try? application.animateKeyframes(duration: duration, animations: {
                try? View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { outgoing?.transform = flat }
                try? View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    incoming?.transform = .identity
                }
            }, completion: { finished in
                outgoing?.transform = .identity
                done(finished)
            })
        }
    }
}
