import Foundation
import XCTest

/// A clone of the repository is all a reader has: the model is described in
/// docs/model.md, so nothing in README.md, docs/, Sources/ or Tests/ may point
/// at a file outside it (the product contract's SPEC.md or its source
/// documents), and every `docs/model.md §N` cited names a section that exists.
final class SelfContainedDocsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Pointers out of the repository: the contract's file, its folder and
    /// the source documents' file names.
    static let outsidePatterns = ["../shared", "SPEC.md", "SPEC §", "SPEC's", "seeds/", "seed 00"]

    /// Every text file under the folders a clone's reader sees, with README.md.
    static func readableFiles() throws -> [URL] {
        var files = [root.appendingPathComponent("README.md")]
        for folder in ["docs", "Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walker {
                // This file names the patterns it looks for.
                if url.lastPathComponent == "SelfContainedDocsTests.swift" { continue }
                guard ["swift", "md", "c", "h", "yaml", "modulemap"].contains(url.pathExtension) else { continue }
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    func testNothingPointsOutsideTheRepository() throws {
        var found: [String] = []
        for file in try Self.readableFiles() {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for pattern in Self.outsidePatterns where line.contains(pattern) {
                    let relative = file.path.dropFirst(Self.root.path.count + 1)
                    found.append("\(relative):\(number + 1): '\(pattern)'")
                }
            }
        }
        XCTAssertEqual(found, [], "these lines point outside the repository; cite docs/model.md instead")
    }

    /// The `## N.` headings of docs/model.md.
    static func modelSections() throws -> Set<Int> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/model.md"), encoding: .utf8)
        var sections = Set<Int>()
        for line in text.split(separator: "\n") where line.hasPrefix("## ") {
            let digits = line.dropFirst(3).prefix { $0.isNumber }
            if let number = Int(digits) { sections.insert(number) }
        }
        return sections
    }

    func testEveryCitedModelSectionExists() throws {
        let sections = try Self.modelSections()
        XCTAssertFalse(sections.isEmpty, "docs/model.md has no numbered sections")
        var dangling: [String] = []
        for file in try Self.readableFiles() {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            var rest = Substring(text)
            while let range = rest.range(of: "model.md §") {
                let digits = rest[range.upperBound...].prefix { $0.isNumber }
                if let number = Int(digits), !sections.contains(number) {
                    dangling.append("\(file.lastPathComponent): §\(number)")
                }
                rest = rest[range.upperBound...]
            }
        }
        XCTAssertEqual(dangling, [], "these cite sections docs/model.md does not have")
    }
}
