import DNSimScenario
import DNSimText
import Foundation

/// Where a scenario file writes its keys, for a message at one of them (the file is read
/// again: a `Scenario` keeps only its definitions' marks).
struct KeyMarks {
    let file: String
    let root: YAMLNode?
    let lines: [String]

    init(_ scenario: Scenario) {
        file = scenario.file
        let bytes = FileManager.default.contents(atPath: scenario.file).map { [UInt8]($0) } ?? []
        root = (try? YAMLParser.parse(bytes, file: scenario.file)) ?? nil
        lines = LineBreaks.lineRanges(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The mark of the value at dotted `key`, when the file writes it.
    func mark(_ key: String) -> SourceMark? {
        var node = root
        for name in key.split(separator: ".") { node = node?.value(forKey: String(name)) }
        return node?.mark
    }

    func diagnostic(_ key: String, _ message: String) -> Diagnostic {
        diagnostic(at: mark(key), message)
    }

    func diagnostic(at mark: SourceMark?, _ message: String) -> Diagnostic {
        let line = mark.flatMap { $0.line <= lines.count ? lines[$0.line - 1] : nil }
        return Diagnostic(file: file, mark: mark, message: message, sourceLine: line)
    }
}
