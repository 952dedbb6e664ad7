import DNSimTestSupport
import XCTest

@testable import DNSimCLI
@testable import DNSimCore
@testable import DNSimRun

/// Help, version and the rules every subcommand's options follow.
final class CommandLineHelpTests: CommandLineTestCase {
    let small = GoldenFiles.scenarioPath("small.yaml")  // 30 days from 2027-03-01, America/New_York

    func testHelpAndVersionFlags() {
        for flag in ["--help", "-h"] {
            let result = invoke([flag])
            XCTAssertEqual(result.code, 0)
            XCTAssertTrue(result.out.contains("Subcommands:"), result.out)
            for command in ["check", "validate", "trace", "bench", "merge"] {
                XCTAssertTrue(result.out.contains("  \(command) "), "\(command) is listed")
            }
        }
        let version = invoke(["--version"])
        XCTAssertEqual(version.code, 0)
        XCTAssertEqual(version.out, "dnsim-events \(ToolVersion.described)\n")
        XCTAssertTrue(version.out.hasPrefix("dnsim-events \(ToolVersion.current) (commit "), version.out)
        // A working tree says unknown; a git-archive export (a release) names the commit it was built from.
        if let commit = ToolVersion.commit {
            XCTAssertTrue(version.out.hasSuffix("(commit \(commit.prefix(12)))\n"))
        } else {
            XCTAssertTrue(version.out.hasSuffix("(commit unknown)\n"))
        }
    }

    /// Each subcommand's help lists its own options and no other's.
    func testEachSubcommandHasItsOwnHelp() {
        for command in Subcommands.all {
            let viaFlag = invoke([command.name, "--help"])
            XCTAssertEqual(viaFlag.code, 0, command.name)
            XCTAssertTrue(viaFlag.out.hasPrefix("dnsim-events \(command.name):"), viaFlag.out)
            for option in command.options {
                XCTAssertTrue(viaFlag.out.contains(option.name), "\(command.name) help names \(option.name)")
            }
            XCTAssertEqual(invoke(["help", command.name]).out, viaFlag.out, "help \(command.name) says the same")
        }
        let check = invoke(["check", "-h"]).out
        XCTAssertTrue(check.contains("--baseline DIR"))
        XCTAssertFalse(check.contains("--device "), "trace's --device is not check's")
        XCTAssertFalse(invoke(["validate", "--help"]).out.contains("--strict"))
    }

    /// Help works even beside a mistake, so a user can find the right spelling.
    func testHelpWinsOverATypo() {
        let result = invoke(["check", "--basline", "x", "--help"])
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.out.contains("--baseline"))
    }

    func testAnOptionOfAnotherSubcommandIsNamedNotIgnored() {
        let strict = invoke(["x.yaml", "--strict"])
        XCTAssertEqual(strict.code, 2)
        XCTAssertTrue(strict.err.contains("'run' takes no --strict; it is an option of 'check'"), strict.err)
        let device = invoke(["validate", "x.yaml", "--device", "3"])
        XCTAssertEqual(device.code, 2)
        XCTAssertTrue(device.err.contains("it is an option of 'trace'"), device.err)
        XCTAssertTrue(device.err.contains("(did you mean '--devices'?)"), device.err)
    }

    func testUnknownSubcommandGetsASuggestion() {
        let result = invoke(["chek", "x.yaml"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("no subcommand 'chek' (did you mean 'check'?)"), result.err)
        XCTAssertTrue(invoke(["help", "valdate"]).err.contains("(did you mean 'validate'?)"))
    }

    /// `--` ends options: what follows is a file even if it starts with a dash.
    func testDoubleDashEndsOptions() {
        let result = invoke(["validate", "--", "--devices"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("--devices: error: no such file"), result.err)
    }

    func testShortFlagsAndValueForms() {
        let parsed = try? ArgumentParser.parse(
            ["-q", "-j", "3", "--devices=5", "-o", "out", "a.yaml"], for: RunCommand.self)
        XCTAssertEqual(parsed?.flags, ["--quiet"])
        XCTAssertEqual(parsed?.values, ["--jobs": "3", "--devices": "5", "--out": "out"])
        XCTAssertEqual(parsed?.operands, ["a.yaml"])
        XCTAssertThrowsError(try ArgumentParser.parse(["--quiet=yes"], for: RunCommand.self))
        XCTAssertThrowsError(try ArgumentParser.parse(["--jobs"], for: RunCommand.self))
    }

    func testShortFlagsAndHelpTopics() {
        XCTAssertEqual(invoke(["help", "trace"]).out, invoke(["trace", "-h"]).out)
        XCTAssertEqual(invoke(["help", "run"]).out, invoke(["run", "--help"]).out)
        let out = temporary.appendingPathComponent("short").path
        let result = invoke([small, "-j", "1", "-q", "-o", out, "--devices", "2"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.out, "", "-q prints nothing")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/small@devices=2/summary.csv"))
    }

    func testHelpDescribesEachSubcommandsOwnOptions() {
        let fit = invoke(["fit", "--help"]).out
        XCTAssertTrue(fit.contains("the fit's folder (default Reports/fit-"), fit)
        XCTAssertTrue(fit.contains("seed of the parametric bootstrap's draws"), fit)
        XCTAssertFalse(fit.contains("scenario's seed"), fit)
        for command in ["fit", "init"] {
            XCTAssertFalse(invoke([command, "--help"]).out.contains("no summary table"), command)
        }
        let run = invoke(["run", "--help"]).out
        XCTAssertTrue(run.contains("[--shard K/N] [--emit-telemetry DIR]"), run)
    }
}
