/// The window's hierarchy as JSON, for tools: what `hierarchyDescription` draws as text.
///
/// ```json
/// {"window": {"width": 393, "height": 852, "device": "iPhone 15",
///             "horizontalSizeClass": "compact", "verticalSizeClass": "regular"},
///  "controllers": {"name": "root", "type": "ViewController", "appearance": "appeared",
///                  "view": {"x": 0, "y": 0, "width": 393, "height": 852, "onScreen": true},
///                  "children": [],
///                  "presented": {"name": "modal", "style": "pageSheet", …}},
///  "views": {"name": "window", "frame": {…}, "alpha": 1, "hidden": false, "subviews": […]}}
/// ```
///
/// Frames are on-screen (presentation) values; `controllers` is null without a root view
/// controller; a controller whose view is not loaded has `"view": null`; `backgroundColor` is
/// `#rrggbbaa` or absent.
extension Window {
    public var hierarchySnapshot: JSONValue {
        .object([
            "window": .object([
                "width": .number(size.width),
                "height": .number(size.height),
                "device": .string(device.name),
                "horizontalSizeClass": .string("\(traitCollection.horizontalSizeClass)"),
                "verticalSizeClass": .string("\(traitCollection.verticalSizeClass)"),
            ]),
            "controllers": rootViewController.map { snapshot(of: $0, style: nil) } ?? .null,
            "views": snapshot(of: self as View),
        ])
    }

    private func snapshot(of controller: ViewController, style: ModalPresentationStyle?) -> JSONValue {
        var fields: [String: JSONValue] = [
            "name": .string(controller.name),
            "type": .string(controller.typeName),
            "appearance": .string("\(controller.appearanceState)"),
            "children": .array(controller.children.map { snapshot(of: $0, style: nil) }),
        ]
        if let style { fields["style"] = .string(style.rawValue) }
        if let view = controller.viewIfLoaded {
            var frame = Window.snapshot(of: view.presentation.frame)
            frame["onScreen"] = .bool(view.window != nil)
            fields["view"] = .object(frame)
        } else {
            fields["view"] = .null
        }
        if let presented = controller.presentedStorage {
            fields["presented"] = snapshot(of: presented, style: presented.resolvedPresentationStyle)
        }
        return .object(fields)
    }

    private func snapshot(of view: View) -> JSONValue {
        let state = view.presentation
        var fields: [String: JSONValue] = [
            "name": .string(label(of: view)),
            "frame": .object(Window.snapshot(of: state.frame)),
            "alpha": .number(state.alpha),
            "hidden": .bool(view.isHidden),
            "subviews": .array(view.subviews.map { snapshot(of: $0) }),
        ]
        if let color = state.backgroundColor { fields["backgroundColor"] = .string(color.hexString) }
        if let content = Window.content(of: view) { fields["content"] = .string(content) }
        return .object(fields)
    }

    private static func snapshot(of rect: Rect) -> [String: JSONValue] {
        ["x": .number(rect.origin.x), "y": .number(rect.origin.y),
         "width": .number(rect.size.width), "height": .number(rect.size.height)]
    }
}
