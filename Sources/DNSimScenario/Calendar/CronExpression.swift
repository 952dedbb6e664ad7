import DNSimCore

/// A standard five-field cron expression: `minute hour day-of-month month day-of-week`.
///
/// Supports lists (`1,15`), ranges (`1-5`), steps (`*/15`, `10-50/10`, and `5/15`
/// meaning `5-59/15`), month names `JAN`-`DEC` and weekday names `SUN`-`SAT`
/// (case-insensitive, also inside ranges such as `MON-FRI`), `*`, and `?` (day-of-month
/// and day-of-week only, same as `*`). Day-of-week accepts 0-7 where both 0 and 7 are Sunday;
/// a weekday range may end in `SUN` (`FRI-SUN`), read as 7.
///
/// Day matching follows classic (Vixie) cron: when day-of-month and day-of-week are BOTH
/// restricted, a day matches if EITHER matches; otherwise both must (so the unrestricted one
/// is ignored). A field counts as unrestricted only when it is exactly `*` or `?`; unlike
/// Vixie cron, `*/2` is a restriction (odd days), which is what it says.
///
/// The macros `@yearly`/`@annually`, `@monthly`, `@weekly`, `@daily`/`@midnight` and `@hourly`
/// are accepted (case-insensitive) and expand to their usual five fields; `@reboot` and
/// unknown macros are rejected. `text` always keeps the input as written.
public struct CronExpression: Sendable, Equatable, CustomStringConvertible {
    /// The expression exactly as given to `init`.
    public let text: String

    // Bit n set means value n matches. Bitsets keep `matches` to a few shifts and ANDs.
    let minuteBits: UInt64  // bits 0-59
    let hourBits: UInt32  // bits 0-23
    let dayOfMonthBits: UInt32  // bits 1-31
    let monthBits: UInt16  // bits 1-12
    let weekdayBits: UInt8  // bits 0-6, 0 = Sunday
    /// False when the field is a bare `*` or `?`; decides between the OR and AND day rules.
    let dayOfMonthIsRestricted: Bool
    let weekdayIsRestricted: Bool

    /// Expressions already parsed: every sweep point parses the same two schedules.
    private static let parsed = Memo<String, CronExpression>(capacity: 256)

    public init(_ text: String) throws(CronError) {
        if let known = Self.parsed.value(text) {
            self = known
            return
        }
        self.text = text
        let characters = Array(text)
        let tokens = Self.splitOnWhitespace(characters)
        let fields: ParsedFields
        if let first = tokens.first, first.first == "@" {
            let expansion = try Self.expandMacro(first, followedBy: tokens.dropFirst())
            let expanded = Array(expansion)
            fields = try Self.parseFields(Self.splitOnWhitespace(expanded), textLength: expanded.count)
        } else {
            fields = try Self.parseFields(tokens, textLength: characters.count)
        }
        minuteBits = fields.minutes
        hourBits = UInt32(truncatingIfNeeded: fields.hours)
        dayOfMonthBits = UInt32(truncatingIfNeeded: fields.daysOfMonth)
        monthBits = UInt16(truncatingIfNeeded: fields.months)
        weekdayBits = UInt8(truncatingIfNeeded: fields.weekdays)
        dayOfMonthIsRestricted = fields.dayOfMonthIsRestricted
        weekdayIsRestricted = fields.weekdayIsRestricted
        if text.utf8.count <= 200 { Self.parsed.store(self, for: text) }
    }

    public var description: String { text }

    /// Whether the expression fires at this local wall-clock minute.
    /// minute 0-59, hour 0-23, dayOfMonth 1-31, month 1-12, weekday 0-6 (0 = Sunday; 7 is also Sunday).
    public func matches(minute: Int, hour: Int, dayOfMonth: Int, month: Int, weekday: Int) -> Bool {
        guard (0...59).contains(minute), (0...23).contains(hour) else { return false }
        return minuteBits & (1 << UInt64(minute)) != 0
            && hourBits & (1 << UInt32(hour)) != 0
            && matchesDay(dayOfMonth: dayOfMonth, month: month, weekday: weekday)
    }

