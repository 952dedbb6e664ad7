import DNSimCore
import DNSimDecision
import DNSimSupport
import Foundation

extension Scenario {
    /// The worlds of the `uncertainty:` design, each the file with its parameters' values set
    /// (and `devices` per world), loaded and validated like any scenario. Every world keeps the
    /// seed, so all share the same devices and keyed draws (common random numbers).
    ///
    /// Before any world is built, each parameter is set alone to its distribution's extremes
    /// (each value of a choice), so a range the key does not accept is reported at the
    /// distribution, not as a failing world.
    ///
    /// - Parameter checking: at most this many worlds, those of samples spread evenly over the design
    ///   (the first and the last among them); nil, every world. `validate` checks a bounded sample so a
    ///   million-world study answers in seconds; a run builds, and so checks, every world before it starts.
    public func uncertaintyWorlds(
        devices override: Int? = nil, days: Int? = nil, seed: UInt64? = nil,
        checking limit: Int? = nil
    ) throws(DiagnosticList) -> [UncertaintyWorld] {
        guard let settings = uncertainty, let root else { return [] }
        let devices = settings.devices ?? override ?? self.devices
        // A world checks no expectations (`check` evaluates them over the worlds), so `expect` goes too.
        let base = ScenarioVariants(
            root: root, dropping: ["uncertainty", "sweep", "precision", "devices", "days", "expect"],
            adding: [("devices", String(devices)), ("days", String(days ?? self.days))],
            text: sourceText, file: file, calendarCache: calendarCache, defaultFreshWithin: defaultFreshWithin)
        defer { calendarCache.restoreLimits() }
        for parameter in settings.parameters {
            let extremes: [Double]
            switch parameter.unit {
            case .choice(let values): extremes = values.indices.map(Double.init)
            default: extremes = [parameter.value(at: 0), parameter.value(at: 1)]
            }
            for value in extremes {
                if case .failure(let problems) = world(base, settings.parameters, [(parameter, value)], design: nil) {
                    throw DiagnosticList(
                        problems.diagnostics.map {
                            var diagnostic = $0
                            diagnostic.mark = parameter.distributionMark
                            diagnostic.sourceLine = nil
                            diagnostic.message = MessageText.bounded(
                                "\(parameter.key) = \(parameter.written(value)), "
                                    + "a value its distribution gives, is not valid: \(diagnostic.message)")
                            return diagnostic
                        })
                }
            }
        }
        let designs = ExperimentDesign.worlds(
            settings.design, samples: settings.samples, parameterKeys: settings.parameters.map(\.key),
            seed: seed ?? self.seed, selecting: limit.flatMap { settings.spreadSamples(worlds: $0) })
        let slots = IndexedSlots<Result<UncertaintyWorld, DiagnosticList>>(count: designs.count)
        let frozen = base
        let jobs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, designs.count / 16))
        ParallelLoop.strided(designs.count, jobs: jobs) { number in
            let design = designs[number]
            let values = zip(settings.parameters, design.unit).map { $0.value(at: $1) }
            slots.store(
                world(frozen, settings.parameters, Array(zip(settings.parameters, values)), design: design)
                    .map { UncertaintyWorld(design: design, values: values, scenario: $0) }, at: number)
            return true
        }
        return try slots.all().map { result throws(DiagnosticList) in try result.get() }
    }

    /// `base` with each (parameter, value) set, loaded; the message names the values on failure.
    private func world(
        _ base: ScenarioVariants, _ parameters: [UncertainParameter], _ settings: [(UncertainParameter, Double)],
        design: DesignWorld?
    ) -> Result<Scenario, DiagnosticList> {
        let placed = base.placing(
            settings.map {
                VariantSetting(key: $0.0.key, path: $0.0.path, value: $0.0.node(for: $0.1), mark: $0.0.mark)
            })
        switch placed {
        case .failure(let unplaced):
            return .failure(
                DiagnosticList([
                    Diagnostic(
                        file: file, mark: unplaced.setting.mark,
                        message: "uncertain key \(MessageText.quoted(unplaced.setting.key)) "
                            + "does not name a place in the scenario")
                ]))
        case .success(var node):
            let label = settings.map { "\($0.0.key) = \($0.0.written($0.1))" }.joined(separator: ", ")
            let shares = Set(
                settings.compactMap { $0.0.path.count == 3 && $0.0.path[0] == "fleet" ? Int($0.0.path[1]) : nil })
            if !shares.isEmpty {
                guard let rescaled = FleetShareRescaling.rescaled(node, setting: shares, original: base.base) else {
                    return .failure(
                        DiagnosticList([
                            Diagnostic(
                                file: file, mark: settings.first?.0.mark,
                                message: "in (\(label)): the uncertain fleet shares add to 1 or more, "
                                    + "leaving no devices for the other segments")
                        ]))
                }
                node = rescaled
            }
            return base.load(node, context: "in " + (design.map { "world \($0.index) (" } ?? "(") + label + ")")
        }
    }
}
