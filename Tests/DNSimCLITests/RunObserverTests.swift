import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// The run's observers (cycles.csv, `--emit-telemetry`) watch the one run:
/// they change no statistic, see every device and arm once, and write the
/// same bytes whatever the jobs or the chunks a precision target grows by.
final class RunObserverTests: CommandLineTestCase {
    /// Counts what a chunk observer is shown.
    final class Counting: RunObserver, @unchecked Sendable {
        private let lock = NSLock()
        private(set) var seen: [Int: [Int]] = [:]
        private(set) var chunks: [Range<Int>] = []

        final class Chunk: ChunkObserver {
            let owner: Counting
            let devices: Range<Int>
            var arms: [Int: [Int]] = [:]
            var started: [Int] = []
            init(owner: Counting, devices: Range<Int>) { (self.owner, self.devices) = (owner, devices) }
            func willSimulate(device: Int) { started.append(device) }
            func simulated(device: Int, arm: Int, _ log: DeviceLog) {
                XCTAssertEqual(started.last, device, "willSimulate comes first")
                arms[device, default: []].append(arm)
            }
            func finish() {
                XCTAssertEqual(started, Array(devices), "devices in order")
                owner.lock.lock()
                owner.chunks.append(devices)
                owner.seen.merge(arms) { a, _ in a }
                owner.lock.unlock()
            }
        }

        func observe(devices: Range<Int>) -> any ChunkObserver { Chunk(owner: self, devices: devices) }
    }

    func testObserversSeeEveryDeviceAndArmOnceAndChangeNoStatistic() throws {
        let scenario = try ScenarioLoader.load(path: GoldenFiles.scenarioPath("small.yaml"))
        let plan = try scenario.plan(devices: 40, days: 10, seed: nil).get()
        let plain = ParallelRunner.run(plan: plan, jobs: 2)
        let counting = Counting()
        let observed = ParallelRunner.run(plan: plan, jobs: 2, observers: [counting])
        XCTAssertEqual(observed.arms, plain.arms)
        XCTAssertEqual(observed.events, plain.events)
        XCTAssertEqual(counting.chunks.sorted { $0.lowerBound < $1.lowerBound }, [0..<16, 16..<32, 32..<40])
        XCTAssertEqual(counting.seen, Dictionary(uniqueKeysWithValues: (0..<40).map { ($0, Array(plan.arms.indices)) }))
    }

    /// Every file in `folder` (relative paths) with its bytes.
    func files(_ folder: String) throws -> [String: Data] {
        let paths = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: folder))
        var files: [String: Data] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[path] = FileManager.default.contents(atPath: "\(folder)/\(path)")
            }
        }
        return files
    }

    func emit(_ scenario: String, _ name: String, _ extra: [String]) throws -> [String: Data] {
        let telemetry = temporary.appendingPathComponent(name).path
        let result = invoke(
            [
                scenario, "--quiet", "--out", temporary.appendingPathComponent("report-\(name)").path,
                "--emit-telemetry", telemetry,
            ] + extra)
        XCTAssertEqual(result.code, 0, result.err)
        return try files(telemetry)
    }

    /// 40 devices are three chunks; request IDs still count each arm's requests in device order.
    func testTelemetryIsTheSameForAnyJobsAndNumbersRequestsInDeviceOrder() throws {
        let small = GoldenFiles.scenarioPath("small.yaml")
        let one = try emit(small, "jobs1", ["--jobs", "1"])
        let three = try emit(small, "jobs3", ["--jobs", "3"])
        XCTAssertEqual(one, three)
        let perArm = ["independent", "independent-fallback", "chained", "chained-noguard"].flatMap { label in
            [
                "\(label)-ios/fetch-attempts.csv", "\(label)-ios/bg-launches.csv", "\(label)-ios/eligibility.csv",
                "\(label)-android/fetch-attempts.csv",
            ]
        }
        XCTAssertEqual(
            Set(one.keys), Set(["app-opens.csv"] + perArm), "bg-launches.csv and eligibility.csv on iOS arms only")
        let launches = String(decoding: try XCTUnwrap(one["chained-ios/bg-launches.csv"]), as: UTF8.self)
        let ids = launches.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } }
        XCTAssertGreaterThan(ids.count, 40)
        var lastDevice = 0
        for (index, id) in ids.enumerated() {
            let parts = id.dropFirst().split(separator: "-r")
            let device = try XCTUnwrap(Int(parts[0]))
            XCTAssertEqual(Int(parts[1]), index + 1, String(id))
            XCTAssertGreaterThanOrEqual(device, lastDevice, String(id))
            lastDevice = device
        }
        XCTAssertEqual(lastDevice, 40)
    }

    /// A precision target grows the run in steps of new devices; the
    /// telemetry equals that of one run of the final size.
    func testTelemetryOfAGrownRunEqualsOneRunOfTheFinalSize() throws {
        let text = try String(contentsOfFile: GoldenFiles.scenarioPath("small.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "devices: 40", with: "devices: 8\nprecision: { halfWidth: 0.1%, maxDevices: 40 }")
            .replacingOccurrences(of: "days: 30", with: "days: 8")
        let scenario = temporary.appendingPathComponent("grown.yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: scenario, contents: Data(text.utf8)))
        let grown = try emit(scenario, "grown", ["--jobs", "2"])
        let fixed = try emit(scenario, "fixed", ["--jobs", "2", "--devices", "40"])
        XCTAssertEqual(grown, fixed)
        let opens = String(decoding: try XCTUnwrap(grown["app-opens.csv"]), as: UTF8.self)
        XCTAssertTrue(opens.contains("device-40,"), "the run grew to 40 devices")
    }

    /// The run says exactly which files it wrote, for every format.
    func testRunAnnouncesExactlyTheFilesItWrote() throws {
        for (index, extra) in [["--format", "csv"], ["--format", "md"], ["--format", "csv,json", "--cycles"], []]
            .enumerated()
        {
            let out = temporary.appendingPathComponent("report-\(index)").path
            let result = invoke(
                [GoldenFiles.scenarioPath("small.yaml"), "--devices", "4", "--days", "3", "--out", out] + extra)
            XCTAssertEqual(result.code, 0, result.err)
            let line = try XCTUnwrap(
                result.out.split(separator: "\n").first { $0.hasPrefix("Reports written to ") }, result.out)
            // --out DIR writes DIR/small@<overrides>/, and the line names that folder.
            let report = "\(out)/small@devices=4,days=3"
            let prefix = "Reports written to \(report)/ ("
            XCTAssertTrue(line.hasPrefix(prefix) && line.hasSuffix(")"), String(line))
            let announced = line.dropFirst(prefix.count).dropLast().components(separatedBy: ", ")
            let written = try FileManager.default.contentsOfDirectory(atPath: report)
            XCTAssertEqual(Set(announced), Set(written), "\(extra): \(line)")
            XCTAssertEqual(announced.count, written.count, String(line))
        }
    }
}
