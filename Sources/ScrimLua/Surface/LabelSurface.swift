import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// The largest font size a label takes, in points: past it, no screen shows a glyph whole.
    static let largestFontSize = 10_000.0
    /// The longest text a label takes from a script, in bytes: some 300 pages. Laying out and
    /// drawing it is native work no budget interrupts, so its length is bounded here, and what
    /// labels hold counts toward the memory cap (`NativeCharge.text`).
    static let longestLabelText = 1 << 20

    /// `Label`'s Lua surface: `UILabel`'s properties, a font as `{ size =, weight = }`.
    func defineLabelClass() {
        let cls = labelClass
        cls.inherit(from: viewClass)
        cls.property("text", get: { label, call in call.state.push(label.text) },
                     set: { label, call, i in try Runtime.setText(of: label, call, at: i) })
        cls.property("font", get: { label, call in
            lua_createtable(call.L, 0, 2)
            call.push(number: label.font.size)
            lua_setfield(call.L, -2, "size")
            call.state.push(label.font.weight.name)
            lua_setfield(call.L, -2, "weight")
        }, set: { label, call, i in label.font = try Runtime.font(call, at: i) })
        cls.property("textColor", get: { label, call in call.state.push(label.textColor) },
                     set: { label, call, i in label.textColor = try call.color(i) })
        cls.property("textAlignment", get: { label, call in call.state.push(label.textAlignment.name) },
                     set: { label, call, i in label.textAlignment = try Runtime.enumValue(call, i, TextAlignment.self) })
        cls.property("lineBreakMode", get: { label, call in call.state.push(label.lineBreakMode.name) },
                     set: { label, call, i in label.lineBreakMode = try Runtime.enumValue(call, i, LineBreakMode.self) })
        cls.property("numberOfLines", get: { label, call in call.push(number: Double(label.numberOfLines)) },
                     set: { label, call, i in
            let lines = try call.integer(i)
            guard lines >= 0 else { throw call.argumentError(i, "0 (as many as fit) or more expected, got \(lines)") }
            label.numberOfLines = lines
        })
        cls.property("intrinsicContentSize", get: { label, call in call.state.push(label.intrinsicContentSize) })
        cls.method("sizeThatFits", returning: { label, call in label.sizeThatFits(try call.size(2)) })
        cls.action("sizeToFit") { $0.sizeToFit() }
    }

    /// Sets `label`'s text from the string at `index` (nil: empty), at most `longestLabelText`
    /// bytes, charged to the memory cap while the label lives.
    static func setText(of label: Label, _ call: LuaCall, at index: Int32) throws {
        let text = call.isNil(index) ? "" : try call.string(index)
        let bytes = text.utf8.count
        guard bytes <= longestLabelText else {
            throw call.argumentError(index, "a label's text is at most \(longestLabelText) bytes, got \(bytes)")
        }
        label.text = text
        call.state.lingeringNatives.charge(bytes, to: label, for: .text)
    }

    /// A font given as `{ size = 17, weight = "semibold" }` (either field optional: 17 points,
    /// regular), checked here, with its face loaded so that a missing font file is this line's
    /// error rather than a blank label later.
    static func font(_ call: LuaCall, at index: Int32) throws -> Font {
        try call.table(index)
        let table = lua_absindex(call.L, index)
        var font = Font.labelDefault
        call.state.rawField("size", of: table)
        defer { scrim_pop(call.L, 1) }
        if !call.isNil(-1) {
            guard lua_type(call.L, -1) == LUA_TNUMBER else { throw call.argumentError(index, "font size: number expected, got \(call.state.typeName(at: -1))") }
            let size = lua_tonumberx(call.L, -1, nil)
            guard size > 0, size <= largestFontSize else {
                throw call.argumentError(index, "font size: a number above 0 and at most \(Int(largestFontSize)) expected, got \(size.isNaN ? "nan" : "\(size)")")
            }
            font.size = size
        }
        call.state.rawField("weight", of: table)
        defer { scrim_pop(call.L, 1) }
        if !call.isNil(-1) {
            guard lua_type(call.L, -1) == LUA_TSTRING, let name = call.state.string(at: -1) else {
                throw call.argumentError(index, "font weight: string expected, got \(call.state.typeName(at: -1))")
            }
            guard let weight = Font.Weight(name: name) else {
                let names = Font.Weight.allCases.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw call.argumentError(index, "unknown font weight '\(name.prefix(40))': one of \(names)")
            }
            font.weight = weight
        }
        do { _ = try font.face() } catch { throw LuaRaise(error.description) }
        return font
    }

    /// `Label{text=, font=, textColor=, textAlignment=, numberOfLines=, lineBreakMode=, …}`: a
    /// label with those properties and any of `View`'s. Its font's face is loaded now, so a
    /// machine without the fonts says so here.
    func makeLabel(_ call: LuaCall) throws -> Int32 {
        let label = Label()
        do { _ = try label.font.face() } catch { throw LuaRaise(error.description) }
        return try construct(label, using: labelClass, constructor: "Label", call)
    }
}
