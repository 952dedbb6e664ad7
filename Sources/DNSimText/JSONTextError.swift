/// Why a text is not JSON, and where: nil for the text as a whole (not UTF-8).
public struct JSONTextError: Error, Sendable, Equatable {
    public let position: TextPosition?
    public let message: String

    public init(position: TextPosition?, message: String) {
        self.position = position
        self.message = message
    }
}