    /// Whether the expression fires at some time on this local date (month plus the day rule).
    public func matchesDay(dayOfMonth: Int, month: Int, weekday: Int) -> Bool {
        guard (1...31).contains(dayOfMonth), (1...12).contains(month), (0...7).contains(weekday) else {
            return false
        }
        guard monthBits & (1 << UInt16(month)) != 0 else { return false }
        let dayOfMonthMatches = dayOfMonthBits & (1 << UInt32(dayOfMonth)) != 0
        let weekdayMatches = weekdayBits & (1 << UInt8(weekday % 7)) != 0
        if dayOfMonthIsRestricted && weekdayIsRestricted {
            return dayOfMonthMatches || weekdayMatches
        }
        return dayOfMonthMatches && weekdayMatches
    }

    /// Sorted minute-of-day values (hour * 60 + minute) at which the expression fires on a matching day.
    public var minutesOfDay: [Int] {
        var result: [Int] = []
        result.reserveCapacity(hourBits.nonzeroBitCount * minuteBits.nonzeroBitCount)
        var hours = hourBits
        while hours != 0 {
            let hour = hours.trailingZeroBitCount
            hours &= hours - 1
            var minutes = minuteBits
            while minutes != 0 {
                result.append(hour * 60 + minutes.trailingZeroBitCount)
                minutes &= minutes - 1
            }
        }
        return result
    }

    /// False when no calendar date can ever match (e.g. `0 0 30 2 *`), so forward searches can stop at once.
    var canMatchSomeDate: Bool {
        // Any restricted weekday occurs in every month; only a lone day-of-month can be impossible.
        if weekdayIsRestricted || !dayOfMonthIsRestricted { return true }
        let earliestDay = dayOfMonthBits.trailingZeroBitCount
        let longestMonthLengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for month in 1...12 where monthBits & (1 << UInt16(month)) != 0 {
            if earliestDay <= longestMonthLengths[month - 1] { return true }
        }
        return false
    }
}

// MARK: - Parsing

extension CronExpression {
    /// Offsets in errors are indices into the original character array, which slices preserve.
    private typealias Token = ArraySlice<Character>

    private struct ParsedFields {
        var minutes: UInt64 = 0
        var hours: UInt64 = 0
        var daysOfMonth: UInt64 = 0
        var months: UInt64 = 0
        var weekdays: UInt64 = 0
        var dayOfMonthIsRestricted = false
        var weekdayIsRestricted = false
    }

    private struct FieldSpec {
        let name: String
        /// Values accepted in the text.
        let accepted: ClosedRange<Int>
        /// What `*` covers, and where `start/step` ends.
        let wildcard: ClosedRange<Int>
        let names: [String]
        let firstNameValue: Int
        let nameKind: String
        let allowsQuestionMark: Bool
        /// Day-of-week: 7 is another spelling of Sunday (0).
        let sevenIsSunday: Bool

        static let minute = FieldSpec(
            name: "minute", accepted: 0...59, wildcard: 0...59, names: [], firstNameValue: 0,
            nameKind: "", allowsQuestionMark: false, sevenIsSunday: false)
        static let hour = FieldSpec(
            name: "hour", accepted: 0...23, wildcard: 0...23, names: [], firstNameValue: 0,
            nameKind: "", allowsQuestionMark: false, sevenIsSunday: false)
        static let dayOfMonth = FieldSpec(
            name: "day-of-month", accepted: 1...31, wildcard: 1...31, names: [], firstNameValue: 0,
            nameKind: "", allowsQuestionMark: true, sevenIsSunday: false)
        static let month = FieldSpec(
            name: "month", accepted: 1...12, wildcard: 1...12,
            names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
            firstNameValue: 1, nameKind: "month", allowsQuestionMark: false, sevenIsSunday: false)
        static let dayOfWeek = FieldSpec(
            name: "day-of-week", accepted: 0...7, wildcard: 0...6,
            names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"],
            firstNameValue: 0, nameKind: "day-of-week", allowsQuestionMark: true, sevenIsSunday: true)
    }

    private static let macroExpansions: [(name: String, fields: String)] = [
        ("@yearly", "0 0 1 1 *"), ("@annually", "0 0 1 1 *"), ("@monthly", "0 0 1 * *"),
        ("@weekly", "0 0 * * 0"), ("@daily", "0 0 * * *"), ("@midnight", "0 0 * * *"),
        ("@hourly", "0 * * * *"),
    ]

