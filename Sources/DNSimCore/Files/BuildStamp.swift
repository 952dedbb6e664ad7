/// The commit this source was exported from. `.gitattributes` marks this file
/// `export-subst`, so `git archive` (which `.ci/dist` and release tarballs
/// use) replaces the format placeholder below with the full hash; in a working
/// tree it stays a placeholder and `ToolVersion.commit` is nil. Keep the
/// placeholder the only one in this file: git substitutes every one.
enum BuildStamp {
    static let archivedCommit = "$Format:%H$"
}
