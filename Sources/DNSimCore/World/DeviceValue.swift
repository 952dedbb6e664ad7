/// One condition that differs by device (`user.appOpensPerDay: { perDevice: { gamma: … } }`):
/// where it sits in a world's configuration and how its value is spread over devices.
///
/// A device's value is drawn from its own keyed stream (`RandomSource.deviceValue`, the key's
/// hash as the index), so it is the same in every arm, segment and study world, and adding
/// another per-device key leaves it unchanged.
public struct DeviceValue: Sendable, Equatable {
    /// The dotted scenario key, as messages and reports name it.
    public var key: String
    public var path: WritableKeyPath<WorldConfiguration, Double> & Sendable
    public var distribution: DeviceValueDistribution
    /// The key's own range: a drawn value outside it is clamped to it.
    public var range: ClosedRange<Double>

    public init(
        key: String, path: WritableKeyPath<WorldConfiguration, Double> & Sendable,
        distribution: DeviceValueDistribution,
        range: ClosedRange<Double>
    ) {
        self.key = key
        self.path = path
        self.distribution = distribution
        self.range = range
    }

    public static func == (a: DeviceValue, b: DeviceValue) -> Bool {
        a.key == b.key && a.path == b.path && a.distribution == b.distribution && a.range == b.range
    }

    /// Device `device`'s value of this condition.
    public func value(device: Int, random: KeyedRandom) -> Double {
        random.begin(device: device, source: .deviceValue, index: Self.streamIndex(of: key))
        return min(max(distribution.quantile(random.uniform()), range.lowerBound), range.upperBound)
    }

    /// `configuration` with each per-device condition set to device `device`'s value.
    public static func configuration(_ configuration: WorldConfiguration, device: Int, random: KeyedRandom)
        -> WorldConfiguration
    {
        var result = configuration
        for value in configuration.perDevice {
            result[keyPath: value.path] = value.value(device: device, random: random)
        }
        return result
    }

    /// The key's stream: its FNV-1a hash, within the stream index's 48 bits.
    static func streamIndex(of key: String) -> Int {
        var hash = Hashing.fnvOffset
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* Hashing.fnvPrime }
        return Int(truncatingIfNeeded: hash & KeyedRandom.indexMask)
    }
}
