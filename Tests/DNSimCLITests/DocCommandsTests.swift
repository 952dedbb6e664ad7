import Foundation
import XCTest

/// Every shell block of README.md and docs/policy-changes.md is run by CI as
/// written: it follows a `<!-- ci: NAME -->` or `<!-- rehearsal: NAME -->`
/// marker, and a CI script extracts that NAME. A block added without a runner,
/// or a runner that lost its block, fails here rather than going stale.
final class DocCommandsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let documents = ["README.md", "docs/policy-changes.md"]
    /// The scripts that extract marked blocks, and how each names a block.
    static let runners = [".ci/run", ".ci/doc-commands", ".ci/plugin-repo-rehearsal", ".ci/action-rehearsal"]

    struct Block: Equatable {
        var document: String
        var line: Int
        var language: String
        var marker: String?
    }

    /// The fenced blocks of a document with the marker on the line before, if any (blank lines skipped).
    static func blocks(_ document: String) throws -> [Block] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var inside = false
        for (index, line) in lines.enumerated() where line.hasPrefix("```") {
            defer { inside.toggle() }
            guard !inside else { continue }
            var previous = index - 1
            while previous >= 0 && lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
            let marker =
                previous >= 0 && lines[previous].hasPrefix("<!-- ") && lines[previous].hasSuffix(" -->")
                ? String(lines[previous].dropFirst(5).dropLast(4)) : nil
            blocks.append(
                Block(document: document, line: index + 1, language: String(line.dropFirst(3)), marker: marker))
        }
        return blocks
    }

    func testEveryShellBlockIsMarkedWithItsRunner() throws {
        var unmarked: [String] = []
        for document in Self.documents {
            for block in try Self.blocks(document) where ["sh", "bash"].contains(block.language) && block.marker == nil
            {
                unmarked.append("\(document):\(block.line)")
            }
        }
        XCTAssertEqual(
            unmarked, [],
            "these shell blocks are run by no CI step; mark them <!-- ci: NAME --> and run them in .ci/doc-commands")
    }

    func testEveryMarkerIsExtractedByACIScript() throws {
        let scripts = try Self.runners.map {
            try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        var markers: [String] = []
        for document in Self.documents {
            markers += try Self.blocks(document).compactMap(\.marker).filter {
                $0.hasPrefix("ci: ") || $0.hasPrefix("rehearsal: ")
            }
        }
        XCTAssertGreaterThanOrEqual(markers.count, 8, "README.md and docs/policy-changes.md lost their markers")
        var orphans: [String] = []
        for marker in markers {
            let name = marker.split(separator: " ").last.map(String.init) ?? ""
            // How the scripts extract a block: by a helper taking its name, or by its marker spelt out.
            let calls = [
                "readme_command \(name)", "doc_command README.md \(name)", "doc_command docs/policy-changes.md \(name)",
                "(block \(name))", "sh_block \(name)", "\"<!-- \(marker) -->\"",
            ]
            if !calls.contains(where: scripts.contains) { orphans.append(marker) }
        }
        XCTAssertEqual(orphans, [], "no CI script extracts these marked blocks")
    }
}
