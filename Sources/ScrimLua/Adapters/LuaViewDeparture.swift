import LuaBridge
import ScrimCore

/// Views report their own departure to the bridge (`LuaDepartureReporting`): a view a script
/// made and let go of, which the hierarchy keeps, weighs toward the memory cap until the view
/// tells `LingeringNatives` it goes — without the weak reference, and its side table, that
/// would otherwise watch each one.
extension View: LuaDepartureReporting {
    package func reportDeparture(to natives: LingeringNatives) -> Bool {
        guard departureObserver == nil else { return departureObserver === natives }
        departureObserver = natives
        return true
    }

    package func withdrawDeparture(from natives: LingeringNatives) -> Bool {
        guard departureObserver === natives else { return false }
        departureObserver = nil
        return true
    }
}

extension LingeringNatives: ViewDepartureObserver {
    package func viewIsDeparting(_ view: View) {
        departed(Unmanaged.passUnretained(view).toOpaque())
    }
}
