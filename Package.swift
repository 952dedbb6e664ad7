// swift-tools-version:6.0
import PackageDescription

// Layers, each ignorant of those above it; the target graph enforces it:
// DNSimCore (kernel, random, world, models, strategies, metrics, simulation; files: the shard format, the baseline rule)
//   ← DNSimDecision (designs, distributions, sensitivity, regret, value of information)
//   ← DNSimScenario (YAML, cron, calendar, loader)
//   ← DNSimAnalysis (what a report says, as values: verdicts, comparisons, recommendations, a study's analysis;
//                    check's verdicts and the baseline report they are checked against)
//   ← DNSimReports (CSV, Markdown, JSON, SVG: the writers; check's outputs; the run's observers: cycles.csv, telemetry)
//   ← DNSimRun (the use cases: load, plan, run and write a report, a shard, a study; check, merge, trace)
//   ← DNSimCLI (argument parsing, console, progress, exit codes; the subcommands)
//   ← dnsim-events (main.swift)
// DNSimFit (telemetry → scenario numbers) stands beside them, on GSL and DNSimText alone; the
// reports write emitted telemetry with its writer, so the two formats cannot drift apart.
// DNSimSupport (parallel loops in index order, keyed seeds) sits below the core, the scenario
// and the fit, and depends on nothing but Dispatch.
// DNSimText (line breaks, JSON/XML/CSV text, civil dates) sits below the scenario,
// reports and fit layers and depends on nothing, not even Foundation.
let package = Package(
    name: "dnsim-events",
    products: [
        .library(name: "DNSimEvents", targets: ["DNSimEvents"]),
        // The scenario front end alone (with DNSimCore), for Fuzz/: under the sanitizers it builds in
        // 83 s against 134 s for DNSimEvents, which also brings DNSimReports and DNSimFit.
        .library(name: "DNSimScenario", targets: ["DNSimScenario"]),
        .executable(name: "dnsim-events", targets: ["dnsim-events"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Philox4x32-10 as a GSL generator type (issue 17); see docs/philox.md.
        .target(name: "CPhilox", dependencies: ["CGSL"]),
        // GSL's error handler and its one process-wide count, shared by the simulator and the fit.
        .target(name: "CGSLErrors", dependencies: ["CGSL"]),
        // The CPU's instruction counter (perf_event_open) for `bench`, where the kernel allows it.
        .target(name: "CInstructionCounter"),
        // Each text and date rule once: what a line break is, JSON/XML escaping, CSV records, civil days.
        .target(name: "DNSimText"),
        // Parallel loops whose results keep index order, their slots and claims, and SplitMix64
        // keyed seeds: what the runners, the scenario's variants and the fit share.
        .target(name: "DNSimSupport"),
        .target(name: "DNSimCore", dependencies: ["CGSL", "CGSLErrors", "CPhilox", "DNSimSupport"]),
        // Decisions under uncertainty: designs (Saltelli/Sobol, Latin hypercube), parameter
        // distributions, Sobol and rank sensitivities, regret and value of information.
        .target(name: "DNSimDecision", dependencies: ["DNSimCore", "CGSL", "CGSLErrors"]),
        .target(
            name: "DNSimScenario", dependencies: ["DNSimCore", "DNSimDecision", "DNSimText", "DNSimSupport", "CYAML"]),
        // What a report says, computed as values from a run or a study (the verdict, arm comparisons
        // and ties, the objective's recommendation, a study's analysis, check's verdicts); it renders
        // no report, and the writers it feeds are above it, so it cannot reach for their formatting.
        // It reads the baseline a check compares with (summary.csv, manifest.json, decision.json).
        .target(name: "DNSimAnalysis", dependencies: ["DNSimCore", "DNSimDecision", "DNSimScenario", "DNSimText"]),
        .target(
            name: "DNSimReports",
            dependencies: ["DNSimCore", "DNSimDecision", "DNSimScenario", "DNSimAnalysis", "DNSimFit", "DNSimText"]),
        // Calibration from telemetry: reads logs, fits delays; knows nothing of the simulator.
        .target(name: "DNSimFit", dependencies: ["DNSimText", "DNSimSupport", "CGSL", "CGSLErrors"]),
        // The use cases as a library (run and write a report, a shard, a study; check, merge, trace, fit, bench; load and plan),
        // with a small public API a test or another front end calls: it prints nothing and knows
        // no command line beyond the overrides it is given.
        .target(
            name: "DNSimRun",
            dependencies: [
                "DNSimCore", "DNSimDecision", "DNSimScenario", "DNSimAnalysis", "DNSimReports", "DNSimFit",
                "DNSimText", "DNSimSupport", "CInstructionCounter",
            ]),
        // The command line as swift-format splits it: argument parsing, options, the console,
        // progress bars and exit codes (CommandLine/), and the subcommands, which call DNSimRun
        // and print what it returns.
        .target(
            name: "DNSimCLI",
            dependencies: [
                "DNSimCore", "DNSimDecision", "DNSimScenario", "DNSimAnalysis", "DNSimReports", "DNSimFit",
                "DNSimRun", "DNSimText",
            ]),
        .target(
            name: "DNSimEvents",
            dependencies: ["DNSimCore", "DNSimScenario", "DNSimAnalysis", "DNSimReports", "DNSimFit"]),
        .executableTarget(
            name: "dnsim-events",
            dependencies: ["DNSimCLI"]
        ),
        // Shared by the test targets: exact binomial acceptance regions for coverage tests.
        .target(name: "TestStatistics", dependencies: ["CGSL"], path: "Tests/TestStatistics"),
        // Shared by the simulator's test targets: the fixture scenarios and golden reports (Fixtures/,
        // found beside GoldenFiles.swift), the scenario texts several targets start from, the
        // scenario-format document, the tests' own SplitMix stream and TestMode.long (DNSIM_LONG, README).
        .target(
            name: "DNSimTestSupport", dependencies: ["DNSimScenario"], path: "Tests/DNSimTestSupport",
            exclude: ["Fixtures"]),
        // The test targets mirror the modules: each holds the tests of the behaviour its module owns,
        // and may use the layers above it to build a world (a scenario) or read a result (a report).
        // DNSimCLITests holds the command line end to end: runs, report folders, golden files on disk,
        // the documents' commands and the release.
        .testTarget(
            name: "DNSimCoreTests",
            dependencies: [
                "DNSimCore", "DNSimDecision", "DNSimScenario", "DNSimAnalysis", "DNSimReports", "CGSL", "CGSLErrors",
                "CPhilox",
                "TestStatistics", "DNSimTestSupport",
            ]
        ),
        .testTarget(
            name: "DNSimDecisionTests",
            dependencies: ["DNSimDecision", "DNSimCore", "CGSL", "DNSimTestSupport"]
        ),
        .testTarget(
            name: "DNSimScenarioTests",
            dependencies: ["DNSimScenario", "DNSimCore", "DNSimDecision", "DNSimText", "DNSimTestSupport"]
        ),
        .testTarget(
            name: "DNSimReportsTests",
            dependencies: [
                "DNSimReports", "DNSimAnalysis", "DNSimScenario", "DNSimCore", "DNSimDecision", "DNSimText", "CGSL",
                "DNSimTestSupport",
            ]
        ),
        .testTarget(
            name: "DNSimCLITests",
            dependencies: [
                "DNSimCLI", "DNSimRun", "DNSimReports", "DNSimAnalysis", "DNSimScenario", "DNSimDecision", "DNSimCore",
                "DNSimText",
                "CGSL", "CGSLErrors", "TestStatistics", "DNSimTestSupport",
            ]
        ),
        .testTarget(
            name: "DNSimFitTests",
            dependencies: ["DNSimFit", "CGSL", "CGSLErrors", "TestStatistics", "DNSimTestSupport"]
        ),
        .testTarget(
            name: "DNSimSupportTests",
            dependencies: ["DNSimSupport"]
        ),
        .testTarget(
            name: "DNSimTextTests",
            dependencies: ["DNSimText"]
        ),
        .testTarget(
            name: "PhiloxTests",
            dependencies: ["CPhilox", "CGSL", "CGSLErrors"]
        ),
    ]
)
