import DNSimTestSupport
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// `report.html` (docs/report-format.md): self-contained, escaped, and showing every table model's cells
/// as the Markdown prints them.
final class HTMLReportWriterTests: XCTestCase {
    func testInlineMarksBecomeElementsAndEverythingElseIsEscaped() {
        XCTAssertEqual(
            HTMLInline.render("**iOS:** `a<b>` & [sweep.md](sweep.md) \"x\""),
            "<strong>iOS:</strong> <code>a&lt;b&gt;</code> &amp; "
                + "<a href=\"sweep.md\">sweep.md</a> &quot;x&quot;")
        XCTAssertEqual(
            HTMLInline.render("**ios: ship `push/ios`**: best"),
            "<strong>ios: ship <code>push/ios</code></strong>: best")
        // A mark without its partner stays text.
        XCTAssertEqual(HTMLInline.render("2 ** 3, a ` alone, [no link] (x)"), "2 ** 3, a ` alone, [no link] (x)")
        XCTAssertEqual(
            HTMLInline.render("<script>alert('x')</script>"),
            "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;")
    }

    /// A name the user chose can hold `[text](target)`: a link is made only to a report file, an
    /// anchor or a web page; any other scheme stays literal text, escaped.
    func testALinkToAnotherSchemeStaysText() {
        XCTAssertEqual(
            HTMLInline.render("[docs](https://example.org/a#b) [top](#arms) [csv](run/summary.csv)"),
            "<a href=\"https://example.org/a#b\">docs</a> <a href=\"#arms\">top</a> "
                + "<a href=\"run/summary.csv\">csv</a>")
        for target in [
            "javascript:alert(1)", "JavaScript:x", "data:text/html,x", "file:///etc/passwd", "vbscript:x",
            "//evil.example/x", "\\\\host\\share",
        ] {
            let html = HTMLInline.render("[segment](\(target))")
            XCTAssertFalse(html.contains("<a"), "\(target) became a link: \(html)")
            XCTAssertTrue(html.hasPrefix("[segment]("), html)
        }
    }

    func testAnyTableModelIsRenderedWithEveryColumnEscaped() {
        var table = TextTable(header: ["arm", "<b>new column</b>", "rate"], rightAligned: [2])
        table.rows = [["a&b/ios", "**1.0%**", "2.0% [1.9–2.1]"]]
        var page = ReportPage(title: "t <x>")
        page.add(.init("Arms", [.table(table)]))
        page.add(.init("Empty"))
        let html = HTMLReportWriter.render(page)
        XCTAssertTrue(
            html.contains(
                "<tr><th>arm</th><th>&lt;b&gt;new column&lt;/b&gt;</th>"
                    + "<th class=\"num\">rate</th></tr>"), html)
        XCTAssertTrue(
            html.contains(
                "<tr><td>a&amp;b/ios</td><td><strong>1.0%</strong></td>"
                    + "<td class=\"num\">2.0% <span class=\"nowrap\">[1.9–2.1]</span></td></tr>"), html)
        XCTAssertTrue(html.contains("<title>t &lt;x&gt;</title>"), html)
        XCTAssertFalse(html.contains("Empty"), "a section with nothing in it is left out")
    }

    /// The small fixture's page: no script and nothing loaded, every chart inline, every cell of the arms, cost and
    /// paired-difference tables as summary.md prints it, and the command that reproduces it.
    func testRunPageIsSelfContainedAndShowsTheMarkdownsCells() throws {
        var scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
        scenario.file = "small.yaml"
        let plan = try scenario.plan(devices: 8).get()
        let context = ReportContext(
            scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 1),
            days: scenario.days, reproduceCommand: "dnsim-events small.yaml --devices 8")
        let files = Dictionary(uniqueKeysWithValues: ReportWriter.files(context))
        let html = try XCTUnwrap(files[HTMLReportWriter.fileName])
        XCTAssertTrue(html.hasPrefix(HTMLReportWriter.opening))
        for forbidden in ["<script", "<link", "src=", "url(", "@import", "<iframe", "<object", "<img"] {
            XCTAssertFalse(html.contains(forbidden), "report.html holds \(forbidden)")
        }
        let links = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertFalse(links.isEmpty)
        for link in links { XCTAssertFalse(link.contains(":"), "a link that leaves the folder: \(link)") }
        XCTAssertTrue(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""))
        XCTAssertTrue(html.contains("@media print"))
        for chart in ["outcome-mix.svg", "lateness-cdf.svg", "update-delay-cdf.svg", "device-fresh.svg"] {
            let svg = try XCTUnwrap(files[chart])
            XCTAssertTrue(html.contains(HTMLReportWriter.inline(svg)), "\(chart) is not inline as its file holds it")
        }
        XCTAssertFalse(html.contains("<?xml"))
        let markdown = try XCTUnwrap(files["summary.md"])
        let tables = [
            SummaryMarkdown.armsTable(context), SummaryMarkdown.costsTable(context),
            SummaryMarkdown.pairedDifferencesTable(context),
        ]
        for table in tables {
            XCTAssertTrue(markdown.contains(table.markdown()), "the page's table is summary.md's")
            for row in table.rows {
                let alone = TextTable(header: table.header, rows: [row], rightAligned: table.rightAligned)
                XCTAssertTrue(html.contains(HTMLReportWriter.table(alone).components(separatedBy: "\n")[3]), "\(row)")
            }
        }
        XCTAssertTrue(html.contains("<pre><code>dnsim-events small.yaml --devices 8</code></pre>"))
    }

    /// Without `md` there is no page, and a later `--format csv` run removes an earlier one.
    func testPageComesWithMarkdownOnly() throws {
        let scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
        let plan = try scenario.plan(devices: 2).get()
        let context = ReportContext(
            scenario: scenario, plan: plan, result: ParallelRunner.run(plan: plan, jobs: 1),
            days: scenario.days, reproduceCommand: "x")
        XCTAssertFalse(ReportWriter.files(context, formats: ["csv"]).map(\.0).contains(HTMLReportWriter.fileName))
        XCTAssertTrue(ReportWriter.reportFiles.contains(HTMLReportWriter.fileName))
    }
}
