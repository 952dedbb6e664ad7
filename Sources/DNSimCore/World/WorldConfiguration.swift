/// Everything about the simulated world that is the same for every arm:
/// the cycles, the platforms, the network, the server and the user.
public struct WorldConfiguration: Sendable, Equatable {
    public var calendar: CycleCalendar
    public var plugin: PluginConfiguration
    public var ios: IOSConfiguration
    public var android: AndroidConfiguration
    public var fetch: FetchConfiguration
    public var server: ServerConfiguration
    public var user: UserConfiguration
    /// Shown API content is fresh only if fetched in its cycle's window and at
    /// most this old at display (`metrics.freshWithin`).
    public var freshWithin: Millis = .max
    /// The calendars of the times a user may switch to (`user.notifyTimes`), with the same lead.
    public var timeChoices: [CycleCalendar] = []
    /// The app's Daily Reminder, if the scenario has one.
    public var reminder: DailyReminder?
    /// Two notifications shown closer than this count as a duplicate (`metrics.duplicateWindow`).
    public var duplicateWindow: Millis = 10 * SimTime.minute
    /// Conditions each device draws its own value of (`{ perDevice: … }`); empty: every device alike.
    public var perDevice: [DeviceValue] = []

    public init(
        calendar: CycleCalendar, plugin: PluginConfiguration = PluginConfiguration(),
        ios: IOSConfiguration = IOSConfiguration(), android: AndroidConfiguration = AndroidConfiguration(),
        fetch: FetchConfiguration = FetchConfiguration(), server: ServerConfiguration = ServerConfiguration(),
        user: UserConfiguration = UserConfiguration()
    ) {
        self.calendar = calendar
        self.plugin = plugin
        self.ios = ios
        self.android = android
        self.fetch = fetch
        self.server = server
        self.user = user
    }
}
