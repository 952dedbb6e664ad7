import Foundation
import XCTest

@testable import DNSimCore

/// What a release carries stays consistent: the changelog starts with the
/// version the code reports, and the licence files the tarball ships exist.
final class ReleaseTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testChangelogStartsWithThisVersion() throws {
        let first = try text("CHANGELOG.md").split(separator: "\n").first { $0.hasPrefix("## ") }
        XCTAssertEqual(first.map(String.init), "## \(ToolVersion.current)")
    }

    func testLicenceAndNotice() throws {
        XCTAssertTrue(
            try text("LICENSE").contains("GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007"))
        let notice = try text("NOTICE")
        for name in [
            "GNU Scientific Library", "GPL-3.0", "libyaml", "MIT", "Swift", "Apache-2.0", "Runtime Library Exception",
        ] {
            XCTAssertTrue(notice.contains(name), "NOTICE names \(name)")
        }
    }

    /// The commands people copy name this version's tarball.
    func testDocumentedCommandsNameThisVersion() throws {
        XCTAssertTrue(try text("README.md").contains("v=\(ToolVersion.current) && n=dnsim-events-$v-linux-x86_64"))
        let policy = try text("docs/policy-changes.md")
        XCTAssertEqual(
            policy.components(separatedBy: "DNSIM_VERSION: \"\(ToolVersion.current)\"").count, 3, "both CI jobs")
    }

    func testCommitIsAFullHashOrUnknown() {
        if let commit = ToolVersion.commit {
            XCTAssertEqual(commit.count, 40)
        }
        XCTAssertTrue(ToolVersion.described.hasPrefix(ToolVersion.current + " (commit "))
    }
}
