import Foundation
import XCTest

@testable import DNSimCLI

/// `dnsim-events completions`: each script covers every subcommand and every
/// option, bash's parses, and completing with it gives the expected words.
final class CompletionsTests: CommandLineTestCase {
    func script(_ shell: String) -> String {
        let result = invoke(["completions", shell])
        XCTAssertEqual(result.code, 0, result.err)
        return result.out
    }

    func testEveryScriptMentionsEverySubcommandAndOption() {
        for shell in CompletionsCommand.shells {
            let text = script(shell)
            for command in Subcommands.all {
                XCTAssertTrue(text.contains(command.name), "\(shell) names \(command.name)")
                for option in command.options {
                    // fish spells long options without their dashes (-l seed).
                    let spelled = shell == "fish" ? "-l \(option.name.dropFirst(2))" : option.name
                    XCTAssertTrue(text.contains(spelled), "\(shell): \(command.name) \(option.name)")
                    if let short = option.short {
                        XCTAssertTrue(
                            text.contains(shell == "fish" ? "-s \(short)" : "-\(short)"),
                            "\(shell): \(command.name) -\(short)")
                    }
                }
            }
            XCTAssertTrue(text.contains(".yaml"), "\(shell) completes scenario files")
        }
        XCTAssertEqual(invoke(["completions", "tcsh"]).code, 2)
        XCTAssertEqual(invoke(["completions"]).code, 2)
    }

    /// Runs `body` in bash with the script sourced; returns stdout.
    func bash(_ body: String, script: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let file = temporary.appendingPathComponent("completion.bash")
        try Data((script ?? self.script("bash")).utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "cd \"$1\" && source \"$2\" && \(body)", "bash", temporary.path, file.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self)
        )
    }

    func testBashScriptParses() throws {
        let file = temporary.appendingPathComponent("completion.bash")
        try Data(script("bash").utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-n", file.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testBashCompletesSubcommandsOptionsValuesAndScenarioFiles() throws {
        for name in ["a.yaml", "notes.txt"] {
            _ = FileManager.default.createFile(atPath: temporary.appendingPathComponent(name).path, contents: nil)
        }
        try FileManager.default.createDirectory(
            at: temporary.appendingPathComponent("Reports"), withIntermediateDirectories: true)
        let complete = """
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _dnsim_events; echo "${COMPREPLY[*]}"; }
            t dnsim-events ch; t dnsim-events check --bas; t dnsim-events check --format ''; t dnsim-events check ''
            t dnsim-events a.yaml --dev; t dnsim-events completions ''; t dnsim-events init --ti
            complete -p dnsim-events
            """
        let result = try bash(complete)
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            Array(lines.prefix(7)),
            ["check", "--baseline", "text json", "a.yaml Reports", "--devices", "bash zsh fish", "--time-zone"])
        XCTAssertTrue(lines[7].contains("-F _dnsim_events dnsim-events"), lines[7])
    }

    /// `trace --arm` completes the scenario's own arms (as validate lists them), and `fit` completes
    /// telemetry CSVs, not scenarios (issue 26, item 16).
    func testBashCompletesArmsAndTelemetryFiles() throws {
        for name in ["s.yaml", "bg.csv", "notes.txt"] {
            _ = FileManager.default.createFile(atPath: temporary.appendingPathComponent(name).path, contents: nil)
        }
        let complete = """
            dnsim-events() { [[ "$1 $2" == "validate s.yaml" ]] && printf 's.yaml: ok\\n  arms: independent/ios, chained/ios, chained/android\\n'; }
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _dnsim_events; echo "${COMPREPLY[*]}"; }
            t dnsim-events trace s.yaml --arm ch; t dnsim-events trace s.yaml --device 1 --arm ''; t dnsim-events trace --arm ''; t dnsim-events fit ''
            """
        let result = try bash(complete)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(
            result.out.split(separator: "\n", omittingEmptySubsequences: false).prefix(4).map(String.init),
            ["chained/ios chained/android", "independent/ios chained/ios chained/android", "", "bg.csv"])
        XCTAssertTrue(script("zsh").contains("*:telemetry CSV:_files -g ") && script("zsh").contains("*.csv(-.)"))
        XCTAssertTrue(
            script("bash").contains("fit:--families) COMPREPLY=($(compgen -W \"lognormal weibull gamma exponential\""),
            "not the report formats")
        XCTAssertTrue(script("fish").contains("__fish_seen_subcommand_from fit' -a '(__fish_complete_suffix .csv)'"))
    }

    /// zsh and fish complete `--arm` with the scenario's own arms too: fish's function is run here
    /// with `commandline` and the tool stubbed; zsh's is named by every `--arm` spec.
    func testZshAndFishCompleteArms() throws {
        XCTAssertTrue(script("zsh").contains(":A:_dnsim_events_arms'"), "the zsh spec calls the arms function")
        XCTAssertTrue(script("zsh").contains("_dnsim_events_arms() {"))
        XCTAssertTrue(script("fish").contains("-l arm -x -a '(__dnsim_events_arms)'"))
        guard
            let fish = ["/usr/bin/fish", "/bin/fish", "/usr/local/bin/fish"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            throw XCTSkip("fish is not installed")
        }
        let path = temporary.appendingPathComponent("completion.fish")
        try Data(script("fish").utf8).write(to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fish)
        process.arguments = [
            "--no-config", "-c",
            """
            source \(path.path)
            function commandline; printf '%s\\n' dnsim-events trace s.yaml --device 1 --arm; end
            function dnsim-events; test "$argv[1] $argv[2]" = "validate s.yaml"; and printf 's.yaml: ok\\n  arms: independent/ios, chained/ios\\n'; end
            __dnsim_events_arms
            """,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(text, "independent/ios\nchained/ios\n")
    }

    func testZshScriptParses() throws {
        try assertParses("zsh")
    }

    func testFishScriptParses() throws {
        try assertParses("fish")
    }

    /// `shell -n` checks its script's syntax; skipped, and so reported, where
    /// the shell is not installed (CI installs both: .ci/run).
    func assertParses(_ shell: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(shell)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { throw XCTSkip("\(shell) is not installed") }
        let script = temporary.appendingPathComponent("completion.\(shell)")
        try Data(self.script(shell).utf8).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", script.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(
            process.terminationStatus, 0, "\(shell): \(String(decoding: error, as: UTF8.self))", file: file, line: line)
    }
}
