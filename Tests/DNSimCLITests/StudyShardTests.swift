import DNSimRun
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimCore

/// `--shard K/N` on an uncertainty study spreads its worlds over the shards in contiguous blocks
/// (as it does the base run's devices); `merge` gives the single run's files byte for byte and
/// refuses a set in which a world is missing, twice, or of another study.
final class StudyShardTests: CommandLineTestCase {
    /// 4 samples × (2 parameters + 2) = 16 worlds of 8 devices × 10 days, two arms.
    func scenarioFile(samples: Int = 4) -> String {
        let path = temporary.appendingPathComponent("study-\(samples).yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(ScenarioTexts.study(samples: samples).utf8))
        return path
    }

    func files(_ directory: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            result[name] = FileManager.default.contents(atPath: "\(directory)/\(name)")
        }
        return result
    }

    /// Runs shards `ks` of `n` with `--out` a new folder and returns it; the shard files are in
    /// its `study/` folder (`--shard K/N --out DIR` writes `DIR/<name>/shard-K-of-N.json`).
    func shards(_ scenario: String, _ ks: [Int], of n: Int, extra: [String] = []) -> String {
        let folder = temporary.appendingPathComponent("shards-\(n)-\(UUID().uuidString)").path
        for k in ks {
            let result = invoke(
                [scenario, "--shard", "\(k)/\(n)", "--out", folder, "--quiet", "--jobs", "\(k % 2 + 1)"] + extra)
            XCTAssertEqual(result.code, 0, result.err)
        }
        return folder
    }

    func testMergedStudyShardsEqualTheSingleRun() {
        let scenario = scenarioFile()
        let single = temporary.appendingPathComponent("single").path
        XCTAssertEqual(invoke([scenario, "--out", single, "--quiet", "--format", "csv,md,json"]).code, 0)
        let expected = files("\(single)/study")
        for name in [
            "uncertainty.csv", "sensitivity.csv", "decision.json", "uncertainty.md", "sensitivity.svg",
            "summary.csv", "summary.md", "summary.json", "manifest.json",
        ] {
            XCTAssertNotNil(expected[name], name)
        }
        // 1, 2 and 3 shards, and more shards (20) than the study's 16 worlds and than its 8 devices.
        for n in [1, 2, 3, 20] {
            let folder = shards(scenario, Array(1...n), of: n)
            let merged = temporary.appendingPathComponent("merged-\(n)").path
            let result = invoke(["merge", folder, "--out", merged, "--quiet", "--format", "csv,md,json"])
            XCTAssertEqual(result.code, 0, result.err)
            XCTAssertEqual(files("\(merged)/study"), expected, "\(n) shards merged differ from the single run")
        }
    }

    func testEachShardHoldsItsBlockOfWorlds() throws {
        let folder = shards(scenarioFile(), [1, 2, 3], of: 3)
        var held: [Int] = []
        for k in 1...3 {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/study/shard-\(k)-of-3.json"))
            let study = try XCTUnwrap(try JSONDecoder().decode(PartialResult.self, from: data).study)
            // ⌊16·(k−1)/3⌋ … ⌊16·k/3⌋ − 1: worlds 1–5, 6–10, 11–16.
            XCTAssertEqual(study.worldRange, [16 * (k - 1) / 3, 16 * k / 3])
            XCTAssertEqual(study.design, "sobol, 4 samples, 2 parameters")
            held += study.worlds.map(\.world)
        }
        XCTAssertEqual(held, Array(1...16))
    }

