@testable import ScrimCore
import Testing

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

@Suite struct PopoverTests {
    func presentPopover(source: Rect, arrows: PopoverPresentationController.ArrowDirection = .any)
        -> (Application, ViewController, PopoverPresentationController) {
        let app = Application(device: .iPadAir)
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        let button = View(frame: source)
        root.view.addSubview(button)
        let popover = ViewController(app, name: "popover")
        popover.modalPresentationStyle = .popover
        popover.preferredContentSize = Size(width: 300, height: 400)
        let controller = popover.popoverPresentationController!
        controller.sourceView = button
        controller.permittedArrowDirections = arrows
        root.present(popover)
        app.run(seconds: 0.6)
        return (app, popover, controller)
    }

    @Test func belowTheSourceWhenItFitsKeptInsideTheContainer() {
        let (app, popover, controller) = presentPopover(source: Rect(x: 700, y: 100, width: 44, height: 44))
        defer { withExtendedLifetime(app) {} }
        #expect(popover.view.frame == Rect(x: 510, y: 157, width: 300, height: 400))
        #expect(controller.arrowDirection == .up)
        #expect(app.window.rootViewController?.view.window === app.window, "the presenter stays")
    }

    @Test func aboveWhenThereIsNoRoomBelowAndSidewaysWhenAsked() {
        let (app, popover, controller) = presentPopover(source: Rect(x: 100, y: 1000, width: 44, height: 44))
        #expect(popover.view.frame == Rect(x: 10, y: 587, width: 300, height: 400))
        #expect(controller.arrowDirection == .down)
        let (app2, sideways, side) = presentPopover(source: Rect(x: 100, y: 500, width: 44, height: 44), arrows: .left)
        defer { withExtendedLifetime((app, app2)) {} }
        #expect(sideways.view.frame == Rect(x: 157, y: 322, width: 300, height: 400))
        #expect(side.arrowDirection == .left)
    }

    @Test func inCompactWidthAPopoverIsASheet() {
        let (app, root) = presentationSetUp()
        let popover = ViewController(app, name: "popover")
        popover.modalPresentationStyle = .popover
        #expect(popover.popoverPresentationController != nil)
        root.present(popover)
        app.run(seconds: 0.6)
        #expect(popover.sheetPresentationController != nil && popover.popoverPresentationController == nil)
        #expect(popover.view.frame == Rect(x: 0, y: 64, width: 393, height: 788))
    }
}
