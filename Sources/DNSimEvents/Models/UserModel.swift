/// What one device's user does: opens the app (running plugin code and
/// handing the fetcher a fresh JWT pool) and, on iOS, force-quits it.
public struct UserModel {
    public enum Action { case appOpen, forceQuit }

    public let configuration: UserConfiguration
    private var opens: DailyPoissonProcess
    private var forceQuits: DailyPoissonProcess

    public init(configuration: UserConfiguration, origin: Millis) {
        self.configuration = configuration
        opens = DailyPoissonProcess(ratePerDay: configuration.appOpensPerDay, source: .appOpenDay, origin: origin)
        forceQuits = DailyPoissonProcess(ratePerDay: configuration.forceQuitPerDay, source: .forceQuitDay, origin: origin)
    }

    public mutating func reset(device: Int) {
        opens.reset(device: device)
        forceQuits.reset(device: device)
    }

    public mutating func nextOpen(notAfter limit: Millis, random: KeyedRandom) -> (time: Millis, key: Int)? {
        opens.next(notAfter: limit, random: random)
    }

    public mutating func nextForceQuit(notAfter limit: Millis, random: KeyedRandom) -> (time: Millis, key: Int)? {
        forceQuits.next(notAfter: limit, random: random)
    }
}
