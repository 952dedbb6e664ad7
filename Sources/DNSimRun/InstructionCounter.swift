import CInstructionCounter
import Foundation

/// The CPU's user-space instruction count over a stretch of work (Linux `perf_event_open`), for
/// `bench`: instructions per device-day do not move with the machine's load as wall clock does.
/// Where the kernel refuses the counter (no performance-monitoring unit, as in many VMs, or
/// `perf_event_paranoid` too high) `start` says why, and nothing is estimated in its place.
public struct InstructionCounter: ~Copyable {
    private let descriptor: Int32

    /// Opens and starts a counter for this thread and the threads it starts from now on.
    public static func start() -> Result<InstructionCounter, InstructionCounterUnavailable> {
        let descriptor = dnsim_instructions_open()
        guard descriptor >= 0 else { return .failure(InstructionCounterUnavailable(errno: -descriptor)) }
        return .success(InstructionCounter(descriptor: descriptor))
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Instructions counted since `start`, or nil when the counter cannot be read.
    public func read() -> Int64? {
        let count = dnsim_instructions_read(descriptor)
        return count >= 0 ? Int64(count) : nil
    }

    deinit { dnsim_instructions_close(descriptor) }
}

/// Why the kernel refused the instruction counter.
public struct InstructionCounterUnavailable: Error, CustomStringConvertible {
    public let errno: Int32
    public var description: String {
        let reason = String(cString: strerror(errno))
        switch errno {
        case ENOENT, EOPNOTSUPP, ENODEV:
            return "perf_event_open: \(reason) (no hardware instruction counter here, as in many VMs)"
        case EACCES, EPERM: return "perf_event_open: \(reason) (see /proc/sys/kernel/perf_event_paranoid)"
        default: return "perf_event_open: \(reason)"
        }
    }
}
