// swift-tools-version:6.0
import PackageDescription

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
        // Philox4x32-10 as a GSL generator type (issue 17); see docs/philox.md.
        .target(
            name: "CPhilox",
            dependencies: ["CGSL"]
        ),
        .target(
            name: "DNSimEvents",
            dependencies: ["CGSL", "CYAML"],
            swiftSettings: [.unsafeFlags(["-Ounchecked", "-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "dnsim-events",
            dependencies: ["DNSimEvents"]
        ),
        .testTarget(
            name: "DNSimEventsTests",
            dependencies: ["DNSimEvents", "CGSL"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "PhiloxTests",
            dependencies: ["CPhilox", "CGSL"]
        ),
    ]
)
