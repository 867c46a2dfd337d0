extension View {
    /// Changes an animatable property. Inside an animation block the change is recorded to
    /// animate; outside one, the property's running animations are removed (their groups
    /// complete with `finished == false`) and the new value shows at once.
    func change(_ key: AnimatableKey, _ apply: (inout LayerState) -> Void) {
        if let transaction = AnimationTransaction.current {
            transaction.willChange(self, key)
            apply(&model)
            return
        }
        let animating = !animations.isEmpty
        if animating { removeAnimations(for: key, updating: false) }
        apply(&model)
        if animating { updatePresentation() }
    }

    /// Removes the running animations of `key`, marking their groups interrupted.
    func removeAnimations(for key: AnimatableKey, updating: Bool = true) {
        guard animations.contains(where: { $0.key == key }) else { return }
        animations.removeAll { animation in
            guard animation.key == key else { return false }
            animation.group.liveAnimations -= 1
            animation.group.wasInterrupted = true
            return true
        }
        if updating { updatePresentation() }
    }

    /// Recomputes what the view shows: the model with each running animation applied in order.
    func updatePresentation() {
        guard !animations.isEmpty else {
            isPresentationOverridden = false
            presentationIsCurrent = true
            return
        }
        presentationState = storedModel
        applyAnimations(toModel: false)
        isPresentationOverridden = true
        presentationIsCurrent = true
    }

    /// What the view shows at its animations' progress now, for a frame: only the animated
    /// properties are computed again when neither the model nor the animations changed since
    /// the presentation was last computed (every other property shows the model already);
    /// otherwise all of it. The same values as `updatePresentation`, with less memory moved.
    @inline(__always)
    func advancePresentation() {
        guard presentationIsCurrent, isPresentationOverridden else { return updatePresentation() }
        applyAnimations(toModel: true)
    }

    /// Applies each running animation in order to `presentationState`: the first animation of
    /// a property on the model's value when `toModel` (on the presentation's, which holds the
    /// model's, otherwise), each later one on what the one before it gave.
    @inline(__always)
    private func applyAnimations(toModel: Bool) {
        var applied: UInt16 = 0
        for index in animations.indices {
            let animation = animations[index]
            let bit: UInt16 = 1 << UInt16(animation.key.rawValue)
            let onModel = toModel && applied & bit == 0
            applied |= bit
            if animation.isNarrow {
                let current = onModel ? storedModel.narrowComponents(animation.key) : presentationState.narrowComponents(animation.key)
                presentationState.setNarrowComponents(animation.applyNarrow(to: current), for: animation.key)
            } else {
                let current = onModel ? storedModel.components(animation.key) : presentationState.components(animation.key)
                presentationState.setComponents(animation.apply(to: current), for: animation.key)
            }
        }
    }

    /// The properties animating on this view, oldest animation first.
    public var animatingKeys: [AnimatableKey] { animations.map(\.key) }
}
