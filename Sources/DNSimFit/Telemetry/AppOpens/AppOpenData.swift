import Foundation

/// App-open telemetry reduced to opens per device and per local hour.
public struct AppOpenData: Sendable {
    /// Opens of each device, in order of first appearance.
    public let opensPerDevice: [Int]
    /// Opens in each local hour 0–23 (the row's time_zone, else UTC).
    public let hourCounts: [Int]
    public let firstOpen: Int64
    public let lastOpen: Int64
    /// Distinct time zones named in the file, sorted ("UTC" for rows without one).
    public let timeZones: [String]

    public var rows: Int { opensPerDevice.reduce(0, +) }

    /// The observation window: local calendar days (each open in its own
    /// zone) from the earliest to the latest, inclusive. Every device is
    /// taken as observed throughout.
    public let days: Int

    static func day(_ millis: Int64) -> Int64 { millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000 }

    public init(rows: [AppOpenRow]) {
        var builder = Builder()
        for row in rows {
            let zone = row.timeZone.flatMap { builder.zone($0) } ?? nil
            builder.add(row.deviceID, row.openedAt, zone, row.timeZone ?? "UTC")
        }
        self = builder.data
    }

    private init(opensPerDevice: [Int], hourCounts: [Int], first: Int64, last: Int64, days: Int, timeZones: [String]) {
        self.days = days
        self.opensPerDevice = opensPerDevice
        self.hourCounts = hourCounts
        firstOpen = first
        lastOpen = last
        self.timeZones = timeZones
    }

    struct Builder {
        var deviceIndex: [String: Int] = [:]
        var counts: [Int] = []
        var hours = [Int](repeating: 0, count: 24)
        var first = Int64.max, last = Int64.min
        var firstDay = Int64.max, lastDay = Int64.min
        var zones: [String: TimeZone?] = [:]
        var zoneNames = Set<String>()

        /// Looked up once per distinct name: TimeZone(identifier:) is slow.
        mutating func zone(_ name: String) -> TimeZone?? {
            if let known = zones[name] { return known }
            let zone = TimeZone(identifier: name)
            zones[name] = zone
            return zone
        }

        mutating func add(_ device: String, _ at: Int64, _ zone: TimeZone?, _ zoneName: String) {
            if let i = deviceIndex[device] {
                counts[i] += 1
            } else {
                deviceIndex[device] = counts.count; counts.append(1)
            }
            let offset =
                zone.map { Int64($0.secondsFromGMT(for: Date(timeIntervalSince1970: Double(at) / 1000))) * 1000 } ?? 0
            let local = at + offset
            let hour = Int((local - AppOpenData.day(local) * 86_400_000) / 3_600_000)
            hours[hour] += 1
            firstDay = min(firstDay, AppOpenData.day(local))
            lastDay = max(lastDay, AppOpenData.day(local))
            first = min(first, at)
            last = max(last, at)
            zoneNames.insert(zoneName)
        }

        var data: AppOpenData {
            AppOpenData(
                opensPerDevice: counts, hourCounts: hours, first: first == .max ? 0 : first,
                last: last == .min ? 0 : last,
                days: firstDay <= lastDay ? Int(lastDay - firstDay) + 1 : 0, timeZones: zoneNames.sorted())
        }
    }

    static func read(_ table: inout TelemetryTable) throws(FitError) -> AppOpenData {
        let device = table.index("device_id")!, opened = table.index("opened_at")!,
            zoneColumn = table.index("time_zone")
        var builder = Builder()
        while try table.nextRow() {
            let id = table.text(device).trimmingSpaces
            guard !id.isEmpty else {
                try table.reject(
                    RowProblem(
                        reason: "column device_id: empty",
                        message: "column device_id is empty; every open needs a device id"))
                continue
            }
            let at: Int64
            switch table.time(opened) {
            case .success(let t): at = t
            case .failure(let p): try table.reject(p); continue
            }
            var zone: TimeZone?
            var zoneName = "UTC"
            if let zoneColumn, !table.isEmpty(zoneColumn) {
                zoneName = table.text(zoneColumn).trimmingSpaces
                guard let found = builder.zone(zoneName) ?? nil else {
                    try table.reject(
                        RowProblem(
                            reason: "column time_zone: unknown zone",
                            message: "column time_zone: \(TelemetryTable.quote(zoneName)) is not an IANA time zone; "
                                + "expected e.g. America/New_York or UTC"))
                    continue
                }
                zone = found
            }
            builder.add(id, at, zone, zoneName)
        }
        return builder.data
    }
}
