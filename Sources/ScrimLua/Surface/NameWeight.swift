import LuaBridge

extension Runtime {
    /// Swift keeps a string of up to 15 bytes inside the value holding it; a longer one is an
    /// allocation of its own.
    static let longestInlineString = 15

    /// A name, title or identifier the host keeps for `object` on a script's behalf (at most
    /// `LuaCall.longestName` bytes): one longer than Swift keeps inline weighs with the object,
    /// for as long as it lives, in place of the one it had before. A thousand-byte name on each
    /// of a hundred thousand controllers or views is a gigabyte the memory cap must see.
    static func chargeName(_ name: String?, of object: AnyObject, as kind: NativeCharge, _ call: LuaCall) {
        let bytes = name?.utf8.count ?? 0
        call.state.lingeringNatives.charge(bytes > longestInlineString ? bytes : 0, to: object, for: kind)
    }
}
