import DNSimCore
import DNSimFit
import DNSimReports
import DNSimScenario
import Foundation

/// `run --emit-telemetry DIR`: the simulated devices' BG launches, fetch
/// attempts and app opens, in the formats `dnsim-events fit` reads, so a fit
/// can be checked against known truth and field data compared with a world.
/// One folder per arm (BG launches on iOS arms only), `app-opens.csv` beside them.
enum TelemetryEmitter {
    static func write(_ plan: SimulationPlan, timeZone: String, to directory: String) throws {
        let world = DeviceWorld(configuration: plan.world, seed: plan.seed)
        let recorders = plan.arms.map { _ in Recorder() }
        let simulators = zip(plan.arms, recorders).map { arm, recorder in
            let simulator = ArmSimulator(arm: arm, world: world)
            simulator.telemetry = recorder
            return simulator
        }
        var opens: [AppOpenRow] = []
        for device in 0..<plan.devices {
            world.generate(device: device)
            for (simulator, recorder) in zip(simulators, recorders) {
                recorder.device = device
                _ = simulator.run(world)
            }
            // App opens belong to the user, not to an arm: the first arm's record them.
            opens += recorders[0].opens.map { AppOpenRow(deviceID: "device-\(device + 1)", openedAt: $0, timeZone: timeZone) }
            recorders[0].opens.removeAll()
        }
        var files: [(String, String)] = [("app-opens.csv", TelemetryWriter.csv(opens))]
        for (arm, recorder) in zip(plan.arms, recorders) {
            let folder = arm.name.replacingOccurrences(of: "/", with: "-")
            files.append(("\(folder)/fetch-attempts.csv", TelemetryWriter.csv(recorder.fetches)))
            if arm.platform == .ios { files.append(("\(folder)/bg-launches.csv", TelemetryWriter.csv(recorder.launches))) }
        }
        for (name, content) in files {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
    }

    /// Collects one arm's telemetry across devices; a request stays open until
    /// it is launched, replaced, cancelled or the run ends (right-censored).
    final class Recorder: TelemetrySink {
        var device = 0
        var launches: [BackgroundLaunchRow] = []
        var fetches: [FetchAttemptRow] = []
        var opens: [Millis] = []
        private var open: (submitted: Millis, earliest: Millis)?
        private var serial = 0

        func backgroundRequestSubmitted(at time: Millis, earliestBegin: Millis) {
            close(launched: nil, at: time)
            open = (time, earliestBegin)
        }

        func backgroundRequestLaunched(at time: Millis) { close(launched: time, at: time) }
        func backgroundRequestCancelled(at time: Millis) { close(launched: nil, at: time) }

        func fetchAttempt(startedAt: Millis, finishedAt: Millis, outcome: TelemetryFetchOutcome) {
            let logged: FetchOutcome
            switch outcome {
            case .ok: logged = .ok
            case .empty: logged = .empty
            case .error: logged = .error
            case .timeout: logged = .timeout
            }
            fetches.append(FetchAttemptRow(startedAt: startedAt, finishedAt: finishedAt, outcome: logged))
        }

        func appOpened(at time: Millis) { opens.append(time) }
        func deviceEnded(at time: Millis) { close(launched: nil, at: time) }

        private func close(launched: Millis?, at time: Millis) {
            guard let request = open else { return }
            open = nil
            // Replaced before its earliestBeginDate, it could never have run: a log says nothing of it.
            guard launched != nil || time > max(request.submitted, request.earliest) else { return }
            serial += 1
            launches.append(BackgroundLaunchRow(requestID: "d\(device + 1)-r\(serial)", submittedAt: request.submitted,
                                                earliestBegin: request.earliest, launchedAt: launched,
                                                observedUntil: time))
        }
    }
}
