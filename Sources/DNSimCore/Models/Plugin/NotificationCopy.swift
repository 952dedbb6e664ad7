/// The title and body a user reads, exactly as TimeSafariNativeFetcher
/// aggregates them (TimeSafari's iOS parity notes §6.2), or the plugin's fallback copy.
public struct NotificationCopy: Sendable, Equatable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// One aggregated notification for the updated projects, in the order the
    /// server returns them (by their latest update). Nil when nothing updated.
    public static func aggregated(projectNames: [String]) -> NotificationCopy? {
        guard let first = projectNames.first else { return nil }
        if projectNames.count == 1 {
            return NotificationCopy(title: "Starred Project Update", body: "\u{201C}\(first)\u{201D} has been updated.")
        }
        return NotificationCopy(
            title: "Starred Project Updates",
            body: "\u{201C}\(first)\u{201D} + \(projectNames.count - 1) more have been updated.")
    }

    /// The same with a scenario's own copy (`fetch.copy`), or TimeSafari's when there is none.
    public static func aggregated(itemIndices: [Int], template: CopyTemplate?) -> NotificationCopy? {
        guard let template else { return aggregated(projectNames: itemIndices.map(projectName)) }
        guard let first = itemIndices.first.map(template.name) else { return nil }
        let count = itemIndices.count
        return count == 1
            ? NotificationCopy(
                title: template.fill(template.oneTitle, first: first, count: 1),
                body: template.fill(template.oneBody, first: first, count: 1))
            : NotificationCopy(
                title: template.fill(template.manyTitle, first: first, count: count),
                body: template.fill(template.manyBody, first: first, count: count))
    }

    /// The simulated name of starred project `index`.
    public static func projectName(_ index: Int) -> String { "Starred project \(index + 1)" }
}
