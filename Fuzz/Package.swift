// swift-tools-version:6.0
import PackageDescription

// A libFuzzer target over the scenario front end, kept out of the main package so that
// package needs no unsafe flags. Build and run it with `./run.sh [seconds]`; see docs/fuzzing.md.
let package = Package(
    name: "dnsim-fuzz",
    dependencies: [.package(name: "dnsim-events", path: "..")],
    targets: [
        .executableTarget(
            name: "ScenarioFuzzer",
            // The front end only (DNSimCore and DNSimScenario): reports and fitting are not fuzzed,
            // and leaving them out takes about 50 s off every build (CI builds it on each run).
            dependencies: [.product(name: "DNSimScenario", package: "dnsim-events")],
            // No top-level code: the entry point is `ScenarioFuzzer_main` below, which SwiftPM's
            // `--defsym main=ScenarioFuzzer_main` makes the program's main.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
