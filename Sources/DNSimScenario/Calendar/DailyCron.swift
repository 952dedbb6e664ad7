import Foundation

/// A schedule of a few fixed local times every day, as one cron `M H * * *` whose minute and hour
/// fields are numbers or comma lists (`0 8,20 * * *`: 08:00 and 20:00). `init --notify-at` writes
/// one, and a `lead` sweep moves each of its times. A cron can give only the times of every listed
/// minute at every listed hour, so other sets of times (08:00 and 20:30) have none.
public enum DailyCron {
    /// The local minutes of the day (0–1439) `text` fires at, ascending; nil unless it is `M H * * *`
    /// with number lists in its first two fields.
    public static func minutes(_ text: String) -> [Int]? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard fields.count == 5, fields[2...].allSatisfy({ $0 == "*" }),
            let minutes = numbers(fields[0], in: 0...59), let hours = numbers(fields[1], in: 0...23)
        else {
            return nil
        }
        return Set(hours.flatMap { hour in minutes.map { hour * 60 + $0 } }).sorted()
    }

    /// The cron giving exactly these local minutes of the day, or why there is none.
    public static func cron(_ times: [Int]) -> Result<String, CronProblem> {
        let distinct = Set(times.map { ($0 % 1_440 + 1_440) % 1_440 })
        let minutes = Set(distinct.map { $0 % 60 }).sorted(), hours = Set(distinct.map { $0 / 60 }).sorted()
        guard !distinct.isEmpty else { return .failure(CronProblem(message: "no time given")) }
        guard minutes.count * hours.count == distinct.count else {
            let clocks = distinct.sorted().map(clock).joined(separator: ", ")
            return .failure(
                CronProblem(
                    message: "\(clocks) do not make one cron: a cron fires at every listed minute "
                        + "of every listed hour, so the times must share their minutes "
                        + "(08:00 and 20:00 make 0 8,20 * * *)"))
        }
        func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
        return .success("\(list(minutes)) \(list(hours)) * * *")
    }

    /// `08:00,20:00`: local times of the day (`HH:MM`, separated by commas), as minutes of the day in
    /// the order given; the message names the first that is not a time, with a likely meaning.
    public static func times(_ text: String) -> Result<[Int], CronProblem> {
        var times: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard let minutes = DailyWindow.minutes(item) else {
                let hint = DailyWindow.suggestion(for: item).map { " (did you mean \($0)?)" } ?? ""
                return .failure(
                    CronProblem(
                        message: "takes local times HH:MM separated by commas, "
                            + "such as 08:00,20:00; "
                            + "'\(item.prefix(20))' is not one\(hint)"))
            }
            guard !times.contains(minutes) else {
                return .failure(CronProblem(message: "gives \(clock(minutes)) twice"))
            }
            times.append(minutes)
        }
        return .success(times)
    }

    /// `08:05`.
    public static func clock(_ minutes: Int) -> String {
        let (hour, minute) = (minutes / 60, minutes % 60)
        return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    /// `8` or `8,20`: numbers in `range`, nil otherwise.
    static func numbers(_ field: String, in range: ClosedRange<Int>) -> [Int]? {
        let parts = field.split(separator: ",", omittingEmptySubsequences: false)
        var values: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber), let value = Int(part),
                range.contains(value)
            else {
                return nil
            }
            values.append(value)
        }
        return values
    }

    /// Why a set of times has no cron.
    public struct CronProblem: Error, Sendable, Equatable {
        public let message: String
    }
}
