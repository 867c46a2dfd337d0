import ScrimCore

/// A frame as a test compares it: every visible view with what it draws — its place in its
/// superview, its looks and its content — as numbers and strings, in painting order.
///
/// The SVG of a frame changes whenever the way frames are written does; this description
/// changes only when what is on screen does. A snapshot (`SnapshotFile`) keeps it beside the
/// picture, and `FrameComparison` compares two of them within a tolerance.
///
/// ```json
/// {"view": "window", "frame": [0, 0, 393, 852], "backgroundColor": "#ffffffff",
///  "subviews": [{"view": "view of sheet", "frame": [0, 426, 393, 426], "alpha": 0.5}]}
/// ```
///
/// Values are the presentation's, as drawn; a number that is not finite is the string `"nan"`,
/// `"inf"` or `"-inf"` (JSON has no such numbers). A property at UIKit's default (alpha 1, no
/// background, no border, no shadow, no transform …) is left out, so a description names only
/// what a view shows; hidden views are left out with their subviews, as they are not drawn.
public enum FrameDescription {
    /// The window's views as they are on screen now.
    public static func of(_ window: Window) -> JSONValue {
        window.isHidden ? .null : describe(window, in: window)
    }

    private static func describe(_ view: View, in window: Window) -> JSONValue {
        let state = view.presentation
        var fields: [String: JSONValue] = [
            "view": .string(window.label(of: view)),
            "frame": numbers(state.frame.origin.x, state.frame.origin.y, state.frame.size.width, state.frame.size.height),
        ]
        if state.bounds.origin != .zero { fields["boundsOrigin"] = numbers(state.bounds.origin.x, state.bounds.origin.y) }
        let t = state.transform
        if !t.isIdentity { fields["transform"] = numbers(t.a, t.b, t.c, t.d, t.tx, t.ty) }
        if state.alpha != 1 { fields["alpha"] = number(state.alpha) }
        if let color = state.backgroundColor, color.alpha > 0 { fields["backgroundColor"] = .string(color.hexString) }
        if state.cornerRadius != 0 { fields["cornerRadius"] = number(state.cornerRadius) }
        if view.clipsToBounds { fields["clipsToBounds"] = .bool(true) }
        if state.borderWidth > 0, let color = state.borderColor, color.alpha > 0 {
            fields["border"] = .object(["width": number(state.borderWidth), "color": .string(color.hexString)])
        }
        if state.shadowOpacity > 0, let color = state.shadowColor, color.alpha > 0 {
            fields["shadow"] = .object([
                "color": .string(color.hexString), "opacity": number(state.shadowOpacity),
                "radius": number(state.shadowRadius), "offset": numbers(state.shadowOffset.width, state.shadowOffset.height),
            ])
        }
        if let content = content(of: view, bounds: state.bounds) { fields[content.key] = content.value }
        let subviews = view.subviews.filter { !$0.isHidden }
        if !subviews.isEmpty { fields["subviews"] = .array(subviews.map { describe($0, in: window) }) }
        return .object(fields)
    }

    /// What the view shows inside its bounds, under the key that names its kind.
    private static func content(of view: View, bounds: Rect) -> (key: String, value: JSONValue)? {
        switch view {
        case let label as Label:
            guard let layout = label.layout(in: bounds) else { return nil }
            var text: [String: JSONValue] = [
                "lines": .array(layout.lines.map { .array([number($0.origin.x), number($0.origin.y), .string($0.text)]) }),
                "font": .object(["size": number(label.font.size), "weight": .string(label.font.weight.name)]),
            ]
            if let color = label.textColor { text["color"] = .string(color.hexString) }
            return ("text", .object(text))
        case let imageView as ImageView:
            guard let image = imageView.image else { return nil }
            return ("image", .object([
                "name": .string(image.name), "size": numbers(image.size.width, image.size.height),
                "contentMode": .string(imageView.contentMode.name),
            ]))
        case let gradient as GradientView:
            guard !gradient.colors.isEmpty else { return nil }
            return ("gradient", .object([
                "type": .string(gradient.type.rawValue),
                "start": numbers(gradient.startPoint.x, gradient.startPoint.y),
                "end": numbers(gradient.endPoint.x, gradient.endPoint.y),
                "stops": .array(gradient.stops.map { .array([number($0.location), .string($0.color.hexString)]) }),
            ]))
        case let bar as NavigationBar:
            var fields: [String: JSONValue] = [:]
            if let title = bar.title { fields["title"] = .string(title) }
            if let back = bar.backItemTitle { fields["backItemTitle"] = .string(back) }
            return fields.isEmpty ? nil : ("bar", .object(fields))
        case let bar as TabBar:
            guard !bar.itemTitles.isEmpty else { return nil }
            return ("bar", .object(["items": .array(bar.itemTitles.map { .string($0) }),
                                    "selectedIndex": .number(Double(bar.selectedIndex))]))
        default:
            return nil
        }
    }

    private static func numbers(_ values: Double...) -> JSONValue {
        .array(values.map(number))
    }

    private static func number(_ value: Double) -> JSONValue {
        if value.isFinite { return .number(value) }
        return .string(value.isNaN ? "nan" : value > 0 ? "inf" : "-inf")
    }
}
