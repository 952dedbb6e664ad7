import DNSimCore
import Foundation

/// Calendars already computed for a scenario, so that validating it (in `ScenarioLoader`),
/// planning it and planning its sweep points build each distinct calendar once.
///
/// Entries are keyed by everything a calendar depends on, so a scenario edited after
/// loading never sees a stale one. The cache holds a few entries and at most
/// `maxCachedCycles` cycles in all, dropping the oldest first.
final class CalendarCache: @unchecked Sendable {
    struct Key: Hashable {
        var days: Int
        var start: String
        var timeZone: String
        var notify: String
        var fetch: String
    }

    static let maxEntries = 16
    static let maxCachedCycles = 4_000_000

    private let lock = NSLock()
    private var entries: [(key: Key, value: Result<CycleCalendar, Scenario.CalendarError>)] = []
    private var computed = 0

    /// The cache a scenario built inside `sharing(_:_:)` starts with: sweep points share
    /// their base scenario's, since most of them have the same calendar.
    @TaskLocal static var inherited: CalendarCache?

    static func forNewScenario() -> CalendarCache { inherited ?? CalendarCache() }

    func value(for key: Key, compute: () -> Result<CycleCalendar, Scenario.CalendarError>) -> Result<CycleCalendar, Scenario.CalendarError> {
        lock.lock()
        if let found = entries.first(where: { $0.key == key }) {
            lock.unlock()
            return found.value
        }
        lock.unlock()
        let value = compute()
        lock.lock()
        defer { lock.unlock() }
        computed += 1
        if !entries.contains(where: { $0.key == key }) {
            entries.append((key, value))
            func cycles() -> Int { entries.reduce(0) { $0 + ((try? $1.value.get())?.count ?? 0) } }
            while entries.count > 1 && (entries.count > Self.maxEntries || cycles() > Self.maxCachedCycles) {
                entries.removeFirst()
            }
        }
        return value
    }

    /// How many calendars were computed rather than found (for tests).
    var computations: Int {
        lock.lock()
        defer { lock.unlock() }
        return computed
    }
}
