// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, kept out of the main package so that package needs no unsafe flags. Build and
// run them with `./run.sh [seconds]`; see docs/fuzzing.md.
let package = Package(
    name: "dnsim-fuzz",
    dependencies: [.package(name: "dnsim-events", path: "..")],
    targets: [
        .executableTarget(
            name: "ScenarioFuzzer",
            // The front end only (DNSimCore and DNSimScenario): its build needs no reports or fitting.
            dependencies: [.product(name: "DNSimScenario", package: "dnsim-events")],
            // No top-level code: the entry point is `ScenarioFuzzer_main`, which SwiftPM's
            // `--defsym main=ScenarioFuzzer_main` makes the program's main.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The tiny scenario `check` and `merge` are fuzzed against, and libFuzzer's driver. The
        // library product DNSimEvents re-exports DNSimReports (which needs DNSimFit), so these
        // targets need no product of their own in the main package.
        .target(name: "FuzzSupport", dependencies: [.product(name: "DNSimEvents", package: "dnsim-events")]),
        // `check`'s reading of a baseline folder (summary.csv and manifest.json).
        .executableTarget(
            name: "BaselineFuzzer",
            dependencies: ["FuzzSupport", .product(name: "DNSimEvents", package: "dnsim-events")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // `merge`'s reading of a shard file.
        .executableTarget(
            name: "ShardFuzzer",
            dependencies: ["FuzzSupport", .product(name: "DNSimEvents", package: "dnsim-events")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
