---@meta scrim
-- Scrim's Lua surface for lua-language-server (LuaLS): completion and type checks for plugins
-- and scenario scripts. The repository's .luarc.json points the language server here; in your
-- own project, add this folder to `workspace.library`. Never run: `---@meta` files only declare.
-- The reference is docs/lua-api.md; a test checks that every global and `scrim` field declared
-- here exists in a running runtime.

---@alias Color string  "#rrggbb", "#rrggbbaa", "#rgb" or a name ("clear", "black", "white", "red", …)
---@alias ModalPresentationStyle "fullScreen"|"pageSheet"|"formSheet"|"currentContext"|"custom"|"overFullScreen"|"overCurrentContext"|"popover"|"automatic"
---@alias ModalTransitionStyle "coverVertical"|"crossDissolve"|"flipHorizontal"|"partialCurl"
---@alias AppearanceState "disappeared"|"appearing"|"appeared"|"disappearing"
---@alias TimingCurve "linear"|"easeIn"|"easeOut"|"easeInOut"|number[]
---@alias ContextKey "from"|"to"

---@class Point
---@field x number
---@field y number

---@class Size
---@field width number
---@field height number

---@class Rect
---@field x number
---@field y number
---@field width number
---@field height number

---@class Transform
---@field a number
---@field b number
---@field c number
---@field d number
---@field tx number
---@field ty number
local Transform = {}
---@param other Transform
---@return Transform
function Transform:concatenating(other) end
---@return Transform
function Transform:translatedBy(x, y) end
---@return Transform
function Transform:scaledBy(x, y) end
---@param radians number
---@return Transform
function Transform:rotated(radians) end
---@return boolean
function Transform:isIdentity() end

---@class LayerState
---@field frame Rect
---@field bounds Rect
---@field center Point
---@field transform Transform
---@field alpha number
---@field backgroundColor Color?
---@field cornerRadius number
---@field borderWidth number drawn inside the bounds, over the subviews
---@field borderColor Color? opaque black unless set
---@field shadowColor Color? opaque black unless set
---@field shadowOpacity number 0 (no shadow) unless set
---@field shadowRadius number blur radius, 3 unless set
---@field shadowOffset Size (0, -3) unless set: upward

---@class TraitCollection
---@field horizontalSizeClass "compact"|"regular"
---@field verticalSizeClass "compact"|"regular"
---@field displayScale number
---@field userInterfaceIdiom "phone"|"pad"

