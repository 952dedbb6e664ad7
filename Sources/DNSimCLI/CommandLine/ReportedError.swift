import DNSimAnalysis
import DNSimRun
import DNSimReports
import DNSimScenario

/// An error whose description is the whole message, printed as it is; any
/// other error is printed after `error: `.
public protocol ReportedError: Error, CustomStringConvertible {}

extension UsageError: ReportedError {}
extension SetupError: ReportedError {}
extension OutputFailure: ReportedError {}
extension DamagedShard: ReportedError {}
extension BaselineReport.LoadError: ReportedError {}
extension DiagnosticList: ReportedError {}
