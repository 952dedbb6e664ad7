import DNSimCore
import DNSimText
import Foundation

/// `report.html`: a `ReportPage` as one self-contained HTML file to open, attach to a pull request or
/// print. No script, no external style sheet, font or image (its Content-Security-Policy forbids any
/// load), the charts inline as the SVG their own files hold, and print styles; docs/report-format.md.
public enum HTMLReportWriter {
    public static let fileName = "report.html"
    /// How every `report.html` begins: what `compare --out` recognises as one it may replace.
    public static let opening = "<!DOCTYPE html>\n<html lang=\"en\" data-generator=\"dnsim-events\">\n"

    public static func render(_ page: ReportPage) -> String {
        var html = opening + "<head>\n<meta charset=\"utf-8\">\n"
        html +=
            "<meta http-equiv=\"Content-Security-Policy\" "
            + "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"generator\" content=\(XMLEscaping.attribute("dnsim-events \(ToolVersion.current)"))>\n"
        html += "<title>\(HTMLInline.escaped(Substring(page.title)))</title>\n"
        html += "<style>\n\(style)</style>\n</head>\n<body>\n<main>\n"
        html += "<h1>\(HTMLInline.render(page.title))</h1>\n"
        html += page.lead.map(block).joined()
        if page.sections.count > 2 {
            html += "<nav aria-label=\"Contents\">\n<ol>\n"
            for (index, section) in page.sections.enumerated() {
                html +=
                    "<li\(section.isSubsection ? " class=\"sub\"" : "")><a href=\"#\(anchor(index))\">"
                    + HTMLInline.render(section.title) + "</a></li>\n"
            }
            html += "</ol>\n</nav>\n"
        }
        for (index, section) in page.sections.enumerated() {
            let heading = section.isSubsection ? "h3" : "h2"
            html += "<section id=\"\(anchor(index))\">\n<\(heading)>\(HTMLInline.render(section.title))</\(heading)>\n"
            html += section.blocks.map(block).joined() + "</section>\n"
        }
        html +=
            "<footer>Written by dnsim-events \(HTMLInline.escaped(Substring(ToolVersion.current))) from the "
            + "values its Markdown, CSV and SVG files are written from; the same command gives the same page, "
            + "byte for byte.</footer>\n"
        return html + "</main>\n</body>\n</html>\n"
    }

    static func anchor(_ index: Int) -> String { "section-\(index + 1)" }

    static func block(_ block: ReportPage.Block) -> String {
        switch block {
        case .paragraph(let text): return "<p>\(lines(text))</p>\n"
        case .warning(let text): return "<p class=\"warning\">\(lines(text))</p>\n"
        case .table(let table): return self.table(table)
        case .list(let items):
            return "<ul>\n" + items.map { "<li>\(HTMLInline.render($0))</li>\n" }.joined() + "</ul>\n"
        case .figure(let svg, let file, let caption):
            return "<figure>\n\(inline(svg))\n<figcaption>\(HTMLInline.render(caption)) "
                + "(<code>\(HTMLInline.escaped(Substring(file)))</code>)</figcaption>\n</figure>\n"
        case .code(let text): return "<pre><code>\(HTMLInline.escaped(Substring(text)))</code></pre>\n"
        }
    }

    /// A paragraph's own line breaks as `<br>`.
    static func lines(_ text: String) -> String {
        text.components(separatedBy: "\n").map(HTMLInline.render).joined(separator: "<br>\n")
    }

    /// Every column the table model has, numbers aligned right as in its Markdown.
    static func table(_ table: TextTable) -> String {
        func cells(_ row: [String], _ tag: String) -> String {
            row.enumerated().map { column, text in
                let number = table.rightAligned.contains(column)
                let content = number ? unbroken(text) : HTMLInline.render(text)
                return "<\(tag)\(number ? " class=\"num\"" : "")>\(content)</\(tag)>"
            }.joined()
        }
        var html = "<div class=\"scroll\"><table>\n<thead><tr>\(cells(table.header, "th"))</tr></thead>\n<tbody>\n"
        for row in table.rows { html += "<tr>\(cells(row, "td"))</tr>\n" }
        return html + "</tbody>\n</table></div>\n"
    }

    /// A figure's cell with each bracketed interval kept on one line (a narrow column breaks before
    /// `[`, never inside `[53.9–55.6]`); the cell's text is unchanged.
    static func unbroken(_ text: String) -> String {
        HTMLInline.render(text).replacingOccurrences(
            of: "\\[[^\\]<]*\\]", with: "<span class=\"nowrap\">$0</span>",
            options: .regularExpression)
    }

    /// A chart's SVG file as an element of the page: without its XML declaration.
    static func inline(_ svg: String) -> String {
        var text = Substring(svg)
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = text[end.upperBound...] }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Class names the charts' own `<style>` uses (`title`, `label`, `tick`, `axis`, `grid`) are not used here.
    static let style = """
        body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1b1b1b; \
        background: #fff; margin: 0; }
        main { max-width: 1180px; margin: 0 auto; padding: 16px 24px 40px; }
        h1 { font-size: 26px; margin: 8px 0 12px; }
        h2 { font-size: 21px; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
        h3 { font-size: 17px; margin: 20px 0 6px; }
        nav ol { display: flex; flex-wrap: wrap; gap: 2px 18px; list-style: none; margin: 8px 0 16px; padding: 0; }
        nav li.sub { font-size: 13px; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; font-size: 12.5px; margin: 8px 0 16px; }
        th, td { border: 1px solid #d0d7de; padding: 3px 6px; text-align: left; vertical-align: top; }
        th { background: #f3f5f7; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        span.nowrap { white-space: nowrap; }
        tbody tr:nth-child(even) { background: #fafbfc; }
        figure { margin: 12px 0 20px; }
        figure svg { max-width: 100%; height: auto; }
        figcaption { font-size: 13px; color: #555; }
        code { font: 12.5px ui-monospace, Menlo, Consolas, monospace; background: #f3f5f7; padding: 0 3px; \
        border-radius: 3px; }
        pre { background: #f3f5f7; padding: 10px 12px; white-space: pre-wrap; word-break: break-all; }
        pre code { padding: 0; }
        p.warning { border-left: 4px solid #d4a72c; background: #fff8e1; padding: 6px 10px; }
        footer { margin-top: 32px; font-size: 12px; color: #666; }
        @media print {
          body { font-size: 11px; }
          main { max-width: none; padding: 0; }
          nav { display: none; }
          .scroll { overflow: visible; }
          table { font-size: 10px; }
          tr, figure, pre { break-inside: avoid; }
          h2, h3 { break-after: avoid; }
          a { color: inherit; text-decoration: none; }
          tbody tr:nth-child(even), th, code, pre, p.warning { -webkit-print-color-adjust: exact; \
          print-color-adjust: exact; }
          @page { margin: 14mm; }
        }

        """
}
