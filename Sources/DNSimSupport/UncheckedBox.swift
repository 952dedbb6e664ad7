/// Hands Dispatch a value that is safe by construction (each thread writes only its own index).
public final class UncheckedBox<T>: @unchecked Sendable {
    public let value: T
    public init(_ value: T) { self.value = value }
}
