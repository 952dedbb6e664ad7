import DNSimCore
import Foundation

/// Typed access to a YAML tree that records every problem as a `Diagnostic`
/// with the node's line and column, and keeps going so that one run reports
/// all of them.
final class ScenarioReader {
    let file: String
    private let text: String
    /// Split only when a problem needs its line: a valid file (every sweep point) never pays for it.
    private lazy var lines = SourceLines(text)
    private(set) var diagnostics: [Diagnostic] = []
    /// The conditions read as `{ perDevice: … }`, in the order read.
    var deviceValues: [DeviceValue] = []
    private(set) var warnings: [Diagnostic] = []

    init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Records a problem. Values the message quotes are shortened here, in one place, so a
    /// megabyte-long value never floods the terminal.
    func error(_ mark: SourceMark?, _ message: String) {
        diagnostics.append(diagnostic(mark, message, .error))
    }

    /// Records a problem found in another file (a `fit.json` the scenario names), as that file's own.
    func record(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// A rule that cuts off every device: said, but the scenario still runs.
    func warning(_ mark: SourceMark?, _ message: String) {
        warnings.append(diagnostic(mark, message, .warning))
    }

    private func diagnostic(_ mark: SourceMark?, _ message: String, _ severity: Diagnostic.Severity) -> Diagnostic {
        var sourceLine: String?
        if let mark { sourceLine = lines.line(mark.line) }
        return Diagnostic(
            file: file, mark: mark, message: MessageText.bounded(message), sourceLine: sourceLine, severity: severity)
    }

    /// A mapping's entries by key, rejecting keys not in `known` (with a suggestion).
    func mapping(_ node: YAMLNode, _ path: String, known: [String], required: [String] = []) -> [String: YAMLNode]? {
        guard let pairs = node.mapping else {
            error(node.mark, "\(path.isEmpty ? "the scenario" : path) must be a mapping, not \(node.typeName)")
            return nil
        }
        var result: [String: YAMLNode] = [:]
        var suggested: Set<String> = []
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            if known.contains(key) {
                result[key] = pair.value
            } else {
                let scope = path.isEmpty ? "at the top level" : "in \(path)"
                let guess = Suggestion.closest(to: key, in: known)
                if let guess { suggested.insert(guess) }
                error(
                    pair.key.mark,
                    "unknown key \(MessageText.quoted(key)) \(scope)" + (guess.map { " (did you mean '\($0)'?)" } ?? "")
                )
            }
        }
        // A misspelt required key already says what is missing.
        for key in required where result[key] == nil && !suggested.contains(key) {
            error(node.mark, "\(path.isEmpty ? "the scenario" : path) needs '\(key)'")
        }
        return result
    }

    func string(_ node: YAMLNode, _ path: String) -> String? {
        guard let text = node.scalar, !node.isNull else {
            error(node.mark, "\(path) must be text, not \(node.isNull ? "empty" : node.typeName)")
            return nil
        }
        return text
    }

    func bool(_ node: YAMLNode, _ path: String) -> Bool? {
        switch node.isQuoted ? nil : node.scalar {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            error(node.mark, "\(path) must be true or false")
            return nil
        }
    }

    /// A finite number within `range`.
    func number(_ node: YAMLNode, _ path: String, in range: ClosedRange<Double>) -> Double? {
        guard let text = node.scalar, !node.isQuoted, !node.isNull else {
            error(
                node.mark,
                "\(path) must be a number, not \(node.isQuoted ? "quoted text" : node.isNull ? "empty" : node.typeName)"
            )
            return nil
        }
        guard let value = Double(text), text.first != "+" || text.count > 1 else {
            // A share written as a percentage: the fraction it means.
            let percent = text.hasSuffix("%") ? Double(text.dropLast().trimmingCharacters(in: .whitespaces)) : nil
            let hint =
                percent.map {
                    range.upperBound <= 1 && $0.isFinite
                        ? " (did you mean \(Self.show($0 / 100))? shares are fractions from 0 to 1)" : ""
                } ?? ""
            error(node.mark, "\(path) must be a number, not \(MessageText.quoted(text))\(hint)")
            return nil
        }
        guard value.isFinite else {
            error(node.mark, "\(path) must be a finite number, not \(MessageText.shortened(text))")
            return nil
        }
        guard range.contains(value) else {
            error(
                node.mark,
                "\(path) must be between \(Self.show(range.lowerBound)) and \(Self.show(range.upperBound)), not \(MessageText.shortened(text))"
            )
            return nil
        }
        return value
    }

