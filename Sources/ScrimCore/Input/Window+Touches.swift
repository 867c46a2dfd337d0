extension View {
    /// The view's gesture recognizers.
    public var gestureRecognizers: [GestureRecognizer] { recognizers }

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        recognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }
}

extension Window {
    /// `point` (window coordinates) in `view`'s coordinates by what is on screen.
    func convertPresentation(_ point: Point, to view: View?) -> Point {
        guard let view else { return point }
        var chain: [View] = []
        var current: View? = view
        while let candidate = current, candidate !== self {
            chain.append(candidate)
            current = candidate.superview
        }
        var local = point
        for ancestor in chain.reversed() { local = local.applying(View.transformToSuperview(ancestor.presentation).inverted) }
        return local
    }

    // MARK: Scripted touches

    /// A touch goes down at `point` (window coordinates): hit-testing by what is on screen
    /// picks the view; the gesture recognizers of that view and its ancestors watch the touch.
    public func touchDown(at point: Point) {
        touchUp(at: activeTouch?.point ?? point)
        let hit = hitTest(point)
        var recognizers: [GestureRecognizer] = []
        var current = hit
        while let view = current {
            recognizers += view.recognizers.filter(\.isEnabled)
            current = view.superview
        }
        activeTouch = ActiveTouch(point: point, view: hit, recognizers: recognizers)
        let time = application?.clock.now ?? 0
        for recognizer in recognizers { recognizer.touchBegan(at: point, time: time) }
    }

    public func touchMove(to point: Point) {
        guard var touch = activeTouch else { return }
        touch.point = point
        activeTouch = touch
        let time = application?.clock.now ?? 0
        for recognizer in touch.recognizers where recognizer.state != .failed { recognizer.touchMoved(to: point, time: time) }
    }

    public func touchUp(at point: Point) {
        guard let touch = activeTouch else { return }
        activeTouch = nil
        let time = application?.clock.now ?? 0
        for recognizer in touch.recognizers where recognizer.state != .failed { recognizer.touchEnded(at: point, time: time) }
        for recognizer in touch.recognizers { recognizer.reset() }
    }

    /// A tap at `point`: down and up at once. Returns the view hit, if any.
    @discardableResult
    public func tap(at point: Point) -> View? {
        let hit = hitTest(point)
        touchDown(at: point)
        touchUp(at: point)
        return hit
    }

    /// A drag from `from` to `to` over `duration` seconds: down now, a move in each of the next
    /// `steps` frames (every frame of the duration by default) along a straight line, up with
    /// the last move. It plays as the clock advances.
    /// Each move schedules the next, so a long drag keeps one timer on the run loop, not one per
    /// frame.
    public func pan(from: Point, to: Point, duration: Double, steps: Int? = nil) {
        guard let application else { return }
        touchDown(at: from)
        let frames = max(1, steps ?? Int((duration / application.clock.frameDuration).rounded()))
        scheduleMove(1, of: frames, from: from, to: to, start: application.clock.now, duration: duration)
    }

    private func scheduleMove(_ step: Int, of frames: Int, from: Point, to: Point, start: Double, duration: Double) {
        let fraction = Double(step) / Double(frames)
        let point = Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
        application?.runLoop.schedule(at: start + duration * fraction) { [weak self] in
            guard let self else { return }
            touchMove(to: point)
            if step == frames {
                touchUp(at: point)
            } else {
                scheduleMove(step + 1, of: frames, from: from, to: to, start: start, duration: duration)
            }
        }
    }
}

/// The touch a window is tracking.
struct ActiveTouch {
    var point: Point
    let view: View?
    let recognizers: [GestureRecognizer]
}
