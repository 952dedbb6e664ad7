import Foundation

/// Hands out 0..<count once each, in order, to whichever thread asks next: how the runners
/// spread chunks of devices, worlds and tapes over their threads.
public final class IndexClaims: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    public let count: Int

    public init(count: Int) { self.count = count }

    /// The next index not yet claimed, or nil when all are.
    public func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}
