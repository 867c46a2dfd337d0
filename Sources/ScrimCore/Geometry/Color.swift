import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, components in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Names accepted by `init(parsing:)` besides hex notation.
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white,
        "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 1, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1), "gray": Color(red: 0.5, green: 0.5, blue: 0.5),
        "systemBackground": .white,
    ]

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a name from `named`; nil when it is neither.
    public init?(parsing text: String) {
        if let color = Color.named[text] {
            self = color
            return
        }
        guard text.hasPrefix("#") else { return nil }
        var hex = String(text.dropFirst())
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        if hex.count == 6 { hex += "ff" }
        guard hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        func channel(_ shift: UInt32) -> Double { Double((value >> shift) & 0xff) / 255 }
        self.init(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// `#rrggbbaa`, components rounded to 8 bits.
    public var hexString: String {
        func byte(_ v: Double) -> Int { v.isNaN ? 0 : Int((min(max(v, 0), 1) * 255).rounded()) }
        return String(format: "#%02x%02x%02x%02x", byte(red), byte(green), byte(blue), byte(alpha))
    }

    public var description: String { hexString }
}
