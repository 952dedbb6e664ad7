// swift-tools-version:6.0
import PackageDescription

// Layers, each ignorant of those above it; the target graph enforces it:
// DNSimCore (kernel, random, models, strategies, metrics, simulation)
//   ← DNSimScenario (YAML, cron, calendar, loader)
//   ← DNSimReports (CSV, Markdown, JSON, SVG)
//   ← DNSimCLI (argument parsing, commands) ← dnsim-events (main.swift)
let package = Package(
    name: "dnsim-events",
    products: [
        .library(name: "DNSimEvents", targets: ["DNSimEvents"]),
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
        .target(name: "DNSimCore", dependencies: ["CGSL"]),
        .target(name: "DNSimScenario", dependencies: ["DNSimCore", "CYAML"]),
        .target(name: "DNSimReports", dependencies: ["DNSimCore", "DNSimScenario"]),
        .target(name: "DNSimCLI", dependencies: ["DNSimCore", "DNSimScenario", "DNSimReports"]),
        .target(name: "DNSimEvents", dependencies: ["DNSimCore", "DNSimScenario", "DNSimReports"]),
        .executableTarget(
            name: "dnsim-events",
            dependencies: ["DNSimCLI"]
        ),
        .testTarget(
            name: "DNSimEventsTests",
            dependencies: ["DNSimCore", "DNSimScenario", "DNSimReports", "DNSimCLI", "CGSL"],
            exclude: ["Fixtures"]
        ),
    ]
)
