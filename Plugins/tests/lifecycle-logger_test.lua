-- Tests of the lifecycle-logger plugin (Plugins/lifecycle-logger.lua): `scrim test Plugins/tests`.

test("passes its self-test", function() plugin("lifecycle-logger").selfTest() end)
