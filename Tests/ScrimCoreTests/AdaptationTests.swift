import Testing
@testable import ScrimCore

final class AdaptiveDelegate: AdaptivePresentationControllerDelegate {
    var style: ModalPresentationStyle?
    var replacement: ViewController?
    var willPresent: [String] = []
    var adaptivePresentationStyle: ((PresentationController, TraitCollection) -> ModalPresentationStyle?)? {
        { [style] _, _ in style }
    }
    var viewControllerForAdaptivePresentationStyle: ((PresentationController, ModalPresentationStyle) -> ViewController?)? {
        { [replacement] _, _ in replacement }
    }
    var willPresentWithAdaptiveStyle: ((PresentationController, ModalPresentationStyle?, TransitionCoordinator?) -> Void)? {
        { [unowned self] _, style, _ in willPresent.append(style?.rawValue ?? "none") }
    }
}

@Suite struct AdaptationTests {
    func landscapePhone() -> (Application, ViewController) {
        let app = Application()
        app.window.setDevice(.iPhone15, landscape: true)
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        app.run(seconds: 0.5)
        app.dispatcher.clear()
        return (app, root)
    }

    @Test func stylesAdaptAsIniOS17() {
        let compactWidth = DevicePreset.iPhone15.traits(for: Size(width: 393, height: 852))
        let compactHeight = DevicePreset.iPhone15.traits(for: Size(width: 852, height: 393))
        let regular = DevicePreset.iPadAir.traits(for: Size(width: 820, height: 1180))
        #expect(ModalPresentationStyle.popover.adapted(to: compactWidth) == .pageSheet)
        #expect(ModalPresentationStyle.pageSheet.adapted(to: compactWidth) == .pageSheet)
        #expect(ModalPresentationStyle.currentContext.adapted(to: compactWidth) == .fullScreen)
        #expect(ModalPresentationStyle.overCurrentContext.adapted(to: compactWidth) == .overFullScreen)
        #expect(ModalPresentationStyle.formSheet.adapted(to: compactHeight) == .fullScreen)
        #expect(ModalPresentationStyle.popover.adapted(to: compactHeight) == .fullScreen)
        #expect(ModalPresentationStyle.popover.adapted(to: regular) == .popover)
        #expect(ModalPresentationStyle.custom.adapted(to: compactHeight) == .custom)
    }

    @Test func aSheetInCompactHeightIsPresentedFullScreen() {
        let (app, root) = landscapePhone()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .pageSheet
        root.present(sheet)
        app.run(seconds: 0.6)
        #expect(app.traceWithoutLayout.contains("A.viewDidDisappear(animated=true)"))
        #expect(root.viewIfLoaded?.window == nil)
    }

    @Test func currentContextInCompactWidthPresentsOverTheScreen() throws {
        let app = Application()
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        let context = ViewController(app, name: "context")
        try root.addChild(context)
        root.view.addSubview(context.view)
        context.definesPresentationContext = true
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .currentContext
        context.present(modal, animated: false)
        #expect(modal.presentingViewController === root)
    }

    @Test func theDelegateCanKeepTheStyle() {
        let (app, root) = landscapePhone()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .pageSheet
        let delegate = AdaptiveDelegate()
        sheet.presentationController?.delegate = delegate
        root.present(sheet)
        app.run(seconds: 0.6)
        #expect(!app.traceWithoutLayout.contains { $0.hasPrefix("A.view") })
        #expect(root.view.window === app.window)
        #expect(delegate.willPresent == ["none"])
    }

    @Test func theDelegateCanChooseAnotherStyleAndController() {
        let (app, root) = landscapePhone()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .formSheet
        let delegate = AdaptiveDelegate()
        delegate.style = .overFullScreen
        let wrapper = ViewController(app, name: "wrapper")
        delegate.replacement = wrapper
        sheet.presentationController?.delegate = delegate
        root.present(sheet)
        app.run(seconds: 0.6)
        #expect(root.presentedViewController === wrapper)
        #expect(root.view.window === app.window)
        #expect(delegate.willPresent == ["overFullScreen"])
    }
}

@Suite struct CustomAdaptationTests {
    final class AdaptingSheetDelegate: TransitioningDelegate {
        let adaptive: AdaptiveDelegate
        init(_ adaptive: AdaptiveDelegate) { self.adaptive = adaptive }
        var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
            { [adaptive] presented, presenting, _ in
                let controller = HalfSheetController(presentedViewController: presented, presenting: presenting)
                controller.delegate = adaptive
                return controller
            }
        }
    }

    func present(adaptingTo style: ModalPresentationStyle?) -> (ViewController, AdaptiveDelegate) {
        let (app, root) = presentationSetUp()
        let adaptive = AdaptiveDelegate()
        adaptive.style = style
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        let delegate = AdaptingSheetDelegate(adaptive)
        sheet.transitioningDelegate = delegate
        root.present(sheet)
        app.run(seconds: 0.7)
        return (sheet, adaptive)
    }

    @Test func aCustomPresentationAdaptsToTheStyleItsAdaptiveDelegateNames() {
        let (sheet, adaptive) = present(adaptingTo: .pageSheet)
        #expect(sheet.presentationController is SheetPresentationController)
        #expect(sheet.view.frame == Rect(x: 0, y: 64, width: 393, height: 788))
        #expect(adaptive.willPresent == ["pageSheet"])
    }

    @Test func aCustomPresentationStaysCustomWhenTheDelegateSaysNone() {
        let (sheet, adaptive) = present(adaptingTo: nil)
        #expect(sheet.presentationController is HalfSheetController)
        #expect(adaptive.willPresent == ["none"])
    }

    @Test func currentContextStylesBecomeTheirFullScreenCounterparts() {
        let (sheet, _) = present(adaptingTo: .overCurrentContext)
        #expect((sheet.presentationController as? StandardPresentationController)?.style == .overFullScreen)
    }
}
