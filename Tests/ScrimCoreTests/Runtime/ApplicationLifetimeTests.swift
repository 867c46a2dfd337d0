@testable import ScrimCore
import Testing

/// An application's controllers and window refer to it without a weak reference (one would
/// make every retain of it slow), so it clears those references as it goes: what outlives it —
/// held elsewhere, as a script may hold a controller or the window — does not reach it.
@Suite struct ApplicationLifetimeTests {
    @Test func whatOutlivesTheApplicationDoesNotReachIt() throws {
        var application: Application? = Application()
        let window: Window = application!.window
        let parent = ViewController(application!, name: "parent")
        let child = ViewController(application!, name: "child")
        try parent.addChild(child)
        weak var gone = application
        #expect(child.owningApplication === application)
        application = nil
        #expect(gone == nil, "nothing here keeps the application")
        #expect(window.application == nil)
        #expect(parent.owningApplication == nil && child.owningApplication == nil)
        // Their ends, as the test lets them go, must not reach it either (under
        // AddressSanitizer, a use after free).
    }
}
