/// The shard format (`PartialResult`) of an arm: one flat JSON object, the
/// counters' sums under their catalog names beside the other fields, exactly
/// as when each counter was a stored property (so the files are unchanged).
/// `ShardTests` and `CounterCatalogTests` check that every field survives the round trip.
extension ArmStatistics: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case devices, cycles, counts, countSquares, cycleSquares, fewestCycles, mostCycles, countTimesCycles
        case lateness, latenessAtThreshold, contentAge, updateDelay, setupLatency, fingerprint
        case freshByDevice, missedByDevice, devicesFreshBelow
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(devices, forKey: .devices)
        try container.encode(cycles, forKey: .cycles)
        try container.encode(counts, forKey: .counts)
        try container.encode(countSquares, forKey: .countSquares)
        try container.encode(cycleSquares, forKey: .cycleSquares)
        try container.encode(fewestCycles, forKey: .fewestCycles)
        try container.encode(mostCycles, forKey: .mostCycles)
        try container.encode(countTimesCycles, forKey: .countTimesCycles)
        try container.encode(lateness, forKey: .lateness)
        try container.encode(latenessAtThreshold, forKey: .latenessAtThreshold)
        try container.encode(contentAge, forKey: .contentAge)
        try container.encode(updateDelay, forKey: .updateDelay)
        try container.encode(setupLatency, forKey: .setupLatency)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encode(freshByDevice, forKey: .freshByDevice)
        try container.encode(missedByDevice, forKey: .missedByDevice)
        try container.encode(devicesFreshBelow, forKey: .devicesFreshBelow)
        try counters.encode(to: encoder)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        devices = try container.decode(Int64.self, forKey: .devices)
        cycles = try container.decode(Int64.self, forKey: .cycles)
        counts = try container.decode([Int64].self, forKey: .counts)
        countSquares = try container.decode([Int64].self, forKey: .countSquares)
        cycleSquares = try container.decode(Int64.self, forKey: .cycleSquares)
        fewestCycles = try container.decode(Int64.self, forKey: .fewestCycles)
        mostCycles = try container.decode(Int64.self, forKey: .mostCycles)
        countTimesCycles = try container.decode([Int64].self, forKey: .countTimesCycles)
        lateness = try container.decode(DurationHistogram.self, forKey: .lateness)
        latenessAtThreshold = try container.decode(Int64.self, forKey: .latenessAtThreshold)
        contentAge = try container.decode(DurationHistogram.self, forKey: .contentAge)
        updateDelay = try container.decode(DurationHistogram.self, forKey: .updateDelay)
        setupLatency = try container.decode(DurationHistogram.self, forKey: .setupLatency)
        fingerprint = try container.decode(UInt64.self, forKey: .fingerprint)
        freshByDevice = try container.decode(DeviceRateHistogram.self, forKey: .freshByDevice)
        missedByDevice = try container.decode(DeviceRateHistogram.self, forKey: .missedByDevice)
        devicesFreshBelow = try container.decode(Int64.self, forKey: .devicesFreshBelow)
        counters = try CounterSums(from: decoder)
    }
}
