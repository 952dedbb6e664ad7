import DNSimText

/// A hand-rolled ISO 8601 / RFC 3339 reader and writer for UTC epoch
/// milliseconds. Foundation's formatters cost microseconds per call, far too
/// slow for million-row logs; this reads the bytes once, with no allocation.
///
/// Accepted: `YYYY-MM-DDThh:mm[:ss[.fff]]` then `Z` or an offset `±hh:mm`
/// (`±hhmm`, `±hh` too). `t`, `z` and a space for `T` are accepted as
/// RFC 3339 allows. Fraction digits past milliseconds are dropped.
enum ISOTimestamp {
    enum Parsed: Equatable {
        case time(Int64)
        /// A valid local time with no zone: ambiguous, so refused.
        case noZone
        case invalid
    }

    static func parse(_ text: String) -> Parsed {
        var copy = Array(text.utf8)
        return copy.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        let n = bytes.count
        var i = 0
        @inline(__always) func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var value = 0
            for k in 0..<count {
                let d = Int(bytes[i + k]) &- 48
                guard d >= 0, d <= 9 else { return nil }
                value = value * 10 + d
            }
            i += count
            return value
        }
        @inline(__always) func expect(_ byte: UInt8) -> Bool {
            guard i < n, bytes[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else {
            return .invalid
        }
        guard month >= 1, month <= 12, day >= 1, day <= CivilDate.daysIn(month: month, year: year) else {
            return .invalid
        }
        guard i < n, bytes[i] == 0x54 || bytes[i] == 0x74 || bytes[i] == 0x20 else { return .invalid }
        i += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), hour <= 23, minute <= 59 else {
            return .invalid
        }
        var second = 0
        var millis = 0
        if i < n, bytes[i] == 0x3A {
            i += 1
            guard let s = digits(2), s <= 60 else { return .invalid }
            second = s
            if i < n, bytes[i] == 0x2E || bytes[i] == 0x2C {
                i += 1
                var count = 0
                while i < n, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                    if count < 3 { millis = millis * 10 + Int(bytes[i] - 0x30) }
                    count += 1
                    i += 1
                }
                guard count >= 1, count <= 9 else { return .invalid }
                for _ in count..<max(count, 3) { millis *= 10 }
            }
        }
        var offsetSeconds = 0
        guard i < n else { return .noZone }
        switch bytes[i] {
        case 0x5A, 0x7A:
            i += 1
        case 0x2B, 0x2D:
            let sign = bytes[i] == 0x2D ? -1 : 1
            i += 1
            guard let oh = digits(2), oh <= 23 else { return .invalid }
            var om = 0
            if i < n {
                _ = expect(0x3A)
                guard let m = digits(2), m <= 59 else { return .invalid }
                om = m
            }
            offsetSeconds = sign * (oh * 3600 + om * 60)
        default:
            return .invalid
        }
        guard i == n else { return .invalid }
        let days = CivilDate.dayNumber(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return .time(seconds * 1000 + Int64(millis))
    }

    /// The UTC date of a day number.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let date = CivilDate.date(ofDayNumber: days)
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    /// `2027-01-04T18:25:00Z`, with `.SSS` only when the milliseconds are not 0.
    static func format(_ millis: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(millis, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `format(millis)` as bytes, without building strings (telemetry
    /// files of a million rows are written this way).
    static func append(_ millis: Int64, to out: inout [UInt8]) {
        let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let rest = Int(millis - days * 86_400_000)
        let (y, m, d) = civil(fromDays: days)
        let ms = rest % 1000, s = rest / 1000
        digits(y, 4, &out); out.append(0x2D); digits(m, 2, &out); out.append(0x2D); digits(d, 2, &out)
        out.append(0x54)
        digits(s / 3600, 2, &out); out.append(0x3A); digits(s / 60 % 60, 2, &out); out.append(0x3A);
        digits(s % 60, 2, &out)
        if ms != 0 { out.append(0x2E); digits(ms, 3, &out) }
        out.append(0x5A)
    }

    private static func digits(_ value: Int, _ width: Int, _ out: inout [UInt8]) {
        var v = max(0, value)
        var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (48, 48, 48, 48, 48, 48)
        var n = 0
        withUnsafeMutableBytes(of: &tmp) { buf in
            repeat {
                buf[n] = UInt8(48 + v % 10)
                v /= 10
                n += 1
            } while v > 0 && n < 6
            let count = max(n, width)
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(i < n ? buf[i] : 48) }
        }
    }

    /// `2027-01-04`: the UTC calendar day of an instant.
    static func formatDay(_ millis: Int64) -> String {
        let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let (y, m, d) = civil(fromDays: days)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
