import Foundation

/// The animatable state of a view: what the model holds and what the presentation shows.
/// `frame` is derived from `center`, `bounds.size` and `transform` (anchor at the centre).
/// The properties animations change most — the centre, alpha, the corner radius, the bounds —
/// come first, in the first 64 bytes: an animation frame reads and writes them for every
/// animating view, and touches fewer cache lines so.
public struct LayerState: Hashable, Sendable {
    public var center: Point = .zero
    public var alpha: Double = 1
    public var cornerRadius: Double = 0
    public var bounds: Rect = .zero
    public var transform: AffineTransform = .identity
    public var backgroundColor: Color?
    /// The border's width, drawn inside the bounds over the subviews (`CALayer.borderWidth`).
    public var borderWidth: Double = 0
    /// The border's colour; opaque black unless set, as `CALayer.borderColor`.
    public var borderColor: Color? = .black
    /// The shadow's colour; opaque black unless set, as `CALayer.shadowColor`.
    public var shadowColor: Color? = .black
    /// How opaque the shadow is, 0 to 1; 0 (no shadow) unless set.
    public var shadowOpacity: Double = 0
    /// The shadow's blur radius, in points: 3 unless set, as `CALayer.shadowRadius`.
    public var shadowRadius: Double = 3
    /// Where the shadow falls: (0, -3) unless set, as `CALayer.shadowOffset` — upward, since
    /// a view's layer has y growing downward, as in UIKit.
    public var shadowOffset: Size = Size(width: 0, height: -3)

    public var frame: Rect {
        let size = bounds.size
        let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            .applying(transform)
        return Rect(x: center.x + local.x, y: center.y + local.y, width: local.width, height: local.height)
    }
}

/// A property that animates: the primitive keys a view's animatable properties come down to
/// (`frame` animates as `center` and `bounds`).
public enum AnimatableKey: Int, CaseIterable, Sendable {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius
    case borderWidth, borderColor, shadowColor, shadowOpacity, shadowRadius, shadowOffset

    /// How many of the eight lanes of `components` the key uses.
    var laneCount: Int {
        switch self {
        case .center, .shadowOffset: return 2
        case .bounds, .backgroundColor, .borderColor, .shadowColor: return 4
        case .transform: return 6
        case .alpha, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius: return 1
        }
    }
}

extension LayerState {
    /// The value of `key` as numbers that interpolate linearly: transforms decomposed into
    /// translation, rotation, scale and shear; colours premultiplied sRGB.
    func components(_ key: AnimatableKey) -> SIMD8<Double> {
        switch key {
        case .center: return SIMD8(center.x, center.y, 0, 0, 0, 0, 0, 0)
        case .bounds: return SIMD8(bounds.x, bounds.y, bounds.width, bounds.height, 0, 0, 0, 0)
        case .transform: return transform.decomposed
        case .alpha: return SIMD8(alpha, 0, 0, 0, 0, 0, 0, 0)
        case .backgroundColor: return Self.premultiplied(backgroundColor)
        case .cornerRadius: return SIMD8(cornerRadius, 0, 0, 0, 0, 0, 0, 0)
        case .borderWidth: return SIMD8(borderWidth, 0, 0, 0, 0, 0, 0, 0)
        case .borderColor: return Self.premultiplied(borderColor)
        case .shadowColor: return Self.premultiplied(shadowColor)
        case .shadowOpacity: return SIMD8(shadowOpacity, 0, 0, 0, 0, 0, 0, 0)
        case .shadowRadius: return SIMD8(shadowRadius, 0, 0, 0, 0, 0, 0, 0)
        case .shadowOffset: return SIMD8(shadowOffset.width, shadowOffset.height, 0, 0, 0, 0, 0, 0)
        }
    }

    /// `components` of a key of at most two numbers (`AnimatableKey.laneCount`), in two lanes.
    @inline(__always)
    func narrowComponents(_ key: AnimatableKey) -> SIMD2<Double> {
        switch key {
        case .center: return SIMD2(center.x, center.y)
        case .alpha: return SIMD2(alpha, 0)
        case .cornerRadius: return SIMD2(cornerRadius, 0)
        case .borderWidth: return SIMD2(borderWidth, 0)
        case .shadowOpacity: return SIMD2(shadowOpacity, 0)
        case .shadowRadius: return SIMD2(shadowRadius, 0)
        case .shadowOffset: return SIMD2(shadowOffset.width, shadowOffset.height)
        case .bounds, .transform, .backgroundColor, .borderColor, .shadowColor:
            preconditionFailure("\(key) has more than two numbers")
        }
    }

    /// `setComponents` of a key of at most two numbers, from two lanes.
    @inline(__always)
    mutating func setNarrowComponents(_ v: SIMD2<Double>, for key: AnimatableKey) {
        switch key {
        case .center: center = Point(x: v[0], y: v[1])
        case .alpha: alpha = v[0]
        case .cornerRadius: cornerRadius = v[0]
        case .borderWidth: borderWidth = v[0]
        case .shadowOpacity: shadowOpacity = v[0]
        case .shadowRadius: shadowRadius = v[0]
        case .shadowOffset: shadowOffset = Size(width: v[0], height: v[1])
        case .bounds, .transform, .backgroundColor, .borderColor, .shadowColor:
            preconditionFailure("\(key) has more than two numbers")
        }
    }

    mutating func setComponents(_ v: SIMD8<Double>, for key: AnimatableKey) {
        switch key {
        case .center: center = Point(x: v[0], y: v[1])
        case .bounds: bounds = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .transform: transform = AffineTransform(decomposed: v)
        case .alpha: alpha = v[0]
        case .backgroundColor: backgroundColor = Self.unpremultiplied(v)
        case .cornerRadius: cornerRadius = v[0]
        case .borderWidth: borderWidth = v[0]
        case .borderColor: borderColor = Self.unpremultiplied(v)
        case .shadowColor: shadowColor = Self.unpremultiplied(v)
        case .shadowOpacity: shadowOpacity = v[0]
        case .shadowRadius: shadowRadius = v[0]
        case .shadowOffset: shadowOffset = Size(width: v[0], height: v[1])
        }
    }

    /// A colour as it interpolates: premultiplied sRGB, nil as clear.
    private static func premultiplied(_ color: Color?) -> SIMD8<Double> {
        let c = color ?? .clear
        return SIMD8(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha, 0, 0, 0, 0)
    }

    private static func unpremultiplied(_ v: SIMD8<Double>) -> Color {
        let a = v[3]
        return a > 0
            ? Color(red: v[0] / a, green: v[1] / a, blue: v[2] / a, alpha: a)
            : Color(red: 0, green: 0, blue: 0, alpha: 0)
    }
}

extension AffineTransform {
    /// `(tx, ty, rotation, scaleX, scaleY, shear)`: the matrix is the rotation of
    /// `[scaleX, shear; 0, scaleY]`, so each part interpolates on its own.
    var decomposed: SIMD8<Double> {
        let scaleX = (a * a + b * b).squareRoot()
        let rotation = scaleX == 0 ? 0 : atan2(b, a)
        let cosine = cos(rotation), sine = sin(rotation)
        let shear = c * cosine + d * sine
        let scaleY = -c * sine + d * cosine
        return SIMD8(tx, ty, rotation, scaleX, scaleY, shear, 0, 0)
    }

    init(decomposed v: SIMD8<Double>) {
        let cosine = cos(v[2]), sine = sin(v[2])
        self.init(a: v[3] * cosine, b: v[3] * sine,
                  c: v[5] * cosine - v[4] * sine, d: v[5] * sine + v[4] * cosine,
                  tx: v[0], ty: v[1])
    }
}
