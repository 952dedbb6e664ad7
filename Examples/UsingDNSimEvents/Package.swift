// swift-tools-version:6.0
// A package that uses dnsim-events as a library. In your own package:
//   .package(url: "<git url of dnsim-events>", from: "0.2.0")
// and .product(name: "DNSimEvents", package: "dnsim-events") in the target.
// Here the dependency is this checkout, whose identity is its folder name.
import Foundation
import PackageDescription

let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "UsingDNSimEvents",
    dependencies: [.package(path: checkout.path)],
    targets: [
        .executableTarget(
            name: "policy-probe",
            dependencies: [.product(name: "DNSimEvents", package: checkout.lastPathComponent.lowercased())])
    ]
)
