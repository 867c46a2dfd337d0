import CLua
import LuaBridge
import ScrimCore

/// A percent-driven interaction made from Lua (`scrim.PercentDrivenInteractiveTransition`,
/// or a class extending it): a native interaction with a Lua instance table.
final class LuaPercentDrivenInteraction: PercentDrivenInteractiveTransition, LuaAnchored {
    @exclusivity(unchecked) var luaAnchor = LuaAnchor()
    var luaTraceName = "lua:script"
    override var traceName: String { luaTraceName }
}
