import DNSimCore
import Foundation

/// Turns a scenario's `timeZone:` into a `ZonedCalendar`, or a message that says
/// what was probably meant.
///
/// An id is accepted when Foundation resolves it and it is a real tz database
/// name: listed by `TimeZone.knownTimeZoneIdentifiers`, or a zone file in the
/// system database (`/usr/share/zoneinfo`), which also holds ids such as `CET`,
/// `Etc/GMT-1` or `Asia/Kolkata` that Foundation's list leaves out. Foundation
/// alone is not enough: it also resolves made-up offsets such as `GMT+1`.
public enum TimeZoneResolver {
    /// Where the system keeps its tz database.
    static let zoneInfoDirectory = "/usr/share/zoneinfo"
    /// Longer than any tz database name (the longest is about 30 characters).
    static let maxIdentifierLength = 64

    public static func resolve(_ identifier: String) -> Result<ZonedCalendar, TimeZoneError> {
        if let zone = resolved.value(identifier) { return .success(zone) }
        if isDatabaseName(identifier), let zone = ZonedCalendar(identifier: identifier) {
            resolved.store(zone, for: identifier)
            return .success(zone)
        }
        // A suggestion would print as the very text written ('UTC' for "UTC\0"): name the character instead.
        if let (position, scalar) = MessageText.firstUnsafe(in: identifier) {
            let code = String(format: "U+%04X", scalar.value)
            return .failure(
                TimeZoneError(
                    message: "timeZone \(MessageText.quoted(identifier)) has an invisible character (\(code)) "
                        + "at position \(position); an IANA time-zone id is letters, digits and / _ + - . only"))
        }
        return .failure(
            TimeZoneError(
                message: "timeZone \(MessageText.quoted(identifier)) is not an IANA time zone" + hint(for: identifier)))
    }

    /// Whether `identifier` names a zone of the tz database.
    static func isDatabaseName(_ identifier: String) -> Bool {
        guard isWellFormed(identifier) else { return false }
        if identifier == "UTC" || knownIdentifiers.contains(identifier) { return true }
        return isZoneFile("\(zoneInfoDirectory)/\(identifier)")
    }

