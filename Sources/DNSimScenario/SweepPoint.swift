import DNSimCore

/// One point of a sweep grid: the values it takes and the scenario they give.
public struct SweepPoint: Sendable {
    /// 1-based position in the grid (the first axis varies slowest).
    public var index: Int
    /// (key, value) for each axis, in axis order.
    public var settings: [(key: String, value: String)]
    public var scenario: Scenario
}

extension Scenario {
    /// Every point of the `sweep:` grid, each a validated scenario without a
    /// sweep. All points keep the seed, so they share common random numbers.
    public func sweepPoints() throws(DiagnosticList) -> [SweepPoint] {
        guard let root, !sweep.isEmpty else { return [] }
        var combinations: [[Int]] = [[]]
        for axis in sweep {
            combinations = combinations.flatMap { prefix in axis.values.indices.map { prefix + [$0] } }
        }
        var base = root
        if case .mapping(let pairs) = root.kind {
            base.kind = .mapping(pairs.filter { $0.key.scalar != "sweep" })
        }
        var points: [SweepPoint] = []
        var problems: [Diagnostic] = []
        for (number, combination) in combinations.enumerated() {
            var node = base
            var settings: [(key: String, value: String)] = []
            for (axis, valueIndex) in zip(sweep, combination) {
                let value = axis.values[valueIndex]
                settings.append((axis.key, SweepAxis.label(value)))
                if axis.key == "lead" {
                    switch leadSchedule(value) {
                    case .success(let cron):
                        let scalar = YAMLNode(kind: .scalar(cron), mark: value.mark, isQuoted: true)
                        node = node.setting(["plugin", "contentFetch", "schedule"], to: scalar) ?? node
                    case .failure(let message):
                        problems.append(Diagnostic(file: file, mark: value.mark, message: message.message))
                    }
                } else if let updated = node.setting(axis.path[...], to: value) {
                    node = updated
                } else {
                    problems.append(Diagnostic(file: file, mark: axis.mark, message: "sweep key '\(axis.key)' does not name a place in the scenario"))
                }
            }
            guard problems.isEmpty else { continue }
            do {
                var scenario = try ScenarioLoader.load(root: node, text: sourceText, file: file)
                // freshWithin's default is the base scenario's lead, whatever lead the point has.
                scenario.defaultFreshWithin = defaultFreshWithin
                points.append(SweepPoint(index: number + 1, settings: settings, scenario: scenario))
            } catch {
                // Point at the sweep value that made the scenario invalid where we can.
                let label = settings.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
                problems += error.diagnostics.map {
                    var diagnostic = $0
                    diagnostic.message = "with \(label): \(diagnostic.message)"
                    return diagnostic
                }
            }
            if !problems.isEmpty { break }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return points
    }

    /// The fetch cron `lead` before a notification scheduled `M H * * *`.
    func leadSchedule(_ value: YAMLNode) -> Result<String, SweepError> {
        guard let text = value.scalar, case .success(let millis) = DurationSyntax.parse(text) else {
            return .failure(SweepError("lead values are durations such as 5m"))
        }
        let minutes = Int(millis / 60_000)
        guard Double(minutes) * 60_000 == millis, minutes >= 0, minutes < 1_440 else {
            return .failure(SweepError("lead '\(text)' must be whole minutes from 0m to 23h59m"))
        }
        let fields = notifySchedule.text.split(separator: " ").map(String.init)
        guard fields.count == 5, let minute = Int(fields[0]), let hour = Int(fields[1]), fields[2...].allSatisfy({ $0 == "*" }) else {
            return .failure(SweepError("a lead sweep needs a daily notification schedule 'M H * * *', not '\(notifySchedule.text)'"))
        }
        let fetch = ((hour * 60 + minute - minutes) % 1_440 + 1_440) % 1_440
        return .success("\(fetch % 60) \(fetch / 60) * * *")
    }
}

public struct SweepError: Error, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}
