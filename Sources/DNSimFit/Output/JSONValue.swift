import DNSimText
import Foundation

/// A small JSON document model whose output is stable byte for byte: object
/// keys are sorted, numbers use `%.10g` (non-finite numbers become null).
indirect enum JSONValue {
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    static func interval(_ low: Double, _ high: Double) -> JSONValue { .array([.number(low), .number(high)]) }

    func rendered() -> String {
        var out = ""
        write(&out, indent: 0)
        return out + "\n"
    }

    private func write(_ out: inout String, indent: Int) {
        switch self {
        case .number(let v): out += v.isFinite ? Self.format(v) : "null"
        case .integer(let v): out += String(v)
        case .string(let s): out += JSONQuoting.quoted(s)
        case .null: out += "null"
        case .array(let items):
            // Short arrays of scalars (intervals, hour weights) stay on one line.
            if items.allSatisfy({ if case .object = $0 { false } else if case .array = $0 { false } else { true } }) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(&out, indent: indent)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(&out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            let keys = members.keys.sorted()
            guard !keys.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, key) in keys.enumerated() {
                out += String(repeating: "  ", count: indent + 1) + JSONQuoting.quoted(key) + ": "
                members[key]!.write(&out, indent: indent + 1)
                out += i + 1 < keys.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(format: "%.0f", v) }
        return String(format: "%.10g", v)
    }
}
