/// Path text taken apart without Foundation's `NSString` path methods: on Linux,
/// `("P" as NSString).deletingLastPathComponent` traps on a one-character path
/// without a slash (swift-corelibs-foundation), so `--baseline P` would crash.
public enum PathText {
    /// `path` without its last component, as `NSString.deletingLastPathComponent`
    /// gives it: `a/b` → `a`, `a/b/` → `a`, `/a` → `/`, `/` → `/`, `a` → "" (none).
    public static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var parent = trimmed[..<slash]
        while parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }
}
