import DNSimAnalysis
import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimReports
@testable import DNSimRun

/// The layout `--out` documents (docs/policy-changes.md, `run --help`): `--out DIR` writes
/// `DIR/<name>/` for one scenario as for several, for a run, a check, a merge and the shards
/// (`DIR/<name>/shard-K-of-N.json`), so `run --out P/Reports` writes what
/// `check --baseline P/Reports` reads, and a baseline error names that folder and the
/// command that writes it again. With `--seed`, `--devices`, `--days` or `--platform` that
/// differ from the file, `DIR/<name>@<overrides>/` as under `Reports/`, so no quick run, merge
/// or check replaces the baseline `DIR/<name>/`.
final class OutFolderTests: CommandLineTestCase {
    let small = GoldenFiles.scenarioPath("small.yaml")  // 30 days from 2027-03-01, America/New_York

    /// The small fixture at 8 devices × 10 days, without its expect: entry, named `name`.
    func scenario(_ file: String, name: String = "small") throws -> String {
        let text = try String(contentsOfFile: GoldenFiles.scenarioPath("small.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "name: small\n", with: "name: \(name)\n")
            .replacingOccurrences(of: "devices: 40\n", with: "devices: 8\n")
            .replacingOccurrences(of: "days: 30\n", with: "days: 10\n")
            .components(separatedBy: "expect:\n")[0]
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: temporary.appendingPathComponent(file).path, contents: Data(text.utf8)))
        return file
    }

