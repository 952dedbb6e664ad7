/// An arm's sums over devices of every kept `Counter`: Σk, and where its interval
/// needs them Σk² and Σk·d (d the ratio's denominator). Derived from the catalog:
/// adding, merging and the shard names loop over it, so no counter can be left out.
public struct CounterSums: Sendable, Equatable {
    /// Indexed by `Counter.rawValue`; only the catalog's kept counters are ever nonzero.
    private var sums = Array(repeating: Int64(0), count: Counter.allCases.count)
    private var squares = Array(repeating: Int64(0), count: Counter.allCases.count)
    private var products = Array(repeating: Int64(0), count: Counter.allCases.count)

    public init() {}

    public func sum(_ counter: Counter) -> Int64 { sums[counter.rawValue] }
    /// Σk² over devices (zero unless the counter's interval keeps it).
    public func squares(_ counter: Counter) -> Int64 { squares[counter.rawValue] }
    /// Σk·d over devices, for a ratio counter.
    public func products(_ counter: Counter) -> Int64 { products[counter.rawValue] }

    /// Adds one device's counts.
    public mutating func add(_ activity: DeviceActivity) {
        for counter in Counter.kept { sums[counter.rawValue] += Int64(activity[counter]) }
        for counter in Counter.squared {
            let k = Int64(activity[counter])
            squares[counter.rawValue] += k * k
        }
        for (counter, over) in Counter.ratios {
            products[counter.rawValue] += Int64(activity[counter]) * Int64(activity[over])
        }
    }

    /// Adds another slice's sums; the field is named by its shard-file key when one leaves Int64.
    public mutating func mergeChecked(_ other: CounterSums) throws(MergeOverflow) {
        for counter in Counter.kept {
            try MergeOverflow.add(&sums[counter.rawValue], other.sums[counter.rawValue], counter.spec.key)
        }
        for counter in Counter.squared {
            try MergeOverflow.add(&squares[counter.rawValue], other.squares[counter.rawValue], counter.squaresKey)
        }
        for (counter, _) in Counter.ratios {
            try MergeOverflow.add(&products[counter.rawValue], other.products[counter.rawValue], counter.productKey!)
        }
    }

    /// A shard file's key for one sum (the names the fields had before the catalog, kept so files stay readable).
    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Writes each kept sum under its catalog name, beside the arm's other fields.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for counter in Counter.kept { try container.encode(sum(counter), forKey: Key(stringValue: counter.spec.key)) }
        for counter in Counter.squared {
            try container.encode(squares(counter), forKey: Key(stringValue: counter.squaresKey))
        }
        for (counter, _) in Counter.ratios {
            try container.encode(products(counter), forKey: Key(stringValue: counter.productKey!))
        }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for counter in Counter.kept {
            sums[counter.rawValue] = try container.decode(Int64.self, forKey: Key(stringValue: counter.spec.key))
        }
        for counter in Counter.squared {
            squares[counter.rawValue] = try container.decode(Int64.self, forKey: Key(stringValue: counter.squaresKey))
        }
        for (counter, _) in Counter.ratios {
            products[counter.rawValue] = try container.decode(Int64.self, forKey: Key(stringValue: counter.productKey!))
        }
    }
}
