import DNSimCore

/// How much work one device-day of one arm takes, in events (the kernel's, and the items
/// each source schedules: updates made, Doze windows walked), estimated from the scenario
/// before it runs: values inside every key's range can still multiply into days of run
/// time (a Doze window every minute, 100 toggles a day, 100,000 updates a day). Above
/// `warnAbove` a run is warned about; above `refuseAbove` it is refused, with the estimate.
/// The weights are upper bounds of what each source schedules (docs/scenario-format.md).
public struct EventEstimate: Sendable, Equatable {
    /// Events per device-day and arm, by source, largest first.
    public var parts: [(source: String, events: Double)]

    public static let warnAbove = 20_000.0
    public static let refuseAbove = 250_000.0
    /// The shortest Doze idle period: Android's own are an hour growing to six
    /// (DeviceIdleController's defaults), its light idle five minutes; a minute is well below both.
    public static let shortestDozeIdle: Millis = SimTime.minute

    public var perDeviceDay: Double { parts.reduce(0) { $0 + $1.events } }

    public static func == (a: EventEstimate, b: EventEstimate) -> Bool {
        a.parts.map(\.source) == b.parts.map(\.source) && a.parts.map(\.events) == b.parts.map(\.events)
    }

    public init(_ scenario: Scenario, calendar: CycleCalendar) {
        let days = Double(max(scenario.days, 1))
        let cyclesPerDay = Double(calendar.count) / days
        var parts: [(String, Double)] = [
            // A cycle's BG request or alarm, its launch, fetch start and end, arming and display.
            ("\(Self.show(cyclesPerDay)) cycles a day", cyclesPerDay * 6),
            // Each update is made and then delivered (or acked) once.
            ("server.updatesPerDay \(Self.show(scenario.server.updatesPerDay))", scenario.server.updatesPerDay * 2),
            ("user.appOpensPerDay \(Self.show(scenario.user.appOpensPerDay))", scenario.user.appOpensPerDay * 2),
        ]
        if scenario.user.disablePerDay > 0 {
            // Turning off and on again, and re-arming the cycles of the day each time.
            parts.append(
                (
                    "user.disablePerDay \(Self.show(scenario.user.disablePerDay))",
                    scenario.user.disablePerDay * (2 + 2 * cyclesPerDay)
                ))
        }
        if let doze = scenario.android?.doze {
            // At most one maintenance window per shortest idle period, all day.
            let windows = Double(SimTime.day) / Double(max(min(doze.firstIdle, doze.maxIdle), 1))
            parts.append(
                (
                    "platforms.android.doze windows (one per firstIdle \(DurationSyntax.format(doze.firstIdle)))",
                    windows * 2
                ))
        }
        self.parts = parts.sorted { $0.1 > $1.1 }
    }

    /// `12,345 events per device-day and arm (6,000 from server.updatesPerDay 3000, …)`.
    public var summary: String {
        let shown = parts.filter { $0.events >= 1 }.prefix(3).map { "\(Self.grouped($0.events)) from \($0.source)" }
        return "about \(Self.grouped(perDeviceDay)) events per device-day and arm (\(shown.joined(separator: ", ")))"
    }

    static func show(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func grouped(_ value: Double) -> String {
        let digits = String(Int64(value.rounded()))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// Warns or refuses the scenario by its estimate, pointing at the source that dominates.
    static func check(_ scenario: Scenario, calendar: CycleCalendar, top: ScenarioSection, _ r: ScenarioReader) {
        let estimate = EventEstimate(scenario, calendar: calendar)
        let total = estimate.perDeviceDay
        guard total > warnAbove else { return }
        let source = estimate.parts.first?.source ?? ""
        let mark: SourceMark?
        if source.hasPrefix("server.") {
            mark = top["server"]?.value(forKey: "updatesPerDay")?.mark
        } else if source.hasPrefix("user.appOpens") {
            mark = top["user"]?.value(forKey: "appOpensPerDay")?.mark
        } else if source.hasPrefix("user.disable") {
            mark = top["user"]?.value(forKey: "disablePerDay")?.mark
        } else if source.hasPrefix("platforms.android.doze") {
            mark = top["platforms"]?.value(forKey: "android")?.value(forKey: "doze")?.mark
        } else {
            mark = top["plugin"]?.mark
        }
        let days = Double(scenario.days) * Double(scenario.devices)
        if total > refuseAbove {
            r.error(
                mark,
                "the scenario would take \(estimate.summary), over the limit of \(grouped(refuseAbove)): lower the rate that dominates"
            )
        } else {
            r.warning(
                mark,
                "the scenario takes \(estimate.summary); above \(grouped(warnAbove)) a run is slow "
                    + "(\(grouped(days)) device-days here): lower the rate that dominates, or run fewer devices")
        }
    }
}
