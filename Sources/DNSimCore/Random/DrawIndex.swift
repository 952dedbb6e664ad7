/// The draw indices that pack two numbers: a major one (a cycle, a day, an app
/// open's key) above a minor counter of `minorBits` bits, `major << minorBits | minor`.
/// Every such packing is declared here once, with its field widths, and built
/// by `make`, which asserts (in debug builds) that each field fits, so two
/// draws can never share an index by overflow. `DrawIndexTests` checks that
/// the largest values the scenario limits allow fit, below the 48 bits a
/// `KeyedRandom` index keeps and below -1's image there (setup's open).
/// The values are part of the reproducibility contract, like `RandomSource`'s.
public enum DrawIndex: CaseIterable, Sendable {
    /// A fetch attempt: the cycle it serves, the attempt within that cycle (`RandomSource.fetchAttempt`).
    case fetchAttempt
    /// A BG request the task handler submits: the cycle, the handler's submission for it.
    case handlerRequest
    /// A foreground fetch: the app open's key (`dayRank`), the retry.
    case foregroundFetch
    /// An instant of a daily Poisson process (app opens, and the durations and
    /// choices keyed by them): the UTC day since the start, the rank within the day.
    case dayRank
    /// An Android alarm's inexact delivery: the cycle, the `AlarmPurpose`.
    case inexactAlarm
    /// A BG launch's run budget: the launched request's index + 1 (setup's -1 is 0), the
    /// request's source (`IOSTaskScheduler.budgetKey`).
    case launchBudget

    /// The width of the minor field.
    @inlinable
    public var minorBits: Int {
        switch self {
        case .fetchAttempt: 16
        case .handlerRequest, .foregroundFetch: 8
        case .dayRank: 12
        case .inexactAlarm: 2
        case .launchBudget: 3
        }
    }

    /// The minor field's largest value.
    @inlinable
    public var minorMax: Int { (1 << minorBits) - 1 }

    /// The largest major whose indices stay within a `KeyedRandom` index (48 bits).
    public var majorMax: Int { Int(KeyedRandom.indexMask) >> minorBits }

    /// The sources whose draws are keyed this way.
    public var sources: [RandomSource] {
        switch self {
        case .fetchAttempt: [.fetchAttempt]
        case .handlerRequest: [.backgroundRequestForCycle]
        case .foregroundFetch: [.foregroundFetch]
        case .dayRank:
            [
                .backgroundRequestAtOpen, .lowPowerDuration, .offlineDuration, .disableDuration, .timeChoice,
                .starredEmpty,
            ]
        case .inexactAlarm: [.inexactAlarm]
        case .launchBudget: [.launchBudget]
        }
    }

    /// The largest major this packing meets on a device with `cycles` cycles
    /// and `days` generated days (a cycle past the last included).
    public func largestMajor(cycles: Int, days: Int) -> Int {
        switch self {
        case .fetchAttempt, .handlerRequest, .inexactAlarm: cycles
        case .dayRank: days
        case .foregroundFetch:
            DrawIndex.dayRank.largestMajor(cycles: cycles, days: days) << DrawIndex.dayRank.minorBits
                | DrawIndex.dayRank.minorMax
        case .launchBudget:
            // The widest request index, plus one.
            max(
                DrawIndex.foregroundFetch.largestMajor(cycles: cycles, days: days),
                DrawIndex.handlerRequest.largestMajor(cycles: cycles, days: days) << DrawIndex.handlerRequest.minorBits
                    | DrawIndex.handlerRequest.minorMax) + 1
        }
    }

    /// Whether every packing's indices on such a device are distinct and stay
    /// below 2^48 - 1 (where -1, setup's index, lands): each largest major below `majorMax`.
    public static func fits(cycles: Int, days: Int) -> Bool {
        allCases.allSatisfy { $0.largestMajor(cycles: cycles, days: days) < $0.majorMax }
    }

    /// `major << minorBits | minor`, each field within its range.
    @inline(__always)
    public func make(_ major: Int, _ minor: Int) -> Int {
        assert(major >= 0 && major <= majorMax, "draw index \(self): major \(major) out of range")
        assert(minor >= 0 && minor <= minorMax, "draw index \(self): minor \(minor) does not fit \(minorBits) bits")
        return major << minorBits | minor
    }

    /// `make` with a counter held at the field's largest value once it gets
    /// there: counts past it share that draw (a 256th retry, a 65,536th attempt).
    @inline(__always)
    public func make(_ major: Int, saturating minor: Int) -> Int {
        make(major, min(minor, minorMax))
    }
}
