import DNSimText
import Foundation

/// `fit.svg`. Delays: the Kaplan–Meier step curve with its Greenwood 95%
/// band against each fitted S_pop(t) on a log time axis. App opens: the
/// weight of each local hour. Okabe–Ito colours (safe for colour-blind
/// readers), and the fitted curves also differ by dash pattern.
enum FitChart {
    static let width = 820.0, height = 440.0
    static let left = 78.0, top = 58.0, plotWidth = 470.0, plotHeight = 320.0

    static func colour(_ family: DelayFamily) -> String {
        switch family {
        case .lognormal: "#0072B2"
        case .weibull: "#D55E00"
        case .gamma: "#009E73"
        case .exponential: "#CC79A7"
        }
    }

    static func dash(_ family: DelayFamily) -> String {
        switch family {
        case .lognormal: ""
        case .weibull: "7 4"
        case .gamma: "2 3"
        case .exponential: "9 3 2 3"
        }
    }

    static let ticks: [(Double, String)] = [
        (0.001, "1 ms"), (0.01, "10 ms"), (0.1, "100 ms"), (1, "1 s"), (10, "10 s"), (60, "1 min"), (600, "10 min"),
        (3600, "1 h"), (21_600, "6 h"), (86_400, "1 d"), (604_800, "1 wk"), (2_592_000, "30 d"), (31_536_000, "1 yr"),
    ]

    static func render(_ file: TelemetryFile, _ fit: TelemetryFit) -> String {
        switch fit {
        case .backgroundLaunches(let bg) where bg.data.workJobs:
            survival(
                bg.delays, title: "WorkManager job delays in \(file.name): Kaplan–Meier vs fitted families",
                xLabel: "delay after the allowed instant, log scale", yLabel: "share not yet run")
        case .backgroundLaunches(let bg):
            survival(
                bg.delays, title: "BG launch delays in \(file.name): Kaplan–Meier vs fitted families",
                xLabel: "delay after max(submitted, earliest begin), log scale", yLabel: "share not yet launched")
        case .fetchAttempts(let fetch):
            survival(
                fetch.latency, title: "Fetch latency in \(file.name): Kaplan–Meier vs fitted families",
                xLabel: "latency (timeouts censored), log scale", yLabel: "share without a response yet")
        case .appOpens(let opens):
            hours(opens, title: "App opens by local hour in \(file.name)")
        case .pushDelivery(let push):
            shares(push, title: "Push delivery outcomes in \(file.name), pooled over \(push.data.messages) messages")
        }
    }

    /// One bar per outcome of a push export, its share of messages on a linear axis with the 95% interval as a whisker.
    static func shares(_ push: PushDeliveryFit, title: String) -> String {
        var svg = header(title)
        let rows = [("drop (\(push.key))", push.drop)] + push.shares.map { ($0.name, $0.share) }
        let labelWidth = 300.0, barLeft = 40 + labelWidth, barWidth = width - barLeft - 110
        let rowHeight = min(22, (height - top - 30) / Double(max(rows.count, 1)))
        for (i, (name, share)) in rows.enumerated() {
            let y = top + Double(i) * rowHeight
            svg +=
                "<text x=\"\(n(barLeft - 8))\" y=\"\(n(y + rowHeight * 0.7))\" text-anchor=\"end\" font-size=\"12\">"
                + "\(XMLEscaping.escaped(name))</text>\n"
            svg +=
                "<rect x=\"\(n(barLeft))\" y=\"\(n(y + 3))\" width=\"\(n(max(0.5, share.share * barWidth)))\" "
                + "height=\"\(n(rowHeight - 6))\" fill=\"\(i == 0 ? "#D55E00" : "#0072B2")\"/>"
            svg +=
                "<line x1=\"\(n(barLeft + share.low * barWidth))\" y1=\"\(n(y + rowHeight / 2))\" "
                + "x2=\"\(n(barLeft + share.high * barWidth))\" y2=\"\(n(y + rowHeight / 2))\" stroke=\"#333333\"/>"
            svg +=
                "<text x=\"\(n(barLeft + share.share * barWidth + 6))\" y=\"\(n(y + rowHeight * 0.7))\" font-size=\"12\">"
                + "\(ScenarioFormat.percent(share.share))</text>\n"
        }
        svg +=
            "<text x=\"\(n(barLeft + barWidth / 2))\" y=\"\(n(height - 12))\" text-anchor=\"middle\" font-size=\"13\">"
            + "share of messages (0 to 100%), 95% interval as a line</text>\n"
        return svg + "</svg>\n"
    }

