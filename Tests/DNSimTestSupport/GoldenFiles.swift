import Foundation
import XCTest

/// Test fixtures beside this file: scenarios and golden reports.
/// Set DNSIM_UPDATE_GOLDEN=1 to rewrite the golden files after an intended
/// change; a recording run fails after writing, as snapshot libraries do, so a
/// run that records can never pass for one that compared.
public enum GoldenFiles {
    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")
    /// The package's root, for the shipped scenarios, whatever the working directory.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file of the package by its path from the root: `repositoryPath("Scenarios/lifecycle.yaml")`.
    public static func repositoryPath(_ path: String) -> String { repository.appendingPathComponent(path).path }

    public static func scenarioPath(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    public static func assertMatches(
        _ content: String, golden name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let url = fixtures.appendingPathComponent("golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DNSIM_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(content.utf8).write(to: url)
            XCTFail("recorded \(name); run again without DNSIM_UPDATE_GOLDEN to compare", file: file, line: line)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("missing golden file \(name); run with DNSIM_UPDATE_GOLDEN=1 to create it", file: file, line: line)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != content {
            let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let b = content.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail(
                "\(name) differs from its golden copy at line \((first?.offset ?? min(a.count, b.count)) + 1):\n"
                    + "  golden: \(first.map { String($0.element.0) } ?? "<end>")\n  actual: \(first.map { String($0.element.1) } ?? "<end>")",
                file: file, line: line)
        }
    }
}
