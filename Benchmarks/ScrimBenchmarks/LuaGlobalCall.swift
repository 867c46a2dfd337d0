import CLua

/// Calls the global Lua function `name` with integer arguments, raw (no budget, no trace):
/// what the benchmarks time. Throws the Lua error, so a fixture can be checked before timing.
func callGlobal(_ L: OpaquePointer, _ name: String, _ arguments: lua_Integer...) throws {
    lua_getglobal(L, name)
    for argument in arguments { lua_pushinteger(L, argument) }
    guard scrim_pcall(L, Int32(arguments.count), 0, 0) == LUA_OK else {
        let message = scrim_tostring(L, -1, nil).map { String(cString: $0) } ?? "error"
        scrim_pop(L, 1)
        throw BenchmarkError("\(name): \(message)")
    }
}
