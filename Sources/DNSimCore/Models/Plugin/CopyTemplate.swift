/// A scenario's own notification copy for fetched content (`fetch.copy`), so an app other than
/// TimeSafari reads as itself in traces ("3 new episodes"). Placeholders: `{first}` (the most
/// recently updated item's name), `{count}` (items updated), `{more}` (count − 1).
public struct CopyTemplate: Sendable, Equatable {
    public var oneTitle: String
    public var oneBody: String
    public var manyTitle: String
    public var manyBody: String
    /// The name of item n (1-based) as `{n}` fills it, e.g. "Episode {n}".
    public var itemName: String

    public init(oneTitle: String, oneBody: String, manyTitle: String, manyBody: String, itemName: String = "Item {n}") {
        self.oneTitle = oneTitle
        self.oneBody = oneBody
        self.manyTitle = manyTitle
        self.manyBody = manyBody
        self.itemName = itemName
    }

    /// The placeholders the templates may use.
    public static let placeholders = ["{first}", "{count}", "{more}"]

    func fill(_ text: String, first: String, count: Int) -> String {
        text.replacingOccurrences(of: "{first}", with: first).replacingOccurrences(of: "{count}", with: String(count))
            .replacingOccurrences(of: "{more}", with: String(count - 1))
    }

    func name(_ index: Int) -> String { itemName.replacingOccurrences(of: "{n}", with: String(index + 1)) }
}
