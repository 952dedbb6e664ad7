import CGSL
import Foundation

/// The `bench` figure for `fit`: a synthetic BG-launch log of `rows` rows
/// (lognormal delays, median 90 min, sigma 1.5, never 0.15, earliest begin
/// up to 6 h after submission, follow-up 6–72 h) is written as CSV in
/// memory, then parsed, fitted with all four families (with `bootstrap`
/// replicates each, 0: none) and turned into the report files. Only that last part is timed.
public enum FitBenchmark {
    public static func csv(rows: Int, seed: UInt = 20_270_104) -> [UInt8] {
        GSLFitSetup.installErrorHandler()
        let r = gsl_rng_alloc(dnsim_rng_mt19937())!
        defer { gsl_rng_free(r) }
        gsl_rng_set(r, seed)
        var out = Array(TelemetryKind.bg.header.utf8)
        out.append(0x0A)
        out.reserveCapacity(rows * 112)
        let start: Int64 = 1_798_761_600_000  // 2027-01-01T00:00:00Z
        let spacing = max(1, 90 * 86_400_000 / Int64(max(rows, 1)))
        for i in 0..<rows {
            let submitted = start + Int64(i) * spacing + Int64(gsl_rng_uniform_int(r, UInt(spacing)))
            let earliest = submitted + Int64(gsl_rng_uniform(r) * 6 * 3_600_000)
            let followUp = Int64((6 + gsl_rng_uniform(r) * 66) * 3_600_000)
            let never = gsl_rng_uniform(r) < 0.15
            let delay = Int64(gsl_ran_lognormal(r, log(5_400_000), 1.5))
            let launched = !never && delay <= followUp ? earliest + delay : nil
            TelemetryWriter.append(
                BackgroundLaunchRow(
                    requestID: "r\(i)", submittedAt: submitted, earliestBegin: earliest,
                    launchedAt: launched, observedUntil: earliest + followUp), to: &out)
            out.append(0x0A)
        }
        return out
    }

    /// Seconds for parse + fit + report of `rows` synthetic rows, and a line saying what was done.
    public static func run(rows: Int = 1_000_000, bootstrap: Int = 0) -> (seconds: Double, description: String) {
        let bytes = csv(rows: rows)
        let clock = ContinuousClock()
        let t0 = clock.now
        do {
            let file = try TelemetryFile.parse(bytes, path: "bench-bg.csv")
            let t1 = clock.now
            let fit = try TelemetryFit.run(file, options: FitOptions(bootstrap: bootstrap))
            let t2 = clock.now
            let files = FitReport.files(file, fit)
            let t3 = clock.now
            guard case .backgroundLaunches(let bg) = fit else { return (0, "bench: unexpected kind") }
            let total = seconds(t3 - t0)
            let size = files.reduce(0) { $0 + $1.content.utf8.count }
            let text =
                "fit: \(rows) BG rows (\(bg.data.launched) launched, \(bg.data.censored) censored), 4 families, "
                + (bootstrap > 0 ? "\(bootstrap) bootstrap replicates each: " : "no bootstrap: ")
                + String(
                    format: "%.2f s (parse %.2f s, fit %.2f s, report %.2f s, %d KB); best %@", total, seconds(t1 - t0),
                    seconds(t2 - t1), seconds(t3 - t2), size / 1024, bg.delays.best.family.rawValue)
            return (total, text)
        } catch {
            return (seconds(clock.now - t0), "fit bench failed: \(error)")
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
