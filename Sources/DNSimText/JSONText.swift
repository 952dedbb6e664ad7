/// A JSON value with where each part starts in its text, so a message can
/// point at the line and column of a key or value. Numbers keep their literal text.
public indirect enum JSONText: Sendable {
    case object([Member], TextPosition)
    case array([JSONText], TextPosition)
    case string(String, TextPosition)
    /// The number's literal text, as written.
    case number(String, TextPosition)
    case bool(Bool, TextPosition)
    case null(TextPosition)

    public struct Member: Sendable {
        public var key: String
        public var keyPosition: TextPosition
        public var value: JSONText

        public init(key: String, keyPosition: TextPosition, value: JSONText) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    public var position: TextPosition {
        switch self {
        case .object(_, let p), .array(_, let p), .string(_, let p), .number(_, let p), .bool(_, let p), .null(let p): p
        }
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONText? {
        guard case .object(let members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
