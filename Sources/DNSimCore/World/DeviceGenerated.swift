/// A part of a device's world generated from keyed draws alone: a pure function of its
/// configuration, the horizon, the seed and the device (`ServerModel`, `UserActivity`).
/// `WorldTapes` relies on that to generate it once for every world that shares it.
protocol DeviceGenerated {
    associatedtype Configuration: Equatable
    init(configuration: Configuration, origin: Millis, end: Millis)
    /// Generates device `device`'s values, in place of the previous device's.
    mutating func generate(device: Int, random: KeyedRandom)
    /// How many values this device's part holds (for `WorldTapes`' bound).
    var storedValues: Int { get }
}

extension ServerModel: DeviceGenerated {}
extension UserActivity: DeviceGenerated {}
