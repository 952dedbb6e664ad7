import DNSimAnalysis
import DNSimCore
import DNSimScenario
import Foundation

/// `uncertainty.csv`: one row per world × arm, the table every figure of an uncertainty study
/// comes from (docs/report-format.md).
public enum UncertaintyCSV {
    public static func header(_ study: UncertaintyStudy) -> [String] {
        ["world", "sample", "block"] + study.parameters.map(\.key) + ["arm"] + study.columns.map(\.name) + [
            "feasible", "utility",
        ]
    }

    public static func render(_ study: UncertaintyStudy) -> String {
        var lines = [header(study).map(SummaryCSV.escape).joined(separator: ",")]
        let columns = study.columns
        for (world, design) in study.designs.enumerated() {
            let prefix =
                [String(design.index), String(design.sample), design.block.label]
                + zip(study.parameters, study.values[world]).map { parameter, value in
                    parameter.unit == .duration ? String(format: "%.3f", value / 1_000) : parameter.label(value)
                }
            for (arm, cell) in study.table.cells[world].enumerated() {
                let figures = columns.map { cell.text($0.name) ?? "" }
                let fields =
                    prefix + [study.arms[arm].name] + figures
                    + [
                        study.feasible[world][arm] ? "true" : "false",
                        String(format: "%.6f", study.utilities[world][arm]),
                    ]
                lines.append(fields.map(SummaryCSV.escape).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
