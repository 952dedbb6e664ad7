import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// A run's report folder before and after the simulation: stale staging
/// folders of dead processes removed first (and said), the `--cycles`
/// size estimate, the `cycles.csv` staging folder, and at the end the
/// assembled `cycles.csv` to move in with the rest of the report.
public final class ReportStaging {
    public let directory: String
    public private(set) var cycleLog: CycleLog?
    private var cyclesFolder: URL?

    /// `cycles.csv` rows are about this long: 57.9 bytes on average for
    /// `new-activity` (64 devices; 55.6–62.4 across the shipped scenarios,
    /// a little more with more devices, whose numbers have more digits).
    public static let bytesPerCycleRow = 60.0
    /// A `--cycles` run estimated to write more than this is warned about first.
    public static let warnAboveBytes = 1e9

    public init(directory: String, cycles: Bool, plan: SimulationPlan, maxDevices: Int, feedback: RunFeedback) throws {
        self.directory = directory
        let target = URL(fileURLWithPath: directory)
        for stale in StagingFolders.removeStale(for: target) {
            feedback.note(
                "note: removed \(stale.url.path) (\(Self.show(bytes: Double(stale.bytes)))), a staging folder left by a run "
                    + "that has ended" + (stale.owner.map { " (\($0))" } ?? ""))
        }
        guard cycles else { return }
        if let warning = Self.sizeWarning(plan: plan, maxDevices: maxDevices, directory: directory) {
            feedback.note(warning)
        }
        let folder = try StagingFolders.create(for: target, kind: .cycles)
        cyclesFolder = folder
        cycleLog = try CycleLog(
            directory: folder, armNames: plan.arms.map(\.name),
            segmentNames: plan.keepsSegments ? plan.fleet?.names ?? [] : [])
    }

    /// Files to move into the report folder with the report: `cycles.csv`, assembled.
    public func assembled() throws -> [(String, URL)] {
        guard let cycleLog else { return [] }
        return [("cycles.csv", try cycleLog.assemble())]
    }

    /// Removes the staging folder (after the report was written, or on failure).
    public func discard() {
        if let cyclesFolder { StagingFolders.remove(cyclesFolder) }
    }

    /// The warning before a `--cycles` run of more than `warnAboveBytes`,
    /// with the estimate and how it was made; nil below it.
    public static func sizeWarning(plan: SimulationPlan, maxDevices: Int, directory: String) -> String? {
        let cycles = plan.world.calendar.count
        let devices = max(plan.devices, maxDevices)
        let rows = Double(devices) * Double(cycles) * Double(plan.arms.count)
        let bytes = rows * bytesPerCycleRow
        guard bytes > warnAboveBytes else { return nil }
        let upTo = maxDevices > plan.devices ? "up to " : ""
        var text =
            "warning: --cycles will write \(upTo)about \(show(bytes: bytes)) to \(directory)/cycles.csv: "
            + "\(upTo)\(grouped(devices)) devices × \(grouped(cycles)) cycles × \(plan.arms.count) arms = \(grouped(Int(rows))) rows "
            + "at about \(Int(bytesPerCycleRow)) bytes a row"
        if let free = freeBytes(near: directory), Double(free) < bytes {
            text += "; only \(show(bytes: Double(free))) is free there"
        }
        return text
    }

    /// Free bytes on the file system that will hold `directory` (its nearest existing ancestor's).
    public static func freeBytes(near directory: String) -> Int64? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while !FileManager.default.fileExists(atPath: url.path) && url.path != "/" {
            url = url.deletingLastPathComponent()
        }
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: url.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
    }

    /// Bytes in decimal units: `42 MB`, `14.0 GB`.
    public static func show(bytes: Double) -> String {
        switch bytes {
        case ..<1e3: return "\(Int(bytes)) bytes"
        case ..<1e6: return String(format: "%.0f kB", bytes / 1e3)
        case ..<1e9: return String(format: "%.0f MB", bytes / 1e6)
        default: return String(format: "%.1f GB", bytes / 1e9)
        }
    }

    /// 1460000 → `1,460,000`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