---@class View
---@field name string?
---@field frame Rect
---@field bounds Rect
---@field center Point
---@field transform Transform
---@field alpha number
---@field backgroundColor Color?
---@field cornerRadius number
---@field borderWidth number drawn inside the bounds, over the subviews
---@field borderColor Color? opaque black unless set
---@field shadowColor Color? opaque black unless set
---@field shadowOpacity number 0 (no shadow) unless set
---@field shadowRadius number blur radius, 3 unless set
---@field shadowOffset Size (0, -3) unless set: upward
---@field layer View the view itself: UIKit's `view.layer.borderWidth` is `view.layer.borderWidth` here too
---@field hidden boolean
---@field isHidden boolean
---@field clipsToBounds boolean
---@field masksToBounds boolean the same as clipsToBounds (CALayer's name); also cuts the shadow away
---@field isUserInteractionEnabled boolean
---@field presentation LayerState what is on screen while animating
---@field superview View?
---@field subviews View[]
---@field window Window?
---@field gestureRecognizers GestureRecognizer[]
local viewMethods = {}
---@param view View
function viewMethods:addSubview(view) end
---@param view View
---@param index integer 1 is the back
function viewMethods:insertSubview(view, index) end
function viewMethods:removeFromSuperview() end
---@param view View
function viewMethods:bringSubviewToFront(view) end
---@param view View
function viewMethods:sendSubviewToBack(view) end
---@param view View
---@return boolean
function viewMethods:isDescendant(view) end
function viewMethods:setNeedsLayout() end
function viewMethods:layoutIfNeeded() end
---@generic T: Point|Rect
---@param value T
---@param view View? nil: the window
---@return T
function viewMethods:convert(value, view) end
---@param point Point
---@return View?
function viewMethods:hitTest(point) end
---@param afterScreenUpdates boolean? true: model values; false (default): what is on screen
---@return View
function viewMethods:snapshotView(afterScreenUpdates) end
---@param rect Rect
---@param afterScreenUpdates boolean?
---@return View
function viewMethods:resizableSnapshotView(rect, afterScreenUpdates) end
---@param recognizer GestureRecognizer
function viewMethods:addGestureRecognizer(recognizer) end
---@param recognizer GestureRecognizer
function viewMethods:removeGestureRecognizer(recognizer) end

---@class Font
---@field size number points, above 0 and at most 10000; 17 unless set
---@field weight "ultraLight"|"thin"|"light"|"regular"|"medium"|"semibold"|"bold"|"heavy"|"black"

---@class Label: View a view that shows text (UILabel), measured with DejaVu Sans
---@field text string
---@field font Font
---@field textColor Color? black unless set
---@field textAlignment "left"|"center"|"right"|"justified"|"natural"
---@field numberOfLines integer 0: as many as fit; 1 unless set
---@field lineBreakMode "byWordWrapping"|"byCharWrapping"|"byClipping"|"byTruncatingHead"|"byTruncatingTail"|"byTruncatingMiddle"
---@field intrinsicContentSize Size read-only: the text's natural size
local labelMethods = {}
---@param size Size 0 in a direction: no limit
---@return Size
function labelMethods:sizeThatFits(size) end
function labelMethods:sizeToFit() end

---@class Image a picture (UIImage): a PNG, JPEG or SVG file's bytes and size
---@field size Size in points: pixels over scale
---@field scale number 2 or 3 for a file named …@2x or …@3x, else 1
---@field name string the path it was loaded from
---@field format "png"|"jpeg"|"svg"

---@class ImageView: View a view that shows an image (UIImageView)
---@field image Image?
---@field contentMode "scaleToFill"|"scaleAspectFit"|"scaleAspectFill"|"redraw"|"center"|"top"|"bottom"|"left"|"right"|"topLeft"|"topRight"|"bottomLeft"|"bottomRight"
---@field intrinsicContentSize Size read-only: the image's size
local imageViewMethods = {}
function imageViewMethods:sizeToFit() end

---@class GradientView: View a view whose layer is a CAGradientLayer
---@field colors Color[] at most 256
---@field locations number[]? 0…1, one per colour; nil spreads them evenly
---@field startPoint Point in the bounds' unit square; (0.5, 0) unless set
---@field endPoint Point (0.5, 1) unless set
---@field type "axial"|"radial"

---@class Window: View
---@field rootViewController ViewController?
---@field size Size
---@field traitCollection TraitCollection
---@field device string
---@field statusBarStyle "default"|"lightContent"|"darkContent"
---@field isStatusBarHidden boolean
local Window = {}
---@overload fun(self: Window, size: Size)
function Window:setSize(width, height) end
---@param name string "iPhone SE", "iPhone 15", "iPhone 15 Pro Max", "iPad Air", "iPad Pro 13"
---@param landscape boolean?
function Window:setDevice(name, landscape) end
---@param point Point
---@return View?
function Window:tap(point) end
---@param path { from: Point, to: Point, duration: number?, steps: integer? }
function Window:pan(path) end
function Window:touchDown(point) end
function Window:touchMove(point) end
function Window:touchUp(point) end
---@return boolean
function Window:performAccessibilityEscape() end

---@class TransitioningDelegate
---@field presentationController? fun(self: table, presented: ViewController, presenting: ViewController?, source: ViewController): PresentationController?
---@field animationControllerForPresented? fun(self: table, presented: ViewController, presenting: ViewController, source: ViewController): Animator?
---@field animationControllerForDismissed? fun(self: table, dismissed: ViewController): Animator?
---@field interactionControllerForPresentation? fun(self: table, animator: Animator): PercentDrivenInteractiveTransition|table|nil
---@field interactionControllerForDismissal? fun(self: table, animator: Animator): PercentDrivenInteractiveTransition|table|nil

---@class AdaptivePresentationDelegate
---@field adaptivePresentationStyle? fun(self: table, pc: PresentationController, traits: TraitCollection): ModalPresentationStyle|"none"
---@field viewControllerForAdaptivePresentationStyle? fun(self: table, pc: PresentationController, style: ModalPresentationStyle): ViewController?
---@field willPresentWithAdaptiveStyle? fun(self: table, pc: PresentationController, style: ModalPresentationStyle?, coordinator: TransitionCoordinator?)
---@field presentationControllerShouldDismiss? fun(self: table, pc: PresentationController): boolean
---@field presentationControllerWillDismiss? fun(self: table, pc: PresentationController)
---@field presentationControllerDidDismiss? fun(self: table, pc: PresentationController)
---@field presentationControllerDidAttemptToDismiss? fun(self: table, pc: PresentationController)

---@class Class
---@field super Class?
---@field __name string
local Class = {}
---@param name string?
---@return Class
function Class:extend(name) end
---@return any
function Class.new(...) end
---@param value any
---@return boolean
function Class:isInstance(value) end

---@class ViewController: Class
---@field name string
---@field view View
---@field viewIfLoaded View?
---@field isViewLoaded boolean
---@field parent ViewController?
---@field children ViewController[]
---@field navigationController NavigationController? the nearest parent (or parent's parent …) that is one
---@field tabBarController TabBarController?
---@field splitViewController SplitViewController?
---@field title string?
---@field restorationIdentifier string?
---@field preferredContentSize Size
---@field shouldAutomaticallyForwardAppearanceMethods boolean
---@field traitCollection TraitCollection
---@field appearanceState AppearanceState
---@field modalPresentationStyle ModalPresentationStyle
---@field modalTransitionStyle ModalTransitionStyle
---@field transitioningDelegate TransitioningDelegate|table?
---@field definesPresentationContext boolean
---@field providesPresentationContextTransitionStyle boolean
---@field isModalInPresentation boolean
---@field presentedViewController ViewController? presented by this controller or, failing that, by a parent
---@field presentingViewController ViewController?
---@field presentationController PresentationController?
---@field sheetPresentationController SheetPresentationController?
---@field popoverPresentationController PopoverPresentationController?
---@field transitionCoordinator TransitionCoordinator?
---@field isBeingPresented boolean
---@field isBeingDismissed boolean
---@field isMovingToParent boolean
---@field isMovingFromParent boolean
---@field preferredStatusBarStyle "default"|"lightContent"|"darkContent"
---@field prefersStatusBarHidden boolean
---@field viewDidLoad? fun(self: ViewController)
---@field viewWillAppear? fun(self: ViewController, animated: boolean)
---@field viewIsAppearing? fun(self: ViewController, animated: boolean)
---@field viewDidAppear? fun(self: ViewController, animated: boolean)
---@field viewWillDisappear? fun(self: ViewController, animated: boolean)
---@field viewDidDisappear? fun(self: ViewController, animated: boolean)
---@field viewWillLayoutSubviews? fun(self: ViewController)
---@field viewDidLayoutSubviews? fun(self: ViewController)
local viewControllerMethods = {}
---@param other ViewController
---@param animated boolean? default true
---@param completion fun()?
function viewControllerMethods:present(other, animated, completion) end
---@param animated boolean? default true
---@param completion fun()?
function viewControllerMethods:dismiss(animated, completion) end
---@param other ViewController
function viewControllerMethods:show(other) end
---@param other ViewController
function viewControllerMethods:showDetail(other) end
---@param child ViewController
function viewControllerMethods:addChild(child) end
function viewControllerMethods:removeFromParent() end
---@param parent ViewController?
function viewControllerMethods:willMove(parent) end
---@param parent ViewController?
function viewControllerMethods:didMove(parent) end
---@param child ViewController
---@param view View? the container's own view by default
function viewControllerMethods:addChildController(child, view) end
---@param child ViewController
function viewControllerMethods:removeChildController(child) end
---@param isAppearing boolean
---@param animated boolean
function viewControllerMethods:beginAppearanceTransition(isAppearing, animated) end
function viewControllerMethods:endAppearanceTransition() end
---@param from ViewController
---@param to ViewController
---@param duration number
---@param animations fun()?
---@param completion fun(finished: boolean)?
function viewControllerMethods:transition(from, to, duration, animations, completion) end
function viewControllerMethods:loadViewIfNeeded() end
---@param segue { identifier: string, kind: "show"|"showDetail"|"present"|"custom"|"unwind", destination: (fun(): ViewController)?, perform: fun(segue: table)?, action: string? }
function viewControllerMethods:registerSegue(segue) end
---@param identifier string
---@param sender any
function viewControllerMethods:performSegue(identifier, sender) end
---@param action string
---@param handler fun(self: ViewController, segue: table)
function viewControllerMethods:registerUnwindAction(action, handler) end

---@class NavigationController: ViewController
---@field viewControllers ViewController[]
---@field topViewController ViewController?
---@field visibleViewController ViewController?
---@field navigationBar View
---@field contentView View
---@field interactivePopGestureRecognizer ScreenEdgePanGestureRecognizer
---@field delegate { animationController: (fun(self: table, nav: NavigationController, operation: "push"|"pop", from: ViewController, to: ViewController): Animator?)?, interactionController: (fun(self: table, nav: NavigationController, animator: Animator): table?)? }?
local navigationControllerMethods = {}
---@param vc ViewController
---@param animated boolean?
function navigationControllerMethods:push(vc, animated) end
---@return ViewController?
function navigationControllerMethods:pop(animated) end
---@return ViewController[]
function navigationControllerMethods:popTo(vc, animated) end
---@return ViewController[]
function navigationControllerMethods:popToRoot(animated) end
---@param list ViewController[]
function navigationControllerMethods:setViewControllers(list, animated) end

---@class TabBarController: ViewController
---@field viewControllers ViewController[]
---@field selectedIndex integer 1-based
---@field selectedViewController ViewController?
---@field tabBar View
---@field contentView View
---@field delegate { shouldSelect: (fun(self: table, tabs: TabBarController, vc: ViewController): boolean)?, didSelect: (fun(self: table, tabs: TabBarController, vc: ViewController))?, animationController: (fun(self: table, tabs: TabBarController, from: ViewController, to: ViewController): Animator?)?, interactionController: (fun(self: table, tabs: TabBarController, animator: Animator): table?)? }?
local tabBarControllerMethods = {}
--- The user's tap on a tab: asks the delegate's `shouldSelect`, switches and tells `didSelect`
--- (a tap on the selected tab too, popping a navigation controller there to its root). Setting
--- `selectedIndex` or `selectedViewController` is code: the delegate is neither asked nor told.
---@param index integer 1-based
---@return boolean selected false when refused or out of range
function tabBarControllerMethods:select(index) end

---@class SplitViewController: ViewController
---@field primary ViewController?
---@field supplementary ViewController?
---@field secondary ViewController?
---@field preferredPrimaryColumnWidth number
---@field isCollapsed boolean
---@field isShowingSecondary boolean
---@field viewControllers ViewController[]
local splitViewControllerMethods = {}
function splitViewControllerMethods:showPrimary() end

---@class TransitionContext
---@field containerView View
---@field isAnimated boolean
---@field isInteractive boolean
---@field transitionWasCancelled boolean
---@field presentationStyle ModalPresentationStyle
---@field targetTransform Transform
local TransitionContext = {}
---@param key ContextKey
---@return ViewController
function TransitionContext:viewController(key) end
---@param key ContextKey
---@return View?
function TransitionContext:view(key) end
---@param vc ViewController
---@return Rect
function TransitionContext:initialFrame(vc) end
---@param vc ViewController
---@return Rect
function TransitionContext:finalFrame(vc) end
---@param didComplete boolean
function TransitionContext:completeTransition(didComplete) end
---@param percent number
function TransitionContext:updateInteractiveTransition(percent) end
function TransitionContext:pauseInteractiveTransition() end
function TransitionContext:finishInteractiveTransition() end
function TransitionContext:cancelInteractiveTransition() end

---@class TransitionCoordinator
---@field containerView View
---@field isAnimated boolean
---@field isInteractive boolean
---@field isCancelled boolean
---@field percentComplete number
---@field transitionDuration number
---@field completionVelocity number
---@field presentationStyle ModalPresentationStyle
local TransitionCoordinator = {}
---@param animation fun(coordinator: TransitionCoordinator)?
---@param completion fun(coordinator: TransitionCoordinator)?
function TransitionCoordinator:animateAlongside(animation, completion) end
---@param handler fun(coordinator: TransitionCoordinator)
function TransitionCoordinator:notifyWhenInteractionChanges(handler) end
---@param key ContextKey
---@return ViewController
function TransitionCoordinator:viewController(key) end
---@param key ContextKey
---@return View?
function TransitionCoordinator:view(key) end

---@class PresentationController: Class
---@field presentedViewController ViewController
---@field presentingViewController ViewController?
---@field containerView View?
---@field presentationStyle ModalPresentationStyle read-only: `custom` for your own, else the built-in style it shows (after adaptation)
---@field delegate AdaptivePresentationDelegate?
---@field shouldRemovePresentersView boolean|fun(self: PresentationController): boolean
---@field shouldPresentInFullscreen boolean|fun(self: PresentationController): boolean
---@field frameOfPresentedViewInContainerView? fun(self: PresentationController): Rect
---@field presentedView? fun(self: PresentationController): View
---@field presentationTransitionWillBegin? fun(self: PresentationController)
---@field presentationTransitionDidEnd? fun(self: PresentationController, completed: boolean)
---@field dismissalTransitionWillBegin? fun(self: PresentationController)
---@field dismissalTransitionDidEnd? fun(self: PresentationController, completed: boolean)
---@field containerViewWillLayoutSubviews? fun(self: PresentationController)
---@field containerViewDidLayoutSubviews? fun(self: PresentationController)
local PresentationController = {}
---@param animated boolean?
---@return boolean dismissed
function PresentationController:attemptUserDismissal(animated) end

---@class SheetPresentationController: PresentationController
---@field detents ("medium"|"large"|{ identifier: string, height: number? , fraction: number? })[]
---@field selectedDetentIdentifier string?
---@field largestUndimmedDetentIdentifier string?
local SheetPresentationController = {}
---@param changes fun()
function SheetPresentationController:animateChanges(changes) end

---@class PopoverPresentationController: PresentationController
---@field sourceView View?
---@field sourceRect Rect?
---@field permittedArrowDirections ("up"|"down"|"left"|"right")[]
---@field arrowDirection "up"|"down"|"left"|"right"|nil
---@field passthroughViews View[]

---@class Animator: Class
---@field transitionDuration fun(self: Animator, ctx: TransitionContext): number
---@field animateTransition fun(self: Animator, ctx: TransitionContext)
---@field animationEnded? fun(self: Animator, completed: boolean)
---@field interruptibleAnimator? fun(self: Animator, ctx: TransitionContext): PropertyAnimator

---@class PercentDrivenInteractiveTransition: Class
---@field percentComplete number
---@field duration number
---@field completionSpeed number
---@field completionCurve TimingCurve
---@field wantsInteractiveStart boolean
local PercentDrivenInteractiveTransition = {}
---@param percent number 0…1
function PercentDrivenInteractiveTransition:update(percent) end
function PercentDrivenInteractiveTransition:pause() end
function PercentDrivenInteractiveTransition:finish() end
function PercentDrivenInteractiveTransition:cancel() end

---@class PropertyAnimator
---@field duration number
---@field fractionComplete number
---@field isReversed boolean
---@field isRunning boolean
---@field isInterruptible boolean
---@field scrubsLinearly boolean
---@field pausesOnCompletion boolean
---@field state "inactive"|"active"|"stopped"
local propertyAnimatorMethods = {}
---@param animations fun()
---@param delayFactor number?
function propertyAnimatorMethods:addAnimations(animations, delayFactor) end
---@param completion fun(position: "end"|"start"|"current")
function propertyAnimatorMethods:addCompletion(completion) end
---@param delay number?
function propertyAnimatorMethods:startAnimation(delay) end
function propertyAnimatorMethods:pauseAnimation() end
---@param timing { curve: TimingCurve?, spring: table?, durationFactor: number? }?
function propertyAnimatorMethods:continueAnimation(timing) end
---@param withoutFinishing boolean
function propertyAnimatorMethods:stopAnimation(withoutFinishing) end
---@param position "end"|"start"|"current"
function propertyAnimatorMethods:finishAnimation(position) end

---@class GestureRecognizer
---@field state "possible"|"began"|"changed"|"ended"|"cancelled"|"failed"
---@field view View?
---@field isEnabled boolean
---@field name string?
---@field handler fun(recognizer: GestureRecognizer)?
local GestureRecognizer = {}
---@param handler fun(recognizer: GestureRecognizer)
function GestureRecognizer:addTarget(handler) end
---@param view View?
---@return Point
function GestureRecognizer:location(view) end

---@class TapGestureRecognizer: GestureRecognizer

---@class PanGestureRecognizer: GestureRecognizer
local panGestureRecognizerMethods = {}
---@param view View?
---@return Point
function panGestureRecognizerMethods:translation(view) end
---@param view View?
---@return Point points per second
function panGestureRecognizerMethods:velocity(view) end
---@param translation Point
---@param view View?
function panGestureRecognizerMethods:setTranslation(translation, view) end

---@class ScreenEdgePanGestureRecognizer: PanGestureRecognizer
---@field edges ("top"|"left"|"bottom"|"right")[]

---@class TraceEvent
---@field seq integer
---@field t number
---@field event string
---@field vc string?
---@field args table
---@field by string?

---@class PluginSpec
---@field name string the file's or folder's name
---@field version string?
---@field transitioningDelegate TransitioningDelegate?
---@field container Class? a controller class, also made a global under its class name
---@field hooks table<string, fun(vc: ViewController, ...)>?
---@field state table? survives a hot reload
---@field keepState boolean? false: a reload starts from the new version's state
---@field onReload fun(oldState: table)?
---@field selfTest fun()? run by `scrim check` in a runtime of its own

---@class AnimationOptions
---@field duration number?
---@field delay number?
---@field curve TimingCurve?
---@field spring { dampingRatio: number?, response: number?, initialVelocity: number?, mass: number?, stiffness: number?, damping: number? }?
---@field beginFromCurrentState boolean?

-- Globals of the scenario surface (also fields of `scrim`).

---@type Window
window = nil

---@param props table?
---@return ViewController
function ViewController(props) end
---@param props table?
---@return View
function View(props) end
---@param props table? GradientView's and View's properties
---@return GradientView
function GradientView(props) end
---@param props table? Label's and View's properties
---@return Label
function Label(props) end
---@param props table? ImageView's and View's properties; without a frame, the image's size
---@return ImageView
function ImageView(props) end
---@param path string beneath the scenario's folder, or in a plugin beneath the plugin's
---@return Image
function image(path) end
---@param props { name: string?, root: ViewController?, delegate: table? }
---@return NavigationController
function NavigationController(props) end
---@param props { name: string?, viewControllers: ViewController[]?, selectedIndex: integer? }
---@return TabBarController
function TabBarController(props) end
---@param props { name: string?, primary: ViewController?, supplementary: ViewController?, secondary: ViewController?, preferredPrimaryColumnWidth: number? }
---@return SplitViewController
function SplitViewController(props) end
---@param props { duration: number?, curve: TimingCurve?, spring: table? }
---@return PropertyAnimator
function PropertyAnimator(props) end
---@param props { handler: fun(g: TapGestureRecognizer)?, name: string? }?
---@return TapGestureRecognizer
function TapGestureRecognizer(props) end
---@param props { handler: fun(g: PanGestureRecognizer)?, name: string? }?
---@return PanGestureRecognizer
function PanGestureRecognizer(props) end
---@param props { edges: ("top"|"left"|"bottom"|"right")[], handler: fun(g: ScreenEdgePanGestureRecognizer)?, name: string? }
---@return ScreenEdgePanGestureRecognizer
function ScreenEdgePanGestureRecognizer(props) end

---@return Rect
function rect(x, y, width, height) end
---@return Size
function size(width, height) end
---@return Point
function point(x, y) end
---Runs the frames in `seconds` (0…3600); not from inside a frame.
---@param seconds number
function run(seconds) end
---Runs `frames` frames (at most an hour of them); not from inside a frame.
---@param frames integer? default 1
function step(frames) end
---@type (fun(): TraceEvent[])|{ clear: fun() }
trace = nil
---@param name string
---@return table the plugin's exports
function plugin(name) end
---@param options AnimationOptions|number
---@param animations fun()
---@param completion fun(finished: boolean)?
function animate(options, animations, completion) end
---@param options AnimationOptions|number
---@param animations fun()
---@param completion fun(finished: boolean)?
function animateKeyframes(options, animations, completion) end
---@param start number relative, 0…1
---@param duration number relative, 0…1
---@param animations fun()
function addKeyframe(start, duration, animations) end

---@class scrim
---@field ViewController ViewController
---@field PresentationController PresentationController
---@field Animator Animator
---@field PercentDrivenInteractiveTransition PercentDrivenInteractiveTransition
---@field Object Class
---@field dataPath string? in a plugin: the folder it may write to (docs/plugins.md, "Files")
scrim = {}

scrim.View, scrim.GradientView, scrim.Label, scrim.ImageView, scrim.image = View, GradientView, Label, ImageView, image
scrim.window = window
scrim.rect, scrim.size, scrim.point = rect, size, point
scrim.run, scrim.step, scrim.trace, scrim.plugin = run, step, trace, plugin
scrim.animate, scrim.animateKeyframes, scrim.addKeyframe = animate, animateKeyframes, addKeyframe
scrim.PropertyAnimator = PropertyAnimator
scrim.NavigationController, scrim.TabBarController = NavigationController, TabBarController
scrim.SplitViewController = SplitViewController
scrim.TapGestureRecognizer, scrim.PanGestureRecognizer = TapGestureRecognizer, PanGestureRecognizer
scrim.ScreenEdgePanGestureRecognizer = ScreenEdgePanGestureRecognizer

---@class scrim.transform
---@field identity Transform
scrim.transform = {}
---@return Transform
function scrim.transform.translation(x, y) end
---@return Transform
function scrim.transform.scale(x, y) end
---@param radians number
---@return Transform
function scrim.transform.rotation(radians) end

---@return number clock seconds
function scrim.now() end
function scrim.simulateMemoryWarning() end
---@param path string a plugin file or folder; in a plugin, a plugin name (plugins load others by name)
---@return table exports
function scrim.loadPlugin(path) end
---@param name string
---@return boolean ok
---@return string? message
function scrim.reload(name) end
---@return { name: string, version: string?, path: string, reloadCount: integer }[]
function scrim.plugins() end
---@param spec PluginSpec
---@return PluginSpec
function scrim.plugin(spec) end
---@return string JSON
function scrim.saveState() end
---@param json string
---@return { restored: string[], skipped: string[] }
function scrim.restoreState(json) end
---@param delegate table
function scrim.setRestorationDelegate(delegate) end
---@param name string
---@return Class?
function scrim.classNamed(name) end
---@generic T: table
---@param t T
---@param name string? what errors call it
---@return T view a read-only view: reads, calls and iteration reach `t`, writes fail
function scrim.readOnly(t, name) end
---@param seconds number? nil turns it off
function scrim.setTransitionWatchdog(seconds) end

-- The test API of `scrim test` (docs/testing.md): globals in test files (`*_test.lua`, `tests/`).

---@class TestOptions
---@field allowScriptErrors boolean? a plugin's callback may fail while the test runs
---@field keepFrames boolean? false: frames are not kept for frameAt (a test of thousands of views)

---@class TestFunction
---@field skip fun(name: string, fn: fun(), options: TestOptions?) a test reported as skipped, not run
---@overload fun(name: string, fn: fun(), options: TestOptions?)
test = {}

---@class DescribeFunction
---@field skip fun(name: string, fn: fun()) a group whose tests are all skipped
---@overload fun(name: string, fn: fun())
describe = {}

---@class Frame
---@field time number the clock time it was drawn at
local Frame = {}
---@return string the frame as SVG
function Frame:svg() end

---@alias ExpectedEvent string|{ event: string?, vc: string?, args: table? }

---@class Expectation
---@field never Expectation the same matchers, turned around (all but toMatchSnapshot)
local Expectation = {}
---@param expected any `==`; nan is nan
function Expectation:toBe(expected) end
---@param expected any tables compared all the way down
function Expectation:toEqual(expected) end
---@param expected number|table a number, or a table of numbers (a rect, a point, a size)
---@param tolerance number? default 1e-6
function Expectation:toBeCloseTo(expected, tolerance) end
function Expectation:toBeNil() end
function Expectation:toBeTruthy() end
function Expectation:toBeFalsy() end
---@param length integer
function Expectation:toHaveLength(length) end
---@param item any a substring, or an element of a list
function Expectation:toContain(item) end
---@param pattern string a Lua pattern
function Expectation:toMatch(pattern) end
---@param text string? the error must contain it
function Expectation:toThrow(text) end
---@param events ExpectedEvent[] in order: "event", "vc.event", or the fields an event must have
function Expectation:toContainEvents(events) end
---@param name string letters, digits, '.', '_' and '-': `__snapshots__/<name>.svg` beside the test
---@param options { tolerance: number? }? default tolerance 0.01 point
function Expectation:toMatchSnapshot(name, options) end

---@param value any
---@return Expectation
function expect(value) end
---@param seconds number a time the clock has reached
---@return Frame the last frame drawn at or before it
function frameAt(seconds) end
---@return Frame the screen as it is now
function frame() end