    private static func splitOnWhitespace(_ characters: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            if characters[index].isWhitespace {
                index += 1
                continue
            }
            let start = index
            while index < characters.count, !characters[index].isWhitespace { index += 1 }
            tokens.append(characters[start..<index])
        }
        return tokens
    }

    private static func expandMacro(_ macro: Token, followedBy rest: ArraySlice<Token>) throws(CronError) -> String {
        let written = String(macro)
        if let extra = rest.first {
            throw CronError(
                message: "macro '\(MessageText.shortened(written))' takes no further fields", offset: extra.startIndex)
        }
        let lowercased = written.lowercased()
        if let known = macroExpansions.first(where: { $0.name == lowercased }) { return known.fields }
        if lowercased == "@reboot" {
            throw CronError(message: "'@reboot' has no time schedule and cannot be simulated", offset: macro.startIndex)
        }
        let names = macroExpansions.map(\.name)
        if let guess = closestName(to: lowercased, among: names, maximumDistance: 2) {
            throw CronError(
                message: "unknown macro '\(MessageText.shortened(written))' (did you mean '\(guess)'?)",
                offset: macro.startIndex)
        }
        throw CronError(
            message: "unknown macro '\(MessageText.shortened(written))' (supported: \(names.joined(separator: ", ")))",
            offset: macro.startIndex)
    }

    private static func parseFields(_ tokens: [Token], textLength: Int) throws(CronError) -> ParsedFields {
        guard tokens.count == 5 else {
            // Point at the first surplus field, or at the end where a missing field belongs.
            let offset = tokens.count > 5 ? tokens[5].startIndex : textLength
            var message = "expected 5 fields, found \(tokens.count)"
            if tokens.count == 6 {
                // Quartz and Spring crons put seconds first; the plugin's schedules have none.
                message += "; a seconds field is not supported"
                let minutesOn = tokens[1...].map { String($0) }.joined(separator: " ")
                if (try? CronExpression(minutesOn)) != nil { message += " (did you mean '\(minutesOn)'?)" }
            }
            throw CronError(message: message, offset: tokens.count == 6 ? tokens[0].startIndex : offset)
        }
        var fields = ParsedFields()
        fields.minutes = try parseField(tokens[0], spec: .minute)
        fields.hours = try parseField(tokens[1], spec: .hour)
        fields.daysOfMonth = try parseField(tokens[2], spec: .dayOfMonth)
        fields.months = try parseField(tokens[3], spec: .month)
        fields.weekdays = try parseField(tokens[4], spec: .dayOfWeek)
        fields.dayOfMonthIsRestricted = !isBareWildcard(tokens[2])
        fields.weekdayIsRestricted = !isBareWildcard(tokens[4])
        return fields
    }

    private static func isBareWildcard(_ token: Token) -> Bool {
        token.count == 1 && (token.first == "*" || token.first == "?")
    }

    private static func parseField(_ field: Token, spec: FieldSpec) throws(CronError) -> UInt64 {
        var bits: UInt64 = 0
        var itemStart = field.startIndex
        while true {
            let itemEnd = field[itemStart...].firstIndex(of: ",") ?? field.endIndex
            bits |= try parseItem(field[itemStart..<itemEnd], spec: spec)
            if itemEnd == field.endIndex { return bits }
            itemStart = itemEnd + 1
        }
    }

    /// One list entry: `*`, `?`, `v`, `a-b`, each optionally followed by `/step`.
    private static func parseItem(_ item: Token, spec: FieldSpec) throws(CronError) -> UInt64 {
        guard !item.isEmpty else {
            throw CronError(message: "empty entry in \(spec.name) list", offset: item.startIndex)
        }
        let slashes = item.indices.filter { item[$0] == "/" }
        if slashes.count > 1 {
            throw CronError(message: "unexpected second '/' in \(spec.name) field", offset: slashes[1])
        }
        let slash = slashes.first
        let base = slash.map { item[..<$0] } ?? item
        var step = 1
        if let slash { step = try parseStep(item[(slash + 1)...], after: slash, spec: spec) }
        guard !base.isEmpty else {
            throw CronError(message: "missing \(spec.name) value before '/'", offset: item.startIndex)
        }

        let lower: Int
        let upper: Int
        if isBareWildcard(base) {
            if base.first == "?" && !spec.allowsQuestionMark {
                throw CronError(
                    message: "'?' is only allowed in the day-of-month and day-of-week fields",
                    offset: base.startIndex)
            }
            lower = spec.wildcard.lowerBound
            upper = spec.wildcard.upperBound
        } else {
            let dashes = base.indices.filter { base[$0] == "-" }
            if dashes.count > 1 {
                throw CronError(message: "unexpected second '-' in \(spec.name) field", offset: dashes[1])
            }
            if let dash = dashes.first {
                let startText = base[..<dash]
                let endText = base[(dash + 1)...]
                guard !startText.isEmpty else {
                    throw CronError(message: "missing start of \(spec.name) range before '-'", offset: dash)
                }
                guard !endText.isEmpty else {
                    throw CronError(message: "missing end of \(spec.name) range after '-'", offset: dash)
                }
                lower = try parseValue(startText, spec: spec)
                var end = try parseValue(endText, spec: spec)
                // `FRI-SUN` reads naturally as Friday to Sunday, so a named Sunday ending a range is 7.
                if spec.sevenIsSunday && end == 0 && lower > 0 && endText.first?.isLetter == true { end = 7 }
                guard lower <= end else {
                    throw CronError(
                        message: "range \(MessageText.shortened(String(base))) is reversed", offset: base.startIndex)
                }
                upper = end
            } else {
                lower = try parseValue(base, spec: spec)
                // `5/15` means `5-max/15`; a lone value without a step is just itself.
                upper = slash == nil ? lower : max(lower, spec.wildcard.upperBound)
            }
        }

        var bits: UInt64 = 0
        for value in stride(from: lower, through: upper, by: step) {
            let normalized = spec.sevenIsSunday && value == 7 ? 0 : value
            bits |= 1 << UInt64(normalized)
        }
        return bits
    }

    private static func parseStep(_ text: Token, after slash: Int, spec: FieldSpec) throws(CronError) -> Int {
        guard !text.isEmpty else {
            throw CronError(message: "missing step after '/'", offset: slash)
        }
        guard let step = decimalValue(text) else {
            throw CronError(
                message: "step '\(MessageText.shortened(String(text)))' is not a number", offset: text.startIndex)
        }
        guard step >= 1 else {
            throw CronError(message: "step must be at least 1", offset: text.startIndex)
        }
        let span = spec.wildcard
        guard step <= span.count else {
            throw CronError(
                message:
                    "step \(MessageText.shortened(String(text))) is larger than the \(spec.name) range \(span.lowerBound)-\(span.upperBound)",
                offset: text.startIndex)
        }
        return step
    }

    private static func parseValue(_ text: Token, spec: FieldSpec) throws(CronError) -> Int {
        let written = String(text)
        if text.allSatisfy(isASCIIDigit) {
            guard let value = decimalValue(text), spec.accepted.contains(value) else {
                throw CronError(
                    message:
                        "\(spec.name) \(MessageText.shortened(written)) is out of range \(spec.accepted.lowerBound)-\(spec.accepted.upperBound)",
                    offset: text.startIndex)
            }
            return value
        }
        if written == "*" || written == "?" {
            throw CronError(
                message: "'\(MessageText.shortened(written))' cannot be part of a range", offset: text.startIndex)
        }
        guard text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw CronError(
                message: "invalid \(spec.name) value '\(MessageText.shortened(written))'", offset: text.startIndex)
        }
        guard !spec.names.isEmpty else {
            throw CronError(
                message: "\(spec.name) value '\(MessageText.shortened(written))' is not a number",
                offset: text.startIndex)
        }
        let uppercased = written.uppercased()
        if let index = spec.names.firstIndex(of: uppercased) { return spec.firstNameValue + index }
        if let guess = closestName(to: uppercased, among: spec.names, maximumDistance: 1) {
            throw CronError(
                message: "unknown \(spec.nameKind) name '\(MessageText.shortened(written))' (did you mean '\(guess)'?)",
                offset: text.startIndex)
        }
        throw CronError(
            message:
                "unknown \(spec.nameKind) name '\(MessageText.shortened(written))' (expected \(spec.names.first!)-\(spec.names.last!))",
            offset: text.startIndex)
    }

    private static func isASCIIDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// Nil for non-digits or absurdly long numbers (which are out of range anyway).
    private static func decimalValue(_ text: Token) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy(isASCIIDigit) else { return nil }
        return Int(String(text))
    }

    /// A likely intended name: one the token starts with (`MONDAY` → `MON`), else one within a small edit distance.
    private static func closestName(to token: String, among names: [String], maximumDistance: Int) -> String? {
        if let prefix = names.first(where: { token.count > $0.count && token.hasPrefix($0) }) { return prefix }
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = Suggestion.editDistance(Array(token), Array(name))
            if distance <= maximumDistance && distance < (best?.distance ?? Int.max) { best = (name, distance) }
        }
        return best?.name
    }
}
