import DNSimReports
import Foundation

/// An output that could not be written (a full disk, a folder taken away): exit 2,
/// with the path, the system's reason and what was and was not written.
public struct OutputFailure: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "error: \(message)" }

    /// Nothing could be written to `targets` (folders or files) because of `error`; `unchanged`
    /// names what was there before and still is.
    public static func nothingWritten(to targets: [String], _ error: any Error, unchanged: String? = nil)
        -> OutputFailure
    {
        let failure = WriteFailure(path: "", error: error)
        var cause = failure.path.isEmpty ? failure.reason : failure.description
        // A path the policy refused says so itself: `PATH: is a FIFO, …`.
        if let refusal = error as? OutputPathPolicy.Refusal { cause = refusal.description }
        let kept = unchanged.map { " (\($0) is as it was)" } ?? ""
        return OutputFailure("\(cause); nothing was written to \(targets.joined(separator: " or "))\(kept)")
    }
}
