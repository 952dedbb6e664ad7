import Foundation

/// One report as a page: the same sentences, tables and charts the Markdown and SVG writers produce,
/// gathered in reading order for `report.html` (`HTMLReportWriter`). Built from the writers' values and
/// table models, never from their Markdown files. Sentences keep the writers' inline markup
/// (`**strong**`, `` `code` ``, `[text](link)`), which `HTMLInline` turns into HTML.
public struct ReportPage {
    public enum Block {
        /// A sentence or paragraph in the writers' inline markup.
        case paragraph(String)
        /// A warning the reader should not miss (a threshold share, a knife edge, an unassessed arm).
        case warning(String)
        case table(TextTable)
        case list([String])
        /// A chart: the SVG a writer produced for its own file, and the name of that file.
        case figure(svg: String, file: String, caption: String)
        /// A command, shown as written.
        case code(String)
    }

    public struct Section {
        public var title: String
        public var blocks: [Block]
        /// A subsection (`h3`) of the section before it.
        public var isSubsection: Bool

        public init(_ title: String, _ blocks: [Block] = [], subsection: Bool = false) {
            self.title = title
            self.blocks = blocks
            isSubsection = subsection
        }
    }

    public var title: String
    /// Paragraphs under the title, before the first section.
    public var lead: [Block]
    public var sections: [Section] = []

    public init(title: String, lead: [Block] = []) {
        self.title = title
        self.lead = lead
    }

    /// Adds `section` unless it has nothing in it.
    public mutating func add(_ section: Section) {
        if !section.blocks.isEmpty { sections.append(section) }
    }

    /// The writers' text of several paragraphs (separated by blank lines), one block each; warnings
    /// (`⚠ ...`) as warnings.
    public static func paragraphs(_ text: String) -> [Block] {
        text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map { $0.hasPrefix("⚠") ? .warning($0) : .paragraph($0) }
    }
}
