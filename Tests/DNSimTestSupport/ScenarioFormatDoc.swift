import DNSimScenario
import Foundation
import XCTest

/// docs/scenario-format.md as tests read it: the document, a small valid base scenario and the
/// merge of a documented fragment into it (`ScenarioFormatDocTests` checks every example this way).
public enum ScenarioFormatDoc {
    public static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/scenario-format.md").path

    /// Valid on its own; each top-level key starts at column 1 and its block runs to
    /// the next column-1 key, so it can be split by lines. Both platforms and both
    /// default labels, so fragments may name any default arm in `expect`.
    public static let base = """
        name: doc-base
        seed: 7
        devices: 2
        days: 3
        start: 2027-01-01
        timeZone: UTC
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms:
          ios: {}
          android: {}
        strategies: [independent, chained]
        """

    public static func load() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The fragment's text followed by the base's blocks for keys the fragment lacks.
    public static func merge(fragment: String, into base: String) throws -> String {
        guard let root = try YAMLParser.parse(fragment, file: "fragment.yaml"), let pairs = root.mapping else {
            throw MergeError("a fragment must be a mapping of top-level scenario keys")
        }
        let fragmentKeys = Set(pairs.compactMap(\.key.scalar))
        var blocks: [(key: String, lines: [Substring])] = []
        for line in base.split(separator: "\n") {
            if let first = line.first, first != " ", first != "#", let colon = line.firstIndex(of: ":") {
                blocks.append((String(line[..<colon]), [line]))
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        // The text split must agree with what the parser sees, or the splice is wrong.
        let baseKeys = try YAMLParser.parse(base, file: "base.yaml")?.mapping?.compactMap(\.key.scalar) ?? []
        guard baseKeys == blocks.map(\.key) else {
            throw MergeError("the base's column-1 split disagrees with its parse")
        }
        let kept = blocks.filter { !fragmentKeys.contains($0.key) }.flatMap(\.lines).joined(separator: "\n")
        return fragment + (fragment.hasSuffix("\n") ? "" : "\n") + kept + "\n"
    }

    public struct MergeError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The documented fragment that sweeps `platforms.ios.fetchTask.delay.lognormal.median`, as a scenario.
    public static func documentedDistributionSweep() throws -> String {
        let doc = try load()
        let start = try XCTUnwrap(
            doc.range(of: "```yaml\nplatforms:\n  ios:\n    fetchTask:\n      delay: { lognormal:"))
        let body = doc[start.upperBound...]
        let text =
            "platforms:\n  ios:\n    fetchTask:\n      delay: { lognormal:"
            + String(body[..<body.range(of: "```")!.lowerBound])
        XCTAssertTrue(text.contains("key: platforms.ios.fetchTask.delay.lognormal.median"), text)
        return try merge(fragment: text, into: base)
    }
}
