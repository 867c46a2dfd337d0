/// One line of a benchmark's result: a figure, what it was measured against in the same run,
/// and the target it is judged by.
public struct Finding: Codable, Equatable, Sendable {
    /// Stable across commits, for comparisons: `hook-dispatch`, `reload-latency.p99` …
    public var id: String
    /// What was measured, for people.
    public var title: String
    /// The figure, in `unit`.
    public var value: Double
    public var unit: String
    /// What the figure is measured against, in the same unit, when it has a baseline.
    public var baseline: Baseline?
    /// The cost ratio: how many times the baseline's cost the subject's is (above 1: slower).
    public var ratio: Double?
    public var target: Target?

    public struct Baseline: Codable, Equatable, Sendable {
        public var label: String
        public var value: Double
    }

    /// A bound the figure should stay within; in JSON `{"ratio": 2}` or `{"value": 20}`.
    public enum Target: Codable, Equatable, Sendable {
        /// The ratio at most this.
        case ratio(Double)
        /// The value at most this, in the finding's unit.
        case value(Double)

        private enum Key: String, CodingKey { case ratio, value }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            if let bound = try container.decodeIfPresent(Double.self, forKey: .ratio) {
                self = .ratio(bound)
            } else {
                self = .value(try container.decode(Double.self, forKey: .value))
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .ratio(let bound): try container.encode(bound, forKey: .ratio)
            case .value(let bound): try container.encode(bound, forKey: .value)
            }
        }
    }

    public init(id: String, title: String, value: Double, unit: String, baseline: Baseline? = nil,
                ratio: Double? = nil, target: Target? = nil) {
        self.id = id
        self.title = title
        self.value = value
        self.unit = unit
        self.baseline = baseline
        self.ratio = ratio
        self.target = target
    }

    /// A cost measured against a baseline cost in the same unit; the ratio is their quotient.
    public static func cost(_ id: String, _ title: String, _ value: Double, unit: String,
                            against label: String, _ baseline: Double, target: Double? = nil) -> Finding {
        Finding(id: id, title: title, value: value, unit: unit, baseline: Baseline(label: label, value: baseline),
                ratio: baseline > 0 ? value / baseline : nil, target: target.map(Target.ratio))
    }

    /// This finding with another target.
    func with(target: Target) -> Finding {
        var copy = self
        copy.target = target
        return copy
    }

    /// Whether the figure is within its target; nil without a target.
    public var meetsTarget: Bool? {
        switch target {
        case .ratio(let bound): return ratio.map { $0 <= bound }
        case .value(let bound): return value <= bound
        case nil: return nil
        }
    }
}
