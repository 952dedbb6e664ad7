import DNSimCore

/// Sets dotted keys of a scenario file by editing its text, so every other byte stays: comments,
/// key order, quoting, blank lines (`fit --into`). A key that is written has its value's text
/// replaced, a block value by the new flow value on the key's line; one that is not is added to the
/// deepest mapping on its path that is, at that mapping's indentation or as a flow entry, with any
/// missing parents as nested mappings. A parent that is not a mapping written in place (a scalar,
/// a list, an alias, an anchored mapping, a merged key) is refused at its line and column.
/// It edits text only: whether the result is a valid scenario is the loader's to say.
public enum ScenarioEditor {
    /// `bytes` with each key set to its value (YAML flow text), in order, and what each change was.
    /// `measured` replaces the `# GUESS: …` comment (or an older init's `# replace: …`) on each edited key's line.
    public static func setting(
        _ settings: [(key: String, value: String)], in bytes: [UInt8], file: String,
        measured: String? = nil
    ) throws(Diagnostic) -> (bytes: [UInt8], changes: [ScenarioKeyChange]) {
        var text = bytes
        var placed: [(key: String, old: String?, new: String, offset: Int, textChanged: Bool)] = []
        for setting in settings {
            // Read afresh each time: an earlier key may have added the mapping this one goes in.
            let edit = try ScenarioDocument(text, file: file).edit(
                path(setting.key), to: setting.value, measured: measured)
            let replacement = Array(edit.text.utf8)
            let changed = Array(text[edit.range]) != replacement
            text.replaceSubrange(edit.range, with: replacement)
            let shift = replacement.count - edit.range.count
            for index in placed.indices where placed[index].offset >= edit.range.upperBound {
                placed[index].offset += shift
            }
            placed.append((setting.key, edit.old, setting.value, edit.range.lowerBound + edit.valueStart, changed))
        }
        let positions = SourcePositions(text)
        return (
            text,
            placed.map {
                ScenarioKeyChange(
                    key: $0.key, old: $0.old, new: $0.new, file: file, mark: positions.mark($0.offset),
                    textChanged: $0.textChanged)
            }
        )
    }

    /// Throws, at its place, the first key of `keys` that cannot be set in `bytes`: checked before a
    /// long fit, so a scenario that cannot take its values fails at once rather than after it.
    public static func check(keys: [String], in bytes: [UInt8], file: String) throws(Diagnostic) {
        let document = try ScenarioDocument(bytes, file: file)
        for key in keys { _ = try document.target(path(key)) }
    }

    private static func path(_ key: String) -> [String] {
        key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
