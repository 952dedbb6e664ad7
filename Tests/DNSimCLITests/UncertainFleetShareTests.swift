import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// A fleet segment's share as an uncertain condition (`fleet.<segment>.share`): each world sets it
/// and the other segments share the rest in their written proportions.
final class UncertainFleetShareTests: XCTestCase {
    static func study(_ parameter: String) -> String {
        FleetTests.fixture + """

            objective: { weights: { fresh: 1, missed: -2 } }
            uncertainty:
              design: lhs
              samples: 6
              devices: 20
              parameters:
                - \(parameter)
            """
    }

    func load(_ text: String) throws(DiagnosticList) -> Scenario {
        try ScenarioLoader.load(bytes: Array(text.utf8), file: "fleet.yaml")
    }

    func testEachWorldSetsTheShareAndRescalesTheOthers() throws {
        let scenario = try load(
            Self.study("{ key: fleet.restricted.share, distribution: { uniform: { min: 0.1, max: 0.6 } } }"))
        let worlds = try scenario.uncertaintyWorlds()
        XCTAssertEqual(worlds.count, 6)
        for world in worlds {
            let shares = Dictionary(uniqueKeysWithValues: world.scenario.fleet.map { ($0.name, $0.share) })
            let restricted = try XCTUnwrap(shares["restricted"])
            XCTAssertEqual(restricted, world.values[0], accuracy: 1e-9)
            XCTAssertEqual(shares.values.reduce(0, +), 1, accuracy: 1e-9)
            // stock : heavy-users stays 0.5 : 0.3.
            XCTAssertEqual(try XCTUnwrap(shares["stock"]) / (1 - restricted), 0.5 / 0.8, accuracy: 1e-9)
            let plan = try world.scenario.plan().get()
            XCTAssertEqual(try XCTUnwrap(plan.fleet).segments.map(\.share), world.scenario.fleet.map(\.share))
        }
    }

    func testAShareOfAnUnknownSegmentIsRefusedWithTheNameMeant() {
        do {
            _ = try load(
                Self.study("{ key: fleet.restriced.share, distribution: { uniform: { min: 0.1, max: 0.6 } } }"))
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(
                error.diagnostics.map(\.message),
                [
                    "uncertainty.parameters[1].key 'fleet.restriced.share' names no fleet segment (did you mean 'restricted'?)"
                ])
        }
        do {
            _ = try load(Self.study("{ key: fleet.restricted.share, distribution: { uniform: { min: 0.1, max: 1 } } }"))
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.diagnostics.count, 1)
            XCTAssertTrue(
                error.diagnostics[0].message.contains("outside the range of 'fleet.restricted.share'"),
                error.diagnostics[0].message)
        }
    }
}
