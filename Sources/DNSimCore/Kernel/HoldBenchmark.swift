import Dispatch

/// The classic hold model for the event kernel: pop the earliest of 1,000
/// pending events, push one a random step later, on the `EventAgenda` the
/// simulator runs on. For `bench`; it lives here so the agenda is specialised
/// as the simulator's own is.
public enum HoldBenchmark {
    /// Hold operations per second.
    public static func run(pending: Int = 1_000, operations: Int = 5_000_000) -> Double {
        let agenda = EventAgenda<Int>()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func step() -> Millis {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Millis(state >> 44)
        }
        for i in 0..<pending { agenda.schedule(at: step(), i) }
        let started = DispatchTime.now().uptimeNanoseconds
        var checksum = 0
        for _ in 0..<operations {
            let (time, payload) = agenda.next()!
            checksum &+= payload
            agenda.schedule(at: time + step(), payload)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // Keeps the loop from being optimised away.
        if checksum == -1 { print("") }
        return Double(operations) / seconds
    }
}
