import DNSimCore

/// A local date and wall-clock time in some zone, together with the UTC offset in effect then.
public struct LocalFields: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    /// 1-12
    public let month: Int
    /// 1-31
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    public let millisecond: Int
    /// 0 = Sunday ... 6 = Saturday, as in cron.
    public let weekday: Int
    /// Local time minus UTC, e.g. -14400 for EDT.
    public let utcOffsetSeconds: Int

    public init(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int,
        weekday: Int, utcOffsetSeconds: Int
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
        self.weekday = weekday
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// `2027-03-14 03:00:00 -04:00`. Milliseconds appear only when non-zero (`03:00:00.250`),
    /// and offset seconds only for the odd historical offsets that have them (`+00:19:32`).
    public var formatted: String {
        var text = "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2)) "
        text += "\(Self.padded(hour, 2)):\(Self.padded(minute, 2)):\(Self.padded(second, 2))"
        if millisecond != 0 { text += ".\(Self.padded(millisecond, 3))" }
        let magnitude = abs(utcOffsetSeconds)
        text +=
            " \(utcOffsetSeconds < 0 ? "-" : "+")\(Self.padded(magnitude / 3600, 2)):\(Self.padded(magnitude / 60 % 60, 2))"
        if magnitude % 60 != 0 { text += ":\(Self.padded(magnitude % 60, 2))" }
        return text
    }

    public var description: String { formatted }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
