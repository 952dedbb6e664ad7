import Foundation

/// Where the command writes: stdout and stderr, or buffers in tests.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void
    /// Whether stderr is a terminal (progress is drawn only then).
    public let errorIsTerminal: Bool
    /// The environment variables the command may consult (`GITHUB_ACTIONS`,
    /// `GITHUB_STEP_SUMMARY`). The executable passes the process's; tests pass
    /// their own. Nothing in the library reads the process environment.
    public let environment: [String: String]

    public init(
        out: @escaping (String) -> Void, error: @escaping (String) -> Void, errorIsTerminal: Bool = false,
        environment: [String: String] = [:]
    ) {
        writeOut = out
        writeError = error
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
    }

    /// stdout and stderr, with the given environment (the executable passes the process's). A
    /// write that fails ends the process (`StandardStream`): exit 2, or 141 for a closed pipe.
    public static func standard(environment: [String: String] = [:]) -> Console {
        Console(
            out: { StandardStream.output.write($0) },
            error: { StandardStream.error.write($0) },
            errorIsTerminal: isatty(2) == 1, environment: environment)
    }

    public func print(_ text: String) { lock.lock(); writeOut(text + "\n"); lock.unlock() }
    public func printError(_ text: String) { lock.lock(); writeError(text + "\n"); lock.unlock() }
    public func writeErrorRaw(_ text: String) { lock.lock(); writeError(text); lock.unlock() }
}
