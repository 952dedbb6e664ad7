/// The files `dnsim-events fit` writes, as name → content, in a fixed order.
public enum FitReport {
    public static let fileNames = ["fit.md", "fit.svg", "fit.yaml", "fit.json"]

    public static func files(_ file: TelemetryFile, _ fit: TelemetryFit) -> [(name: String, content: String)] {
        let yaml = FitYAML.render(file, fit)
        return [
            ("fit.md", FitMarkdown.render(file, fit, yaml: yaml)),
            ("fit.svg", FitChart.render(file, fit)),
            ("fit.yaml", yaml),
            ("fit.json", FitJSON.render(file, fit)),
        ]
    }
}
