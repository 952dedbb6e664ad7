/// Simulates one arm (a strategy on a platform) for one device at a time,
/// reused across devices. It builds the simulation specialised for the
/// strategy and platform once; each device then runs without dynamic dispatch.
public final class ArmSimulator {
    public let arm: Arm
    /// Receives each device's timeline, when a trace is asked for.
    public var tracer: TraceSink?
    /// Receives each device's telemetry, when it is to be emitted.
    public var telemetry: TelemetrySink?
    /// Made where the simulation's type is concrete, so the compiler
    /// specialises the whole event loop for it.
    private let runDevice: (DeviceWorld, ArmSimulator) -> DeviceLog

    public init(arm: Arm, world: DeviceWorld) {
        self.arm = arm
        typealias IOS = IOSTaskScheduler
        typealias Android = AndroidAlarms
        switch (arm.strategy.kind, arm.strategy.pushKind, arm.platform) {
        case (.independent, _, .ios):
            runDevice = Self.runner(DeviceSimulation<IndependentTimers, IOS>(arm: arm, world: world))
        case (.independent, _, .android):
            runDevice = Self.runner(DeviceSimulation<IndependentTimers, Android>(arm: arm, world: world))
        case (.chained, _, .ios): runDevice = Self.runner(DeviceSimulation<ChainedFetch, IOS>(arm: arm, world: world))
        case (.chained, _, .android):
            runDevice = Self.runner(DeviceSimulation<ChainedFetch, Android>(arm: arm, world: world))
        case (.push, .alert, .ios): runDevice = Self.runner(DeviceSimulation<ServerPush, IOS>(arm: arm, world: world))
        case (.push, .alert, .android):
            runDevice = Self.runner(DeviceSimulation<ServerPush, Android>(arm: arm, world: world))
        case (.push, .background, .ios):
            runDevice = Self.runner(DeviceSimulation<SilentPushChained, IOS>(arm: arm, world: world))
        case (.push, .background, .android):
            runDevice = Self.runner(DeviceSimulation<SilentPushChained, Android>(arm: arm, world: world))
        case (.onNews, _, .ios): runDevice = Self.runner(OnNewsSimulation<IOS>(arm: arm, world: world))
        case (.onNews, _, .android): runDevice = Self.runner(OnNewsSimulation<Android>(arm: arm, world: world))
        }
    }

    /// Runs `world`'s current device from setup until every cycle is resolved.
    public func run(_ world: DeviceWorld) -> DeviceLog {
        runDevice(world, self)
    }

    private static func runner<S, OS>(_ simulation: DeviceSimulation<S, OS>) -> (DeviceWorld, ArmSimulator) -> DeviceLog
    {
        var simulation = simulation
        return { world, simulator in
            simulation.runtime.context.tracer = simulator.tracer
            simulation.runtime.context.telemetry = simulator.telemetry
            return simulation.run(world)
        }
    }

    private static func runner<OS>(_ simulation: OnNewsSimulation<OS>) -> (DeviceWorld, ArmSimulator) -> DeviceLog {
        var simulation = simulation
        return { world, simulator in
            simulation.runtime.context.tracer = simulator.tracer.map { RunNumberedTraceSink($0) }
            simulation.runtime.context.telemetry = simulator.telemetry
            return simulation.run(world)
        }
    }
}
