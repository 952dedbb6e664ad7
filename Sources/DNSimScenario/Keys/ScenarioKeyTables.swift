import Foundation

/// Renders the key tables of docs/scenario-format.md from `ScenarioKeyCatalog`, so the docs
/// cannot drift from the keys the loader accepts. A table is named by its id, usually the
/// mapping it documents (`platforms.ios`; "" for the top level, `strategies` for the options
/// every strategy takes, `expect[]` for an `expect` entry); in the docs it follows a marker
/// `<!-- keys: ID -->`, and `DNSIM_UPDATE_DOCS=1 swift test --filter ScenarioFormatDocTests`
/// rewrites every table after its marker.
public enum ScenarioKeyTables {
    static let header = [
        "| Key | Role | Type | Default | Range | Meaning | Example |",
        "|---|---|---|---|---|---|---|",
    ]

    /// Every table id, in catalog order.
    public static var ids: [String] {
        var ids: [String] = []
        for key in ScenarioKeyCatalog.keys { if let table = key.table, !ids.contains(table) { ids.append(table) } }
        return ids
    }

    /// The Markdown table `id` (header and rows, one line each), or nil if no key is shown in it.
    public static func table(_ id: String) -> [String]? {
        let rows = ScenarioKeyCatalog.keys.filter { $0.table == id }.map(row)
        return rows.isEmpty ? nil : header + rows
    }

    static func row(_ key: ScenarioKey) -> String {
        "| "
            + [label(key), role(key), key.type, key.defaultValue, key.range, key.meaning, key.example].joined(
                separator: " | ") + " |"
    }

    /// `name`, or `name` (in `parent`) for a key shown in an enclosing mapping's table.
    static func label(_ key: ScenarioKey) -> String {
        let parent = ScenarioKeyCatalog.parent(of: key.path)
        guard key.paths.count == 1, parent != key.table else { return "`\(key.name)`" }
        return "`\(key.name)` (in `\(ScenarioKeyCatalog.name(of: parent))`)"
    }

    static func role(_ key: ScenarioKey) -> String {
        let name = key.role == .mixed ? "per key" : key.role.rawValue
        return key.why.map { "\(name): \($0)" } ?? name
    }

    /// `text` with the table after each `<!-- keys: ID -->` marker rendered anew; the marker's
    /// old table (its `|` lines right after the marker) is replaced. Unknown ids are listed.
    public static func render(into text: String) -> (text: String, unknown: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [String] = []
        var unknown: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            result.append(line)
            index += 1
            guard let id = markerID(line) else { continue }
            guard let table = table(id) else { unknown.append(id); continue }
            while index < lines.count, lines[index].hasPrefix("|") { index += 1 }
            result += table
        }
        return (result.joined(separator: "\n"), unknown)
    }

    /// The ids of every marker in `text`, in order.
    public static func markers(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { markerID(String($0)) }
    }

    private static func markerID(_ line: String) -> String? {
        let prefix = "<!-- keys:", suffix = "-->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
    }
}
