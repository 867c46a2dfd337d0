/// A text picture of a window: its controllers (children and presentations, with their
/// appearance states) and its views (with on-screen frames), as the REPL's `:tree` shows it.
///
/// ```
/// window 393x852 (iPhone 15, compact/regular)
/// controllers
/// └─ root: ViewController, appeared, view (0, 0, 393, 852)
///    └─ presents modal (pageSheet): ViewController, appeared, view (0, 59, 393, 793)
/// views
/// └─ window (0, 0, 393, 852)
///    ├─ view of root (0, 0, 393, 852)
///    └─ container (0, 0, 393, 852)
///       └─ view of modal (0, 59, 393, 793)
/// ```
extension Window {
    public var hierarchyDescription: String {
        let traits = "\(traitCollection.horizontalSizeClass)/\(traitCollection.verticalSizeClass)"
        var lines = ["window \(size) (\(device.name), \(traits))", "controllers"]
        if let root = rootViewController {
            describe(controller: root, style: nil, prefix: "", isLast: true, into: &lines)
        } else {
            lines.append("└─ (no root view controller)")
        }
        lines.append("views")
        describe(view: self, prefix: "", isLast: true, into: &lines)
        return lines.joined(separator: "\n")
    }

    private func describe(controller: ViewController, style: String?, prefix: String, isLast: Bool,
                          into lines: inout [String]) {
        var line = prefix + (isLast ? "└─ " : "├─ ") + controller.name
        if let style { line = prefix + (isLast ? "└─ " : "├─ ") + "presents \(controller.name) (\(style))" }
        line += ": \(controller.typeName), \(controller.appearanceState)"
        if let view = controller.viewIfLoaded {
            line += ", view \(view.presentation.frame)"
            if view.window == nil { line += " (off screen)" }
        } else {
            line += ", view not loaded"
        }
        lines.append(line)
        let inner = prefix + (isLast ? "   " : "│  ")
        var entries: [(ViewController, String?)] = controller.children.map { ($0, nil) }
        if let presented = controller.presentedStorage {
            entries.append((presented, presented.resolvedPresentationStyle.rawValue))
        }
        for (index, (child, style)) in entries.enumerated() {
            describe(controller: child, style: style, prefix: inner, isLast: index == entries.count - 1, into: &lines)
        }
    }

    private func describe(view: View, prefix: String, isLast: Bool, into lines: inout [String]) {
        let state = view.presentation
        var line = prefix + (isLast ? "└─ " : "├─ ") + label(of: view) + " \(state.frame)"
        if state.alpha != 1 { line += " alpha \(formatNumber(state.alpha))" }
        if view.isHidden { line += " hidden" }
        if let content = Window.content(of: view) { line += " " + content }
        lines.append(line)
        let inner = prefix + (isLast ? "   " : "│  ")
        for (index, subview) in view.subviews.enumerated() {
            describe(view: subview, prefix: inner, isLast: index == view.subviews.count - 1, into: &lines)
        }
    }

    /// What a view shows besides its colour: a label's text (its first 40 characters), an image
    /// view's image, a gradient's colours.
    static func content(of view: View) -> String? {
        switch view {
        case let label as Label:
            let text = label.text.count > 40 ? label.text.prefix(40) + "…" : Substring(label.text)
            return "text " + String(reflecting: String(text))
        case let imageView as ImageView:
            return imageView.image.map { "image \($0.name)" }
        case let gradient as GradientView:
            return "\(gradient.type) gradient " + gradient.colors.map(\.hexString).joined(separator: " ")
        default:
            return nil
        }
    }

    /// `window`, `view of <controller>`, the view's name, or its type.
    public func label(of view: View) -> String {
        if view === self { return "window" }
        if let controller = view.owningController { return "view of \(controller.name)" }
        if let name = view.name { return name }
        return String(describing: type(of: view))
    }
}
