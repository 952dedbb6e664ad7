import DNSimCore
import DNSimFit
import Foundation

/// `run --emit-telemetry DIR`: the simulated devices' BG launches, fetch
/// attempts and app opens, in the formats `dnsim-events fit` reads, so a fit
/// can be checked against known truth and field data compared with a world.
/// One folder per arm (BG launches on iOS arms only), `app-opens.csv` beside them.
///
/// An observer of the run itself: each chunk of devices records its rows in
/// memory, and `write` puts the chunks in device order, so the files are the
/// same for any number of jobs.
public final class TelemetryLog: RunObserver, @unchecked Sendable {
    let arms: [Arm]
    let timeZone: String
    private let lock = NSLock()
    /// The chunks recorded so far, by first device.
    private var chunks: [Int: ChunkRecorder] = [:]

    public init(arms: [Arm], timeZone: String) {
        self.arms = arms
        self.timeZone = timeZone
    }

    public func observe(devices: Range<Int>) -> any ChunkObserver {
        ChunkRecorder(log: self, firstDevice: devices.lowerBound, arms: arms.count)
    }

    fileprivate func store(_ chunk: ChunkRecorder) {
        lock.lock()
        chunks[chunk.firstDevice] = chunk
        lock.unlock()
    }

    /// Writes the files into `directory`, every chunk in device order: staged in a folder of its own
    /// first, so a failure (a full disk) leaves no partial file and changes nothing there.
    /// A file with no rows is not written (fit would refuse a header alone); `skipped` says why each is missing.
    @discardableResult
    public func write(to directory: String, policy: OutputPathPolicy = OutputPathPolicy()) throws -> (
        written: [String], skipped: [String]
    ) {
        let staged = try stage(for: directory, policy: policy)
        defer { StagingFolders.remove(staged.staging) }
        try commit(staged.staging, files: staged.written, to: directory)
        return (staged.written, staged.skipped)
    }

