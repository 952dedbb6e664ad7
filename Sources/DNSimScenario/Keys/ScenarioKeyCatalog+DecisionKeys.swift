import DNSimCore
import DNSimDecision

/// `objective` (what "better" means) and `uncertainty` (the worlds a decision must hold in).
extension ScenarioKeyCatalog {
    static let decisionKeys: [ScenarioKey] = [
        ScenarioKey(
            "objective", .definition, type: "mapping", default: "none (the verdict stays descriptive)",
            range: "see [`objective`](#objective)", why: "what the team values: the same for every policy and world",
            meaning:
                "What \"better\" means: a utility per cycle, constraints, and the smallest difference that counts.",
            example: ""),
        ScenarioKey(
            "objective.weights", .definition, type: "mapping of outcomes to numbers", default: "required",
            range:
                "outcomes `\(ObjectiveTerm.rateNames.joined(separator: "`, `"))`, `lost` (lost updates per cycle) and the costs "
                + "`\(ObjectiveTerm.costNames.joined(separator: "`, `"))`; each weight from −10⁶ to 10⁶",
            meaning: "Utility per cycle = Σ weight × rate (unlisted outcomes weigh 0); "
                + "`late` counts on top of the outcome; a cost column is per device-day; a spread column "
                + "(`fresh_device_p10`, …) is a rate or share over devices; `updates_fresh_rate` is a share of server "
                + "updates, the measure an `onNews` arm and a cycle arm share.",
            example: "`{ fresh: 1, stale: -0.2, fallback: -0.5, missed: -2, late: -2 }`"),
        ScenarioKey(
            "objective.constraints", .definition, type: "list", default: "none",
            range: "`{ metric, max }` or `{ metric, min }` entries (or both bounds), as in [`expect`](#expect)",
            meaning: "Bounds an arm must meet to be recommended; in an uncertainty study, per world.",
            example: "`[ { metric: missed, max: 2% } ]`"),
        ScenarioKey.part("objective.constraints[].metric", .definition, required: true),
        ScenarioKey.part("objective.constraints[].min", .definition),
        ScenarioKey.part("objective.constraints[].max", .definition),
        ScenarioKey(
            "objective.tie", .definition, type: "number or `Npp`", default: "`0.5pp`",
            range: "0 to 1 (`pp`: percentage points of utility)",
            meaning: "Utility differences smaller than this are ties: no arm is called better for them.",
            example: "`0.5pp`"),
        ScenarioKey(
            "objective.feasibleShare", .definition, type: "number or percentage", default: "`90%`",
            range: "above 0, at most 1",
            meaning:
                "In an uncertainty study, an arm is recommended only if it meets the constraints in at least this share of worlds.",
            example: "`95%`"),
        ScenarioKey(
            "uncertainty", .run, type: "mapping", default: "none (one assumed world)",
            range: "see [`uncertainty`](#uncertainty)",
            why: "which worlds to run: the conditions it varies keep their roles",
            meaning:
                "Conditions that are not known, each with a distribution; every arm runs in each world of a design over them.",
            example: ""),
        ScenarioKey(
            "uncertainty.design", .run, type: "text", default: "`sobol`",
            range: "`sobol` (Saltelli's scheme, N·(k+2) worlds) or `lhs` (Latin hypercube, N worlds)",
            meaning: "How worlds are drawn: `sobol` gives Sobol indices, `lhs` partial rank correlations.",
            example: "`lhs`"),
        ScenarioKey(
            "uncertainty.samples", .run, type: "whole number", default: "required",
            limits: .integer(2...UncertaintySettings.maxSamples),
            range: "; the study's worlds × devices × days at most \(UncertaintySettings.maxDeviceDaysText) device-days",
            meaning: "N, the design's base sample size.",
            example: "`256`"),
        ScenarioKey(
            "uncertainty.devices", .run, type: "whole number", default: "the scenario's `devices`",
            limits: .integer(2...Scenario.maxDevices),
            meaning: "Devices per world: the same devices, with the same keyed draws, in every world.",
            example: "`200`"),
        ScenarioKey(
            "uncertainty.parameters", .run, type: "list", default: "required",
            range: "1–\(ExperimentDesign.maxParameters) `{ key, distribution }` entries, keys unique",
            meaning: "The uncertain conditions.",
            example: ""),
        ScenarioKey(
            "uncertainty.parameters[].key", .run, type: "text", default: "required",
            range: "a dotted path to a condition that takes a number or duration (a distribution's parameter too, "
                + "e.g. `fetch.latency.lognormal.median`, or a per-device spread's), a fleet segment's share "
                + "(`fleet.<segment>.share`, the others rescaled), or any condition with `choice`",
            meaning: "The condition whose value each world sets.",
            example: "`platforms.ios.fetchTask.never`"),
        ScenarioKey(
            "uncertainty.parameters[].distribution", .run, type: "mapping", default: "required",
            range: "see [Uncertain parameters](#uncertain-parameters); within the key's range",
            meaning: "What is believed about the value: `uniform`, `loguniform`, `triangular`, "
                + "`normal`, `lognormal` (both truncated to the key's range), `choice` or `fit`.",
            example: "`{ loguniform: { min: 10m, max: 8h } }`"),
        ScenarioKey(
            "uncertainty.parameters[].sample", .run, type: "whole number",
            default: "a `fit` distribution's own (fit.json's `sample`); none otherwise",
            range: "1 – 1,000,000,000; only with `normal`, `lognormal` or `fit`",
            meaning:
                "The size of the telemetry sample the distribution was fitted from (rows, devices or messages, as `fit` "
                + "counts them): EVSI scales the distribution's spread by it.",
            example: "`192`"),
        ScenarioKey(
            "uncertainty.evsi", .run, type: "mapping", default: "none (no EVSI)",
            range: "see [Value of a telemetry sample](#value-of-a-telemetry-sample-evsi)",
            meaning:
                "Asks, for each parameter with a `sample`, what a new telemetry sample of each size would be worth (EVSI).",
            example: "`{ sizes: [100, 500, 2000] }`"),
        ScenarioKey(
            "uncertainty.evsi.sizes", .run, type: "list", default: "required",
            range: "1–\(UncertaintySettings.maxSampleSizes) distinct whole numbers, 1 to "
                + "\(ScenarioReader.show(Double(UncertaintySettings.maxSampleSize))), in the units of each parameter's `sample`",
            meaning: "The sizes of the telemetry samples whose value is estimated.",
            example: "`[100, 500, 2000]`"),
    ]
}
