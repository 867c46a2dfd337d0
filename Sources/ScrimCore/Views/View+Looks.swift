/// A view's border and shadow: `CALayer`'s, which UIKit code reaches through `view.layer` and
/// Scrim keeps on the view itself, beside `cornerRadius`. Each animates inside an animation
/// block as UIKit's layer properties do inside one of Core Animation's.
///
/// How they draw follows Core Animation: the border lies inside the bounds, follows the corner
/// radius and covers the subviews; the shadow is cast by everything the view draws (its
/// background and its subviews) and is cut away, with the rest, when `clipsToBounds`
/// (`masksToBounds`) is set.
extension View {
    public var borderWidth: Double {
        get { model.borderWidth }
        set { set(\.borderWidth, newValue, key: .borderWidth) }
    }

    public var borderColor: Color? {
        get { model.borderColor }
        set { set(\.borderColor, newValue, key: .borderColor) }
    }

    public var shadowColor: Color? {
        get { model.shadowColor }
        set { set(\.shadowColor, newValue, key: .shadowColor) }
    }

    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { set(\.shadowOpacity, newValue, key: .shadowOpacity) }
    }

    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { set(\.shadowRadius, newValue, key: .shadowRadius) }
    }

    public var shadowOffset: Size {
        get { model.shadowOffset }
        set { set(\.shadowOffset, newValue, key: .shadowOffset) }
    }

    /// Changes one look of the model, animating it inside an animation block.
    private func set<Value: Equatable>(_ property: WritableKeyPath<LayerState, Value>, _ value: Value, key: AnimatableKey) {
        guard model[keyPath: property] != value else { return }
        change(key) { $0[keyPath: property] = value }
    }
}