    static func n(_ v: Double) -> String { String(format: "%.1f", v) }

    static func header(_ title: String) -> String {
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        svg +=
            "<text x=\"\(n(width / 2))\" y=\"28\" text-anchor=\"middle\" "
            + "font-size=\"16\" font-weight=\"bold\">\(XMLEscaping.escaped(title))</text>\n"
        return svg
    }

    static func survival(_ delays: DelayFit, title: String, xLabel: String, yLabel: String) -> String {
        let km = delays.kaplanMeier
        let events = delays.sample.events
        let floorTime = events.isEmpty ? 1 : events[min(events.count - 1, events.count / 200)]
        let low = ticks.last { $0.0 <= max(floorTime, 0.001) }?.0 ?? 0.001
        let high = ticks.first { $0.0 >= max(km.horizon, low * 10) }?.0 ?? ticks.last!.0
        let logLow = log(low), span = log(high) - logLow
        func x(_ t: Double) -> Double { left + min(max((log(max(t, low)) - logLow) / span, 0), 1) * plotWidth }
        func y(_ s: Double) -> Double { top + (1 - min(max(s, 0), 1)) * plotHeight }

        var svg = header(title)
        // Grid and axes.
        for s in stride(from: 0.0, through: 1.0, by: 0.25) {
            svg +=
                "<line x1=\"\(n(left))\" y1=\"\(n(y(s)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y(s)))\" stroke=\"#dddddd\"/>"
            svg +=
                "<text x=\"\(n(left - 8))\" y=\"\(n(y(s) + 4))\" text-anchor=\"end\" font-size=\"12\">\(ScenarioFormat.number(s))</text>\n"
        }
        for (t, label) in ticks where t >= low && t <= high {
            svg +=
                "<line x1=\"\(n(x(t)))\" y1=\"\(n(top))\" x2=\"\(n(x(t)))\" y2=\"\(n(top + plotHeight))\" stroke=\"#eeeeee\"/>"
            svg +=
                "<text x=\"\(n(x(t)))\" y=\"\(n(top + plotHeight + 18))\" text-anchor=\"middle\" font-size=\"12\">\(label)</text>\n"
        }
        svg +=
            "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"#333333\"/>\n"
        svg +=
            "<text x=\"\(n(left + plotWidth / 2))\" y=\"\(n(top + plotHeight + 42))\" "
            + "text-anchor=\"middle\" font-size=\"13\">\(XMLEscaping.escaped(xLabel))</text>\n"
        svg +=
            "<text transform=\"translate(22 \(n(top + plotHeight / 2))) rotate(-90)\" "
            + "text-anchor=\"middle\" font-size=\"13\">\(XMLEscaping.escaped(yLabel))</text>\n"

        // Kaplan–Meier steps and band, merged per half pixel so a million rows stay a small file.
        var steps: [(x: Double, s: Double, lo: Double, hi: Double)] = [(x(low), 1, 1, 1)]
        for k in km.times.indices {
            let px = (x(km.times[k]) * 2).rounded() / 2
            let band = km.band(k)
            if let last = steps.last, last.x == px, steps.count > 1 {
                steps[steps.count - 1] = (px, km.survival[k], band.low, band.high)
            } else {
                steps.append((px, km.survival[k], band.low, band.high))
            }
        }
        let end = x(km.horizon)
        func stepPath(_ value: (Int) -> Double) -> [String] {
            var points = ["\(n(steps[0].x)),\(n(y(value(0))))"]
            for i in 1..<steps.count {
                points.append("\(n(steps[i].x)),\(n(y(value(i - 1))))")
                points.append("\(n(steps[i].x)),\(n(y(value(i))))")
            }
            points.append("\(n(end)),\(n(y(value(steps.count - 1))))")
            return points
        }
        let upper = stepPath { steps[$0].hi }, lower = stepPath { steps[$0].lo }
        svg +=
            "<polygon points=\"\((upper + lower.reversed()).joined(separator: " "))\" fill=\"#999999\" fill-opacity=\"0.35\" stroke=\"none\"/>\n"

        // Fitted curves.
        for fit in delays.fits {
            var points: [String] = []
            for i in 0...200 {
                let t = exp(logLow + span * Double(i) / 200)
                points.append("\(n(x(t))),\(n(y(fit.survival(at: t))))")
            }
            let isBest = fit.family == delays.best.family
            let dashAttribute = dash(fit.family).isEmpty ? "" : " stroke-dasharray=\"\(dash(fit.family))\""
            svg +=
                "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" "
                + "stroke=\"\(colour(fit.family))\" stroke-width=\"\(isBest ? "2.6" : "1.8")\"\(dashAttribute)/>\n"
        }

        // The data on top, so a curve that fits well frames it rather than hiding it.
        svg +=
            "<polyline points=\"\(stepPath { steps[$0].s }.joined(separator: " "))\" fill=\"none\" stroke=\"#000000\" stroke-width=\"1.6\"/>\n"

        // Legend to the right of the plot.
        let lx = left + plotWidth + 24
        var ly = top + 10
        svg += "<text x=\"\(n(lx))\" y=\"\(n(ly))\" font-size=\"13\" font-weight=\"bold\">Legend</text>\n"
        ly += 22
        svg +=
            "<line x1=\"\(n(lx))\" y1=\"\(n(ly - 4))\" x2=\"\(n(lx + 28))\" y2=\"\(n(ly - 4))\" stroke=\"#000000\" stroke-width=\"1.6\"/>"
        svg +=
            "<text x=\"\(n(lx + 36))\" y=\"\(n(ly))\" font-size=\"12\">Kaplan–Meier, \(delays.sample.count) rows</text>\n"
        ly += 22
        svg +=
            "<rect x=\"\(n(lx))\" y=\"\(n(ly - 10))\" width=\"28\" height=\"12\" fill=\"#999999\" fill-opacity=\"0.35\"/>"
        svg += "<text x=\"\(n(lx + 36))\" y=\"\(n(ly))\" font-size=\"12\">95% band (Greenwood)</text>\n"
        for fit in delays.fits {
            ly += 22
            let isBest = fit.family == delays.best.family
            let dashAttribute = dash(fit.family).isEmpty ? "" : " stroke-dasharray=\"\(dash(fit.family))\""
            svg +=
                "<line x1=\"\(n(lx))\" y1=\"\(n(ly - 4))\" x2=\"\(n(lx + 28))\" y2=\"\(n(ly - 4))\" "
                + "stroke=\"\(colour(fit.family))\" stroke-width=\"\(isBest ? "2.6" : "1.8")\"\(dashAttribute)/>"
            let gap = fit.ks.isFinite ? ", gap \(ScenarioFormat.number(fit.ks))" : ""
            svg +=
                "<text x=\"\(n(lx + 36))\" y=\"\(n(ly))\" "
                + "font-size=\"12\"\(isBest ? " font-weight=\"bold\"" : "")>\(fit.family.rawValue)\(isBest ? " (best)" : "")\(gap)</text>\n"
        }
        if delays.hasNever, let never = delays.best.never {
            ly += 30
            svg +=
                "<text x=\"\(n(lx))\" y=\"\(n(ly))\" font-size=\"12\">Best fit's never share: \(ScenarioFormat.share(never.value))</text>\n"
            ly += 16
            svg += "<text x=\"\(n(lx))\" y=\"\(n(ly))\" font-size=\"12\">(the level the curves approach)</text>\n"
        }
        return svg + "</svg>\n"
    }

    static func hours(_ opens: AppOpenFit, title: String) -> String {
        var svg = header(title)
        let maxWeight = max(1.5, (opens.hourWeights.max() ?? 1) * 1.1)
        let barWidth = plotWidth / 24
        func y(_ w: Double) -> Double { top + (1 - w / maxWeight) * plotHeight }
        let step = maxWeight > 4 ? 1.0 : 0.5
        for w in stride(from: 0.0, through: maxWeight, by: step) {
            svg +=
                "<line x1=\"\(n(left))\" y1=\"\(n(y(w)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y(w)))\" stroke=\"#dddddd\"/>"
            svg +=
                "<text x=\"\(n(left - 8))\" y=\"\(n(y(w) + 4))\" text-anchor=\"end\" font-size=\"12\">\(ScenarioFormat.number(w))</text>\n"
        }
        for (hour, weight) in opens.hourWeights.enumerated() {
            let x = left + Double(hour) * barWidth
            svg +=
                "<rect x=\"\(n(x + 2))\" y=\"\(n(y(weight)))\" width=\"\(n(barWidth - 4))\" height=\"\(n(y(0) - y(weight)))\" fill=\"#0072B2\">"
            svg +=
                "<title>\(hour):00 weight \(ScenarioFormat.number(weight)), \(opens.data.hourCounts[hour]) opens</title></rect>\n"
            if hour % 3 == 0 {
                svg +=
                    "<text x=\"\(n(x + barWidth / 2))\" y=\"\(n(top + plotHeight + 18))\" "
                    + "text-anchor=\"middle\" font-size=\"12\">\(hour):00</text>\n"
            }
        }
        svg +=
            "<line x1=\"\(n(left))\" y1=\"\(n(y(1)))\" x2=\"\(n(left + plotWidth))\" "
            + "y2=\"\(n(y(1)))\" stroke=\"#D55E00\" stroke-width=\"1.6\" stroke-dasharray=\"7 4\"/>\n"
        svg +=
            "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"#333333\"/>\n"
        svg +=
            "<text x=\"\(n(left + plotWidth / 2))\" y=\"\(n(top + plotHeight + 42))\" "
            + "text-anchor=\"middle\" font-size=\"13\">local hour of the open</text>\n"
        svg +=
            "<text transform=\"translate(22 \(n(top + plotHeight / 2))) rotate(-90)\" "
            + "text-anchor=\"middle\" font-size=\"13\">weight (mean 1)</text>\n"
        let lx = left + plotWidth + 24
        var ly = top + 10
        for line in [
            "\(opens.data.rows) opens, \(opens.devices) devices, \(opens.days) days",
            "opens per day per device:",
            "  mean \(ScenarioFormat.number(opens.opensPerDay)), s.d. \(ScenarioFormat.number(opens.spread))",
            "  p10 \(ScenarioFormat.number(opens.quantile(0.1))), "
                + "median \(ScenarioFormat.number(opens.quantile(0.5))), p90 \(ScenarioFormat.number(opens.quantile(0.9)))",
        ] {
            svg +=
                "<text x=\"\(n(lx))\" y=\"\(n(ly))\" font-size=\"12\" xml:space=\"preserve\">\(XMLEscaping.escaped(line))</text>\n"
            ly += 18
        }
        ly += 12
        svg += "<rect x=\"\(n(lx))\" y=\"\(n(ly - 10))\" width=\"28\" height=\"12\" fill=\"#0072B2\"/>"
        svg += "<text x=\"\(n(lx + 36))\" y=\"\(n(ly))\" font-size=\"12\">share of opens × 24</text>\n"
        ly += 22
        svg +=
            "<line x1=\"\(n(lx))\" y1=\"\(n(ly - 4))\" x2=\"\(n(lx + 28))\" y2=\"\(n(ly - 4))\" "
            + "stroke=\"#D55E00\" stroke-width=\"1.6\" stroke-dasharray=\"7 4\"/>"
        svg += "<text x=\"\(n(lx + 36))\" y=\"\(n(ly))\" font-size=\"12\">uniform over the day</text>\n"
        return svg + "</svg>\n"
    }
}
