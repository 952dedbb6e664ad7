import DNSimTestSupport
import Foundation
import XCTest

/// Inputs that once gave a wrong verdict or lost files (issue 28): a damaged
/// baseline, an empty path, two scenarios of one name, an option taken as a value.
/// Each is refused with exit 2, saying which file, before anything runs.
final class DamagedInputTests: CommandLineTestCase {
    /// The small fixture with `edit` applied, written to a temporary file.
    func scenario(_ edit: (String) -> String = { $0 }, name: String = "s.yaml") -> String {
        let text = String(
            decoding: FileManager.default.contents(atPath: GoldenFiles.scenarioPath("small.yaml"))!, as: UTF8.self)
        let path = temporary.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(edit(text).utf8))
        return path
    }

    // MARK: - A damaged baseline never passes

    /// Writes a baseline with `--out root`, damages one of its files with `damage`, and checks
    /// against it with `--baseline root`; `folder` is the report folder, `root/small@devices=6` (the run's tag).
    func checkAgainstDamaged(_ file: String, _ damage: (String) -> String?) throws -> (
        code: Int32, out: String, err: String, folder: String, root: String
    ) {
        let root = temporary.appendingPathComponent("baseline-\(UUID().uuidString)").path
        XCTAssertEqual(invoke([scenario(), "--devices", "6", "--out", root, "--quiet"]).code, 0)
        let folder = "\(root)/small@devices=6"
        let path = "\(folder)/\(file)"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        if let damaged = damage(text) {
            try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
        } else {
            try FileManager.default.removeItem(atPath: path)
        }
        let result = invoke(["check", scenario(), "--devices", "6", "--baseline", root, "--quiet"])
        return (result.code, result.out, result.err, folder, root)
    }

    func testBaselineWithOnlyItsHeaderIsRefused() throws {
        let result = try checkAgainstDamaged("summary.csv") { String($0.prefix { $0 != "\n" }) + "\n" }
        XCTAssertEqual(result.code, 2, result.out)
        XCTAssertEqual(
            result.err,
            "\(result.folder)/summary.csv:1: error: the header is followed by no rows (one per arm): "
                + "the file is truncated or damaged; regenerate it\n")
        XCTAssertEqual(result.out, "", "nothing ran")
    }

    func testBaselineTruncatedInsideItsHeaderIsRefused() throws {
        let result = try checkAgainstDamaged("summary.csv") { String($0.prefix(60)) }
        XCTAssertEqual(result.code, 2, result.out)
        XCTAssertTrue(
            result.err.hasPrefix("\(result.folder)/summary.csv:1: error: the header is followed by no rows"), result.err
        )
    }

    func testBaselineWithCRLFLineEndsStillPasses() throws {
        let result = try checkAgainstDamaged("summary.csv") { $0.replacingOccurrences(of: "\n", with: "\r\n") }
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("136 figure(s) and 8 fingerprint(s)"), result.out)
    }

    func testBaselineMissingAnArmItsManifestListsIsRefused() throws {
        let result = try checkAgainstDamaged("summary.csv") { text in
            let lines = text.split(separator: "\n")
            return lines.dropLast().joined(separator: "\n") + "\n"
        }
        XCTAssertEqual(result.code, 2, result.out)
        XCTAssertTrue(result.err.hasPrefix("error: \(result.folder)/summary.csv has no row for "), result.err)
        XCTAssertTrue(
            result.err.contains(
                "which \(result.folder)/manifest.json lists: the file is truncated or damaged; regenerate it "
                    + "(dnsim-events \(scenario()) --devices 6 --out \(result.root), and commit \(result.root)/)\n"),
            result.err)
    }

    func testBaselineWithoutItsManifestIsRefused() throws {
        let missing = try checkAgainstDamaged("manifest.json") { _ in nil }
        XCTAssertEqual(missing.code, 2, missing.out)
        XCTAssertEqual(
            missing.err,
            "error: \(missing.folder)/manifest.json is missing; a baseline is a whole report folder: regenerate it "
                + "(dnsim-events \(scenario()) --devices 6 --out \(missing.root), and commit \(missing.root)/)\n")
        let garbled = try checkAgainstDamaged("manifest.json") { String($0.prefix(20)) }
        XCTAssertEqual(garbled.code, 2, garbled.out)
        XCTAssertTrue(
            garbled.err.hasPrefix(
                "error: \(garbled.folder)/manifest.json is not a dnsim-events manifest (not valid JSON)"), garbled.err)
    }

    func testBaselineWithANonNumericFigureIsRefusedAtItsLineAndColumn() throws {
        var column = 0
        let result = try checkAgainstDamaged("summary.csv") { text in
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var fields = lines[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let index = lines[0].split(separator: ",").firstIndex(of: "fresh_rate")!
            fields[index] = "n/a"
            column = fields[..<index].reduce(1) { $0 + $1.count + 1 }
            lines[2] = fields.joined(separator: ",")
            return lines.joined(separator: "\n")
        }
        XCTAssertEqual(result.code, 2, result.out)
        XCTAssertEqual(
            result.err, "\(result.folder)/summary.csv:3:\(column): error: fresh_rate is 'n/a', not a number\n")
    }

    /// `edit` applied to the fields of `summary.csv`'s header and rows (the first row is `rows[0]`).
    func damagingSummary(_ edit: @escaping (inout [String], inout [[String]]) -> Void) throws -> (
        code: Int32, out: String, err: String, folder: String, root: String
    ) {
        try checkAgainstDamaged("summary.csv") { text in
            let lines = text.split(separator: "\n").map(String.init)
            var header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var rows = lines.dropFirst().map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            edit(&header, &rows)
            return ([header] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
        }
    }

    /// A column left out, or named twice, would leave its figure uncompared: `check` passed a
    /// regression that way. Each is refused at the header, naming the column.
    func testBaselineWithoutAColumnOrWithOneTwiceIsRefused() throws {
        let dropped = try damagingSummary { header, rows in
            let index = header.firstIndex(of: "fresh_rate")!
            header.remove(at: index)
            for i in rows.indices { rows[i].remove(at: index) }
        }
        XCTAssertEqual(dropped.code, 2, dropped.out)
        XCTAssertEqual(
            dropped.err,
            "\(dropped.folder)/summary.csv:1: error: the header has no column 'fresh_rate', which every summary of "
                + "this version has: the file is damaged or from an earlier build; regenerate it\n")
        let twice = try damagingSummary { header, _ in header[header.firstIndex(of: "missed_rate")!] = "fresh_rate" }
        XCTAssertEqual(twice.code, 2, twice.out)
        XCTAssertTrue(twice.err.contains("appears twice in the header"), twice.err)
    }

    /// A figure no run can write (a rate above 1 or below 0, a negative or huge half-width) is damage,
    /// not a baseline: it passed a regression, or reported one, before.
    func testBaselineFiguresOutsideTheirRangeAreRefused() throws {
        for (column, value, range) in [
            ("missed_rate", "-5", "0–1"), ("missed_rate", "1e308", "0–1"), ("fresh_half_width", "-1e308", "0 or more"),
        ] {
            let result = try damagingSummary { header, rows in rows[0][header.firstIndex(of: column)!] = value }
            XCTAssertEqual(result.code, 2, "\(column) \(value): \(result.out)")
            XCTAssertEqual(
                result.err,
                "\(result.folder)/summary.csv:2: error: \(column) is \(value), outside \(range): the file is damaged; "
                    + "regenerate it\n")
        }
        // A huge half-width is a number a run could write for few devices; it is not refused, but
        // JSON never carries an infinite or undefined tolerance.
        let wide = try damagingSummary { header, rows in rows[0][header.firstIndex(of: "fresh_half_width")!] = "2" }
        XCTAssertNotEqual(wide.code, 2, wide.err)
    }

    /// Rows the manifest does not account for: an arm twice, or one it does not list.
    func testBaselineWithAnArmTwiceOrAStrangerIsRefused() throws {
        let twice = try checkAgainstDamaged("summary.csv") { text in
            let lines = text.split(separator: "\n").map(String.init)
            return (lines + [lines[1]]).joined(separator: "\n") + "\n"
        }
        XCTAssertEqual(twice.code, 2, twice.out)
        XCTAssertTrue(twice.err.hasPrefix("error: \(twice.folder)/summary.csv has two rows for "), twice.err)
        let stranger = try checkAgainstDamaged("summary.csv") { text in
            let lines = text.split(separator: "\n").map(String.init)
            let extra = "chained/bogus" + lines[1].drop { $0 != "," }
            return (lines + [extra]).joined(separator: "\n") + "\n"
        }
        XCTAssertEqual(stranger.code, 2, stranger.out)
        XCTAssertTrue(
            stranger.err.hasPrefix(
                "error: \(stranger.folder)/summary.csv has a row for chained/bogus, which "
                    + "\(stranger.folder)/manifest.json does not list"), stranger.err)
    }

    // MARK: - An empty path is a usage error

    func testEmptyPathsAreUsageErrors() {
        let path = scenario()
        let cases: [([String], String)] = [
            ([path, "--out", ""], "--out is empty; give a folder"),
            ([path, "--out="], "--out is empty; give a folder"),
            ([path, "--emit-telemetry", ""], "--emit-telemetry is empty; give a folder"),
            (["fit", "t.csv", "--out", ""], "--out is empty; give a folder"),
            (["check", path, "--junit", ""], "--junit is empty; give a file"),
            (["check", path, "--baseline", ""], "--baseline is empty; give a folder"),
        ]
        for (arguments, message) in cases {
            let result = invoke(arguments)
            XCTAssertEqual(result.code, 2, "\(arguments)")
            XCTAssertEqual(
                result.err, "error: \(message) (is a variable unset?)\nRun 'dnsim-events --help' for usage.\n",
                "\(arguments)")
            XCTAssertEqual(result.out, "", "nothing ran for \(arguments)")
        }
    }

    /// A report removes the files of an earlier report it does not rewrite, but
    /// only in a folder that holds a report: elsewhere they are the user's.
    func testAReportRemovesOnlyFilesOfAnEarlierReport() throws {
        // The user's own files in the folder the report goes to: --out mine --devices 6 writes mine/small@devices=6/.
        let mine = temporary.appendingPathComponent("mine").path, folder = "\(mine)/small@devices=6"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["summary.json", "sweep.csv", "cycles.csv"] {
            try Data("my own \(name)\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        XCTAssertEqual(invoke([scenario(), "--devices", "6", "--out", mine, "--quiet"]).code, 0)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: "\(folder)/summary.csv"),
            "the report went into mine/small@devices=6/")
        for name in ["summary.json", "sweep.csv", "cycles.csv"] {
            XCTAssertEqual(
                try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8), "my own \(name)\n", "\(name) is kept")
        }
        let out = temporary.appendingPathComponent("report").path, report = "\(out)/small@devices=6"
        XCTAssertEqual(
            invoke([scenario(), "--devices", "6", "--out", out, "--format", "csv,md,json", "--quiet"]).code, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(report)/summary.json"))
        XCTAssertEqual(invoke([scenario(), "--devices", "6", "--out", out, "--quiet"]).code, 0)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: "\(report)/summary.json"),
            "the earlier report's summary.json is removed")
    }

    // MARK: - Two scenarios of one name

    func testTwoScenariosOfOneNameAreRefusedNamingBoth() {
        let first = scenario(name: "a.yaml"), second = scenario(name: "b.yaml")
        let out = temporary.appendingPathComponent("out").path
        for command in [[], ["check"]] {
            let result = invoke(command + [first, second, "--devices", "6", "--out", out, "--quiet"])
            XCTAssertEqual(result.code, 2, "\(command)")
            XCTAssertTrue(result.err.hasPrefix("error: \(first) and \(second) are both named 'small'"), result.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing ran")
        }
    }

    // MARK: - An option is not taken as a value

    func testAnOptionIsNotTakenAsTheValueOfTheOneBefore() {
        let result = invoke([scenario(), "--out", "--quiet"])
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(
            result.err,
            "error: --out needs a value (DIR), not the option '--quiet'\nRun 'dnsim-events --help' for usage.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "--quiet"))
        // A negative number is still a value, refused by the option itself.
        let seed = invoke([scenario(), "--seed", "-5"])
        XCTAssertEqual(seed.code, 2)
        XCTAssertTrue(
            seed.err.contains("--seed must be a whole number from 0 to 18446744073709551615, not '-5'"), seed.err)
    }
}