    /// Writes the files into a staging folder of `directory` (inside it when it exists, else beside
    /// it: `StagingFolders.place(for:)`) and returns it with the names
    /// written and the files left out; `commit` moves them in. A run stages its telemetry before it
    /// writes its report, so neither is written unless both could be. The caller removes the folder
    /// (`StagingFolders.remove`).
    /// A file already in `directory` under one of the names is replaced only when it is a log of
    /// this kind (its first line a telemetry header) and is not one `policy` says the command reads.
    public func stage(for directory: String, policy: OutputPathPolicy = OutputPathPolicy()) throws
        -> (staging: URL, written: [String], skipped: [String])
    {
        let target = URL(fileURLWithPath: directory)
        let manager = FileManager.default
        let (files, skipped) = self.files()
        try policy.checkFolder(
            directory, names: files.map(\.0),
            ownOutput: "a telemetry log written by dnsim-events (its first line a header fit reads)"
        ) { path in
            OutputPathPolicy.file(
                path,
                firstLineIn: TelemetryKind.deviceLogs.map(TelemetryWriter.header)
                    + [
                        TelemetryKind.bg.eligibilityHeader, TelemetryKind.work.eligibilityHeader,
                        EligibilityPeriods.header,
                    ])
        }
        try StagingFolders.makeFolder(target.deletingLastPathComponent())
        let staging = try StagingFolders.create(for: target, kind: .partial)
        for (name, content) in files {
            let url = staging.appendingPathComponent(name)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(content.utf8).write(to: url)
            } catch {
                StagingFolders.remove(staging)
                throw WriteFailure(path: url.path, error: error)
            }
        }
        return (staging, files.map(\.0), skipped)
    }

    /// Moves the staged `files` into `directory`, each by one rename (replacing an earlier file of its name).
    public func commit(_ staging: URL, files: [String], to directory: String) throws {
        let target = URL(fileURLWithPath: directory)
        for name in files {
            let destination = target.appendingPathComponent(name)
            do {
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch { throw WriteFailure(path: destination.deletingLastPathComponent().path, error: error) }
            guard rename(staging.appendingPathComponent(name).path, destination.path) == 0 else {
                throw WriteFailure.posix(destination.path)
            }
        }
    }

    /// The files with rows, by name with their text, and why each file without rows is left out.
    func files() -> (files: [(String, String)], skipped: [String]) {
        lock.lock()
        let ordered = chunks.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        // App opens belong to the user, not to an arm: the first arm's record them.
        let opens = ordered.flatMap(\.opens).map {
            AppOpenRow(deviceID: Self.deviceID($0.device), openedAt: $0.time, timeZone: timeZone)
        }
        var files: [(String, String)] = []
        var skipped: [String] = []
        func add(_ name: String, rows: Int, _ content: @autoclosure () -> String, empty why: String) {
            if rows > 0 { files.append((name, content())) } else { skipped.append("\(name): \(why)") }
        }
        add(
            "app-opens.csv", rows: opens.count, TelemetryWriter.csv(opens),
            empty: "no app opens (user.appOpensPerDay is 0)")
        for (index, arm) in arms.enumerated() {
            let folder = arm.name.replacingOccurrences(of: "/", with: "-")
            let fetches = ordered.flatMap { $0.arms[index].fetches }
            add(
                "\(folder)/fetch-attempts.csv", rows: fetches.count, TelemetryWriter.csv(fetches),
                empty: "the arm attempted no fetch")
            guard arm.platform == .ios else {
                // WorkManager arms: each fetch job, and the Doze periods fit --eligibility measures its delay from.
                let jobs = ordered.flatMap { $0.arms[index].jobs }.enumerated().map { serial, job in
                    WorkRunRow(
                        workID: "d\(job.device + 1)-w\(serial + 1)", enqueuedAt: job.enqueued,
                        earliestRun: job.earliest,
                        ranAt: job.ran, observedUntil: job.observedUntil, device: Self.deviceID(job.device),
                        requiresCharging: job.charging, requiresNetwork: job.network)
                }
                if !jobs.isEmpty {
                    add("\(folder)/work-runs.csv", rows: jobs.count, TelemetryWriter.csv(jobs), empty: "")
                    let periods = ordered.flatMap { $0.arms[index].periods }
                    add(
                        "\(folder)/eligibility.csv", rows: periods.count, TelemetryWriter.csv(periods),
                        empty: "no device was logged")
                }
                continue
            }
            // Request IDs count an arm's requests across devices, in device order.
            let launches = ordered.flatMap { $0.arms[index].launches }.enumerated().map { serial, launch in
                BackgroundLaunchRow(
                    requestID: "d\(launch.device + 1)-r\(serial + 1)", submittedAt: launch.submitted,
                    earliestBegin: launch.earliest, launchedAt: launch.launched, observedUntil: launch.observedUntil,
                    device: Self.deviceID(launch.device), needs: launch.needs)
            }
            add(
                "\(folder)/bg-launches.csv", rows: launches.count, TelemetryWriter.csv(launches),
                empty: arm.strategy.kind == .push
                    ? "a push arm submits no BG task requests (the push wakes the app)"
                    : "the arm submitted no BG task requests")
            // When each device could run its requests: fit --eligibility measures the delays over that time only.
            if !launches.isEmpty {
                let periods = ordered.flatMap { $0.arms[index].periods }
                add(
                    "\(folder)/eligibility.csv", rows: periods.count, TelemetryWriter.csv(periods),
                    empty: "no device was logged")
            }
        }
        return (files, skipped)
    }

    /// A device's id in every file: app-opens.csv's device_id, bg-launches.csv's and eligibility.csv's device.
    static func deviceID(_ device: Int) -> String { "device-\(device + 1)" }

    /// One chunk's telemetry, an arm at a time; handed to the log when the chunk is done.
    fileprivate final class ChunkRecorder: ChunkObserver {
        unowned let log: TelemetryLog
        let firstDevice: Int
        let arms: [ArmRecorder]
        var opens: [(device: Int, time: Millis)] { arms[0].opens }

        init(log: TelemetryLog, firstDevice: Int, arms count: Int) {
            self.log = log
            self.firstDevice = firstDevice
            arms = (0..<count).map { ArmRecorder(recordsOpens: $0 == 0) }
        }

        func telemetry(arm: Int) -> TelemetrySink? { arms[arm] }
        func willSimulate(device: Int) { for arm in arms { arm.device = device } }
        func simulated(device: Int, arm: Int, _ log: DeviceLog) {}
        func finish() { log.store(self) }
    }

    /// A BG request as logged, numbered when the chunks are put in order.
    fileprivate struct Launch {
        var device: Int
        var submitted: Millis
        var earliest: Millis
        var launched: Millis?
        var observedUntil: Millis
        var needs: BackgroundRequestNeeds
    }

    /// A WorkManager fetch job as logged.
    fileprivate struct Job {
        var device: Int
        var enqueued: Millis
        var earliest: Millis
        var ran: Millis?
        var observedUntil: Millis
        var charging: Bool
        var network: Bool
    }

    /// Collects one arm's telemetry; a request stays open until it is
    /// launched, replaced, cancelled or the device's run ends (right-censored).
    fileprivate final class ArmRecorder: TelemetrySink {
        let recordsOpens: Bool
        var device = 0
        var launches: [Launch] = []
        var jobs: [Job] = []
        private var openJob: (enqueued: Millis, earliest: Millis)?
        private var jobNeeds = (charging: false, network: false)
        var fetches: [FetchAttemptRow] = []
        var opens: [(device: Int, time: Millis)] = []
        /// The devices' holding periods (iOS), for eligibility.csv.
        var periods: [EligibilityPeriod] = []
        /// What the current device's requests need.
        private var needs = BackgroundRequestNeeds.none
        private var open: (submitted: Millis, earliest: Millis)?

        init(recordsOpens: Bool) { self.recordsOpens = recordsOpens }

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

        func appOpened(at time: Millis) { if recordsOpens { opens.append((device, time)) } }

        /// The periods that hold this device's requests, by the rule the simulator launches them by
        /// (IOSTaskScheduler.eligibleLaunch): only the states that can hold this arm's kind of request.
        func backgroundConditions(_ c: BackgroundConditions) {
            let processing = c.taskKind == .processing
            needs = BackgroundRequestNeeds(
                processing: processing, requiresPower: processing && c.requiresExternalPower,
                requiresNetwork: c.requiresNetworkConnectivity)
            let id = TelemetryLog.deviceID(device)
            periods.append(EligibilityPeriod(device: id, state: .logged, from: c.start, to: c.end))
            func add(_ state: EligibilityState, _ windows: TimeWindows, inverted: Bool = false) {
                for (from, to) in Self.clipped(windows, c.start, c.end, inverted: inverted) {
                    periods.append(EligibilityPeriod(device: id, state: state, from: from, to: to))
                }
            }
            add(.lowPowerMode, c.lowPower)
            add(.forceQuit, c.forceQuit)
            if needs.requiresNetwork { add(.offline, c.offline) }
            if needs.processing { add(.notIdle, c.idle, inverted: true) }
            if needs.requiresPower { add(.notCharging, c.charging, inverted: true) }
        }

        /// `windows` within [start, end), or the time in [start, end) outside them when `inverted`.
        static func clipped(_ windows: TimeWindows, _ start: Millis, _ end: Millis, inverted: Bool) -> [(
            Millis, Millis
        )] {
            var inside: [(Millis, Millis)] = []
            for (from, to) in zip(windows.starts, windows.ends) where to > start && from < end {
                inside.append((max(from, start), min(to, end)))
            }
            guard inverted else { return inside }
            var outside: [(Millis, Millis)] = [], cursor = start
            for (from, to) in inside {
                if from > cursor { outside.append((cursor, from)) }
                cursor = max(cursor, to)
            }
            if cursor < end { outside.append((cursor, end)) }
            return outside
        }
        func deviceEnded(at time: Millis) {
            close(launched: nil, at: time)
            closeJob(ran: nil, at: time)
        }

        func workEnqueued(at time: Millis, earliestRun: Millis) {
            closeJob(ran: nil, at: time)
            openJob = (time, max(time, earliestRun))
        }

        func workRan(at time: Millis) { closeJob(ran: time, at: time) }
        func workCancelled(at time: Millis) { closeJob(ran: nil, at: time) }

        /// The periods that hold this device's regular fetch job (`WorkManagerJobs.eligible`): Doze, and
        /// the charger and network gaps when the job requires them; a `logged` row for the run's span.
        func workConditions(_ c: WorkConditions) {
            jobNeeds = (c.requiresCharging, c.requiresNetwork)
            let id = TelemetryLog.deviceID(device)
            periods.append(EligibilityPeriod(device: id, state: .logged, from: c.start, to: c.end))
            for (from, to) in c.doze { periods.append(EligibilityPeriod(device: id, state: .doze, from: from, to: to)) }
            if c.requiresCharging {
                for (from, to) in Self.clipped(c.charging, c.start, c.end, inverted: true) {
                    periods.append(EligibilityPeriod(device: id, state: .notCharging, from: from, to: to))
                }
            }
            if c.requiresNetwork {
                for (from, to) in Self.clipped(c.offline, c.start, c.end, inverted: false) {
                    periods.append(EligibilityPeriod(device: id, state: .offline, from: from, to: to))
                }
            }
        }

        private func closeJob(ran: Millis?, at time: Millis) {
            guard let job = openJob else { return }
            openJob = nil
            // Cancelled before it could run: a log says nothing of its delay.
            guard ran != nil || time > job.earliest else { return }
            jobs.append(
                Job(
                    device: device, enqueued: job.enqueued, earliest: job.earliest, ran: ran, observedUntil: time,
                    charging: jobNeeds.charging, network: jobNeeds.network))
        }

        private func close(launched: Millis?, at time: Millis) {
            guard let request = open else { return }
            open = nil
            // Replaced before its earliestBeginDate, it could never have run: a log says nothing of it.
            guard launched != nil || time > max(request.submitted, request.earliest) else { return }
            launches.append(
                Launch(
                    device: device, submitted: request.submitted, earliest: request.earliest,
                    launched: launched, observedUntil: time, needs: needs))
        }
    }
}
