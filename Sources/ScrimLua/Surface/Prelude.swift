
/// The Lua half of the scenario surface: geometry constructors, transforms, the class system
/// (`Base:extend`, `Class.new`, `Class{…}`, `Class.super`) and `scrim.plugin`. Run once per
/// state with `(scrim, metatables, native, views)`; returns the internals the Swift side uses.
///
/// What every script shares is read-only to all of them (see `ReadOnlyViews`): the base classes
/// are handed out as views (`scrim.ViewController` …), the metatables of geometry values and of
/// classes are protected, and a class's instances show a view of their class to `getmetatable`.
enum Prelude {
    static let chunkName = "=[scrim prelude]"

    static let source = String(decoding: PackageResources.prelude_lua, as: UTF8.self)
}
