import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimScenario

/// `bench` without a file runs the built-in copy of `Scenarios/new-activity.yaml`,
/// so it works outside the repository. The copy is generated Swift source
/// (`Sources/DNSimCLI/Shared/BuiltinScenarios.swift`); this test fails when it and the
/// file differ, and `DNSIM_UPDATE_GOLDEN=1` rewrites it.
final class BuiltinScenarioTests: CommandLineTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The generated file for the scenario text `text`.
    static func source(for text: String) -> String {
        """
        // swift-format-ignore-file
        // Generated from Scenarios/new-activity.yaml; do not edit. BuiltinScenarioTests fails when the two
        // differ; `DNSIM_UPDATE_GOLDEN=1 swift test --filter BuiltinScenarioTests` regenerates this file
        // (left alone by swift format, which would indent the scenario's text).

        /// Scenarios built into the executable, for commands that need one when none is given.
        enum BuiltinScenarios {
            /// Where the built-in scenario comes from, for messages.
            static let newActivityFile = "Scenarios/new-activity.yaml (built in)"

            /// The text of `Scenarios/new-activity.yaml`.
            static let newActivity = #\"\"\"
        \(text)
        \"\"\"#
        }

        """
    }

    func testTheBuiltInScenarioIsTheShippedFile() throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Scenarios/new-activity.yaml"), encoding: .utf8)
        XCTAssertFalse(text.contains("\"\"\"#") || text.contains("\\#"), "the file can be a raw string literal")
        let generated = Self.root.appendingPathComponent("Sources/DNSimCLI/Shared/BuiltinScenarios.swift")
        if ProcessInfo.processInfo.environment["DNSIM_UPDATE_GOLDEN"] == "1" {
            try Data(Self.source(for: text).utf8).write(to: generated)
            XCTFail("regenerated \(generated.lastPathComponent); rebuild and run again without DNSIM_UPDATE_GOLDEN")
            return
        }
        XCTAssertEqual(
            BuiltinScenarios.newActivity, text,
            "Sources/DNSimCLI/Shared/BuiltinScenarios.swift is out of date: run DNSIM_UPDATE_GOLDEN=1 swift test --filter BuiltinScenarioTests"
        )
        XCTAssertEqual(
            try String(contentsOf: generated, encoding: .utf8), Self.source(for: text),
            "the generated file is as the generator writes it")
    }

    func testTheBuiltInScenarioLoads() throws {
        let scenario = try ScenarioLoader.load(
            bytes: Array(BuiltinScenarios.newActivity.utf8), file: BuiltinScenarios.newActivityFile)
        XCTAssertEqual(scenario.name, "new-activity")
    }

    /// `bench` with no file, run from a folder with no Scenarios/ in it. In the long mode only
    /// (README, "Long tests"): `bench` also runs its fixed benchmarks, a million-row fit among
    /// them, about 40 s in a debug build.
    func testBenchWithoutAFileWorksOutsideTheRepository() throws {
        try XCTSkipUnless(
            TestMode.long, "bench runs its fixed benchmarks for about 40 s in a debug build; DNSIM_LONG=1 runs it")
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(temporary.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let result = invoke(["bench", "--devices", "2", "--days", "3", "--jobs", "1"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("new-activity"), result.out)
    }
}
