import ScrimCore

/// A controller whose child is added in `viewDidLoad`, as containers usually do.
final class ContainerController: ViewController {
    var child: ViewController?

    override func viewDidLoad() {
        guard let child else { return }
        try! addChild(child)
        view.addSubview(child.view)
        child.didMove(toParent: self)
    }
}

extension Application {
    /// The trace as `vc.event` strings, events with args as `vc.event(k=v,…)`; accessibility
    /// notifications are left out (AccessibilityTests checks them).
    var compactTrace: [String] {
        dispatcher.events.filter { !$0.event.hasPrefix("accessibility") }.map { event in
            let head = "\(event.controller ?? "-").\(event.event)"
            let args = event.args.filter { $0.0 != "animated" || $0.1 == .bool(true) }
            guard !args.isEmpty else { return head }
            return head + "(" + args.map { "\($0.0)=\($0.1)" }.joined(separator: ",") + ")"
        }
    }

    /// The compact trace, without layout events.
    var traceWithoutLayout: [String] {
        compactTrace.filter { !$0.contains("LayoutSubviews") }
    }
}
