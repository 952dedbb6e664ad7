import DNSimCore
import DNSimDecision
import Foundation
import DNSimSupport

extension Scenario {
    /// The worlds of the `uncertainty:` design, each the file with its parameters' values set
    /// (and `devices` per world), loaded and validated like any scenario. Every world keeps the
    /// seed, so all share the same devices and keyed draws (common random numbers).
    ///
    /// Before any world is built, each parameter is set alone to its distribution's extremes
    /// (each value of a choice), so a range the key does not accept is reported at the
    /// distribution, not as a failing world.
    public func uncertaintyWorlds(devices override: Int? = nil, days: Int? = nil, seed: UInt64? = nil) throws(DiagnosticList) -> [UncertaintyWorld] {
        guard let settings = uncertainty, let root else { return [] }
        let devices = settings.devices ?? override ?? self.devices
        var base = root
        if case .mapping(let pairs) = root.kind {
            // A world checks no expectations (`check` evaluates them over the worlds), so `expect` goes too.
            let dropped: Set<String> = ["uncertainty", "sweep", "precision", "devices", "days", "expect"]
            base.kind = .mapping(pairs.filter { !dropped.contains($0.key.scalar ?? "") }
                                 + [YAMLPair(key: YAMLNode(kind: .scalar("devices"), mark: root.mark), value: YAMLNode(kind: .scalar(String(devices)), mark: root.mark)),
                                    YAMLPair(key: YAMLNode(kind: .scalar("days"), mark: root.mark), value: YAMLNode(kind: .scalar(String(days ?? self.days)), mark: root.mark))])
        }
        defer { calendarCache.restoreLimits() }
        for parameter in settings.parameters {
            let extremes: [Double]
            switch parameter.unit {
            case .choice(let values): extremes = values.indices.map(Double.init)
            default: extremes = [parameter.value(at: 0), parameter.value(at: 1)]
            }
            for value in extremes {
                if case .failure(let problems) = world(base, settings.parameters, [(parameter, value)], design: nil) {
                    throw DiagnosticList(problems.diagnostics.map {
                        var diagnostic = $0
                        diagnostic.mark = parameter.distributionMark
                        diagnostic.sourceLine = nil
                        diagnostic.message = MessageText.bounded("\(parameter.key) = \(parameter.written(value)), a value its distribution gives, is not valid: \(diagnostic.message)")
                        return diagnostic
                    })
                }
            }
        }
        let designs = ExperimentDesign.worlds(settings.design, samples: settings.samples, parameterKeys: settings.parameters.map(\.key), seed: seed ?? self.seed)
        let slots = IndexedSlots<Result<UncertaintyWorld, DiagnosticList>>(count: designs.count)
        let frozen = base
        let jobs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, designs.count / 16))
        ParallelLoop.strided(designs.count, jobs: jobs) { number in
            let design = designs[number]
            let values = zip(settings.parameters, design.unit).map { $0.value(at: $1) }
            slots.store(world(frozen, settings.parameters, Array(zip(settings.parameters, values)), design: design)
                .map { UncertaintyWorld(design: design, values: values, scenario: $0) }, at: number)
            return true
        }
        return try slots.all().map { result throws(DiagnosticList) in try result.get() }
    }

    /// `base` with each (parameter, value) set, loaded; the message names the values on failure.
    private func world(_ base: YAMLNode, _ parameters: [UncertainParameter], _ settings: [(UncertainParameter, Double)],
                       design: DesignWorld?) -> Result<Scenario, DiagnosticList> {
        var node = base
        for (parameter, value) in settings {
            guard let updated = node.setting(parameter.path[...], to: parameter.node(for: value)) else {
                return .failure(DiagnosticList([Diagnostic(file: file, mark: parameter.mark,
                                                           message: "uncertain key \(MessageText.quoted(parameter.key)) does not name a place in the scenario")]))
            }
            node = updated
        }
        do {
            var scenario = try CalendarCache.$inherited.withValue(calendarCache) {
                try ScenarioLoader.load(root: node, text: sourceText, file: file)
            }
            scenario.keepDefaultFreshWithin(defaultFreshWithin)
            return .success(scenario)
        } catch let error as DiagnosticList {
            let label = settings.map { "\($0.0.key) = \($0.0.written($0.1))" }.joined(separator: ", ")
            let world = design.map { "world \($0.index) (" } ?? "("
            return .failure(DiagnosticList(error.diagnostics.map {
                var diagnostic = $0
                diagnostic.message = MessageText.bounded("in \(world)\(label)): \(diagnostic.message)")
                return diagnostic
            }))
        } catch {
            return .failure(DiagnosticList([Diagnostic(file: file, mark: nil, message: "\(error)")]))
        }
    }
}
