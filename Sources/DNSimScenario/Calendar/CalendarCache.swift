import DNSimCore
import Foundation

/// Calendars already computed for a scenario, so that validating it (in `ScenarioLoader`),
/// planning it and planning its sweep points build each distinct calendar once.
///
/// Entries are keyed by everything a calendar depends on, so a scenario edited after
/// loading never sees a stale one. The cache holds a few entries and at most
/// `maxCachedCycles` cycles in all (more while a sweep is validated, see `keep(upTo:)`),
/// dropping the oldest first.
final class CalendarCache: @unchecked Sendable {
    struct Key: Hashable {
        var days: Int
        var start: String
        var timeZone: String
        var notify: String
        var fetch: String
    }

    typealias Value = Result<CycleCalendar, Scenario.CalendarError>

    static let maxEntries = 16
    static let maxCachedCycles = 4_000_000

    private let lock = NSLock()
    private var table: [Key: Value] = [:]
    /// Keys oldest first, for eviction.
    private var order: [Key] = []
    private var cachedCycles = 0
    private var entryLimit = maxEntries
    private var cycleLimit = maxCachedCycles
    private var computed = 0
    private var built = 0

    /// The cache a scenario built inside `$inherited.withValue` starts with: sweep points share
    /// their base scenario's, since most of them have the same calendar.
    @TaskLocal static var inherited: CalendarCache?

    static func forNewScenario() -> CalendarCache { inherited ?? CalendarCache() }

    func value(for key: Key, compute: () -> Value) -> Value {
        lock.lock()
        if let found = table[key] {
            lock.unlock()
            return found
        }
        lock.unlock()
        let value = compute()
        lock.lock()
        defer { lock.unlock() }
        computed += 1
        let cycles = (try? value.get())?.count ?? 0
        built += cycles
        if table[key] == nil {
            table[key] = value
            order.append(key)
            cachedCycles += cycles
            while order.count > 1 && (order.count > entryLimit || cachedCycles > cycleLimit) {
                let oldest = order.removeFirst()
                cachedCycles -= (try? table.removeValue(forKey: oldest)?.get())?.count ?? 0
            }
        }
        return value
    }

    /// Keeps every calendar while their cycles add up to at most `cycles`: a sweep validates
    /// its calendars first, then loads every point, which must find them all here.
    func keep(upTo cycles: Int) {
        lock.lock()
        defer { lock.unlock() }
        entryLimit = max(entryLimit, cycles)
        cycleLimit = max(cycleLimit, cycles)
    }

    /// Back to the usual limits, dropping the oldest calendars beyond them.
    func restoreLimits() {
        lock.lock()
        defer { lock.unlock() }
        (entryLimit, cycleLimit) = (Self.maxEntries, Self.maxCachedCycles)
        while order.count > 1 && (order.count > entryLimit || cachedCycles > cycleLimit) {
            let oldest = order.removeFirst()
            cachedCycles -= (try? table.removeValue(forKey: oldest)?.get())?.count ?? 0
        }
    }

    /// How many calendars were computed rather than found (for tests).
    var computations: Int {
        lock.lock()
        defer { lock.unlock() }
        return computed
    }

    /// Cycles of every calendar built so far, found again or not.
    var builtCycles: Int {
        lock.lock()
        defer { lock.unlock() }
        return built
    }
}
