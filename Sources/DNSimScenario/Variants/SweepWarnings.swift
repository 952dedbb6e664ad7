import DNSimCore

/// The warnings of a sweep's points that the base scenario does not have
/// itself (a lead of 8h among the swept leads, a processing task a point
/// moves out of its idle window), each once, saying which points have it.
public enum SweepWarnings {
    /// One warning per distinct problem, in the order of the first point that has it,
    /// prefixed with the axis values those points share (`with lead = 8h (3 of 21 points): …`).
    public static func collect(base: Scenario, points: [SweepPoint]) -> [Diagnostic] {
        let own = Set(base.warnings.map(key))
        var order: [String] = []
        var found: [String: (warning: Diagnostic, points: [SweepPoint])] = [:]
        for point in points {
            for warning in point.scenario.warnings where !own.contains(key(warning)) {
                let id = key(warning)
                if found[id] == nil {
                    order.append(id)
                    found[id] = (warning, [])
                }
                found[id]?.points.append(point)
            }
        }
        return order.compactMap { found[$0] }.map { entry in
            var warning = entry.warning
            warning.message = MessageText.bounded("with \(label(entry.points, of: points.count)): " + warning.message)
            return warning
        }
    }

    /// A warning is the same problem at the same place, whatever the point.
    private static func key(_ warning: Diagnostic) -> String {
        "\(warning.mark?.line ?? 0):\(warning.mark?.column ?? 0):\(warning.message)"
    }

    /// `lead = 8h (3 of 21 points)`: the settings every point here shares, or the first points' own.
    static func label(_ these: [SweepPoint], of total: Int) -> String {
        guard let first = these.first else { return "" }
        let shared = first.settings.enumerated().filter { axis in
            these.allSatisfy { $0.settings[axis.offset].value == axis.element.value }
        }
        .map { "\($0.element.key) = \($0.element.value)" }
        let count = these.count == 1 ? "point \(first.index) of \(total)" : "\(these.count) of \(total) points"
        if !shared.isEmpty { return shared.joined(separator: ", ") + " (\(count))" }
        let listed = these.prefix(3).map { point in
            point.settings.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
        }
        return "sweep points " + listed.joined(separator: "; ") + (these.count > 3 ? "; …" : "") + " (\(count))"
    }
}
