@testable import ScrimCore
import Testing

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
    /// An iPad Air window (regular width) with a root controller "A" on screen.
    func iPadWithRoot() -> (Application, ViewController) {
        let app = Application(device: .iPadAir)
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        app.step()
        return (app, root)
    }

    final class AdaptingSheetDelegate: TransitioningDelegate {
        let adaptive: AdaptivePresentationControllerDelegate
        init(_ adaptive: AdaptivePresentationControllerDelegate) { self.adaptive = adaptive }
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

    /// A custom presentation adapts as the built-in styles do, when presenting and when the
    /// traits change while presented: `adaptivePresentationStyle`, then (for another style)
    /// `viewControllerForAdaptivePresentationStyle`, then `willPresentWithAdaptiveStyle`.
    final class LoggingAdaptiveDelegate: AdaptivePresentationControllerDelegate {
        var log: [String] = []
        var replace: ((PresentationController) -> ViewController?)?
        var adaptivePresentationStyle: ((PresentationController, TraitCollection) -> ModalPresentationStyle?)? {
            { [unowned self] _, traits in
                log.append("adaptivePresentationStyle \(traits.horizontalSizeClass)")
                return traits.horizontalSizeClass == .compact ? .fullScreen : nil
            }
        }
        var viewControllerForAdaptivePresentationStyle: ((PresentationController, ModalPresentationStyle) -> ViewController?)? {
            { [unowned self] controller, style in
                log.append("viewControllerForAdaptivePresentationStyle \(style)")
                return replace?(controller)
            }
        }
        var willPresentWithAdaptiveStyle: ((PresentationController, ModalPresentationStyle?, TransitionCoordinator?) -> Void)? {
            { [unowned self] _, style, coordinator in
                log.append("willPresentWithAdaptiveStyle \(style?.rawValue ?? "none")" + (coordinator == nil ? "" : " (coordinated)"))
            }
        }
    }

    @Test func aCustomPresentationsReplacementIsPresentedInItsPlace() {
        let (app, root) = presentationSetUp()
        let adaptive = LoggingAdaptiveDelegate()
        var wrapper: NavigationController?
        adaptive.replace = { controller in
            wrapper = NavigationController(app, root: controller.presentedViewController, name: "wrapper")
            return wrapper
        }
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = AdaptingSheetDelegate(adaptive)
        var completed = false
        root.present(sheet) { completed = true }
        app.run(seconds: 0.7)
        #expect(adaptive.log == [
            "adaptivePresentationStyle compact", "viewControllerForAdaptivePresentationStyle fullScreen",
            "willPresentWithAdaptiveStyle fullScreen",
        ])
        #expect(app.traceWithoutLayout == [
            #"sheet.presentationControllerForPresented(presenting="A",source="A")"#,
            #"sheet.willMoveToParent(parent="wrapper")"#, "wrapper.loadView", "sheet.loadView", "sheet.viewDidLoad",
            #"sheet.didMoveToParent(parent="wrapper")"#, "wrapper.viewDidLoad", "A.viewWillDisappear(animated=true)", "wrapper.viewWillAppear(animated=true)", "sheet.viewWillAppear(animated=true)",
            "wrapper.viewIsAppearing(animated=true)", "sheet.viewIsAppearing(animated=true)",
            "wrapper.viewDidAppear(animated=true)", "sheet.viewDidAppear(animated=true)", "A.viewDidDisappear(animated=true)",
            "wrapper.presentCompletion",
        ])
        #expect(completed && root.presentedViewController === wrapper && wrapper?.presentingViewController === root)
        #expect(sheet.parent === wrapper && sheet.presentingViewController === root && sheet.navigationController === wrapper)
        #expect(wrapper?.view.frame == app.window.bounds)
    }

    /// The controller the delegate gives must be presentable; the presentation goes on with
    /// the controller it was for, and the refusal is traced.
    @Test func aReplacementThatCannotBePresentedIsRefused() {
        let (app, root) = presentationSetUp()
        let adaptive = LoggingAdaptiveDelegate()
        adaptive.replace = { _ in root }
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = AdaptingSheetDelegate(adaptive)
        root.present(sheet)
        app.run(seconds: 0.7)
        #expect(app.traceWithoutLayout.contains(
            #"A.presentRejected(reason="a controller cannot present itself; 'sheet' is presented instead")"#))
        #expect(root.presentedViewController === sheet && sheet.presentationController is StandardPresentationController)
    }

    @Test func aCustomPresentationAdaptsWhenTheTraitsChangeWhilePresented() {
        let (app, root) = iPadWithRoot()
        let adaptive = LoggingAdaptiveDelegate()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = AdaptingSheetDelegate(adaptive)
        root.present(sheet)
        app.run(seconds: 0.7)
        let custom = sheet.presentationController
        #expect(custom is HalfSheetController && sheet.view.frame == Rect(x: 0, y: 590, width: 820, height: 590))
        #expect(adaptive.log == ["adaptivePresentationStyle regular", "willPresentWithAdaptiveStyle none"])

        // Narrowed to a compact width (multitasking): full screen, as the delegate says.
        adaptive.log.removeAll()
        app.dispatcher.clear()
        app.window.setSize(Size(width: 507, height: 1180))
        app.run(seconds: 0.5)
        #expect(adaptive.log == [
            "adaptivePresentationStyle compact", "viewControllerForAdaptivePresentationStyle fullScreen",
            "willPresentWithAdaptiveStyle fullScreen (coordinated)",
        ])
        #expect((sheet.presentationController as? StandardPresentationController)?.style == .fullScreen)
        #expect(sheet.presentationController?.adaptedFrom === custom)
        #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 507, height: 1180))
        // The custom presentation controller is not called meanwhile; the presenter stays as it was.
        #expect(!app.traceWithoutLayout.contains { $0.contains("TransitionWillBegin") || $0.contains("TransitionDidEnd") })
        #expect(root.view.window != nil && root.appearanceState == .appeared)

        // Wide again: the custom presentation takes over, the delegate hearing "none".
        adaptive.log.removeAll()
        app.window.setSize(Size(width: 820, height: 1180))
        app.run(seconds: 0.5)
        #expect(adaptive.log == ["adaptivePresentationStyle regular", "willPresentWithAdaptiveStyle none (coordinated)"])
        #expect(sheet.presentationController === custom && sheet.view.frame == Rect(x: 0, y: 590, width: 820, height: 590))

        // And it dismisses as it presented.
        app.dispatcher.clear()
        sheet.dismiss()
        app.run(seconds: 0.6)
        #expect(app.traceWithoutLayout == [
            "sheet.viewWillDisappear(animated=true)", "sheet.dismissalTransitionWillBegin",
            "sheet.viewDidDisappear(animated=true)", "sheet.dismissalTransitionDidEnd(completed=true)", "sheet.dismissCompletion",
        ])
        #expect(root.view.window != nil && app.window.subviews.map(\.name) == ["A"])
    }

    /// A built-in popover becomes a sheet in a compact width while presented, and a popover
    /// again when the width is regular: the dimming and the backdrop follow.
    @Test func aPopoverAdaptsWhileShownAndComesBack() {
        let (app, root) = iPadWithRoot()
        let popover = ViewController(app, name: "popover")
        popover.modalPresentationStyle = .popover
        popover.preferredContentSize = Size(width: 300, height: 400)
        root.present(popover)
        app.run(seconds: 0.7)
        let container = popover.view.superview!
        #expect(container.subviews.map(\.name) == ["popover backdrop", "view of popover"].map { $0 == "view of popover" ? popover.view.name : $0 })
        app.window.setSize(Size(width: 507, height: 1180))
        app.run(seconds: 0.5)
        #expect(popover.presentationController is SheetPresentationController)
        #expect(container.subviews.map(\.name) == ["dimming", popover.view.name])
        #expect(popover.view.frame.width == 507)
        app.window.setSize(Size(width: 820, height: 1180))
        app.run(seconds: 0.5)
        #expect(popover.presentationController is PopoverPresentationController)
        #expect(container.subviews.map(\.name) == ["popover backdrop", popover.view.name])
        #expect(popover.view.frame.size == Size(width: 300, height: 400))
    }

    /// `willPresentWithAdaptiveStyle` hears the outcome, nil when nothing adapts, whether or
    /// not the delegate implements `adaptivePresentationStyle`.
    @Test func theDelegateHearsThatNothingAdapted() {
        final class Listener: AdaptivePresentationControllerDelegate {
            var heard: [String] = []
            var willPresentWithAdaptiveStyle: ((PresentationController, ModalPresentationStyle?, TransitionCoordinator?) -> Void)? {
                { [unowned self] _, style, _ in heard.append(style?.rawValue ?? "none") }
            }
        }
        let (app, root) = iPadWithRoot()
        let listener = Listener()
        let popover = ViewController(app, name: "popover")
        popover.modalPresentationStyle = .popover
        popover.presentationController?.delegate = listener
        root.present(popover, animated: false)
        app.step()
        #expect(listener.heard == ["none"])
        root.dismiss(animated: false)
        app.step()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = AdaptingSheetDelegate(listener)
        root.present(sheet, animated: false)
        app.step()
        #expect(listener.heard == ["none", "none"] && sheet.presentationController is HalfSheetController)
    }

    /// A custom presentation that began adapted shows its own presentation controller, with
    /// its presentation hooks, when the traits allow; dismissed adapted after that, it hears
    /// the dismissal too, so what it added goes.
    @Test func aCustomPresentationControllerBeginsWhenItFirstShowsAndEndsWithThePresentation() {
        let app = Application(device: .iPadAir)
        app.window.setSize(Size(width: 507, height: 1180))
        app.run(seconds: 0.5)
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        app.step()
        let adaptive = LoggingAdaptiveDelegate()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = AdaptingSheetDelegate(adaptive)
        root.present(sheet, animated: false)
        app.step()
        #expect(sheet.presentationController is StandardPresentationController)
        #expect(!app.traceWithoutLayout.contains { $0.contains("TransitionWillBegin") })

        app.dispatcher.clear()
        app.window.setSize(Size(width: 820, height: 1180))
        app.run(seconds: 0.5)
        #expect(sheet.presentationController is HalfSheetController)
        #expect(app.traceWithoutLayout.filter { $0.contains("presentationTransition") || $0.contains("dismissalTransition") } == [
            "sheet.presentationTransitionWillBegin", "sheet.presentationTransitionDidEnd(completed=true)",
        ])
        let container = sheet.view.superview!
        #expect(container.subviews.map(\.name) == ["dim", sheet.view.name])

        app.window.setSize(Size(width: 507, height: 1180))
        app.run(seconds: 0.5)
        app.dispatcher.clear()
        sheet.dismiss(animated: false)
        app.step()
        #expect(app.traceWithoutLayout.filter { $0.contains("presentationTransition") || $0.contains("dismissalTransition") } == [
            "sheet.dismissalTransitionWillBegin", "sheet.dismissalTransitionDidEnd(completed=true)",
        ])
        #expect(container.superview == nil && root.view.window != nil)
    }

    /// A standard style's replacement that cannot be presented gives way to the original, as a
    /// custom presentation's does.
    @Test func aRefusedReplacementGivesWayToTheOriginal() {
        let (app, root) = presentationSetUp()
        let adaptive = AdaptiveDelegate()
        adaptive.style = .fullScreen
        adaptive.replacement = root
        let popover = ViewController(app, name: "popover")
        popover.modalPresentationStyle = .popover
        popover.presentationController?.delegate = adaptive
        root.present(popover, animated: false)
        app.step()
        #expect(app.traceWithoutLayout.first == #"A.presentRejected(reason="a controller cannot present itself; 'popover' is presented instead")"#)
        #expect(root.presentedViewController === popover)
        #expect((popover.presentationController as? StandardPresentationController)?.style == .fullScreen)
    }

    /// A width change made while a popover's presentation runs adapts it when it ends.
    @Test func aWidthChangeDuringThePresentationAdaptsItWhenItEnds() {
        let (app, root) = iPadWithRoot()
        let popover = ViewController(app, name: "popover")
        popover.modalPresentationStyle = .popover
        root.present(popover)
        app.step(frames: 5)
        app.window.setSize(Size(width: 507, height: 1180))
        app.run(seconds: 1)
        #expect(popover.presentationController is SheetPresentationController && popover.view.frame.width == 507)
        let dimming = popover.view.superview?.subviews.first { $0.name == "dimming" }
        #expect(dimming?.presentation.alpha == 1)
    }
}
