/// A 1-based line and column in a text file, as editors count them (a column per character).
public struct TextPosition: Sendable, Hashable {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