    /// Runs `body` in the temporary folder, so that the paths (and so the messages) are relative: `P/Reports/small/`.
    func inTemporaryDirectory<T>(_ body: () throws -> T) rethrows -> T {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(temporary.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    /// Every file under `folder`, by its path relative to it, with its bytes.
    func tree(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return files }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[path] = FileManager.default.contents(atPath: "\(folder)/\(path)")
            }
        }
        return files
    }

    func assertSucceeds(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> (
        code: Int32, out: String, err: String
    ) {
        let result = invoke(arguments)
        XCTAssertEqual(
            result.code, 0, "dnsim-events \(arguments.joined(separator: " ")): \(result.out)\(result.err)", file: file,
            line: line)
        return result
    }

    func testTheDocumentedLayout() throws {
        try inTemporaryDirectory {
            let a = try scenario("a.yaml"), b = try scenario("b.yaml", name: "other")

            // run --out P/Reports writes P/Reports/<name>/, and check --baseline P/Reports finds it there.
            let run = assertSucceeds([a, "--out", "P/Reports"])
            XCTAssertTrue(run.out.contains("Reports written to P/Reports/small/ ("), run.out)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "P/Reports/small/summary.csv"))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "P/Reports"), ["small"])
            let single = tree("P/Reports/small")
            XCTAssertNotNil(single["manifest.json"])
            let check = assertSucceeds(["check", a, "--baseline", "P/Reports", "--strict", "--quiet"])
            XCTAssertTrue(
                check.out.contains("small: ok (136 figure(s) and 8 fingerprint(s) against P/Reports/small)"), check.out)

            // One scenario and two given to one run: the same layout, DIR/<name>/ each, the same bytes.
            _ = assertSucceeds([a, b, "--out", "Two", "--quiet"])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "Two").sorted(), ["other", "small"])
            let two = tree("Two")
            XCTAssertEqual(Set(two.keys), Set(single.keys.flatMap { ["small/\($0)", "other/\($0)"] }))
            XCTAssertEqual(two.filter { $0.key.hasPrefix("small/") }.count, single.count)
            for (path, bytes) in single {
                XCTAssertEqual(two["small/\(path)"], bytes, "Two/small/\(path) differs from P/Reports/small/\(path)")
            }

            // --shard K/N --out S writes S/<name>/shard-K-of-N.json; merge S --out M writes M/<name>/ as the single run wrote P/Reports/<name>/.
            for k in 1...2 {
                let shard = assertSucceeds([a, "--shard", "\(k)/2", "--out", "S", "--jobs", "1"])
                XCTAssertTrue(shard.out.contains("written to S/small/shard-\(k)-of-2.json\n"), shard.out)
            }
            XCTAssertEqual(Set(tree("S").keys), ["small/shard-1-of-2.json", "small/shard-2-of-2.json"])
            let merge = assertSucceeds(["merge", "S", "--out", "M"])
            XCTAssertTrue(merge.out.contains("Reports written to M/small/\n"), merge.out)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "M"), ["small"])
            let merged = tree("M/small")
            XCTAssertEqual(Set(merged.keys), Set(single.keys))
            for (path, bytes) in single {
                XCTAssertEqual(merged[path], bytes, "M/small/\(path) differs from the single run's")
            }
            // merge S/small, the <name>/ folder itself, gives the same.
            _ = assertSucceeds(["merge", "S/small", "--out", "M2", "--quiet"])
            XCTAssertEqual(tree("M2"), tree("M"))

            // --seed 4 writes P/Reports/small@seed=4/ beside the baseline, as it would under Reports/, and
            // check --seed 4 --baseline P/Reports finds it there.
            let seeded = assertSucceeds([a, "--seed", "4", "--out", "P/Reports", "--quiet"])
            XCTAssertEqual(
                seeded.err,
                "note: small: --seed differ from a.yaml, so this run writes P/Reports/small@seed=4/ "
                    + "and leaves P/Reports/small/ (a baseline written without them) as it is\n")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: "P/Reports").sorted(), ["small", "small@seed=4"])
            XCTAssertEqual(tree("P/Reports/small"), single, "the baseline is as it was")
            let seededCheck = assertSucceeds([
                "check", a, "--seed", "4", "--baseline", "P/Reports", "--strict", "--quiet",
            ])
            XCTAssertTrue(
                seededCheck.out.contains(
                    "small: ok (136 figure(s) and 8 fingerprint(s) against P/Reports/small@seed=4)"), seededCheck.out)

            // A baseline of another seed in P/Reports/small/ (the file's seed was 4 when it was written): the error
            // names the folder and the command that writes it again, whether --baseline is the root or the report folder.
            let text = try String(contentsOfFile: a, encoding: .utf8)
            XCTAssertTrue(text.contains("seed: 3\n"))
            try Data(text.replacingOccurrences(of: "seed: 3\n", with: "seed: 4\n").utf8).write(
                to: URL(fileURLWithPath: a))
            _ = assertSucceeds([a, "--out", "P/Reports", "--quiet"])
            try Data(text.utf8).write(to: URL(fileURLWithPath: a))
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: "P/Reports").sorted(), ["small", "small@seed=4"])
            for baseline in ["P/Reports", "P/Reports/small"] {
                let stale = invoke(["check", a, "--baseline", baseline, "--quiet"])
                XCTAssertEqual(stale.code, 2, stale.out + stale.err)
                XCTAssertEqual(
                    stale.err,
                    "error: baseline P/Reports/small/ is not comparable with this run (seed 4 vs 3): it was written for another "
                        + "scenario, seed, size or dnsim-events version. Regenerate it (dnsim-events a.yaml --out P/Reports, and commit "
                        + "P/Reports/), or pass the --seed/--devices/--days it was written with\n")
                XCTAssertFalse(stale.out.contains("REGRESSION"), stale.out)
            }
            // The command it names writes the baseline the check can use.
            _ = assertSucceeds([a, "--out", "P/Reports", "--quiet"])
            XCTAssertEqual(tree("P/Reports/small"), single)
            _ = assertSucceeds(["check", a, "--baseline", "P/Reports", "--strict", "--quiet"])
        }
    }

    /// The command that writes a baseline folder again: `--out` its parent unless that is
    /// `Reports`, and a plain warning where no command can write that very folder.
    func testTheRegenerationCommandWritesTheFolderNamed() {
        let command = { (path: String, flags: String) in
            BaselineReport.regenerationCommand(file: "a.yaml", flags: flags, baseline: path, scenario: "small")
        }
        XCTAssertEqual(command("Reports/small", ""), "dnsim-events a.yaml")
        XCTAssertEqual(command("P/Reports/small", ""), "dnsim-events a.yaml --out P/Reports")
        XCTAssertEqual(command("P/Reports/small/", ""), "dnsim-events a.yaml --out P/Reports")
        XCTAssertEqual(
            command("/ci/Reports/small", " --devices 6"), "dnsim-events a.yaml --devices 6 --out /ci/Reports")
        XCTAssertEqual(command("small", ""), "dnsim-events a.yaml --out .")
        XCTAssertEqual(command("Reports/small@seed=9", " --seed 9"), "dnsim-events a.yaml --seed 9")
        XCTAssertEqual(
            command("./Reports/small@seed=9", " --seed 9"), "dnsim-events a.yaml --seed 9", "Reports, however written")
        // --out keeps the tag, so --seed 9 --out P/Reports writes P/Reports/small@seed=9/ again.
        XCTAssertEqual(command("P/Reports/small@seed=9", " --seed 9"), "dnsim-events a.yaml --seed 9 --out P/Reports")
        XCTAssertEqual(command("P/mine", ""), "dnsim-events a.yaml --out P, which writes P/small/ rather than P/mine/")
        // A one-character folder (NSString's deletingLastPathComponent traps on one on Linux).
        XCTAssertEqual(command("P", ""), "dnsim-events a.yaml --out ., which writes ./small/ rather than P/")
        XCTAssertEqual(
            BaselineReport.regenerationHint(file: "a.yaml", baseline: "P", scenario: "small"),
            "(dnsim-events a.yaml --out ., which writes ./small/ rather than P/, and commit P/)")
        XCTAssertEqual(
            BaselineReport.regenerationHint(file: "a.yaml", baseline: "P/Reports/small", scenario: "small"),
            "(dnsim-events a.yaml --out P/Reports, and commit P/Reports/)")
        XCTAssertEqual(
            BaselineReport.regenerationHint(file: "a.yaml", baseline: "small", scenario: "small"),
            "(dnsim-events a.yaml --out ., and commit small/)")
    }

    /// (a) `--devices 6 --out P` writes `P/<name>@devices=6/`, says so, and leaves the baseline `P/<name>/` byte for byte;
    /// `check` with the same overrides finds that folder under `--baseline P`.
    func testOverridesWithOutWriteATaggedFolderAndLeaveTheBaseline() throws {
        try inTemporaryDirectory {
            let a = try scenario("a.yaml")
            _ = assertSucceeds([a, "--out", "P", "--quiet"])
            let baseline = tree("P/small")
            XCTAssertNotNil(baseline["summary.csv"])

            let quick = assertSucceeds([a, "--devices", "6", "--out", "P"])
            XCTAssertEqual(
                quick.err,
                "note: small: --devices differ from a.yaml, so this run writes P/small@devices=6/ "
                    + "and leaves P/small/ (a baseline written without them) as it is\n")
            XCTAssertTrue(quick.out.contains("small: 6 devices × 10 days, seed 3;"), quick.out)
            XCTAssertTrue(quick.out.contains("Reports written to P/small@devices=6/ ("), quick.out)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: "P").sorted(), ["small", "small@devices=6"])
            XCTAssertEqual(tree("P/small"), baseline, "P/small/ is byte for byte as it was")
            XCTAssertEqual(Set(tree("P/small@devices=6").keys), Set(baseline.keys))
            XCTAssertNotEqual(tree("P/small@devices=6")["summary.csv"], baseline["summary.csv"])

            // The overrides in the file's order, each only when it differs from the file (seed 3, 8 devices, 10 days).
            let several = assertSucceeds([a, "--days", "5", "--devices", "6", "--seed", "7", "--out", "P", "--quiet"])
            XCTAssertEqual(
                several.err,
                "note: small: --seed, --devices, --days differ from a.yaml, so this run writes "
                    + "P/small@seed=7,devices=6,days=5/ and leaves P/small/ (a baseline written without them) as it is\n"
            )
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: "P").sorted(),
                ["small", "small@devices=6", "small@seed=7,devices=6,days=5"])
            XCTAssertEqual(tree("P/small"), baseline)

            let check = assertSucceeds(["check", a, "--devices", "6", "--baseline", "P", "--strict", "--quiet"])
            XCTAssertTrue(
                check.out.contains("small: ok (136 figure(s) and 8 fingerprint(s) against P/small@devices=6)"),
                check.out)
            XCTAssertEqual(tree("P/small"), baseline)

            // The file's own values are no override: such a run writes P/small/ itself, with the same figures
            // (only summary.md's and report.html's reproduce lines name the flags given), and says nothing.
            let same = assertSucceeds([a, "--seed", "3", "--devices", "8", "--days", "10", "--out", "P", "--quiet"])
            XCTAssertEqual(same.err, "")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: "P").sorted(),
                ["small", "small@devices=6", "small@seed=7,devices=6,days=5"])
            let reproducing: Set = ["summary.md", "report.html"]
            XCTAssertEqual(
                tree("P/small").filter { !reproducing.contains($0.key) },
                baseline.filter { !reproducing.contains($0.key) })
            XCTAssertTrue(
                String(decoding: tree("P/small")["summary.md"] ?? Data(), as: UTF8.self).contains(
                    "--seed 3 --devices 8 --days 10\n"))
        }
    }

    /// (b) `merge S --out ROOT` of shards run with `--devices` writes `ROOT/<name>@devices=N/`, the bytes
    /// a single run with `--devices N --out ROOT` writes, and leaves the baseline `ROOT/<name>/` alone.
    func testMergingShardsRunWithOverridesIntoABaselineRootKeepsTheBaseline() throws {
        try inTemporaryDirectory {
            let a = try scenario("a.yaml")
            _ = assertSucceeds([a, "--out", "policy/Reports", "--quiet"])
            let baseline = tree("policy/Reports/small")
            _ = assertSucceeds([a, "--devices", "6", "--out", "single", "--quiet"])
            let single = tree("single/small@devices=6")
            XCTAssertNotNil(single["manifest.json"])

            for k in 1...2 {
                let shard = assertSucceeds([a, "--devices", "6", "--shard", "\(k)/2", "--out", "S", "--jobs", "1"])
                XCTAssertTrue(shard.out.contains("written to S/small@devices=6/shard-\(k)-of-2.json\n"), shard.out)
            }
            XCTAssertEqual(
                Set(tree("S").keys), ["small@devices=6/shard-1-of-2.json", "small@devices=6/shard-2-of-2.json"])
            let merge = assertSucceeds(["merge", "S", "--out", "policy/Reports"])
            XCTAssertTrue(merge.out.contains("small: merged 2 shard(s), 6 devices × 10 days, seed 3\n"), merge.out)
            XCTAssertTrue(merge.out.contains("Reports written to policy/Reports/small@devices=6/\n"), merge.out)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: "policy/Reports").sorted(),
                ["small", "small@devices=6"])
            XCTAssertEqual(tree("policy/Reports/small"), baseline, "the baseline is byte for byte as it was")
            XCTAssertEqual(
                tree("policy/Reports/small@devices=6"), single,
                "the merge writes what the single run with --devices 6 wrote")
            // merge S/small@devices=6, the shards' folder itself, gives the same.
            _ = assertSucceeds(["merge", "S/small@devices=6", "--out", "M", "--quiet"])
            XCTAssertEqual(tree("M"), tree("single"))
        }
    }

    /// (c) `check --out P` where `P/<name>[@tag]/` is the baseline it is checked against is refused before anything runs.
    func testCheckOutOverItsOwnBaselineIsRefused() throws {
        try inTemporaryDirectory {
            let a = try scenario("a.yaml")
            _ = assertSucceeds([a, "--out", "P", "--quiet"])
            _ = assertSucceeds([a, "--devices", "6", "--out", "P", "--quiet"])
            let before = tree("P")
            for (baseline, out, flags, folder) in [
                ("P", "P", [], "P/small"), ("P/small", "P", [], "P/small"), ("P", "./P", [], "./P/small"),
                ("./P/small/", "P", [], "P/small"), ("P", "P", ["--devices", "6"], "P/small@devices=6"),
            ] {
                let arguments = ["check", a, "--baseline", baseline, "--out", out] + flags
                let refused = invoke(arguments)
                XCTAssertEqual(refused.code, 2, "\(arguments): \(refused.out)\(refused.err)")
                XCTAssertTrue(
                    refused.err.hasPrefix(
                        "error: --out \(out) would write \(folder)/, the baseline small is checked against; "
                            + "give --out another folder (e.g. --out reports)\n"), "\(arguments): \(refused.err)")
                XCTAssertEqual(refused.out, "", "nothing ran for \(arguments)")
            }
            XCTAssertEqual(tree("P"), before, "the baselines are as they were")
            // --out another folder: the check runs, and writes its report there.
            let elsewhere = assertSucceeds(["check", a, "--baseline", "P", "--out", "reports", "--quiet"])
            XCTAssertTrue(
                elsewhere.out.contains("small: ok (136 figure(s) and 8 fingerprint(s) against P/small)"), elsewhere.out)
            XCTAssertEqual(tree("reports/small")["summary.csv"], before["small/summary.csv"])
            XCTAssertEqual(tree("P"), before)
        }
    }

    /// (d) A baseline folder holding a report itself and one in its `<name>/` is ambiguous: refused, naming both files.
    func testABaselineFolderWithBothLayoutsIsRefused() throws {
        try inTemporaryDirectory {
            let a = try scenario("a.yaml")
            _ = assertSucceeds([a, "--out", "P", "--quiet"])
            for name in try FileManager.default.contentsOfDirectory(atPath: "P/small") {
                try FileManager.default.copyItem(atPath: "P/small/\(name)", toPath: "P/\(name)")
            }
            let refused = invoke(["check", a, "--baseline", "P", "--quiet"])
            XCTAssertEqual(refused.code, 2, refused.out + refused.err)
            XCTAssertEqual(
                refused.err,
                "error: P/summary.csv and P/small/summary.csv both exist, so the baseline for small is ambiguous: "
                    + "--out DIR writes DIR/<name>/ now; remove the report files in P/ itself (or pass --baseline P/small)\n"
            )
            XCTAssertEqual(refused.out, "", "nothing ran")
            // Either one, named, is a baseline.
            let named = assertSucceeds(["check", a, "--baseline", "P/small", "--strict", "--quiet"])
            XCTAssertTrue(named.out.contains("against P/small)"), named.out)
            try FileManager.default.removeItem(atPath: "P/small")
            let itself = assertSucceeds(["check", a, "--baseline", "P", "--strict", "--quiet"])
            XCTAssertTrue(itself.out.contains("against P)"), itself.out)
        }
    }

    /// (e) `--emit-telemetry` takes one scenario: the logs of two would overwrite each other.
    func testEmitTelemetryWithSeveralScenariosIsRefused() throws {
        try inTemporaryDirectory {
            let a = try scenario("a.yaml"), b = try scenario("b.yaml", name: "other")
            let refused = invoke([a, b, "--emit-telemetry", "T", "--out", "R"])
            XCTAssertEqual(refused.code, 2)
            XCTAssertTrue(
                refused.err.hasPrefix(
                    "error: --emit-telemetry T takes one scenario: the logs of several would overwrite each other there; "
                        + "run each scenario with its own --emit-telemetry folder\n"), refused.err)
            XCTAssertEqual(refused.out, "")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: ".").sorted(), ["a.yaml", "b.yaml"],
                "nothing was written")
            // One scenario takes it.
            _ = assertSucceeds([a, "--emit-telemetry", "T", "--out", "R", "--quiet"])
            XCTAssertTrue(FileManager.default.fileExists(atPath: "T/app-opens.csv"))
            // A file where its folder would be is refused before the run: no report is left behind.
            XCTAssertTrue(FileManager.default.createFile(atPath: "F", contents: Data()))
            let file = invoke([a, "--emit-telemetry", "F", "--out", "S", "--quiet"])
            XCTAssertEqual(file.code, 2)
            XCTAssertTrue(file.err.hasPrefix("error: --emit-telemetry: F is a file, not a folder\n"), file.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: "S"), "nothing was written")
        }
    }

    /// (f) A `DIR/<name>` that is a file fails before anything runs, for a run of one or several scenarios and a check.
    func testAReportFolderThatIsAFileFailsBeforeTheRun() throws {
        try inTemporaryDirectory {
            let a = try scenario("a.yaml"), b = try scenario("b.yaml", name: "other")
            _ = assertSucceeds([a, "--out", "B", "--quiet"])
            try FileManager.default.createDirectory(atPath: "P", withIntermediateDirectories: true)
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: "P/small"))
            try Data("keep me too".utf8).write(to: URL(fileURLWithPath: "P/other@devices=6"))
            for (arguments, folder) in [
                ([a, "--out", "P"], "P/small"), (["check", a, "--baseline", "B", "--out", "P"], "P/small"),
                ([b, a, "--out", "P"], "P/small"), ([a, b, "--devices", "6", "--out", "P"], "P/other@devices=6"),
            ] {
                let refused = invoke(arguments)
                XCTAssertEqual(refused.code, 2, "\(arguments)")
                XCTAssertTrue(
                    refused.err.hasPrefix("error: --out: \(folder) is a file, not a folder"),
                    "\(arguments): \(refused.err)")
                XCTAssertEqual(refused.out, "", "nothing ran for \(arguments)")
                XCTAssertFalse(refused.err.contains("note:"), "no note of where a run that never starts writes")
                XCTAssertEqual(
                    try FileManager.default.contentsOfDirectory(atPath: "P").sorted(), ["other@devices=6", "small"],
                    "nothing was written for \(arguments): not even the other scenario's report")
            }
            XCTAssertEqual(try String(contentsOfFile: "P/small", encoding: .utf8), "keep me")
            XCTAssertEqual(try String(contentsOfFile: "P/other@devices=6", encoding: .utf8), "keep me too")
        }
    }

    func testAFolderWithATrailingSlashJoinsWithOneSlash() throws {
        let small = GoldenFiles.scenarioPath("small.yaml")
        let shards = temporary.appendingPathComponent("shards").path
        let run = invoke([small, "--devices", "6", "--days", "3", "--shard", "1/3", "--out", shards + "/"])
        XCTAssertEqual(run.code, 0, run.err)
        // --devices and --days tag the shards' folder: shards/small@devices=6,days=3/.
        let folder = "\(shards)/small@devices=6,days=3"
        XCTAssertTrue(run.out.contains("written to \(folder)/shard-1-of-3.json\n"), run.out)
        XCTAssertFalse(run.out.contains("//"), run.out)
        XCTAssertEqual(try MergeRun.readPartials([shards + "/"]).map(\.file), ["\(folder)/shard-1-of-3.json"])
        XCTAssertEqual(try MergeRun.readPartials([folder + "/"]).map(\.file), ["\(folder)/shard-1-of-3.json"])
        XCTAssertEqual(ParsedArguments.folder("/"), "/")
        XCTAssertEqual(ParsedArguments.folder("a//"), "a")
    }

    /// A bad --out fails before the scenario is even read, let alone simulated.
    func testABadOutFailsBeforeTheRun() throws {
        let file = temporary.appendingPathComponent("report.txt")
        try Data("keep me".utf8).write(to: file)
        let missing = temporary.appendingPathComponent("missing.yaml").path  // never read: --out fails first
        for (out, message) in [
            (file.path, "error: --out: \(file.path) is a file, not a folder"),
            (file.path + "/sub", "error: --out: \(file.path) is a file, so \(file.path)/sub cannot be a folder"),
            ("/proc/dnsim/report", "error: --out: cannot create files in /proc: "),
        ] {
            for command in [[missing], ["check", missing], ["merge", temporary.path]] {
                let result = invoke(command + ["--out", out])
                XCTAssertEqual(result.code, 2, "\(command) \(out)")
                XCTAssertTrue(result.err.hasPrefix(message), result.err)
            }
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep me")
        XCTAssertNil(
            ReportWriter.problem(writingTo: temporary.appendingPathComponent("new/deeper/report").path),
            "missing folders are created")
        XCTAssertNil(ReportWriter.problem(writingTo: temporary.path))
    }

    /// A dangling or looping symbolic link as --out, or a --junit path that cannot be written, fails
    /// before the run with what is wrong, not after it with a Foundation error (issue 28, item 10).
    func testBrokenLinksAndABadJUnitPathFailBeforeTheRun() throws {
        let dangling = temporary.appendingPathComponent("dangling"), loop = temporary.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(
            atPath: dangling.path, withDestinationPath: temporary.appendingPathComponent("nowhere").path)
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let missing = temporary.appendingPathComponent("missing.yaml").path  // never read: the option fails first
        for (arguments, message) in [
            (
                ["--out", dangling.path],
                "error: --out: \(dangling.path) is a symbolic link to \(temporary.path)/nowhere, which does not exist; create it or give another folder"
            ),
            (
                ["--out", dangling.path + "/sub"],
                "error: --out: \(dangling.path) is a symbolic link to \(temporary.path)/nowhere, which does not exist"
            ),
            (
                ["--out", loop.path],
                "error: --out: \(loop.path) is a symbolic link that loops (to \(loop.path)); remove it or give another folder"
            ),
        ] {
            for command in [[missing], ["check", missing]] {
                let result = invoke(command + arguments)
                XCTAssertEqual(result.code, 2, "\(command) \(arguments)")
                XCTAssertTrue(result.err.hasPrefix(message), result.err)
            }
        }
        for (junit, message) in [
            (temporary.path, "error: --junit: \(temporary.path) is a folder, not a file"),
            (loop.path + "/x.xml", "error: --junit: \(loop.path) is a symbolic link that loops"),
        ] {
            let result = invoke(["check", missing, "--junit", junit])
            XCTAssertEqual(result.code, 2, junit)
            XCTAssertTrue(result.err.hasPrefix(message), result.err)
        }
        XCTAssertNil(ReportWriter.problem(writingFile: temporary.appendingPathComponent("new/junit.xml").path))
    }

    /// `--format json` alone still writes summary.csv, so the folder is a baseline.
    func testEveryReportHasSummaryCSVAndCanBeABaseline() throws {
        let out = temporary.appendingPathComponent("json-only").path
        XCTAssertEqual(invoke([small, "--devices", "6", "--format", "json", "--out", out, "--quiet"]).code, 0)
        // --devices 6 tags the folder: json-only/small@devices=6/.
        XCTAssertEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: "\(out)/small@devices=6")),
            ["summary.csv", "summary.json", "manifest.json"])
        let check = invoke(["check", small, "--devices", "6", "--baseline", out, "--strict"])
        XCTAssertEqual(check.code, 0, check.out + check.err)
        XCTAssertTrue(check.out.contains(" against \(out)/small@devices=6)"), check.out)
        XCTAssertTrue(invoke(["run", "--help"]).out.contains("summary.csv and manifest.json are always written"))
    }
}
