import DNSimCore

/// Bounds the YAML front end enforces so a hostile or broken file fails with a
/// diagnostic instead of exhausting memory or the stack.
public struct YAMLLimits: Sendable, Equatable {
    /// Most nodes the document may hold once aliases are expanded.
    public var maxNodes: Int
    /// Most mappings and lists nested inside one another, aliases included.
    public var maxDepth: Int
    /// Largest input accepted, in bytes.
    public var maxBytes: Int
    /// Longest single scalar, in UTF-8 bytes.
    public var maxScalarLength: Int

    public init(
        maxNodes: Int = 1_000_000,
        maxDepth: Int = 100,
        maxBytes: Int = 16 << 20,
        maxScalarLength: Int = 1 << 20
    ) {
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
        self.maxScalarLength = maxScalarLength
    }

    /// The diagnostic for a file of `size` bytes over `maxBytes`.
    func tooLarge(_ size: Int, file: String) -> Diagnostic {
        Diagnostic(
            file: file, mark: nil, message: "the file is too large (\(size) bytes; the limit is \(maxBytes) bytes)")
    }

    /// Generous enough for any real scenario file.
    public static let `default` = YAMLLimits()
}
