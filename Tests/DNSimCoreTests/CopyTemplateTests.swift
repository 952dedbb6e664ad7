import XCTest

@testable import DNSimCore

/// `fetch.copy`: a scenario's own notification copy, and TimeSafari's when it has none.
final class CopyTemplateTests: XCTestCase {
    let episodes = CopyTemplate(
        oneTitle: "New episode", oneBody: "“{first}” is out.", manyTitle: "{count} new episodes",
        manyBody: "“{first}” and {more} more are out.", itemName: "Episode {n}")

    func testTemplatesFillTheirPlaceholders() {
        XCTAssertEqual(
            NotificationCopy.aggregated(itemIndices: [2], template: episodes),
            NotificationCopy(title: "New episode", body: "“Episode 3” is out."))
        XCTAssertEqual(
            NotificationCopy.aggregated(itemIndices: [4, 0, 1], template: episodes),
            NotificationCopy(title: "3 new episodes", body: "“Episode 5” and 2 more are out."))
        XCTAssertNil(NotificationCopy.aggregated(itemIndices: [], template: episodes))
    }

    func testWithoutATemplateTheCopyIsTimeSafaris() {
        XCTAssertEqual(
            NotificationCopy.aggregated(itemIndices: [1, 0], template: nil),
            NotificationCopy.aggregated(projectNames: ["Starred project 2", "Starred project 1"]))
        XCTAssertEqual(NotificationCopy.aggregated(itemIndices: [0], template: nil)?.title, "Starred Project Update")
    }

    /// The trace shows the scenario's copy and names the fetcher generically.
    func testTheTraceReadsAsTheScenariosApp() {
        var world = TestWorlds.world(days: 5)
        world.fetch.copy = episodes
        let run = DeviceRun(world, TestWorlds.arm(.chained, .android))
        let shown = run.trace.kinds("notification.shown")
        XCTAssertEqual(shown.count, 5)
        XCTAssertTrue(
            shown.allSatisfy { $0.title == "New episode" || $0.title?.hasSuffix("new episodes") == true }, "\(shown)")
        XCTAssertTrue(run.trace.kinds("fetch.start").allSatisfy { $0.detail.hasPrefix("the fetcher asks for updates") })
    }
}
