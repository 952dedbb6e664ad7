import DNSimRun

extension RunFeedback {
    /// Notes on the console's stderr; a progress bar there when it is a terminal and the command
    /// is not quiet.
    static func console(_ console: Console, quiet: Bool = true) -> RunFeedback {
        var progress: (@Sendable (String) -> any RunProgress)?
        if console.errorIsTerminal && !quiet {
            progress = { label in ProgressBar(console: console, label: label) }
        }
        return RunFeedback(note: { console.printError($0) }, progress: progress)
    }
}
