import ScrimCore

/// One way two frame descriptions differ: a property of a view, or a view one has and the
/// other has not.
public struct FrameDifference: Equatable, Sendable, CustomStringConvertible {
    /// The views from the window down to the one that differs, by their labels.
    public var path: [String]
    /// The property that differs (`frame`, `text.lines`); empty when a whole view is missing or
    /// unexpected.
    public var property: String
    /// The expected and the actual value; nil where one side has nothing.
    public var expected: JSONValue?
    public var actual: JSONValue?

    public init(path: [String], property: String, expected: JSONValue?, actual: JSONValue?) {
        self.path = path
        self.property = property
        self.expected = expected
        self.actual = actual
    }

    public var description: String {
        let place = path.joined(separator: " › ")
        guard !property.isEmpty else {
            return expected == nil ? "\(place): a view the snapshot does not have" : "\(place): missing"
        }
        let shown = { (value: JSONValue?) in value.map { SnapshotFile.rounded($0).json } ?? "nothing" }
        return "\(place): \(property) expected \(shown(expected)), got \(shown(actual))"
    }
}

/// Compares two `FrameDescription`s the way a snapshot test does: numbers within a tolerance,
/// everything else exactly. Subviews are paired by their labels in order (the longest common
/// sequence), so a view added or removed is reported once rather than shifting every sibling
/// after it.
public enum FrameComparison {
    /// The differences between `expected` and `actual`, in painting order.
    public static func differences(expected: JSONValue, actual: JSONValue, tolerance: Double) -> [FrameDifference] {
        var out: [FrameDifference] = []
        compareViews(expected, actual, path: [], tolerance: tolerance, into: &out)
        return out
    }

    private static func label(_ view: JSONValue) -> String {
        if case .object(let fields) = view, case .string(let name)? = fields["view"] { return name }
        return "?"
    }

    private static func compareViews(_ expected: JSONValue, _ actual: JSONValue, path: [String], tolerance: Double,
                                     into out: inout [FrameDifference]) {
        guard case .object(let old) = expected, case .object(let new) = actual else {
            if !same(expected, actual, tolerance: tolerance) {
                out.append(FrameDifference(path: path, property: "window", expected: expected, actual: actual))
            }
            return
        }
        let here = path + [label(actual)]
        for key in Set(old.keys).union(new.keys).subtracting(["view", "subviews"]).sorted() {
            compareValues(old[key], new[key], path: here, property: key, tolerance: tolerance, into: &out)
        }
        let oldSubviews = subviews(old), newSubviews = subviews(new)
        var oldIndex = 0, newIndex = 0
        for (matchedOld, matchedNew) in pairs(oldSubviews.map(label), newSubviews.map(label)) {
            while oldIndex < matchedOld {
                out.append(FrameDifference(path: here + [label(oldSubviews[oldIndex])], property: "", expected: oldSubviews[oldIndex], actual: nil))
                oldIndex += 1
            }
            while newIndex < matchedNew {
                out.append(FrameDifference(path: here + [label(newSubviews[newIndex])], property: "", expected: nil, actual: newSubviews[newIndex]))
                newIndex += 1
            }
            compareViews(oldSubviews[matchedOld], newSubviews[matchedNew], path: here, tolerance: tolerance, into: &out)
            oldIndex += 1
            newIndex += 1
        }
        for view in oldSubviews[oldIndex...] {
            out.append(FrameDifference(path: here + [label(view)], property: "", expected: view, actual: nil))
        }
        for view in newSubviews[newIndex...] {
            out.append(FrameDifference(path: here + [label(view)], property: "", expected: nil, actual: view))
        }
    }

    /// A property's values: objects key by key (`border.width`), anything else whole.
    private static func compareValues(_ expected: JSONValue?, _ actual: JSONValue?, path: [String], property: String,
                                      tolerance: Double, into out: inout [FrameDifference]) {
        if case .object(let old)? = expected, case .object(let new)? = actual {
            for key in Set(old.keys).union(new.keys).sorted() {
                compareValues(old[key], new[key], path: path, property: property + "." + key, tolerance: tolerance, into: &out)
            }
            return
        }
        switch (expected, actual) {
        case (nil, nil): return
        case let (old?, new?) where same(old, new, tolerance: tolerance): return
        default: out.append(FrameDifference(path: path, property: property, expected: expected, actual: actual))
        }
    }

    private static func same(_ a: JSONValue, _ b: JSONValue, tolerance: Double) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x == y || abs(x - y) <= tolerance
        case let (.array(xs), .array(ys)):
            return xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1, tolerance: tolerance) }
        case let (.object(xs), .object(ys)):
            return xs.keys == ys.keys && xs.allSatisfy { key, value in same(value, ys[key]!, tolerance: tolerance) }
        default: return a == b
        }
    }

    private static func subviews(_ fields: [String: JSONValue]) -> [JSONValue] {
        if case .array(let views)? = fields["subviews"] { return views }
        return []
    }

    /// The index pairs of the longest common subsequence of two label lists, in order; by
    /// position when the lists are so long that the table would pass a million entries.
    private static func pairs(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        guard a.count * b.count <= 1_000_000 else { return (0..<min(a.count, b.count)).map { ($0, $0) } }
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [(Int, Int)] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                result.append((i, j))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
