import Testing
@testable import ScrimCore

@Suite struct SheetTests {
    func present(_ style: ModalPresentationStyle, on device: DevicePreset, landscape: Bool = false)
        -> (Application, ViewController, ViewController) {
        let app = Application(device: device)
        app.window.setDevice(device, landscape: landscape)
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = style
        root.present(sheet)
        app.run(seconds: 0.6)
        return (app, root, sheet)
    }

    @Test func compactWidthSheetsAreFullWidthCardsBelowTheStatusBar() {
        for style in [ModalPresentationStyle.pageSheet, .formSheet, .automatic, .popover] {
            let (app, root, sheet) = present(style, on: .iPhone15)
            #expect(sheet.view.frame == Rect(x: 0, y: 64, width: 393, height: 788), "\(style)")
            #expect(root.view.window === app.window && root.appearanceState == .appeared, "the presenter stays")
            let dim = sheet.view.superview!.subviews.first!
            #expect(dim.name == "dimming" && dim.presentation.alpha == 1)
        }
    }

    @Test func regularWidthSheetsAreCentred() {
        let (_, _, form) = present(.formSheet, on: .iPadAir)
        #expect(form.view.frame == Rect(x: 140, y: 280, width: 540, height: 620))
        let (_, _, page) = present(.pageSheet, on: .iPadAir)
        #expect(page.view.frame == Rect(x: 58, y: 34, width: 704, height: 1112))
    }

    @Test func compactHeightSheetsFillTheScreen() {
        let (_, _, sheet) = present(.pageSheet, on: .iPhone15, landscape: true)
        #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 852, height: 393))
    }

    @Test func dismissingASheetFadesTheDimmingOut() {
        let (app, _, sheet) = present(.pageSheet, on: .iPhone15)
        let container = sheet.view.superview!
        let dim = container.subviews.first!
        sheet.dismiss()
        app.step(frames: 16)
        #expect(abs(dim.presentation.alpha - 0.5) < 1e-9)
        app.run(seconds: 0.5)
        #expect(container.superview == nil && dim.superview == nil)
    }

    @Test func aSizeChangeRelaysOutThePresentedSheet() {
        let (app, _, sheet) = present(.pageSheet, on: .iPhone15)
        app.dispatcher.clear()
        app.window.setSize(Size(width: 852, height: 393))
        #expect(app.compactTrace.contains("sheet.viewWillTransitionToSize(width=852,height=393)"))
        app.step()
        #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 852, height: 393))
        app.window.setSize(Size(width: 393, height: 852))
        app.step()
        #expect(sheet.view.frame == Rect(x: 0, y: 64, width: 393, height: 788))
    }
}

@Suite struct DetentTests {
    func presentSheet(_ configure: (SheetPresentationController) -> Void) -> (Application, ViewController, SheetPresentationController) {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        let controller = sheet.sheetPresentationController!
        configure(controller)
        root.present(sheet)
        app.run(seconds: 0.6)
        return (app, sheet, controller)
    }

    @Test func theSmallestDetentUnlessOneIsSelected() {
        let (app, sheet, controller) = presentSheet { $0.detents = [.medium, .large] }
        defer { withExtendedLifetime(app) {} }
        #expect(sheet.view.frame == Rect(x: 0, y: 458, width: 393, height: 394))
        controller.selectedDetentIdentifier = "large"
        #expect(sheet.view.frame == Rect(x: 0, y: 64, width: 393, height: 788))
        controller.detents = [.custom("peek", height: 120), .large]
        controller.selectedDetentIdentifier = nil
        #expect(sheet.view.frame == Rect(x: 0, y: 732, width: 393, height: 120))
        controller.detents = [.custom("third", fraction: 0.25)]
        #expect(sheet.view.frame == Rect(x: 0, y: 655, width: 393, height: 197))
    }

    @Test func animateChangesMovesTheSheetWithASpring() {
        let (app, sheet, controller) = presentSheet { $0.detents = [.medium, .large] }
        controller.animateChanges { controller.selectedDetentIdentifier = "large" }
        #expect(sheet.view.frame.y == 64 && sheet.view.presentation.frame.y == 458)
        app.step(frames: 6)
        let y = sheet.view.presentation.frame.y
        #expect(y < 458 && y > 64)
        app.run(seconds: 2)
        #expect(sheet.view.presentation.frame.y == 64)
    }

    @Test func undimmedUpToADetent() {
        let (app, sheet, controller) = presentSheet {
            $0.detents = [.medium, .large]
            $0.largestUndimmedDetentIdentifier = "medium"
        }
        defer { withExtendedLifetime(app) {} }
        let dim = sheet.view.superview!.subviews.first!
        #expect(dim.presentation.alpha == 0 && !dim.isUserInteractionEnabled)
        controller.selectedDetentIdentifier = "large"
        #expect(dim.alpha == 1 && dim.isUserInteractionEnabled)
    }
}
