/// The numeric range a key accepts, declared once in the catalog: the reader checks values
/// against it and the docs' Range column shows it.
public enum ScenarioKeyLimits: Sendable {
    case number(ClosedRange<Double>)
    case integer(ClosedRange<Int>)

    /// `0 – 100,000`, as the docs write a range.
    public var text: String {
        switch self {
        case .number(let range): "\(Self.grouped(range.lowerBound)) – \(Self.grouped(range.upperBound))"
        case .integer(let range):
            "\(Self.grouped(Double(range.lowerBound))) – \(Self.grouped(Double(range.upperBound)))"
        }
    }

    /// A whole number with thousands separators (`2,592,000,000`); any other as Swift prints it.
    static func grouped(_ value: Double) -> String {
        guard value.rounded() == value, abs(value) < 1e15 else { return String(value) }
        let digits = String(Int64(abs(value)))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}