    /// A shard keeps its worlds encoded as each ends (`PartialResult.encoded(studyWorlds:)`), not as statistics: the file
    /// is byte for byte what encoding the whole partial gives (its decoding, encoded again), with and without worlds.
    func testWorldsKeptEncodedGiveTheWholePartialsBytes() throws {
        let folder = shards(scenarioFile(), [1, 2], of: 2)
        let empty = shards(scenarioFile(samples: 4), [17], of: 20)
        for file in [
            "\(folder)/study/shard-1-of-2.json", "\(folder)/study/shard-2-of-2.json",
            "\(empty)/study/shard-17-of-20.json",
        ] {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: file))
            let partial = try JSONDecoder().decode(PartialResult.self, from: data)
            XCTAssertEqual(try partial.encoded() + Data("\n".utf8), data, file)
            var bare = partial
            bare.study?.worlds = []
            let worlds = try (partial.study?.worlds ?? []).map { try $0.encoded() }
            XCTAssertEqual(try bare.encoded(studyWorlds: worlds), try partial.encoded(), file)
        }
    }

    /// `merge` reads a study shard's worlds as text and decodes each as it places it (`StudyWorldsSplit`): the worlds it
    /// gets are the whole decoding's, and a file the split cannot confirm (a second `study` key) is decoded whole.
    func testMergeReadsEachWorldAsTheWholeDecodingDoes() throws {
        let folder = shards(scenarioFile(), [1, 2], of: 2)
        for k in 1...2 {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/study/shard-\(k)-of-2.json"))
            let whole = try JSONDecoder().decode(PartialResult.self, from: data)
            let lazy = try XCTUnwrap(MergeRun.decodePartial(data))
            let texts = try XCTUnwrap(lazy.study?.encodedWorlds)
            XCTAssertEqual(texts.count, whole.study?.worlds.count)
            XCTAssertEqual(try texts.map { try JSONDecoder().decode(WorldResult.self, from: $0) }, whole.study?.worlds)
            XCTAssertEqual(lazy.study?.worlds.map(\.world), whole.study?.worlds.map(\.world))
            XCTAssertTrue(
                lazy.study?.worlds.allSatisfy(\.arms.isEmpty) == true, "only numbers and identities until placed")
            var rest = lazy
            rest.study?.worlds = whole.study?.worlds ?? []
            rest.study?.encodedWorlds = nil
            XCTAssertEqual(rest, whole, "everything else is the whole decoding's")

            // A second study key after the first: whichever the decoder takes, the merge reads what it reads.
            var text = String(decoding: data, as: UTF8.self)
            let end = try XCTUnwrap(
                text.range(of: "}\n", options: .backwards) ?? text.range(of: "}", options: .backwards))
            text.replaceSubrange(
                end,
                with: #","study":{"design":"x","devicesPerWorld":1,"parameters":[],"worldCount":1,"worldRange":[0,1],"#
                    + #""worlds":[]}}"#)
            let twice = Data(text.utf8)
            let read = try XCTUnwrap(MergeRun.decodePartial(twice)?.study)
            let worlds =
                try read.encodedWorlds.map { try $0.map { try JSONDecoder().decode(WorldResult.self, from: $0) } }
                ?? read.worlds
            XCTAssertEqual(
                worlds, try JSONDecoder().decode(PartialResult.self, from: twice).study?.worlds,
                "the worlds of the study the decoder takes, split or not")
        }
    }

    func testAMissingOrDuplicatedWorldShardIsRefused() throws {
        let scenario = scenarioFile()
        let folder = shards(scenario, [1, 3], of: 3)
        let out = temporary.appendingPathComponent("m").path
        let missing = invoke(["merge", folder, "--out", out])
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.err.contains("missing shard 2 of 3 (worlds 6–10 of 16)"), missing.err)

        let copy = temporary.appendingPathComponent("copy").path
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "\(folder)/study/shard-3-of-3.json", toPath: "\(copy)/shard-3-of-3.json")
        let duplicated = invoke(["merge", folder, copy, "--out", out])
        XCTAssertEqual(duplicated.code, 2)
        XCTAssertTrue(duplicated.err.contains("shard 3 of 3 appears twice"), duplicated.err)

        // Another design of the same file name: the digest and the study both differ.
        let other = shards(scenarioFile(samples: 5), [2], of: 3)
        let mixed = invoke(["merge", folder, other, "--out", out])
        XCTAssertEqual(mixed.code, 2)
        XCTAssertTrue(mixed.err.contains("come from different runs"), mixed.err)
        XCTAssertTrue(
            mixed.err.contains(
                "study sobol, 5 samples, 2 parameters over platforms.android.fetchAlarm.delay.fixed, fetch.failure "
                    + "vs sobol, 4 samples, 2 parameters"), mixed.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// Both shards of 2, run once per test and copied for each edit.
    var pristine: String?

    /// Shard 2 of 2 with `change` applied to its study, merged: exit 2, nothing written.
    func mergeEdited(_ change: (inout [String: Any]) -> Void) throws -> (code: Int32, err: String, file: String) {
        if pristine == nil { pristine = shards(scenarioFile(), [1, 2], of: 2) }
        let folder = temporary.appendingPathComponent("edited-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: pristine!, toPath: folder)
        let file = "\(folder)/study/shard-2-of-2.json"
        var object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        var study = object["study"] as! [String: Any]
        change(&study)
        object["study"] = study
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        let out = temporary.appendingPathComponent("merged-\(UUID().uuidString)").path
        let result = invoke(["merge", folder, "--out", out, "--quiet"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no report from a damaged shard")
        return (result.code, result.err, file)
    }

    func assertDamaged(_ outcome: (code: Int32, err: String, file: String), _ message: String, line: UInt = #line) {
        XCTAssertEqual(outcome.code, 2, outcome.err, line: line)
        XCTAssertEqual(
            outcome.err,
            "\(outcome.file): error: \(message): the shard file is damaged or was edited; run that shard again\n",
            line: line)
    }

    func testADamagedWorldIsRefusedByItsField() throws {
        // Shard 2 of 2 of 16 worlds holds worlds 9–16 (0-based [8, 16)).
        assertDamaged(
            try mergeEdited { study in
                var worlds = study["worlds"] as! [[String: Any]]
                worlds[1]["world"] = 3
                study["worlds"] = worlds
            }, "study.worlds[1].world is 3, but shard 2 of 2 of 16 worlds holds [8, 16], so it is world 10")
        assertDamaged(
            try mergeEdited { study in study["worlds"] = Array((study["worlds"] as! [Any]).dropLast()) },
            "study.worlds has 7 world(s), but shard 2 of 2 of 16 worlds holds [8, 16]")
        // 8 devices × 10 daily cycles: 900 fresh cycles cannot be.
        assertDamaged(
            try mergeEdited { study in
                var worlds = study["worlds"] as! [[String: Any]]
                var arms = worlds[0]["arms"] as! [[String: Any]]
                arms[1]["counts"] = [900] + (arms[1]["counts"] as! [Int]).dropFirst()
                worlds[0]["arms"] = arms
                study["worlds"] = worlds
            }, "study.worlds[0].arms[1].counts[0] is 900, above the arm's cycles (80)")
    }
}

/// Forged study shards (issue 44, item 6): every world carries the identity of its parameter values,
/// which `merge` recomputes from the scenario, so a world's figures moved or copied onto another
/// world are refused even when every index and sum is in order.
extension StudyShardTests {
    func testSwappedOrCopiedWorldsAreRefused() throws {
        // Two worlds swapped whole, their indices put back: each now holds the other's figures.
        assertDamaged(
            try mergeEdited { study in
                var worlds = study["worlds"] as! [[String: Any]]
                worlds.swapAt(0, 1)
                worlds[0]["world"] = 9
                worlds[1]["world"] = 10
                study["worlds"] = worlds
            },
            "study.worlds[0].identity is \(try identity(ofWorld: 10)), but world 9's parameter values give \(try identity(ofWorld: 9)): "
                + "these figures are not that world's (moved, copied or edited)")
        // World 10's figures copied over world 11's.
        assertDamaged(
            try mergeEdited { study in
                var worlds = study["worlds"] as! [[String: Any]]
                worlds[2]["arms"] = worlds[1]["arms"]
                worlds[2]["identity"] = worlds[1]["identity"]
                study["worlds"] = worlds
            },
            "study.worlds[2].identity is \(try identity(ofWorld: 10)), but world 11's parameter values give \(try identity(ofWorld: 11)): "
                + "these figures are not that world's (moved, copied or edited)")
    }

    /// The identity a pristine shard records for world `n` (1-based, in shard 2: worlds 9–16).
    private func identity(ofWorld n: Int) throws -> String {
        if pristine == nil { pristine = shards(scenarioFile(), [1, 2], of: 2) }
        let file = "\(pristine!)/study/shard-2-of-2.json"
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        let worlds = (object["study"] as! [String: Any])["worlds"] as! [[String: Any]]
        return worlds.first { $0["world"] as? Int == n }!["identity"] as! String
    }
}
