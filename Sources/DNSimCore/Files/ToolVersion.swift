/// The version every report, manifest and partial result records, and the
/// commit the binary was built from, which only `--version` shows.
///
/// `current` is the release (bumped by hand with CHANGELOG.md). It goes into
/// `manifest.json`, `summary.md` and `summary.json`, and `check` refuses a
/// baseline of another version. The commit goes into no report: a committed
/// baseline must not change with every commit.
public enum ToolVersion {
    public static let current = "0.2.0"

    /// The full commit hash, when the source was exported by `git archive`
    /// (a release tarball, `.ci/dist`, a GitHub source download), or nil in a
    /// working tree, where it cannot be known at build time without a build plugin.
    public static var commit: String? {
        let stamp = BuildStamp.archivedCommit
        guard stamp.count == 40, stamp.allSatisfy({ $0.isHexDigit }) else { return nil }
        return stamp
    }

    /// `0.2.0 (commit 0075542a1b2c)`, or `0.2.0 (commit unknown)`.
    public static var described: String {
        "\(current) (commit \(commit.map { String($0.prefix(12)) } ?? "unknown"))"
    }
}
