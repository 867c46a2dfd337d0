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
            presentationOverride = nil
            return
        }
        var state = model
        for index in animations.indices {
            let animation = animations[index]
            state.setComponents(animation.apply(to: state.components(animation.key)), for: animation.key)
        }
        presentationOverride = state
    }

    /// The properties animating on this view, oldest animation first.
    public var animatingKeys: [AnimatableKey] { animations.map(\.key) }
}