    /// Letters, digits and `/_+-.`, no empty, `.` or `..` component: a plain relative path.
    private static func isWellFormed(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= maxIdentifierLength,
            identifier.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    true
                default: false
                }
            })
        else { return false }
        return identifier.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    /// A compiled zone file starts with the magic `TZif`; the database folder also holds tables
    /// (`zone.tab`, `tzdata.zi`) that are not zones.
    private static func isZoneFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        return magic == Data("TZif".utf8)
    }

    private static let knownIdentifiers = Set(TimeZone.knownTimeZoneIdentifiers)
    /// Ids already accepted: every sweep point names the same zone, and Foundation's lookup is not cheap.
    private static let resolved = Memo<String, ZonedCalendar>(capacity: 64)

    /// " (did you mean …?)" for a mistaken id, or "".
    static func hint(for identifier: String) -> String {
        guard identifier.utf8.count <= maxIdentifierLength else { return "" }
        if let (sign, hours) = utcOffset(identifier) {
            // Etc/GMT±N exists for whole hours, UTC-12 to UTC+14.
            guard (sign > 0 && hours <= 14) || (sign < 0 && hours <= 12) else { return "" }
            if hours == 0 { return " (did you mean 'UTC'?)" }
            let posix = "Etc/GMT\(sign > 0 ? "-" : "+")\(hours)"
            let fixed =
                "'\(posix)' is UTC\(sign > 0 ? "+" : "-")\(hours) all year with no summer time (POSIX zone names invert the sign)"
            // An offset written in winter usually means a region's zone, which moves its clocks in summer.
            guard let region = regionZone(offsetHours: sign * hours) else {
                return " (did you mean '\(posix)'? \(fixed))"
            }
            return " (did you mean a region's zone such as '\(region.name)' (\(region.offsets))? \(fixed))"
        }
        let candidates = databaseNames
        // A city alone (`Berlin`, `new york`): the zone whose last component it is.
        let city = identifier.lowercased().replacingOccurrences(of: " ", with: "_")
        if !city.contains("/"),
            let zone = candidates.first(where: {
                $0.split(separator: "/").last.map { $0.lowercased() == city } ?? false && $0.contains("/")
            })
        {
            return " (did you mean '\(zone)'?)"
        }
        return Suggestion.hint(for: identifier, in: candidates)
    }

    /// A well-known zone whose winter offset is `offsetHours` (the places an engineer is likely to mean),
    /// with its offsets written out from the tz database (`UTC+1 in winter, UTC+2 in summer`).
    static func regionZone(offsetHours: Int) -> (name: String, offsets: String)? {
        let examples = [
            -8: "America/Los_Angeles", -7: "America/Denver", -6: "America/Chicago", -5: "America/New_York",
            -3: "America/Sao_Paulo", 0: "Europe/London", 1: "Europe/Berlin", 2: "Europe/Helsinki", 3: "Europe/Moscow",
            4: "Asia/Dubai", 7: "Asia/Bangkok", 8: "Asia/Singapore", 9: "Asia/Tokyo", 10: "Australia/Brisbane",
            12: "Pacific/Auckland",
        ]
        guard let name = examples[offsetHours], let zone = TimeZone(identifier: name) else { return nil }
        // 15 January and 15 July 2027: winter and summer in one hemisphere or the other.
        let (january, july) = (Date(timeIntervalSince1970: 1_799_971_200), Date(timeIntervalSince1970: 1_815_609_600))
        func utc(_ seconds: Int) -> String {
            let hours = Double(seconds) / 3_600
            let sign = seconds < 0 ? "-" : "+"
            return "UTC" + sign
                + (hours == hours.rounded() ? String(Int(abs(hours))) : String(format: "%.1f", abs(hours)))
        }
        let (a, b) = (zone.secondsFromGMT(for: january), zone.secondsFromGMT(for: july))
        if a == b { return (name, "\(utc(a)) all year") }
        let (winter, summer) = a < b ? (a, b) : (b, a)
        return (name, "\(utc(winter)) in winter, \(utc(summer)) in summer")
    }

    /// `GMT+1`, `UTC-05`, `UTC+3:00`: the sign (+1 east of Greenwich) and whole hours.
    private static func utcOffset(_ identifier: String) -> (sign: Int, hours: Int)? {
        let upper = identifier.uppercased()
        guard let prefix = ["GMT", "UTC"].first(where: { upper.hasPrefix($0) }) else { return nil }
        var rest = upper.dropFirst(prefix.count)
        guard let signCharacter = rest.first, signCharacter == "+" || signCharacter == "-" else { return nil }
        rest = rest.dropFirst()
        if rest.hasSuffix(":00") {
            rest = rest.dropLast(3)
        } else if rest.count == 4, rest.hasSuffix("00") {
            rest = rest.dropLast(2)
        }
        guard (1...2).contains(rest.count), rest.allSatisfy(\.isASCII), let hours = Int(rest) else { return nil }
        return (signCharacter == "+" ? 1 : -1, hours)
    }

    /// Every name to suggest from: Foundation's list and the zone files of the system database
    /// (without its `posix/` and `right/` copies), sorted so suggestions do not depend on listing
    /// order, with the `Area/City` names first so a city finds its zone before a legacy alias.
    static let databaseNames: [String] = {
        var names = Set(TimeZone.knownTimeZoneIdentifiers)
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: zoneInfoDirectory)) ?? []
        for file in files where !file.hasPrefix("posix/") && !file.hasPrefix("right/") && isWellFormed(file) {
            if isZoneFile("\(zoneInfoDirectory)/\(file)"), TimeZone(identifier: file) != nil { names.insert(file) }
        }
        return names.sorted { a, b in
            let (areaA, areaB) = (a.contains("/"), b.contains("/"))
            return areaA != areaB ? areaA : a < b
        }
    }()
}

public struct TimeZoneError: Error, Sendable, Equatable {
    public let message: String
}
