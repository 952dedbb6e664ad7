import DNSimCore

/// Warnings for values whose magnitude suggests a unit mistake: a plugin timeout in milliseconds
/// written as seconds (`contentTimeout: 600`), a budget written in milliseconds with an `s`
/// (`budget: 30000s`). The value is still used as written; the warning says what it means and
/// what was probably meant.
enum UnitPlausibility {
    /// A whole number of milliseconds under `limit`: probably seconds.
    static func milliseconds(_ value: Int, below limit: Int, _ map: ScenarioSection, _ key: String, what: String) {
        guard value > 0, value < limit else { return }
        map.reader.warning(
            map[key]?.mark,
            "\(map.path(key)) \(value) is \(value) ms (\(SimTime.written(Millis(value)))); \(what) "
                + "(did you mean \(value)s, which is \(value * 1_000)?)")
    }

    /// A duration over `limit`: perhaps milliseconds written with a larger unit.
    static func duration(_ value: Millis, above limit: Millis, _ map: ScenarioSection, _ key: String, what: String) {
        guard value > limit, let text = map[key]?.scalar else { return }
        let number = text.prefix { $0.isNumber || $0 == "." }
        let meant =
            Double(number).map { " (did you mean \(number)ms, which is \(SimTime.written(Millis($0.rounded())))?)" }
            ?? ""
        map.reader.warning(
            map[key]?.mark,
            "\(map.path(key)) \(text) is \(SimTime.written(value)), over \(SimTime.written(limit)); \(what)\(meant)")
    }
}
