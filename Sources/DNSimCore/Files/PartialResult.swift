import Foundation

/// One shard's share of a run, written by `--shard K/N` and combined by
/// `merge`. It names exactly what produced it, so shards of different
/// scenarios, seeds, sizes or versions are refused rather than mixed.
public struct PartialResult: Codable, Sendable, Equatable {
    public static let format = "dnsim-events-partial/4"

    public var format: String
    public var toolVersion: String
    public var scenarioFile: String
    /// FNV-1a of the scenario file's bytes.
    public var scenarioDigest: String
    public var scenarioName: String
    public var seed: String
    public var devices: Int
    public var days: Int
    /// Command-line overrides, so the merged report names the same command.
    public var devicesOverride: Int?
    public var daysOverride: Int?
    public var shard: Int
    public var shardCount: Int
    public var deviceRange: [Int]
    public var result: SimulationResult
    /// For a sweep scenario: the same device slice of every sweep point, in point order.
    public var pointResults: [SimulationResult]?
    /// For an uncertainty study: this shard's worlds, whole.
    public var study: StudyPartial?

    /// The contiguous devices of shard `k` (1-based) of `n`.
    public init(
        format: String, toolVersion: String, scenarioFile: String, scenarioDigest: String, scenarioName: String,
        seed: String, devices: Int, days: Int, devicesOverride: Int?, daysOverride: Int?, shard: Int, shardCount: Int,
        deviceRange: [Int], result: SimulationResult, pointResults: [SimulationResult]?, study: StudyPartial? = nil
    ) {
        self.format = format
        self.toolVersion = toolVersion
        self.scenarioFile = scenarioFile
        self.scenarioDigest = scenarioDigest
        self.scenarioName = scenarioName
        self.seed = seed
        self.devices = devices
        self.days = days
        self.devicesOverride = devicesOverride
        self.daysOverride = daysOverride
        self.shard = shard
        self.shardCount = shardCount
        self.deviceRange = deviceRange
        self.result = result
        self.pointResults = pointResults
        self.study = study
    }

    public static func devices(shard k: Int, of n: Int, total: Int) -> Range<Int> {
        (total * (k - 1) / n)..<(total * k / n)
    }

    public static func digest(_ bytes: [UInt8]) -> String { Hashing.fnv1aHex(bytes) }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The bytes `encoded()` gives with `studyWorlds` (each `WorldResult.encoded()`, in order) as the study's worlds, for
    /// a partial whose study holds none yet: a study shard keeps its worlds encoded as each ends, not as statistics.
    /// The keys are sorted and `worlds` is the study's last, so the worlds go where the empty list ends it.
    public func encoded(studyWorlds: [Data]) throws -> Data {
        precondition(study?.worlds.isEmpty == true, "the study's worlds come encoded")
        let whole = [UInt8](try encoded())
        let study = Array(#""study":{"#.utf8), empty = Array(#""worlds":[]}"#.utf8)
        guard let opened = Self.range(of: study, in: whole, from: 0),
            let list = Self.range(of: empty, in: whole, from: opened.upperBound)
        else {
            preconditionFailure("an encoded study partial has its empty worlds list")
        }
        var bytes = Array(whole[..<list.lowerBound])
        bytes.reserveCapacity(whole.count + studyWorlds.reduce(0) { $0 + $1.count + 1 })
        bytes += Array(#""worlds":["#.utf8)
        for (index, world) in studyWorlds.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += world
        }
        bytes += Array("]}".utf8)
        bytes += whole[list.upperBound...]
        return Data(bytes)
    }

    /// The first occurrence of `needle` in `bytes` at or after `start`.
    private static func range(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for offset in start...(bytes.count - needle.count) where bytes[offset] == needle[0] {
            if bytes[offset..<(offset + needle.count)].elementsEqual(needle) { return offset..<(offset + needle.count) }
        }
        return nil
    }
}
