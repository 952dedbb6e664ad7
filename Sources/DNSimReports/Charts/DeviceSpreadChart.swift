import DNSimAnalysis
import DNSimCore
import DNSimText

/// `device-fresh.svg`: per arm, the share of devices (y) whose own fresh rate is at or below x,
/// a step curve over devices, with the `metrics.deviceFreshBelow` threshold marked. A curve
/// that rises early is an arm whose mean hides devices that are rarely fresh.
public enum DeviceSpreadChart {
    public static func render(_ context: ReportContext) -> String {
        let left = 90.0, top = 50.0, width = 560.0, height = 300.0, inset = 6.0
        let arms = context.plan.arms
        func x(_ rate: Double) -> Double { left + inset + rate * (width - 2 * inset) }
        func y(_ fraction: Double) -> Double { top + height - inset - fraction * (height - 2 * inset) }
        let names = arms.map(\.name)
        let legendLeft = left + width + 15
        let legendWidth = 35 + (names.map { SVGCharts.textWidth($0, fontSize: 11) }.max() ?? 0)
        var svg = SVGCharts.header(
            width: max(820, legendLeft + max(legendWidth, 180) + 15),
            height: max(top + height + 70, top + 30 + Double(arms.count) * 20),
            title: "Per-device fresh rate: share of devices at or below each rate")
        svg +=
            "<line x1=\"\(n(left))\" y1=\"\(n(top + height))\" x2=\"\(n(left + width))\" y2=\"\(n(top + height))\" class=\"axis\"/>\n"
        svg += "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(top + height))\" class=\"axis\"/>\n"
        for tick in stride(from: 0, through: 100, by: 25) {
            let value = Double(tick) / 100
            svg +=
                "<line x1=\"\(n(x(value)))\" y1=\"\(n(top))\" x2=\"\(n(x(value)))\" y2=\"\(n(top + height))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(n(x(value)))\" y=\"\(n(top + height + 18))\" text-anchor=\"middle\" class=\"tick\">\(tick)%</text>\n"
            svg +=
                "<line x1=\"\(n(left))\" y1=\"\(n(y(value)))\" x2=\"\(n(left + width))\" y2=\"\(n(y(value)))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(n(left - 8))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\" class=\"tick\">\(tick)%</text>\n"
        }
        svg +=
            "<text x=\"\(n(left + width / 2))\" y=\"\(n(top + height + 40))\" text-anchor=\"middle\" class=\"label\">"
            + "a device's fresh rate (share of its cycles fresh)</text>\n"
        svg +=
            "<text x=\"24\" y=\"\(n(top + height / 2))\" text-anchor=\"middle\" class=\"label\" "
            + "transform=\"rotate(-90 24 \(n(top + height / 2)))\">share of devices at or below</text>\n"
        let threshold = context.plan.deviceFreshBelow
        svg +=
            "<line x1=\"\(n(x(threshold)))\" y1=\"\(n(top))\" x2=\"\(n(x(threshold)))\" y2=\"\(n(top + height))\" "
            + "stroke=\"#333333\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/>"
        svg +=
            "<text x=\"\(n(x(threshold) + 4))\" y=\"\(n(top + 14))\" class=\"tick\">deviceFreshBelow "
            + "\(SummaryMarkdown.percent(threshold))</text>\n"
        for (index, arm) in arms.enumerated() {
            let colour = SVGCharts.seriesColours[index % SVGCharts.seriesColours.count]
            let dash = SVGCharts.dashes[
                (index / SVGCharts.seriesColours.count + (arm.platform == .android ? 1 : 0)) % SVGCharts.dashes.count]
            let dashAttribute = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
            let histogram = context.result.arms[index].freshByDevice
            if histogram.total > 0 {
                // A step curve: flat until each rate held by devices, then up by their share.
                var points = ["\(n(x(0))),\(n(y(0)))"]
                var seen: Int64 = 0
                for (step, devices) in zip(histogram.values, histogram.counts) {
                    let rate = Double(step) / Double(DeviceRateHistogram.steps)
                    points.append("\(n(x(rate))),\(n(y(Double(seen) / Double(histogram.total))))")
                    seen += devices
                    points.append("\(n(x(rate))),\(n(y(Double(seen) / Double(histogram.total))))")
                }
                points.append("\(n(x(1))),\(n(y(1)))")
                svg +=
                    "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dashAttribute) points=\"\(points.joined(separator: " "))\">"
                    + "<title>\(XMLEscaping.escaped(arm.name))</title></polyline>\n"
            }
            let legendY = top + 10 + Double(index) * 20
            svg +=
                "<line x1=\"\(n(legendLeft))\" y1=\"\(n(legendY))\" x2=\"\(n(legendLeft + 30))\" y2=\"\(n(legendY))\" "
                + "stroke=\"\(colour)\" stroke-width=\"2\"\(dashAttribute)/>"
            svg +=
                "<text x=\"\(n(legendLeft + 35))\" y=\"\(n(legendY + 4))\" class=\"tick\">\(XMLEscaping.escaped(arm.name))</text>\n"
        }
        return svg + "</svg>\n"
    }

    private static func n(_ value: Double) -> String { SVGCharts.number(value) }
}
