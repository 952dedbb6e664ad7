// The library product: one import brings the simulator core, scenario
// loading, report analysis and rendering, for packages that depend on dnsim-events.
@_exported import DNSimAnalysis
@_exported import DNSimCore
@_exported import DNSimFit
@_exported import DNSimReports
@_exported import DNSimScenario
