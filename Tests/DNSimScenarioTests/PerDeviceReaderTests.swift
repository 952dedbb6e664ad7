import DNSimCore
import DNSimTestSupport
import XCTest

@testable import DNSimScenario

/// `{ perDevice: <distribution> }` at a numeric condition: read into the world's per-device values,
/// the condition's field holding the mean; nonsense refused with its position.
final class PerDeviceReaderTests: XCTestCase {
    func load(_ text: String) throws(DiagnosticList) -> Scenario {
        try ScenarioLoader.load(bytes: Array(text.utf8), file: "p.yaml")
    }

    func errors(_ text: String) -> [String] {
        do { _ = try load(text); return [] } catch { return error.diagnostics.map(\.description) }
    }

    func testPerDeviceConditionsReachThePlanWithTheirMeans() throws {
        let scenario = try load(
            ScenarioTexts.appending(
                """
                fetch: { failure: { perDevice: { beta: { a: 1, b: 9 } } } }
                user: { appOpensPerDay: { perDevice: { gamma: { shape: 0.5, mean: 3 } } } }
                """))
        XCTAssertEqual(scenario.fetch.failure, 0.1, accuracy: 1e-12)
        XCTAssertEqual(scenario.user.appOpensPerDay, 3)
        let plan = try scenario.plan().get()
        XCTAssertEqual(plan.world.perDevice.map(\.key), ["fetch.failure", "user.appOpensPerDay"])
        XCTAssertEqual(plan.world.perDevice[0].distribution, .beta(a: 1, b: 9))
        XCTAssertEqual(plan.world.perDevice[1].distribution, .gamma(shape: 0.5, mean: 3))
    }

    func testNonsenseIsRefusedWithItsPosition() {
        XCTAssertEqual(
            errors(ScenarioTexts.appending("fetch: { failure: { perDevice: { gamma: { shape: 2, mean: 0.1 } } } }")),
            ["p.yaml:12:41: error: fetch.failure is a probability: gamma can exceed 1 (did you mean 'beta'?)"])
        XCTAssertEqual(
            errors(ScenarioTexts.appending("user: { appOpensPerDay: { perDevice: { beta: { a: 2, b: 2 } } } }")),
            [
                "p.yaml:12:46: error: user.appOpensPerDay is a rate, not a probability: beta gives values in [0, 1] "
                    + "(did you mean 'gamma'?)"
            ])
        XCTAssertEqual(
            errors(ScenarioTexts.appending("user: { appOpensPerDay: { perDevice: { gama: { shape: 2, mean: 1 } } } }")),
            ["p.yaml:12:40: error: unknown key 'gama' in user.appOpensPerDay.perDevice (did you mean 'gamma'?)"])
        XCTAssertEqual(
            errors(
                ScenarioTexts.appending("user: { appOpensPerDay: { perDevice: { gamma: { shape: 0, mean: 1 } } } }")),
            [
                "p.yaml:12:56: error: user.appOpensPerDay.perDevice.gamma.shape must be greater than 0 and at most 1000000, not 0"
            ])
        XCTAssertEqual(
            errors(ScenarioTexts.appending("fetch: { failure: { perDevice: { uniform: { min: 0.5, max: 2 } } } }")),
            ["p.yaml:12:43: error: fetch.failure.perDevice.uniform needs 0 ≤ min ≤ max ≤ 1, not min 0.5, max 2"])
        XCTAssertEqual(
            errors(ScenarioTexts.appending("fetch: { failure: { perDevice: { beta: { a: 1000000, b: 1000000 } } } }")),
            [
                "p.yaml:12:45: error: fetch.failure.perDevice.beta.a must be greater than 0 and at most 100000, not 1000000"
            ])
        let server = errors(
            ScenarioTexts.appending("server: { updatesPerDay: { perDevice: { gamma: { shape: 1, mean: 1 } } } }"))
        XCTAssertEqual(server.count, 1)
        XCTAssertTrue(
            server[0].hasPrefix(
                "p.yaml:12:26: error: server.updatesPerDay must be a number, not a mapping "
                    + "(per-device values are accepted at fetch.failure, "), server[0])
    }
}
