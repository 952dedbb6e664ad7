import DNSimTestSupport
import Foundation
import TestStatistics
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// Fleets (docs/model.md §2 "Fleets", §5): segments of devices with conditions of their own,
/// each device's segment a keyed draw of its own.
final class FleetTests: CommandLineTestCase {
    static var fixture: String {
        String(decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("fleet.yaml"))!, as: UTF8.self)
    }

    /// The fixture with its `fleet:` block replaced by `fleet` (nil: none).
    static func withFleet(_ fleet: String?, base: String = fixture) -> String {
        let head = base.components(separatedBy: "\nfleet:\n")[0] + "\n"
        return fleet.map { head + "fleet:\n" + $0 + "\n" } ?? head
    }

    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.load(bytes: Array(text.utf8), file: "fleet.yaml")
    }

    func write(_ text: String, to name: String) -> String {
        let path = temporary.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    func files(_ directory: String) -> [String: String] {
        var result: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            result[name] = String(
                decoding: FileManager.default.contents(atPath: "\(directory)/\(name)")!, as: UTF8.self)
        }
        return result
    }

    /// `segments.csv` as (segment, field by column) rows.
    func rows(_ csv: String) -> (header: [String], rows: [[String]]) {
        let lines = csv.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return (lines[0], Array(lines.dropFirst()))
    }

    // MARK: - Counts

    func testSegmentCountsAddToTheFleets() throws {
        let plan = try load(Self.fixture).plan().get()
        let result = ParallelRunner.run(plan: plan, jobs: 2)
        let segments = try XCTUnwrap(result.segments)
        XCTAssertEqual(segments.count, 3)
        for arm in plan.arms.indices {
            var merged = ArmStatistics()
            for segment in segments { merged.merge(segment[arm]) }
            XCTAssertEqual(merged, result.arms[arm], "arm \(plan.arms[arm].name): the segments do not add to the fleet")
            XCTAssertTrue(segments.allSatisfy { $0[arm].devices > 0 })
        }
        XCTAssertEqual(segments.map { $0[0].devices }.reduce(0, +), Int64(plan.devices))

        // The same in the files: every count column of segments.csv adds to summary.csv's.
        let out = temporary.appendingPathComponent("report").path
        XCTAssertEqual(invoke([write(Self.fixture, to: "fleet.yaml"), "--out", out, "--quiet"]).code, 0)
        let report = files("\(out)/fleet")
        let summary = rows(try XCTUnwrap(report["summary.csv"]))
        let bySegment = rows(try XCTUnwrap(report["segments.csv"]))
        XCTAssertEqual(bySegment.header, ["segment"] + summary.header)
        XCTAssertEqual(
            bySegment.rows.map(\.first!),
            ["stock", "heavy-users", "restricted"].flatMap { Array(repeating: $0, count: 4) })
        let counts = ["devices", "cycles"] + RateMetric.allCases.map(\.name).filter(summary.header.contains)
        XCTAssertGreaterThanOrEqual(counts.count, 8)
        for (index, fleetRow) in summary.rows.enumerated() {
            for column in counts {
                let position = try XCTUnwrap(summary.header.firstIndex(of: column))
                let total = stride(from: index, to: bySegment.rows.count, by: summary.rows.count)
                    .map { Int(bySegment.rows[$0][position + 1])! }.reduce(0, +)
                XCTAssertEqual(total, Int(fleetRow[position]), "\(fleetRow[0]) \(column)")
            }
        }
        XCTAssertTrue(report["summary.md"]!.contains("### By fleet segment"))
        XCTAssertTrue(report["summary.json"] == nil || report["summary.json"]!.contains("\"segments\""))
    }

    /// `cycles.csv` names each row's segment, so a team can break the fleet down itself: its rows
    /// by segment and outcome add up to segments.csv's counts.
    func testCyclesCSVNamesEachRowsSegment() throws {
        let out = temporary.appendingPathComponent("report").path
        XCTAssertEqual(invoke([write(Self.fixture, to: "fleet.yaml"), "--out", out, "--quiet", "--cycles"]).code, 0)
        let report = files("\(out)/fleet")
        let cycles = rows(try XCTUnwrap(report["cycles.csv"]))
        let bySegment = rows(try XCTUnwrap(report["segments.csv"]))
        let segment = try XCTUnwrap(cycles.header.firstIndex(of: "segment"))
        let arm = try XCTUnwrap(cycles.header.firstIndex(of: "arm")),
            outcome = try XCTUnwrap(cycles.header.firstIndex(of: "outcome"))
        var counted: [String: Int] = [:]
        for row in cycles.rows { counted["\(row[segment]),\(row[arm]),\(row[outcome])", default: 0] += 1 }
        XCTAssertEqual(Set(cycles.rows.map { $0[segment] }), ["stock", "heavy-users", "restricted"])
        var compared = 0
        for row in bySegment.rows {
            for name in CycleOutcome.allCases.map(\.name) {
                let position = try XCTUnwrap(bySegment.header.firstIndex(of: name))
                XCTAssertEqual(
                    counted["\(row[0]),\(row[1]),\(name)", default: 0], Int(row[position]),
                    "\(row[0]) \(row[1]) \(name)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 12 * 6)
    }

    /// The segment draw is one uniform inverted over the cumulative shares: each segment's
    /// device count is binomial(n, share). Exact two-sided acceptance regions, false alarm 1e-4 each.
    func testSegmentSharesAreBinomial() throws {
        let fleet = try load(Self.fixture).plan().get().fleet!
        let random = KeyedRandom(seed: 11)
        let n = 20_000
        var counts = [Int](repeating: 0, count: fleet.segments.count)
        for device in 0..<n { counts[fleet.segment(of: device, random: random)] += 1 }
        for (segment, count) in zip(fleet.segments, counts) {
            let region = BinomialAcceptance(trials: n, probability: segment.share)
            XCTAssertTrue(region.contains(count), "\(segment.name): \(count) of \(n), outside \(region)")
        }
        XCTAssertEqual(Fleet.segment(at: 0.4999, bounds: [0.5, 0.8, 1]), 0)
        XCTAssertEqual(Fleet.segment(at: 0.5, bounds: [0.5, 0.8, 1]), 1)
        XCTAssertEqual(Fleet.segment(at: 0.9999999, bounds: [0.5, 0.8, 1]), 2)
    }

    // MARK: - One segment is the scenario itself

    func testOneSegmentFleetEqualsTheScenarioWritten() throws {
        let written = Self.withFleet(nil).replacingOccurrences(of: "appOpensPerDay: 1,", with: "appOpensPerDay: 6,")
        XCTAssertNotEqual(written, Self.withFleet(nil))
        let fleet = Self.withFleet("  - { segment: everyone, share: 1, set: { user.appOpensPerDay: 6 } }")
        // One path for both, so the reports' text naming the file is the same.
        let path = temporary.appendingPathComponent("same.yaml").path
        var reports: [[String: String]] = []
        for (index, text) in [written, fleet].enumerated() {
            _ = write(text, to: "same.yaml")
            let out = temporary.appendingPathComponent("out-\(index)").path
            let run = invoke([path, "--out", out, "--quiet", "--format", "md,json", "--jobs", "2"])
            XCTAssertEqual(run.code, 0, run.err)
            reports.append(files("\(out)/fleet"))
        }
        let segments = try XCTUnwrap(reports[1].removeValue(forKey: "segments.csv"))
        XCTAssertNil(reports[0]["segments.csv"])
        // The manifests differ in the file's digest only.
        for name in reports[0].keys.sorted() where name != "manifest.json" {
            XCTAssertEqual(
                reports[1][name], reports[0][name], "\(name) differs between the one-segment fleet and the scenario")
        }
        XCTAssertEqual(Set(reports[1].keys), Set(reports[0].keys))
        let summary = reports[0]["summary.csv"]!.split(separator: "\n")
        let expected =
            (["segment," + summary[0]] + summary.dropFirst().map { "everyone," + $0 }).joined(separator: "\n") + "\n"
        XCTAssertEqual(segments, expected)
    }

    // MARK: - Common random numbers

    /// Per device and arm: its cycles, update delays and event count.
    final class Records: RunObserver, @unchecked Sendable {
        struct Record: Equatable {
            var cycles: [CycleRecord]
            var delays: [Millis]
            var events: Int
        }
        final class Chunk: ChunkObserver {
            let owner: Records
            var seen: [Int: [Record]] = [:]
            init(_ owner: Records) { self.owner = owner }
            func simulated(device: Int, arm: Int, _ log: DeviceLog) {
                seen[device, default: []].append(
                    Record(cycles: log.cycles, delays: log.updateDelays, events: Int(log.activity.events)))
            }
            func finish() {
                owner.lock.lock()
                owner.records.merge(seen) { $1 }
                owner.lock.unlock()
            }
        }
        let lock = NSLock()
        var records: [Int: [Record]] = [:]
        func observe(devices: Range<Int>) -> any ChunkObserver { Chunk(self) }
    }

    func testMovingOneShareLeavesTheOtherDevicesDrawsUnchanged() throws {
        func run(_ shares: [String]) throws -> (segments: [Int], records: [Int: [Records.Record]]) {
            let text = Self.withFleet(
                """
                  - { segment: stock, share: \(shares[0]) }
                  - { segment: heavy-users, share: \(shares[1]), set: { user.appOpensPerDay: 6 } }
                  - { segment: restricted, share: \(shares[2]), set: { platforms.android.exactAlarmPermission: false, platforms.ios.fetchTask.never: 0.6 } }
                """)
            var plan = try load(text).plan().get()
            plan.devices = 200
            let observer = Records()
            _ = ParallelRunner.run(plan: plan, jobs: 2, observers: [observer])
            let random = KeyedRandom(seed: plan.seed)
            return ((0..<plan.devices).map { plan.fleet!.segment(of: $0, random: random) }, observer.records)
        }
        let before = try run(["0.5", "0.3", "0.2"])
        let after = try run(["0.4", "0.4", "0.2"])
        var moved = 0
        for device in 0..<200 {
            if before.segments[device] == after.segments[device] {
                XCTAssertEqual(
                    before.records[device], after.records[device],
                    "device \(device) stayed in segment \(before.segments[device]) but its records changed")
            } else {
                // Only the boundary between the first two segments moved.
                XCTAssertEqual([before.segments[device], after.segments[device]], [0, 1], "device \(device)")
                XCTAssertNotEqual(before.records[device], after.records[device])
                moved += 1
            }
        }
        XCTAssertGreaterThan(moved, 0)
        XCTAssertEqual(before.segments.filter { $0 == 2 }, after.segments.filter { $0 == 2 })
    }

    // MARK: - Determinism

    func testSegmentsAreTheSameForAnyJobsAndShards() throws {
        let scenario = write(Self.fixture, to: "fleet.yaml")
        let single = temporary.appendingPathComponent("single").path
        XCTAssertEqual(invoke([scenario, "--out", single, "--quiet", "--jobs", "1", "--format", "md,json"]).code, 0)
        // --out DIR writes DIR/fleet/, and --shard K/N --out DIR writes DIR/fleet/shard-K-of-N.json.
        let expected = files("\(single)/fleet")
        XCTAssertNotNil(expected["segments.csv"])
        let wide = temporary.appendingPathComponent("wide").path
        XCTAssertEqual(invoke([scenario, "--out", wide, "--quiet", "--jobs", "3", "--format", "md,json"]).code, 0)
        XCTAssertEqual(files("\(wide)/fleet"), expected)
        let shards = temporary.appendingPathComponent("shards").path
        for k in 1...3 {
            XCTAssertEqual(
                invoke([scenario, "--shard", "\(k)/3", "--out", shards, "--quiet", "--jobs", "\(k % 2 + 1)"]).code, 0)
        }
        let merged = temporary.appendingPathComponent("merged").path
        let merge = invoke(["merge", shards, "--out", merged, "--quiet", "--format", "md,json"])
        XCTAssertEqual(merge.code, 0, merge.err)
        XCTAssertEqual(files("\(merged)/fleet"), expected)
    }

    // MARK: - Sweeps and traces

    /// A sweep with a fleet runs every point with the fleet: sweep.csv stays fleet-level, and a
    /// segment's `set` wins over the point's value for the key it sets.
    func testASweepRunsEachPointWithTheFleet() throws {
        let text = Self.fixture + "sweep:\n  - { key: user.appOpensPerDay, values: [0, 2] }\n"
        let scenario = try load(text)
        let points = try scenario.sweepPoints()
        XCTAssertEqual(points.count, 2)
        for (point, opens) in zip(points, [0.0, 2.0]) {
            let plan = try point.scenario.plan().get()
            XCTAssertEqual(plan.fleet?.segments.map(\.world.user.appOpensPerDay), [opens, 6, opens])
        }
        let out = temporary.appendingPathComponent("swept").path
        let run = invoke([write(text, to: "swept.yaml"), "--out", out, "--quiet"])
        XCTAssertEqual(run.code, 0, run.err)
        let report = files("\(out)/fleet")
        XCTAssertNotNil(report["segments.csv"])
        XCTAssertEqual(rows(report["sweep.csv"]!).rows.count, 2 * 4)
    }

    func testTraceRunsTheDeviceInItsSegment() throws {
        let path = write(Self.fixture, to: "fleet.yaml")
        let plan = try load(Self.fixture).plan().get()
        let segment = plan.fleet!.segment(of: 0, random: KeyedRandom(seed: plan.seed))
        let trace = invoke(["trace", path, "--device", "1", "--arm", "chained/android"])
        XCTAssertEqual(trace.code, 0, trace.err)
        XCTAssertTrue(trace.out.contains("device 1 (segment \(plan.fleet!.segments[segment].name))"), trace.out)
    }

    /// A segment in another time zone: its device's trace is in that zone's local time (the
    /// notification at 18:30 there), and its fetch alarm is named as it really fires: inexact in
    /// the segment that denies the exact-alarm permission, exact elsewhere.
    func testTraceShowsASegmentsDeviceInItsOwnTimeZoneWithItsAlarmNamed() throws {
        let text = Self.withFleet(
            """
              - { segment: berlin, share: 0.5 }
              - segment: los-angeles
                share: 0.5
                set: { timeZone: America/Los_Angeles, platforms.android.exactAlarmPermission: false }
            """, base: Self.fixture.replacingOccurrences(of: "timeZone: UTC", with: "timeZone: Europe/Berlin"))
        let path = write(text, to: "zones.yaml")
        let plan = try load(text).plan().get()
        let random = KeyedRandom(seed: plan.seed)
        var devices: [String: Int] = [:]
        for device in 0..<plan.devices {
            devices[plan.fleet!.segments[plan.fleet!.segment(of: device, random: random)].name] = device + 1
        }
        for (segment, zone, offset, alarm) in [
            ("berlin", "Europe/Berlin", "+01:00", "exact (setExactAndAllowWhileIdle)"),
            (
                "los-angeles", "America/Los_Angeles", "-08:00",
                "inexact (no exact-alarm permission; deferred in Doze)"
            ),
        ] {
            let device = try XCTUnwrap(devices[segment])
            let trace = invoke(["trace", path, "--device", "\(device)", "--arm", "chained/android", "--day", "1"])
            XCTAssertEqual(trace.code, 0, trace.err)
            XCTAssertTrue(
                trace.out.contains("(segment \(segment))") && trace.out.contains("times in \(zone)"), trace.out)
            // The fetch alarm for 18:25 local fires between 18:25 and 19:25 local (inexact: within the hour).
            let alarmSet = try NSRegularExpression(
                pattern: "fetch alarm for cycle 1 at 2027-03-01 1[89]:[0-9:.]+ \\\(offset)")
            XCTAssertNotNil(
                alarmSet.firstMatch(in: trace.out, range: NSRange(trace.out.startIndex..., in: trace.out)), trace.out)
            XCTAssertTrue(trace.out.contains("fetch alarm fires: \(alarm)"), trace.out)
            XCTAssertFalse(
                trace.out.contains(offset == "+01:00" ? "-08:00" : "+01:00"),
                "no time in the other segment's zone: \(trace.out)")
        }
    }

    // MARK: - Bad input

    func testBadFleetsAreRefusedWithTheirPlace() {
        let cases: [(fleet: String, message: String)] = [
            (
                "  - { segment: a, share: 0.5 }\n  - { segment: b, share: 0.4 }",
                "22:3: error: the fleet's shares add to 0.9, not 1"
            ),
            (
                "  - { segment: a, share: 1, set: { strategies.chained.guard: none } }",
                "22:36: error: fleet[1].set: 'strategies.chained.guard' is a lever; a segment sets conditions only (compare levers as arms or sweep points)"
            ),
            (
                "  - { segment: a, share: 1, set: { plugin.relationship.contentTimeout: 1000 } }",
                "22:36: error: fleet[1].set: 'plugin.relationship.contentTimeout' is a lever"
            ),
            (
                "  - { segment: a, share: 1, set: { platforms.android.exactAlarmPermision: false } }",
                "22:36: error: fleet[1].set: unknown key 'platforms.android.exactAlarmPermision' (did you mean 'platforms.android.exactAlarmPermission'?)"
            ),
            ("  - { segment: a, share: 1, set: { days: 3 } }", "22:36: error: fleet[1].set: 'days' is a run key"),
            (
                "  - { segment: a, share: 1, set: { metrics.lateAfter: 5m } }",
                "22:36: error: fleet[1].set: 'metrics.lateAfter' is a definition"
            ),
            (
                "  - { segment: a, share: 1, set: { platforms.android: {} } }",
                "22:36: error: fleet[1].set: 'platforms.android' holds levers and conditions"
            ),
            (
                "  - { segment: a, share: 0.5 }\n  - { segment: a, share: 0.5 }",
                "23:16: error: segment name 'a' is already used at line 22"
            ),
            (
                "  - { segment: Stock, share: 0.5 }\n  - { segment: stock, share: 0.5 }",
                "23:16: error: segment name 'stock' differs only in case from 'Stock' at line 22"
            ),
            (
                "  - { segment: \"a\\tb\", share: 1 }",
                "22:16: error: fleet[1].segment must contain no control characters, '/' or ','"
            ),
            ("  []", "22:3: error: fleet must be a non-empty list of { segment, share, set } entries"),
            (
                "  - { segment: a, share: 0 }\n  - { segment: b, share: 1 }",
                "22:26: error: fleet[1].share must be above 0"
            ),
            (
                "  - { segment: a, share: 1, sett: {} }",
                "22:29: error: unknown key 'sett' in fleet[1] (did you mean 'set'?)"
            ),
            ("  - { share: 1 }", "22:5: error: fleet[1] needs 'segment'"),
            (
                "  - { segment: a, share: 1, set: { user.appOpensPerDay: lots } }",
                "22:57: error: in fleet segment 'a': user.appOpensPerDay must be a number"
            ),
            (
                "  - { segment: a, share: 1, set: { fleet.1.share: 1 } }",
                "22:36: error: fleet[1].set: a segment cannot set 'fleet.1.share'"
            ),
        ]
        for (fleet, message) in cases {
            let path = write(Self.withFleet(fleet), to: "bad.yaml")
            let result = invoke(["validate", path])
            XCTAssertEqual(result.code, 2, fleet)
            XCTAssertTrue(result.err.contains("bad.yaml:" + message), "\(fleet)\n→ \(result.err)")
        }
        let sweep = write(Self.fixture + "sweep:\n  - { key: fleet.1.share, values: [0.5] }\n", to: "sweep.yaml")
        let swept = invoke(["validate", sweep])
        XCTAssertEqual(swept.code, 2)
        XCTAssertTrue(
            swept.err.contains("sweep.yaml:30:12: error: sweep[1].key 'fleet.1.share' cannot be swept"), swept.err)
    }

    /// `validate` lists the segments, their shares and what each sets, so a team sees its fleet
    /// as the run will simulate it.
    func testValidateListsTheSegments() {
        let text = Self.withFleet(
            """
              - { segment: stock, share: 0.7 }
              - { segment: lapsed, share: 0.3, set: { user.appOpensPerDay: 0.5 } }
            """)
        let result = invoke(["validate", write(text, to: "fleet.yaml")])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("  fleet: 2 segments, each device in one by its share\n"), result.out)
        XCTAssertTrue(result.out.contains("    stock    70.0%  the scenario as written\n"), result.out)
        XCTAssertTrue(result.out.contains("    lapsed   30.0%  sets user.appOpensPerDay = 0.5\n"), result.out)
    }

    /// Every sweep point loads each segment too, so the two multiply against the points' limit.
    func testASweepTimesTheSegmentsIsBounded() {
        let text =
            Self.fixture + "sweep:\n  - { key: fetch.failure, range: { from: 0, to: 0.9999, step: 0.0001 } }\n"
            + "  - { key: user.appOpensPerDay, values: [1, 2, 3] }\n"
        let result = invoke(["validate", write(text, to: "bad.yaml")])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains(
                "error: the sweep's 30000 points with a fleet of 3 segments build 120000 scenarios; at most 100000"),
            result.err)
    }

    /// A rule that cuts off every device of a segment is said, named by the segment; one the
    /// scenario itself gives is said once.
    func testASegmentsWarningNamesTheSegment() {
        let text = Self.withFleet(
            """
              - { segment: stock, share: 0.5 }
              - { segment: lapsed, share: 0.5, set: { user.appOpensPerDay: 0, platforms.ios.inactiveAfter: 7d } }
            """)
        let result = invoke(["validate", write(text, to: "warned.yaml")])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(
            result.err.contains(
                "warned.yaml:23:96: warning: in fleet segment 'lapsed': inactiveAfter 7d with no app opens"), result.err
        )
    }

    /// A segment that sets a platform the scenario does not simulate would add arms.
    func testASegmentCannotAddAPlatform() {
        let iosOnly = Self.fixture.replacingOccurrences(
            of: "  android:\n    fetchAlarm: { delay: { uniform: { min: 0s, max: 2m } } }\n", with: "")
        let text = Self.withFleet(
            "  - { segment: a, share: 1, set: { platforms.android.exactAlarmPermission: false } }", base: iosOnly)
        let result = invoke(["validate", write(text, to: "bad.yaml")])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains("error: in fleet segment 'a': the segment's platforms differ from the scenario's"),
            result.err)
    }
}
