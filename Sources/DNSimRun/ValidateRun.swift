import DNSimScenario

/// `validate`'s use case: each scenario file loaded, validated with its sweep points and study
/// worlds, and its variants' warnings said, without running anything. Each scenario is handed
/// back as it is found valid, so a caller can say what a run would do before the next is read.
public enum ValidateRun {
    public static func validate(
        _ files: [String], _ overrides: RunOverrides, warningsAsErrors: Bool, feedback: RunFeedback,
        each: (Scenario, ValidatedScenario) throws -> Void
    ) throws {
        guard !files.isEmpty else { throw UsageError("validate takes scenario files") }
        for scenario in try ScenarioRuns.load(files, feedback: feedback, warningsAsErrors: warningsAsErrors) {
            // Everything is checked before anything is said.
            let checked = try scenario.validated(devices: overrides.devices, days: overrides.days, seed: overrides.seed)
            try ScenarioRuns.warn(checked.variantWarnings, feedback: feedback, warningsAsErrors: warningsAsErrors)
            try each(scenario, checked)
        }
    }
}
