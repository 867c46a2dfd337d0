import CLuaBridge

/// The weight of native objects that outlive their userdata (docs/plugins.md, "Limits").
///
/// A bridged object counts toward the memory cap with its own size (`scrim_native_weight`)
/// from the moment Lua gets a userdata for it. A view a script made and added to a tree lives
/// on natively once its userdata is collected; were its weight dropped then, a script could
/// grow the host past any cap (200,000 views under a 16 MB cap took 114 MB). So an object still
/// held natively when its userdata goes keeps its weight, remembered here weakly, until it is
/// gone: the limits ask for a sweep before they refuse memory, and the list is swept as it
/// doubles. An object that reports its own departure (`LuaDepartureReporting`, as views do) is
/// not on the list: it tells `departed` as it goes.
@usableFromInline
package final class LingeringNatives {
    /// A value, not an object: held inline in the dictionary's storage, an entry costs no
    /// allocation of its own (a view read from Lua and kept by the hierarchy has one).
    private struct Entry {
        weak var object: AnyObject?
        let weight: Int64
        init(_ object: AnyObject, weight: Int64) {
            self.object = object
            self.weight = weight
        }
    }

    /// Changed in place by whole reads and writes that call out to nothing: not checked for
    /// exclusive access.
    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    /// What native code keeps for an object on a script's behalf beyond the object itself,
    /// by kind (`NativeCharge`): counted while the object lives, replaced when set again.
    private var charges: [ChargeKey: Entry] = [:]

    private struct ChargeKey: Hashable {
        let object: ObjectIdentifier
        let kind: NativeCharge
    }
    private var sweepAt = 1024
    private let record: OpaquePointer
    /// Set as the Lua state closes, before its record is freed: objects that report their
    /// departure may outlive it, and then have nothing left to tell.
    private var isClosed = false

    package init(record: OpaquePointer) {
        self.record = record
    }

    /// Keeps counting `weight` for `object`, whose userdata goes while native code holds it.
    @usableFromInline
    package func keep(_ object: AnyObject, weight: Int64) {
        if let reporting = object as? LuaDepartureReporting, reporting.reportDeparture(to: self) { return }
        let identity = ObjectIdentifier(object)
        // An object gone meanwhile may have left its address, and its entry, to this one.
        if let gone = entries[identity], gone.object == nil { scrim_limits_add_native(record, -gone.weight) }
        entries[identity] = Entry(object, weight: weight)
        if entries.count >= sweepAt {
            sweep()
            sweepAt = max(1024, entries.count * 2)
        }
    }

    /// Counts `object`'s own size from now until it goes: an object native code made on a
    /// script's behalf that no userdata weighs (a snapshot's copied views). A userdata made for
    /// it later carries the weight instead (`takeBack`).
    package func weigh(_ object: AnyObject) {
        let weight = scrim_native_weight(Unmanaged.passUnretained(object).toOpaque())
        scrim_limits_add_native(record, weight)
        keep(object, weight: weight)
    }

    /// Takes `object` back for a new userdata, which carries its weight from now on; false when
    /// it was not kept here.
    package func takeBack(_ object: AnyObject, reportsDeparture: Bool) -> Bool {
        if reportsDeparture, let reporting = object as? LuaDepartureReporting {
            return reporting.withdrawDeparture(from: self)
        }
        let identity = ObjectIdentifier(object)
        guard let entry = entries[identity], entry.object === object else { return false }
        entries[identity] = nil
        return true
    }

    /// Stops counting the object at `address`, kept here while it reported its departure, as it
    /// goes: its weight is read again from the allocation, as `keep`'s caller read it.
    package func departed(_ address: UnsafeMutableRawPointer) {
        guard !isClosed else { return }
        scrim_limits_add_native(record, -scrim_native_weight(address))
    }

    /// Ends the counting as the Lua state closes (`isClosed`).
    package func close() {
        isClosed = true
    }

    /// Counts `bytes` that native code keeps for `object` as `kind` — a label's text, a sheet's
    /// detents, a controller's segues — in place of what it counted for them before, for as
    /// long as `object` lives.
    package func charge(_ bytes: Int, to object: AnyObject, for kind: NativeCharge) {
        let key = ChargeKey(object: ObjectIdentifier(object), kind: kind)
        if let earlier = charges[key] { scrim_limits_add_native(record, -earlier.weight) }
        // Nothing to count needs no entry, and no weak reference to the object.
        guard bytes > 0 else {
            charges[key] = nil
            return
        }
        charges[key] = Entry(object, weight: Int64(bytes))
        scrim_limits_add_native(record, Int64(bytes))
        if charges.count >= sweepAt {
            sweep()
            sweepAt = max(1024, (entries.count + charges.count) * 2)
        }
    }

    /// Stops counting the objects that have gone.
    package func sweep() {
        entries = entries.filter { _, entry in
            guard entry.object == nil else { return true }
            scrim_limits_add_native(record, -entry.weight)
            return false
        }
        charges = charges.filter { _, entry in
            guard entry.object == nil else { return true }
            scrim_limits_add_native(record, -entry.weight)
            return false
        }
    }
}

/// What native code keeps on a script's behalf beside an object (`LingeringNatives.charge`).
package enum NativeCharge: Hashable {
    case detents, segues, unwindActions, passthroughViews, text, gradient, image
    /// The names of the types controllers were made of (`Application.nameCountersWeight`).
    case typeNames
    /// A name, a title, an identifier (`Runtime.chargeName`).
    case name, title, restorationIdentifier, selectedDetentIdentifier, largestUndimmedDetentIdentifier
}
