import DNSimAnalysis
import DNSimRun
import DNSimScenario

/// The use cases' errors, each printed as its whole message.
extension UsageError: ReportedError {}
extension SetupError: ReportedError {}
extension OutputFailure: ReportedError {}
extension FitRun.Failure: ReportedError {}
extension FitRun.Refusal: ReportedError {}
extension DamagedShard: ReportedError {}
extension BaselineReport.LoadError: ReportedError {}
extension DiagnosticList: ReportedError {}