    /// A whole number within `range`.
    func integer(_ node: YAMLNode, _ path: String, in range: ClosedRange<Int>) -> Int? {
        // Any finite number is read first, so that one beyond every bound is refused by the key's own range.
        guard let value = number(node, path, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
        else { return nil }
        guard value.rounded() == value else {
            error(node.mark, "\(path) must be a whole number, not \(MessageText.shortened(node.scalar ?? ""))")
            return nil
        }
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            error(
                node.mark,
                "\(path) must be between \(range.lowerBound) and \(range.upperBound), not \(MessageText.shortened(node.scalar ?? ""))"
            )
            return nil
        }
        return Int(value)
    }

    /// A whole number of milliseconds, as the plugin's own settings are written. A duration with
    /// a unit (`5m`) is refused with the number it means (`300000`).
    func milliseconds(_ node: YAMLNode, _ path: String, in range: ClosedRange<Int>) -> Int? {
        if let text = node.scalar, !node.isNull, Double(text) == nil,
            case .success(let millis) = DurationSyntax.parse(text)
        {
            error(
                node.mark,
                "\(path) is in milliseconds, as the plugin defines it, not \(MessageText.quoted(text)) "
                    + "(did you mean \(Self.show(millis.rounded()))?)")
            return nil
        }
        return integer(node, "\(path) (milliseconds)", in: range)
    }

    func probability(_ node: YAMLNode, _ path: String) -> Double? {
        number(node, path, in: 0...1)
    }

    func duration(_ node: YAMLNode, _ path: String, allowZero: Bool = true, atMost limit: Millis? = nil) -> Millis? {
        guard let text = node.scalar, !node.isNull else {
            error(node.mark, "\(path) must be a duration such as 30s or 5m, not \(node.typeName)")
            return nil
        }
        switch DurationSyntax.parse(text) {
        case .failure(let problem):
            error(node.mark, "\(path): \(problem.message)")
            return nil
        case .success(let millis):
            // Checked after rounding: 0.4ms would become 0.
            if !allowZero && millis.rounded() <= 0 {
                error(node.mark, "\(path) must be longer than zero")
                return nil
            }
            if let limit, millis.rounded() > Double(limit) {
                error(node.mark, "\(path) must be at most \(SimTime.written(limit)), not \(MessageText.quoted(text))")
                return nil
            }
            return Millis(millis.rounded())
        }
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ path: String, as: T.Type) -> T?
    where T.RawValue == String {
        guard let text = string(node, path) else { return nil }
        if let value = T(rawValue: text) { return value }
        let options = T.allCases.map(\.rawValue)
        error(
            node.mark,
            "\(path) \(MessageText.quoted(text)) is not one of \(options.joined(separator: ", "))"
                + Suggestion.hint(
                    for: text,
                    in: options))
        return nil
    }

    func cron(_ node: YAMLNode, _ path: String) -> CronExpression? {
        guard let text = string(node, path) else { return nil }
        do {
            return try CronExpression(text)
        } catch {
            let quote = node.isQuoted ? 1 : 0
            let mark =
                node.mark.line == node.mark.line
                ? SourceMark(line: node.mark.line, column: node.mark.column + quote + error.offset) : node.mark
            self.error(mark, "\(path): \(error.message)")
            return nil
        }
    }

    /// A bound: a plain number (a fraction for rates) or a percentage such as `5%`.
    func bound(_ node: YAMLNode, _ path: String, percentAllowed: Bool) -> Double? {
        if let text = node.scalar, text.hasSuffix("%"), let value = Double(text.dropLast()), value.isFinite {
            guard percentAllowed else {
                error(node.mark, "\(path): a percentage bounds only a rate (a fraction column)")
                return nil
            }
            return value / 100
        }
        return number(node, path, in: -1e15...1e15)
    }

    static func show(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
