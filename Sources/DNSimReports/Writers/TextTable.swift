import DNSimCore
import DNSimScenario
import Foundation

/// A table whose columns line up, for the terminal and for Markdown.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]]
    /// Columns aligned right (numbers); the rest align left.
    public var rightAligned: Set<Int>

    public init(header: [String], rows: [[String]] = [], rightAligned: Set<Int> = []) {
        self.header = header
        self.rows = rows
        self.rightAligned = rightAligned
    }

    private var widths: [Int] {
        header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
    }

    private func pad(_ text: String, _ column: Int, _ width: Int) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return rightAligned.contains(column) ? padding + text : text + padding
    }

    /// Plain text with two spaces between columns.
    public func plain() -> String {
        let widths = widths
        let render = { (row: [String]) in
            row.enumerated().map { pad($0.element, $0.offset, widths[$0.offset]) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([render(header), rule] + rows.map(render)).joined(separator: "\n") + "\n"
    }

    /// A GitHub-flavoured Markdown table, padded so the source lines up too.
    public func markdown() -> String {
        let widths = widths.map { max($0, 3) }
        let render = { (row: [String]) in
            "| " + row.enumerated().map { pad($0.element, $0.offset, widths[$0.offset]) }.joined(separator: " | ")
                + " |"
        }
        let rule =
            "|"
            + widths.enumerated().map { column, width in
                rightAligned.contains(column)
                    ? " " + String(repeating: "-", count: width - 1) + ": "
                    : " " + String(repeating: "-", count: width) + " "
            }.joined(separator: "|") + "|"
        return ([render(header), rule] + rows.map(render)).joined(separator: "\n") + "\n"
    }
}
