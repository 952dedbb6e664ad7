import DNSimCore
import DNSimText

/// Reads the keys that set up a run: the top level's name, seed, size, window and time zone,
/// `metrics:` and `precision:`.
enum RunReader {
    struct Run {
        var name = "scenario"
        var seed: UInt64 = 1
        var devices = 1
        var days = 1
        var start = Scenario.LocalDate(year: 2027, month: 1, day: 1)
        var timeZone = ZonedCalendar(identifier: "UTC")!
    }

    static func read(_ top: ScenarioSection) -> Run {
        let r = top.reader
        var run = Run()
        if let node = top["name"], let text = top.string("name") {
            if !Scenario.isValidName(text) {
                let count = text.unicodeScalars.count
                let rule =
                    count > 100
                    ? "is \(count) characters long; a name has at most 100" : "must be letters, digits, '-', '_' or '.'"
                r.error(node.mark, "name \(MessageText.quoted(text.prefix(40))) \(rule) (it names the report folder)")
            } else {
                run.name = text
            }
        }
        _ = top.string("description")
        if let node = top["seed"] {
            if let exact = node.isQuoted ? nil : node.scalar.flatMap({ UInt64($0) }) {
                run.seed = exact
            } else {
                r.error(
                    node.mark,
                    "\(top.path("seed")) must be a whole number from 0 to 18446744073709551615, "
                        + "not \(node.scalar.map { "'\($0.prefix(40))'" } ?? node.typeName)")
            }
        }
        if let v = top.integer("devices") { run.devices = v }
        if let v = top.integer("days") { run.days = v }
        if let node = top["start"], let text = top.string("start") {
            if let date = date(text) {
                run.start = date
            } else {
                r.error(
                    node.mark,
                    "\(top.path("start")) '\(text.prefix(40))' must be a date YYYY-MM-DD between 1970 and 9000")
            }
        }
        if let node = top["timeZone"], let id = top.string("timeZone") {
            switch TimeZoneResolver.resolve(id) {
            case .success(let zone): run.timeZone = zone
            case .failure(let problem): r.error(node.mark, problem.message)
            }
        }
        return run
    }

    /// `YYYY-MM-DD`, a real date from 1970 to 9000.
    private static func date(_ text: String) -> Scenario.LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1970...9000).contains(year), CivilDate.isValid(year: year, month: month, day: day)
        else { return nil }
        return Scenario.LocalDate(year: year, month: month, day: day)
    }

    /// `metrics:`: when a shown notification is late, what counts as fresh, and the duplicate window.
    static func metrics(_ map: ScenarioSection, _ lifecycle: inout LifecycleSettings)
        -> (lateAfter: Millis, freshWithin: Millis?, deviceFreshBelow: Double, maxContentAge: Millis?)
    {
        var lateAfter = SimulationPlan.defaultLateAfter
        if let v = map.duration("lateAfter") { lateAfter = v }
        let freshWithin = map.duration("freshWithin", allowZero: false)
        if let v = map.duration("duplicateWindow", allowZero: false, atMost: SimTime.day) {
            lifecycle.duplicateWindow = v
        }
        return (
            lateAfter, freshWithin, map.number("deviceFreshBelow") ?? SimulationPlan.defaultDeviceFreshBelow,
            map.duration("maxContentAge", allowZero: false)
        )
    }

    /// `precision: { halfWidth, maxDevices }`, `maxDevices` not below `devices`.
    static func precision(_ map: ScenarioSection, devices: Int) -> PrecisionTarget? {
        let half = map["halfWidth"].flatMap { map.reader.bound($0, map.path("halfWidth"), percentAllowed: true) }
        let cap =
            map["maxDevices"].map { map.reader.integer($0, map.path("maxDevices"), in: 1...Scenario.maxDevices) }
            ?? 100_000
        if let half, !(half > 0 && half < 0.5) {
            map.error("halfWidth", "\(map.path("halfWidth")) must be above 0 and below 50% (e.g. 0.5%)")
        } else if let half, let cap {
            if cap < devices { map.error("maxDevices", "\(map.path("maxDevices")) \(cap) is below devices \(devices)") }
            return PrecisionTarget(halfWidth: half, maxDevices: cap)
        }
        return nil
    }
}
