/// An event that folds into a run's trajectory fingerprint: its kind and
/// what it concerns, as one word.
public protocol FingerprintedEvent {
    var fingerprintCode: UInt64 { get }
}

/// A model the kernel can drive: it hands out its next event and handles it.
public protocol DiscreteEventModel {
    associatedtype Event: FingerprintedEvent
    /// True once nothing more needs simulating, even if events are pending.
    var isFinished: Bool { get }
    mutating func nextEvent() -> (time: Millis, event: Event)?
    mutating func handle(_ event: Event)
}

/// What one run of a model did: how many events it handled and the
/// FNV-1a-style hash of every (time, event) in order, which changes whenever
/// the behaviour does (the `check --strict` fingerprint, as OMNeT++ keeps one).
public struct RunTrajectory: Sendable, Equatable {
    public var hash: UInt64 = Hashing.fnvOffset
    public var events = 0

    @inline(__always)
    mutating func fold(time: Millis, code: UInt64) {
        hash = (hash ^ UInt64(bitPattern: time) ^ code) &* Hashing.fnvPrime
        events += 1
    }
}

/// The kernel's run loop.
public enum EventLoop {
    /// Runs `model` until it is finished or has no event left.
    public static func run<Model: DiscreteEventModel>(_ model: inout Model) -> RunTrajectory {
        var trajectory = RunTrajectory()
        while !model.isFinished, let (time, event) = model.nextEvent() {
            trajectory.fold(time: time, code: event.fingerprintCode)
            model.handle(event)
        }
        return trajectory
    }
}
