@testable import ScrimCore
import Testing

final class Source: ViewController {
    var log: [String] = []
    var allow = true
    override func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool {
        log.append("should \(identifier)")
        return allow
    }
    override func prepare(for segue: Segue, sender: AnyObject?) {
        log.append("prepare \(segue.identifier) \(segue.destination.name)")
        segue.destination.title = "from \(name)"
    }
}

@Suite struct SegueTests {
    @Test func showPushesInANavigationStackAfterPrepare() throws {
        let app = Application()
        let source = Source(app, name: "list")
        let nav = NavigationController(app, root: source, name: "nav")
        app.window.rootViewController = nav
        source.registerSegue("detail", kind: .show) { ViewController(app, name: "detail") }
        try source.performSegue(withIdentifier: "detail")
        #expect(source.log == ["should detail", "prepare detail detail"])
        #expect(nav.topViewController?.name == "detail" && nav.topViewController?.title == "from list")
        source.allow = false
        try source.performSegue(withIdentifier: "detail")
        #expect(nav.viewControllers.count == 2)
        #expect(throws: SegueError(description: "'list' has no segue with identifier 'nope'")) {
            try source.performSegue(withIdentifier: "nope")
        }
    }

    @Test func presentAndCustomKinds() throws {
        let app = Application()
        let source = Source(app, name: "root")
        app.window.rootViewController = source
        source.registerSegue("modal", kind: .present) { ViewController(app, name: "modal") }
        try source.performSegue(withIdentifier: "modal")
        #expect(source.presentedViewController?.name == "modal")
        app.run(seconds: 1)
        nonisolated(unsafe) var custom: [String] = []
        source.registerSegue("fancy", kind: .custom({ segue in custom.append(segue.destination.name) })) {
            ViewController(app, name: "fancy")
        }
        try source.performSegue(withIdentifier: "fancy")
        #expect(custom == ["fancy"])
    }

    @Test func unwindFindsAControllerLowerInTheStackAndAcrossPresentations() throws {
        let app = Application()
        let home = ViewController(app, name: "home")
        let nav = NavigationController(app, root: home, name: "nav")
        app.window.rootViewController = nav
        var arrived: [String] = []
        home.registerUnwindAction("backHome") { segue in arrived.append("\(segue.source.name) → \(segue.destination.name)") }
        let list = ViewController(app, name: "list")
        try nav.push(list, animated: false)
        app.step()
        let modal = ViewController(app, name: "modal")
        modal.modalPresentationStyle = .fullScreen
        list.present(modal, animated: false)
        app.step()
        modal.registerSegue("done", kind: .unwind(action: "backHome")) { modal }
        try modal.performSegue(withIdentifier: "done")
        #expect(arrived == ["modal → home"])
        app.run(seconds: 1)
        #expect(nav.presentedViewController == nil && nav.topViewController === home)
        #expect(throws: SegueError.self) {
            modal.registerSegue("nowhere", kind: .unwind(action: "missing")) { modal }
            try modal.performSegue(withIdentifier: "nowhere")
        }
    }
}
