// swift-tools-version:6.0
import PackageDescription

// Layers, each ignorant of those above it; the target graph enforces it:
// DNSimCore (kernel, random, models, strategies, metrics, simulation)
//   ← DNSimScenario (YAML, cron, calendar, loader)
//   ← DNSimReports (CSV, Markdown, JSON, SVG)
//   ← DNSimCLI (argument parsing, commands) ← dnsim-events (main.swift)
// DNSimFit (telemetry → scenario numbers) stands beside them, on GSL and DNSimText alone.
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
            providers: [.apt(["libgsl-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Philox4x32-10 as a GSL generator type (issue 17); see docs/philox.md.
        .target(name: "CPhilox", dependencies: ["CGSL"]),
        // GSL's error handler and its one process-wide count, shared by the simulator and the fit.
        .target(name: "CGSLErrors", dependencies: ["CGSL"]),
        // Each text and date rule once: what a line break is, JSON/XML escaping, CSV records, civil days.
        .target(name: "DNSimText"),
        .target(name: "DNSimCore", dependencies: ["CGSL", "CGSLErrors", "CPhilox"]),
        .target(name: "DNSimScenario", dependencies: ["DNSimCore", "DNSimText", "CYAML"]),
        .target(name: "DNSimReports", dependencies: ["DNSimCore", "DNSimScenario", "DNSimText"]),
        // Calibration from telemetry: reads logs, fits delays; knows nothing of the simulator.
        .target(name: "DNSimFit", dependencies: ["DNSimText", "CGSL", "CGSLErrors"]),
        .target(name: "DNSimCLI", dependencies: ["DNSimCore", "DNSimScenario", "DNSimReports", "DNSimFit", "DNSimText"]),
        .target(name: "DNSimEvents", dependencies: ["DNSimCore", "DNSimScenario", "DNSimReports", "DNSimFit"]),
        .executableTarget(
            name: "dnsim-events",
            dependencies: ["DNSimCLI"]
        ),
        .testTarget(
            name: "DNSimEventsTests",
            dependencies: ["DNSimCore", "DNSimScenario", "DNSimReports", "DNSimCLI", "DNSimText", "CGSL", "CGSLErrors"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "DNSimFitTests",
            dependencies: ["DNSimFit", "CGSL", "CGSLErrors"]
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
