/// One app open; `openedAt` is UTC epoch milliseconds, `timeZone` the
/// device's IANA zone (nil: UTC).
public struct AppOpenRow: Sendable, Equatable {
    public var deviceID: String
    public var openedAt: Int64
    public var timeZone: String?

    public init(deviceID: String, openedAt: Int64, timeZone: String? = nil) {
        self.deviceID = deviceID
        self.openedAt = openedAt
        self.timeZone = timeZone
    }
}
