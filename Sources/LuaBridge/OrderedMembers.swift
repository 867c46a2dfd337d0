/// A bridged class's members of one kind by name, in the order they were first declared. The
/// C dispatch numbers members by this order, which is the same in every run without sorting
/// the names: sorting them, kind by kind, was a third of declaring the classes to a new state.
@usableFromInline
package struct OrderedMembers<Value> {
    /// The names, in declaration order; `values` holds each one's member.
    @usableFromInline package private(set) var names: [String] = []
    @usableFromInline package private(set) var values: [Value] = []
    /// Where each name is in `names`.
    @usableFromInline package private(set) var positions: [String: Int] = [:]

    @inlinable
    package init() {}

    /// Room for `count` members without growing.
    @inlinable
    package init(capacity count: Int) {
        names.reserveCapacity(count)
        values.reserveCapacity(count)
        positions.reserveCapacity(count)
    }

    @inlinable
    package var isEmpty: Bool { names.isEmpty }

    /// The member named `name`; setting one keeps its place, setting nil takes it out.
    @inlinable
    package subscript(name: String) -> Value? {
        get { positions[name].map { values[$0] } }
        set {
            if let newValue {
                if let position = positions[name] {
                    values[position] = newValue
                } else {
                    positions[name] = names.count
                    names.append(name)
                    values.append(newValue)
                }
            } else if !positions.isEmpty, let position = positions.removeValue(forKey: name) {
                names.remove(at: position)
                values.remove(at: position)
                for (offset, later) in names[position...].enumerated() { positions[later] = position + offset }
            }
        }
    }

    /// The member named `name`, or `defaultValue` set in its place to be changed in place.
    @inlinable
    package subscript(name: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[name] ?? defaultValue() }
        set { self[name] = newValue }
    }

    /// Takes every member of `other`, its members winning over these.
    @inlinable
    package mutating func inherit(_ other: OrderedMembers<Value>) {
        // A class inherits before it declares its own members: then it takes them whole.
        guard !isEmpty else { return self = other }
        for (name, value) in zip(other.names, other.values) { self[name] = value }
    }
}
