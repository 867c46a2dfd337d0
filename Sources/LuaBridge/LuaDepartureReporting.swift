/// A bound object that tells the bridge itself when it goes, so that the weight it keeps
/// toward the memory cap after its userdata is collected (`LingeringNatives`) needs no weak
/// reference to it — which would give the object a side table, its references counted on
/// Swift's slow path from then on. Views are: a script's views outlive their userdata in the
/// hierarchy by the thousand.
package protocol LuaDepartureReporting: AnyObject {
    /// Makes `natives` the one told when this object goes (`LingeringNatives.departed`);
    /// false when another is told already.
    func reportDeparture(to natives: LingeringNatives) -> Bool
    /// Stops telling `natives`; false when it was not the one told.
    func withdrawDeparture(from natives: LingeringNatives) -> Bool
}
