@testable import ScrimCore
import Testing

/// A view's superview and its controller are not retained by it (nor referenced weakly, which
/// would put every retain of views and controllers on Swift's slow path): whoever holds the
/// view clears the reference as it lets go, so a view that outlives them sees nil.
@Suite struct ViewReferenceTests {
    @Test func aSubviewThatOutlivesItsSuperviewHasNone() {
        let child = View()
        do {
            let parent = View()
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
        let other = View()
        other.addSubview(child)
        #expect(child.superview === other && other.subviews.count == 1)
    }

    @Test func aViewThatOutlivesItsControllerHasNone() {
        let app = Application()
        var view: View?
        do {
            let controller = ViewController(app, name: "gone")
            view = controller.view
            #expect(view?.owningController === controller)
        }
        #expect(view?.owningController == nil)
    }

    @Test func aViewTakenByAnotherControllerIsThatControllersAfterTheFirstGoes() {
        let app = Application()
        let keeper = ViewController(app, name: "keeper")
        do {
            let first = ViewController(app, name: "first")
            keeper.view = first.view
            #expect(keeper.view.owningController === keeper)
        }
        #expect(keeper.view.owningController === keeper)
    }
}
