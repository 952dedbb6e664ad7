import DNSimCore

/// The standard errors of EVPPI and EVSI (docs/model.md §9, "Noise is not advice"): the nonparametric
/// bootstrap (Efron & Tibshirani 1993, "An Introduction to the Bootstrap", ch. 6) over whole
/// resampling units (a Sobol sample's k + 2 worlds together), each resample re-estimating every
/// figure exactly as `DecisionAnalysis` does on the full study (the same reference arm, the same
/// regression of `PartialInformation`, clamped to the resample's EVPI). The standard error is the
/// resamples' standard deviation (n − 1). Resample b draws from the keyed stream (seed, device:
/// 2¹⁶ + `DecisionInput.stream`, `.decisionBootstrap`, index: b), apart from the stability's.
struct InformationErrors {
    /// Per parameter (0 for one that cannot act), and per `evsi` entry.
    var evppi: [Double]
    var evsi: [Double]

    static let device = 1 << 16

    /// `sample`: the informative worlds' indices; `evsiEstimates[i]`: the estimates of `evsi[i]`,
    /// one per sample world; `regret`: the reference arm's regret per world.
    init(
        _ input: DecisionInput, reference: Int, regret: [Double], sample: [Int], acting: [Bool],
        evsi: [SampleInformation], evsiEstimates: [[Double]]
    ) {
        let parameters = acting.count
        evppi = [Double](repeating: 0, count: parameters)
        self.evsi = [Double](repeating: 0, count: evsi.count)
        let resamples = input.informationResamples
        guard resamples > 1, !sample.isEmpty, acting.contains(true) else { return }
        var unitOf: [Int: Int] = [:]
        var units: [(worlds: [Int], positions: [Int])] = []
        for (world, unit) in input.units.enumerated() {
            if let index = unitOf[unit] {
                units[index].worlds.append(world)
            } else {
                unitOf[unit] = units.count
                units.append(([world], []))
            }
        }
        for (position, world) in sample.enumerated() { units[unitOf[input.units[world]]!].positions.append(position) }
        let arms = Array(0..<(input.utilities.first?.count ?? 0))
        let random = KeyedRandom(seed: input.seed)
        var evppiDraws = [[Double]](repeating: [], count: parameters)
        var evsiDraws = [[Double]](repeating: [], count: evsi.count)
        for resample in 0..<resamples {
            random.begin(device: Self.device + input.stream, source: .decisionBootstrap, index: resample)
            var positions: [Int] = []
            var regretSum = 0.0, worlds = 0
            for _ in 0..<units.count {
                let unit = units[random.index(below: units.count)]
                positions += unit.positions
                for world in unit.worlds { regretSum += regret[world] }
                worlds += unit.worlds.count
            }
            guard !positions.isEmpty else { continue }
            let evpi = Swift.max(0, regretSum / Double(worlds))
            let utilities = positions.map { input.utilities[sample[$0]] },
                feasible = positions.map { input.feasible[sample[$0]] }
            func estimate(_ j: Int, _ values: [Double], categorical: Bool) -> Double {
                PartialInformation(
                    parameter: j, values: values, categorical: categorical, arms: arms, reference: reference,
                    utilities: utilities, feasible: feasible, requiredShare: input.requiredFeasibleShare,
                    tie: input.tie, evpi: evpi, findFlips: false
                ).evppi
            }
            var drawn = [Double](repeating: 0, count: parameters)
            for j in 0..<parameters where acting[j] {
                drawn[j] = estimate(
                    j, positions.map { input.parameters[sample[$0]][j] }, categorical: input.categorical[j])
                evppiDraws[j].append(drawn[j])
            }
            for (index, entry) in evsi.enumerated() {
                let value = estimate(entry.parameter, positions.map { evsiEstimates[index][$0] }, categorical: false)
                evsiDraws[index].append(Swift.min(value, drawn[entry.parameter]))
            }
        }
        evppi = evppiDraws.map(Self.deviation)
        self.evsi = evsiDraws.map(Self.deviation)
    }

    static func deviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
    }
}
