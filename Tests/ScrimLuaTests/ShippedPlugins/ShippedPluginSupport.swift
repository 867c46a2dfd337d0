import Foundation
import ScrimCore
@testable import ScrimLua

/// A harness whose plugin path is Scrim's shipped `Plugins/` folder.
func shippedPluginHarness(device: DevicePreset = .iPhone15) -> Harness {
    Harness(pluginPaths: [PluginManager.shippedPluginsDirectory!], device: device)
}

extension Harness {
    /// `expression` (a number) formatted with `digits` decimals.
    func number(_ expression: String, digits: Int = 1) throws -> String {
        try value("string.format('%.\(digits)f', \(expression))")
    }

    /// A rect expression as `x y width height`, one decimal each.
    func frame(_ expression: String) throws -> String {
        try value("(function(f) return string.format('%.1f %.1f %.1f %.1f', f.x, f.y, f.width, f.height) end)(\(expression))")
    }

    /// The trace as `vc.event`, without layout passes, accessibility notifications and plugin loading.
    var transitionEvents: [String] {
        runtime.trace.filter {
            !$0.event.contains("LayoutSubviews") && $0.event != "accessibilityScreenChanged" && $0.event != "pluginLoaded"
        }.map { "\($0.controller ?? "-").\($0.event)" }
    }

    /// `updateInteractiveTransition` events left out, the others as `transitionEvents`.
    var transitionEventsWithoutUpdates: [String] {
        transitionEvents.filter { !$0.hasSuffix(".updateInteractiveTransition") }
    }

    /// The script errors traced so far, as their JSON lines.
    var scriptErrors: [String] {
        runtime.trace.filter { $0.event == "scriptError" }.map(\.jsonLine)
    }
}
