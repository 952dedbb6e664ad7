import Foundation
import XCTest

@testable import DNSimScenario

/// Over 400 lines because every DST rule (gaps, repeats, half-hour zones,
/// leap days) has its own hand-worked case; they read best together.
///
/// Expected instants are UTC milliseconds worked out by hand:
///   days since 1970-01-01 → 2024-01-01 is day 19723 (1 704 067 200 s, a well-known value);
///   + 366 (2024) + 365 + 365 → 2027-01-01 is day 20819; + 365 → 2028-01-01 is day 21184;
///   day of a date = day of its 1 January + days in the earlier months (31, 28/29, 31, 30, 31, 30,
///   31, 31, 30, 31, 30) + day − 1; seconds = day × 86 400 + local time − UTC offset.
/// Frequently used days: 2027-03-14 = 20819 + 31 + 28 + 13 = 20891 (1 804 982 400 s);
/// 2027-11-07 = 20819 + 304 + 6 = 21129 (1 825 545 600 s); 2027-03-28 = 20905 (1 806 192 000 s);
/// 2027-10-31 = 20819 + 273 + 30 = 21122 (1 824 940 800 s); 2028-02-29 = 21184 + 59 = 21243.
/// Transition dates come from the tz rules: US DST from the second Sunday of March to the first
/// Sunday of November at 02:00 local; EU from the last Sunday of March to the last Sunday of
/// October at 01:00 UTC. `testHandComputedInstantsAgreeWithISO8601` re-checks the arithmetic.
final class ZonedCalendarTests: XCTestCase {
    private func zone(_ identifier: String, file: StaticString = #filePath, line: UInt = #line) -> ZonedCalendar {
        guard let calendar = ZonedCalendar(identifier: identifier) else {
            XCTFail("unknown zone \(identifier)", file: file, line: line)
            return ZonedCalendar(identifier: "UTC")!
        }
        return calendar
    }

    private func cron(_ text: String) -> CronExpression {
        try! CronExpression(text)
    }

    // MARK: Zones

    func testKnownAndUnknownIdentifiers() {
        XCTAssertEqual(ZonedCalendar(identifier: "America/New_York")?.identifier, "America/New_York")
        XCTAssertEqual(ZonedCalendar(identifier: "UTC")?.identifier, "UTC")
        XCTAssertNil(ZonedCalendar(identifier: "Mars/Olympus_Mons"))
        XCTAssertNil(ZonedCalendar(identifier: ""))
    }

    // MARK: UTC

    func testDailyInUTC() {
        // From 2027-01-01 09:00Z (inclusive) to 2027-01-04 09:00Z (exclusive): 09:00Z on 1, 2 and 3 January.
        // 2027-01-01 = day 20819 = 1 798 761 600 s; + 9 h (32 400 s) = 1 798 794 000; then + 86 400 per day.
        let occurrences = zone("UTC").occurrences(
            of: cron("0 9 * * *"), from: 1_798_794_000_000, to: 1_799_053_200_000)
        XCTAssertEqual(occurrences, [1_798_794_000_000, 1_798_880_400_000, 1_798_966_800_000])
    }

    func testSeveralTimesPerDayInUTC() {
        // 2027-01-01 00:00Z to 2027-01-03 00:00Z; 09:00 adds 32 400 s, 18:00 adds 64 800 s.
        let occurrences = zone("UTC").occurrences(
            of: cron("0 9,18 * * *"), from: 1_798_761_600_000, to: 1_798_934_400_000)
        XCTAssertEqual(occurrences, [1_798_794_000_000, 1_798_826_400_000, 1_798_880_400_000, 1_798_912_800_000])
    }

    func testEmptyOrReversedRangeHasNoOccurrences() {
        let utc = zone("UTC")
        XCTAssertEqual(utc.occurrences(of: cron("* * * * *"), from: 1_798_794_000_000, to: 1_798_794_000_000), [])
        XCTAssertEqual(utc.occurrences(of: cron("* * * * *"), from: 1_798_794_000_000, to: 1_798_761_600_000), [])
    }

    func testRangeIsHalfOpenAtMillisecondPrecision() {
        // "0 9 * * *" on 2027-01-01 fires at 1 798 794 000 000; a window ending exactly there excludes it,
        // one ending a millisecond later includes it, one starting a millisecond later excludes it.
        let utc = zone("UTC")
        let daily = cron("0 9 * * *")
        XCTAssertEqual(utc.occurrences(of: daily, from: 1_798_761_600_000, to: 1_798_794_000_000), [])
        XCTAssertEqual(utc.occurrences(of: daily, from: 1_798_761_600_000, to: 1_798_794_000_001), [1_798_794_000_000])
        XCTAssertEqual(utc.occurrences(of: daily, from: 1_798_794_000_001, to: 1_798_837_200_000), [])
    }

    func testFridayOrThirteenthInUTC() {
        // "0 12 13 * FRI" over 2027-08-09 (Monday) to 2027-08-17: Friday 13 August once, and Friday
        // 20 is outside. 2027-08-13 = 20819 + 212 + 12 = 21043; × 86 400 + 43 200 = 1 818 158 400 s.
        // 2027-08-09 = 21039 → 1 817 769 600 s; 2027-08-17 = 21047 → 1 818 460 800 s.
        let occurrences = zone("UTC").occurrences(
            of: cron("0 12 13 * FRI"), from: 1_817_769_600_000, to: 1_818_460_800_000)
        XCTAssertEqual(occurrences, [1_818_158_400_000])
        // From 2027-09-06 (21067, Monday, 1 820 188 800 s) to 2027-09-14 (21075, 1 820 880 000 s): Friday 10
        // (21071 → 1 820 577 600 s at noon) and Monday 13 (21074 → 1 820 836 800 s at noon).
        XCTAssertEqual(
            zone("UTC").occurrences(of: cron("0 12 13 * FRI"), from: 1_820_188_800_000, to: 1_820_880_000_000),
            [1_820_577_600_000, 1_820_836_800_000])
    }

    func testLeapDayOnlyIn2028() {
        // 2027-01-01 (1 798 761 600 s) to 2029-01-01 (day 21550, 1 861 920 000 s): only
        // 2028-02-29 12:00Z = 21243 × 86 400 + 43 200 = 1 835 438 400 s.
        let occurrences = zone("UTC").occurrences(
            of: cron("0 12 29 2 *"), from: 1_798_761_600_000, to: 1_861_920_000_000)
        XCTAssertEqual(occurrences, [1_835_438_400_000])
    }

    func testNextLeapDayAndImpossibleDates() {
        let utc = zone("UTC")
        // After 2028-03-01 the next 29 February is 2032: day 21184 + 366 + 365 × 3 = 22645, + 59 = 22704;
        // × 86 400 + 43 200 = 1 961 668 800 s.
        XCTAssertEqual(
            utc.nextOccurrence(of: cron("0 12 29 2 *"), after: 1_835_481_600_000), 1_961_668_800_000)
        // 2100 is not a leap year, so from 2097-03-01 (day 46446, 4 012 934 400 s) the wait runs to
        // 2104-02-29: 2100-01-01 = 10957 (2000-01-01) + 36525 = 47482; + 4 × 365 = 48942; + 59 = 49001;
        // × 86 400 + 43 200 = 4 233 729 600 s.
        XCTAssertEqual(
            utc.nextOccurrence(of: cron("0 12 29 2 *"), after: 4_012_934_400_000), 4_233_729_600_000)
        XCTAssertNil(utc.nextOccurrence(of: cron("0 0 30 2 *"), after: 1_798_761_600_000))
        XCTAssertNil(utc.nextOccurrence(of: cron("0 0 31 4,6,9,11 *"), after: 1_798_761_600_000))
    }

    func testLatestOccurrenceRespectsLookBack() {
        // 2028-02-29 12:00Z (1 835 438 400 s) is 1 861 920 000 − 1 835 438 400 = 26 481 600 s = 306.5 days
        // before 2029-01-01 00:00Z.
        let utc = zone("UTC")
        let leapDay = cron("0 12 29 2 *")
        XCTAssertNil(utc.latestOccurrence(of: leapDay, atOrBefore: 1_861_920_000_000, lookBackDays: 306))
        XCTAssertEqual(
            utc.latestOccurrence(of: leapDay, atOrBefore: 1_861_920_000_000, lookBackDays: 307), 1_835_438_400_000)
        XCTAssertNil(utc.latestOccurrence(of: leapDay, atOrBefore: 1_861_920_000_000, lookBackDays: -1))
    }

    // MARK: America/New_York, spring forward 2027-03-14 02:00 EST → 03:00 EDT (07:00Z)

    func testSkippedTimeFiresAtEndOfGap() {
        // Window 2027-03-13 00:00 EST (05:00Z, 1 804 914 000 s) to 2027-03-16 00:00Z (1 805 155 200 s).
        // 13th 02:30 EST = 07:30Z: 20890 × 86 400 + 27 000 = 1 804 923 000 s.
        // 14th 02:30 does not exist → 03:00 EDT = 07:00Z: 1 804 982 400 + 25 200 = 1 805 007 600 s.
        // 15th 02:30 EDT = 06:30Z: 1 805 068 800 + 23 400 = 1 805 092 200 s.
        let occurrences = zone("America/New_York").occurrences(
            of: cron("30 2 * * *"), from: 1_804_914_000_000, to: 1_805_155_200_000)
        XCTAssertEqual(occurrences, [1_804_923_000_000, 1_805_007_600_000, 1_805_092_200_000])
    }

    func testEveningFiresInEDTAfterSpringForward() {
        // 18:30 EST = 23:30Z on the 13th (1 804 896 000 + 84 600); 18:30 EDT = 22:30Z on the 14th
        // (1 804 982 400 + 81 000) and 15th (1 805 068 800 + 81 000).
        let occurrences = zone("America/New_York").occurrences(
            of: cron("30 18 * * *"), from: 1_804_914_000_000, to: 1_805_155_200_000)
        XCTAssertEqual(occurrences, [1_804_980_600_000, 1_805_063_400_000, 1_805_149_800_000])
    }

    func testSkippedTimesInOneGapCollapseWithTheGapEnd() {
        // 02:00, 02:15, 02:30, 02:45 are skipped and 03:00 exists: all five fire once at 07:00Z,
        // then 03:15, 03:30, 03:45 EDT = 07:15Z, 07:30Z, 07:45Z. Window 05:00Z-09:00Z on the 14th.
        let occurrences = zone("America/New_York").occurrences(
            of: cron("*/15 2,3 * * *"), from: 1_805_000_400_000, to: 1_805_014_800_000)
        XCTAssertEqual(
            occurrences, [1_805_007_600_000, 1_805_008_500_000, 1_805_009_400_000, 1_805_010_300_000])
    }

    func testLatestAndNextAroundSpringForward() {
        let newYork = zone("America/New_York")
        let halfPastTwo = cron("30 2 * * *")
        // At or before 07:00Z on the 14th includes the gap occurrence itself; a millisecond earlier
        // it is the 13th's 07:30Z.
        XCTAssertEqual(newYork.latestOccurrence(of: halfPastTwo, atOrBefore: 1_805_007_600_000), 1_805_007_600_000)
        XCTAssertEqual(newYork.latestOccurrence(of: halfPastTwo, atOrBefore: 1_805_007_599_999), 1_804_923_000_000)
        XCTAssertEqual(newYork.nextOccurrence(of: halfPastTwo, after: 1_804_923_000_000), 1_805_007_600_000)
        XCTAssertEqual(newYork.nextOccurrence(of: halfPastTwo, after: 1_805_007_600_000), 1_805_092_200_000)
    }

    // MARK: America/New_York, fall back 2027-11-07 02:00 EDT → 01:00 EST (06:00Z)

    func testRepeatedTimeFiresOnceAtFirstOccurrence() {
        // 6th 01:30 EDT = 05:30Z (21128 × 86 400 + 19 800 = 1 825 479 000 s); 7th 01:30 happens at 05:30Z
        // (EDT) and 06:30Z (EST), fires at 05:30Z only (1 825 545 600 + 19 800); 8th 01:30 EST = 06:30Z
        // (1 825 632 000 + 23 400). Window 6th 00:00 EDT (04:00Z) to 9th 00:00 EST (05:00Z).
        let occurrences = zone("America/New_York").occurrences(
            of: cron("30 1 * * *"), from: 1_825_473_600_000, to: 1_825_736_400_000)
        XCTAssertEqual(occurrences, [1_825_479_000_000, 1_825_565_400_000, 1_825_655_400_000])
    }

    func testRepeatedHourIsNotFiredTwiceEvenForWildcards() {
        // "*/30 * * * *" from 04:00Z to 07:30Z on the 7th: 00:00, 00:30, 01:00, 01:30 EDT (04:00Z-05:30Z),
        // nothing for the repeated 01:00, 01:30 EST (06:00Z, 06:30Z), then 02:00 EST = 07:00Z.
        let occurrences = zone("America/New_York").occurrences(
            of: cron("*/30 * * * *"), from: 1_825_560_000_000, to: 1_825_572_600_000)
        XCTAssertEqual(
            occurrences,
            [1_825_560_000_000, 1_825_561_800_000, 1_825_563_600_000, 1_825_565_400_000, 1_825_570_800_000])
    }

    func testLatestAndNextAroundFallBack() {
        let newYork = zone("America/New_York")
        let halfPastOne = cron("30 1 * * *")
        // From inside the repeated hour (06:15Z = 01:15 EST) the latest is the EDT firing at 05:30Z.
        XCTAssertEqual(newYork.latestOccurrence(of: halfPastOne, atOrBefore: 1_825_568_100_000), 1_825_565_400_000)
        // After 05:30Z the second 01:30 (06:30Z) is skipped; next is the 8th 06:30Z.
        XCTAssertEqual(newYork.nextOccurrence(of: halfPastOne, after: 1_825_565_400_000), 1_825_655_400_000)
    }

    func testStartOfDayOnNewYorkTransitionDays() {
        let newYork = zone("America/New_York")
        // 2027-03-14 00:00 EST = 05:00Z: 1 804 982 400 + 18 000.
        XCTAssertEqual(newYork.startOfDay(year: 2027, month: 3, day: 14), 1_805_000_400_000)
        // 2027-11-07 00:00 EDT = 04:00Z: 1 825 545 600 + 14 400.
        XCTAssertEqual(newYork.startOfDay(year: 2027, month: 11, day: 7), 1_825_560_000_000)
        // 2027-11-08 00:00 EST = 05:00Z: 1 825 632 000 + 18 000.
        XCTAssertEqual(newYork.startOfDay(year: 2027, month: 11, day: 8), 1_825_650_000_000)
    }

    func testLocalFieldsAcrossSpringForward() {
        let newYork = zone("America/New_York")
        let after = newYork.localFields(1_805_007_600_000)
        XCTAssertEqual(
            after,
            LocalFields(
                year: 2027, month: 3, day: 14, hour: 3, minute: 0, second: 0, millisecond: 0,
                weekday: 0, utcOffsetSeconds: -14_400))
        XCTAssertEqual(after.formatted, "2027-03-14 03:00:00 -04:00")
        XCTAssertEqual(newYork.localFields(1_805_007_599_999).formatted, "2027-03-14 01:59:59.999 -05:00")
    }

    // MARK: Europe/Berlin: 2027-03-28 02:00 CET → 03:00 CEST and 2027-10-31 03:00 CEST → 02:00 CET, both at 01:00Z

    func testBerlinSpringForward() {
        // 27th 02:30 CET = 01:30Z (20904 × 86 400 + 5 400); 28th 02:30 missing → 03:00 CEST = 01:00Z
        // (1 806 192 000 + 3 600); 29th 02:30 CEST = 00:30Z (1 806 278 400 + 1 800).
        // Window 2027-03-27 00:00Z (1 806 105 600 s) to 2027-03-30 00:00Z (1 806 364 800 s).
        let occurrences = zone("Europe/Berlin").occurrences(
            of: cron("30 2 * * *"), from: 1_806_105_600_000, to: 1_806_364_800_000)
        XCTAssertEqual(occurrences, [1_806_111_000_000, 1_806_195_600_000, 1_806_280_200_000])
    }

    func testBerlinFallBack() {
        // 30th 02:30 CEST = 00:30Z (21121 × 86 400 + 1 800); 31st 02:30 first as CEST = 00:30Z
        // (1 824 940 800 + 1 800), not again at 01:30Z; 1 November 02:30 CET = 01:30Z (1 825 027 200 + 5 400).
        // Window 2027-10-30 00:00Z (1 824 854 400 s) to 2027-11-02 00:00Z (1 825 113 600 s).
        let occurrences = zone("Europe/Berlin").occurrences(
            of: cron("30 2 * * *"), from: 1_824_854_400_000, to: 1_825_113_600_000)
        XCTAssertEqual(occurrences, [1_824_856_200_000, 1_824_942_600_000, 1_825_032_600_000])
    }

    func testBerlinStartOfDayAndNext() {
        let berlin = zone("Europe/Berlin")
        // 2027-03-28 00:00 CET = 2027-03-27 23:00Z: 1 806 192 000 − 3 600.
        XCTAssertEqual(berlin.startOfDay(year: 2027, month: 3, day: 28), 1_806_188_400_000)
        // 2027-10-31 00:00 CEST = 2027-10-30 22:00Z: 1 824 940 800 − 7 200.
        XCTAssertEqual(berlin.startOfDay(year: 2027, month: 10, day: 31), 1_824_933_600_000)
        XCTAssertEqual(berlin.nextOccurrence(of: cron("30 2 * * *"), after: 1_806_111_000_000), 1_806_195_600_000)
        XCTAssertEqual(
            berlin.latestOccurrence(of: cron("30 2 * * *"), atOrBefore: 1_825_027_200_000), 1_824_942_600_000)
    }

    // MARK: Midnight transitions

    func testSantiagoSkippedMidnight() {
        // Chile 2019: DST began Sunday 2019-09-08 at 04:00Z, 00:00 −04 → 01:00 −03, so midnight is skipped.
        // 2019-01-01 = day 17897 (1 546 300 800 s); 8 September = 17897 + 243 + 7 = 18147 → 1 567 900 800 s.
        let santiago = zone("America/Santiago")
        XCTAssertEqual(santiago.startOfDay(year: 2019, month: 9, day: 8), 1_567_915_200_000)  // + 4 h
        XCTAssertEqual(
            santiago.occurrences(of: cron("0 0 * * *"), from: 1_567_900_800_000, to: 1_567_987_200_000),
            [1_567_915_200_000])
    }

    func testSantiagoRepeatedHourBeforeMidnight() {
        // Chile 2019: DST ended 2019-04-07 at 03:00Z, 00:00 −03 → Saturday 23:00 −04.
        // 7 April = 17897 + 90 + 6 = 17993 → 1 554 595 200 s. Midnight on the 7th exists once, at −04 = 04:00Z;
        // midnight on the 6th was −03 = 03:00Z (1 554 508 800 + 10 800).
        let santiago = zone("America/Santiago")
        XCTAssertEqual(santiago.startOfDay(year: 2019, month: 4, day: 7), 1_554_609_600_000)
        XCTAssertEqual(santiago.startOfDay(year: 2019, month: 4, day: 6), 1_554_519_600_000)
        // Saturday 23:30 happens at −03 (02:30Z on the 7th) and again at −04; it fires at 02:30Z only:
        // 1 554 595 200 + 9 000.
        XCTAssertEqual(
            santiago.occurrences(of: cron("30 23 6 4 *"), from: 1_554_508_800_000, to: 1_554_681_600_000),
            [1_554_604_200_000])
    }

    func testHavanaMidnightTransitions() {
        // Cuba: DST from the second Sunday of March to the first Sunday of November, at 00:00 standard time (05:00Z).
        let havana = zone("America/Havana")
        // 2027-03-14 00:00 CST is skipped (→ 01:00 CDT at 05:00Z): 1 804 982 400 + 18 000.
        XCTAssertEqual(havana.startOfDay(year: 2027, month: 3, day: 14), 1_805_000_400_000)
        XCTAssertEqual(
            havana.occurrences(of: cron("0 0 * * *"), from: 1_804_982_400_000, to: 1_805_068_800_000),
            [1_805_000_400_000])
        // 2027-11-07: 01:00 CDT → 00:00 CST at 05:00Z, so 00:30 occurs at 04:30Z (CDT) and 05:30Z (CST);
        // fires at 04:30Z. Neighbours: 6th 00:30 CDT = 04:30Z, 8th 00:30 CST = 05:30Z.
        XCTAssertEqual(
            havana.occurrences(of: cron("30 0 * * *"), from: 1_825_459_200_000, to: 1_825_718_400_000),
            [1_825_475_400_000, 1_825_561_800_000, 1_825_651_800_000])
    }

    func testBeirutSkippedMidnight() {
        // Lebanon 2010: DST from the last Sunday of March at 00:00 (+02 → +03), i.e. 2010-03-27 22:00Z.
        // 2010-01-01 = day 14610; 27 March = 14610 + 59 + 26 = 14695 → 1 269 648 000 s; + 22 h = 1 269 727 200 s.
        XCTAssertEqual(zone("Asia/Beirut").startOfDay(year: 2010, month: 3, day: 28), 1_269_727_200_000)
    }

    func testSamoaSkippedWholeDay() {
        // Pacific/Apia jumped from 2011-12-29 24:00 (−10) to 2011-12-31 00:00 (+14) at 2011-12-30 10:00Z.
        // 2011-01-01 = day 14975; 29 December = 14975 + 362 = 15337 → 1 325 116 800 s.
        // Noon on the 29th (−10) = 22:00Z = 1 325 196 000 s; the missing 30th collapses to the jump,
        // 1 325 203 200 + 36 000; noon on the 31st (+14) = 30th 22:00Z; 1 January noon = 31st 22:00Z.
        let occurrences = zone("Pacific/Apia").occurrences(
            of: cron("0 12 * * *"), from: 1_325_116_800_000, to: 1_325_376_000_000)
        XCTAssertEqual(occurrences, [1_325_196_000_000, 1_325_239_200_000, 1_325_282_400_000, 1_325_368_800_000])
    }

    func testMoscowStandardOffsetChange() {
        // Moscow left +04 for +03 (not a DST change) at 2014-10-26 02:00 → 01:00, i.e. 2014-10-25 22:00Z.
        // 2014-01-01 = day 16071; 26 October = 16071 + 273 + 25 = 16369 → 1 414 281 600 s.
        // 01:30 first at +04 = 25th 21:30Z (1 414 281 600 − 9 000); on the 27th at +03 = 26th 22:30Z.
        let occurrences = zone("Europe/Moscow").occurrences(
            of: cron("30 1 * * *"), from: 1_414_195_200_000, to: 1_414_368_000_000)
        XCTAssertEqual(occurrences, [1_414_272_600_000, 1_414_362_600_000])
    }

    // MARK: Non-whole-hour offsets

    func testKolkataHalfHourOffset() {
        let kolkata = zone("Asia/Kolkata")
        // 09:00 IST (+05:30) = 03:30Z: 1 798 761 600 + 12 600 on 2027-01-01, then + 86 400.
        XCTAssertEqual(
            kolkata.occurrences(of: cron("0 9 * * *"), from: 1_798_761_600_000, to: 1_798_934_400_000),
            [1_798_774_200_000, 1_798_860_600_000])
        // 23:30 IST = 18:00Z the same day: 1 798 761 600 + 64 800.
        XCTAssertEqual(
            kolkata.occurrences(of: cron("30 23 1 1 *"), from: 1_798_761_600_000, to: 1_798_934_400_000),
            [1_798_826_400_000])
        // 2027-01-01 was a Friday: (20819 + 4) mod 7 = 5.
        XCTAssertEqual(kolkata.localFields(1_798_774_200_000).formatted, "2027-01-01 09:00:00 +05:30")
        XCTAssertEqual(kolkata.localFields(1_798_774_200_000).weekday, 5)
        // Local midnight = previous day 18:30Z: 1 798 761 600 − 19 800.
        XCTAssertEqual(kolkata.startOfDay(year: 2027, month: 1, day: 1), 1_798_741_800_000)
    }

    func testLordHoweHalfHourDaylightShift() {
        // Lord Howe: +10:30 standard, +11 daylight. 2027-10-03 (first Sunday of October) 02:00 → 02:30
        // at 15:30Z on the 2nd; 2027-04-04 (first Sunday of April) 02:00 → 01:30 at 15:00Z on the 3rd.
        let lordHowe = zone("Australia/Lord_Howe")
        // 02:15: 2nd at +10:30 = 1st 15:45Z (day 21093 → 1 822 435 200 − 86 400 + 56 700); 3rd skipped → 02:30 +11
        // = 2nd 15:30Z (1 822 521 600 − 86 400 + 55 800); 4th at +11 = 3rd 15:15Z (1 822 521 600 + 54 900).
        XCTAssertEqual(
            lordHowe.occurrences(of: cron("15 2 * * *"), from: 1_822_348_800_000, to: 1_822_608_000_000),
            [1_822_405_500_000, 1_822_491_000_000, 1_822_576_500_000])
        // 01:45: 3 April at +11 = 2nd 14:45Z (day 20911 → 1 806 710 400 − 86 400 + 53 100); 4th repeated, first
        // at +11 = 3rd 14:45Z (1 806 796 800 − 86 400 + 53 100); 5th at +10:30 = 4th 15:15Z (1 806 796 800 + 54 900).
        XCTAssertEqual(
            lordHowe.occurrences(of: cron("45 1 * * *"), from: 1_806_624_000_000, to: 1_806_883_200_000),
            [1_806_677_100_000, 1_806_763_500_000, 1_806_851_700_000])
        XCTAssertEqual(lordHowe.localFields(1_822_491_000_000).formatted, "2027-10-03 02:30:00 +11:00")
        XCTAssertEqual(lordHowe.localFields(1_822_490_999_000).formatted, "2027-10-03 01:59:59 +10:30")
    }

    // MARK: Civil arithmetic edges

    func testStartOfDayRollsOverInvalidDates() {
        // 2027-02-29 does not exist and rolls to 1 March: day 20819 + 59 = 20878 → 1 803 859 200 s.
        let utc = zone("UTC")
        XCTAssertEqual(utc.startOfDay(year: 2027, month: 2, day: 29), 1_803_859_200_000)
        XCTAssertEqual(utc.startOfDay(year: 2027, month: 3, day: 1), 1_803_859_200_000)
        // Month 13 of 2026 is January 2027.
        XCTAssertEqual(utc.startOfDay(year: 2026, month: 13, day: 1), 1_798_761_600_000)
    }

    func testExtremeArgumentsAreClampedNotTrapped() {
        // Years 0001-9999 are supported: 0001-01-01T00:00Z is −62 135 596 800 s and 10000-01-01T00:00Z is
        // 253 402 300 800 s (719 162 and 2 932 897 days from the epoch, times 86 400).
        let utc = zone("UTC")
        XCTAssertEqual(utc.startOfDay(year: Int.max, month: Int.max, day: Int.max), 253_402_300_800_000)
        XCTAssertEqual(utc.startOfDay(year: Int.min, month: 1, day: 1), -62_135_596_800_000)
        XCTAssertEqual(utc.localFields(Int64.min).formatted, "0001-01-01 00:00:00 +00:00")
        XCTAssertEqual(
            utc.occurrences(of: cron("0 0 1 1 *"), from: Int64.min, to: -62_135_596_800_000 + 86_400_000),
            [-62_135_596_800_000])
        XCTAssertNil(utc.nextOccurrence(of: cron("0 0 1 1 *"), after: Int64.max))
        XCTAssertEqual(
            utc.latestOccurrence(of: cron("0 0 1 1 *"), atOrBefore: Int64.min, lookBackDays: Int.max),
            -62_135_596_800_000)
    }

    func testLocalFieldsBeforeTheEpoch() {
        // One millisecond before 1970-01-01T00:00Z was a Wednesday.
        let fields = zone("UTC").localFields(-1)
        XCTAssertEqual(
            fields,
            LocalFields(
                year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999,
                weekday: 3, utcOffsetSeconds: 0))
        XCTAssertEqual(fields.formatted, "1969-12-31 23:59:59.999 +00:00")
    }

    // MARK: Checks on the test data and the algorithm as a whole

    /// Guards the hand arithmetic above against typos, using Foundation's ISO 8601 parser.
    func testHandComputedInstantsAgreeWithISO8601() {
        let table: [(String, Int64)] = [
            ("2027-01-01T09:00:00Z", 1_798_794_000_000), ("2027-03-13T07:30:00Z", 1_804_923_000_000),
            ("2027-03-14T07:00:00Z", 1_805_007_600_000), ("2027-03-15T06:30:00Z", 1_805_092_200_000),
            ("2027-03-14T22:30:00Z", 1_805_063_400_000), ("2027-11-07T05:30:00Z", 1_825_565_400_000),
            ("2027-11-08T06:30:00Z", 1_825_655_400_000), ("2027-03-28T01:00:00Z", 1_806_195_600_000),
            ("2027-10-31T00:30:00Z", 1_824_942_600_000), ("2028-02-29T12:00:00Z", 1_835_438_400_000),
            ("2032-02-29T12:00:00Z", 1_961_668_800_000), ("2104-02-29T12:00:00Z", 4_233_729_600_000),
            ("2019-09-08T04:00:00Z", 1_567_915_200_000), ("2019-04-07T04:00:00Z", 1_554_609_600_000),
            ("2010-03-27T22:00:00Z", 1_269_727_200_000), ("2011-12-30T10:00:00Z", 1_325_239_200_000),
            ("2014-10-25T21:30:00Z", 1_414_272_600_000), ("2027-10-02T15:30:00Z", 1_822_491_000_000),
            ("2027-04-03T14:45:00Z", 1_806_763_500_000), ("2027-08-13T12:00:00Z", 1_818_158_400_000),
            ("2027-09-13T12:00:00Z", 1_820_836_800_000), ("2027-01-01T03:30:00Z", 1_798_774_200_000),
        ]
        let parser = ISO8601DateFormatter()
        for (text, millis) in table {
            let parsed = parser.date(from: text).map { Int64($0.timeIntervalSince1970) * 1000 }
            XCTAssertEqual(parsed, millis, text)
        }
    }

    /// Compares `occurrences` with a minute-by-minute scan that applies the DST rules directly,
    /// using only Foundation for offsets and calendar fields, over windows around transitions.
    func testAgreesWithBruteForceScanAroundTransitions() {
        let windows: [(zone: String, aroundSeconds: Int64)] = [
            ("America/New_York", 1_805_007_600), ("America/New_York", 1_825_567_200),
            ("Europe/Berlin", 1_806_195_600), ("Europe/Berlin", 1_824_944_400),
            ("Australia/Lord_Howe", 1_822_491_000), ("Australia/Lord_Howe", 1_806_764_400),
            ("America/Santiago", 1_567_915_200), ("America/Santiago", 1_554_606_000),
            ("America/Havana", 1_805_000_400), ("America/Havana", 1_825_563_600),
            ("Pacific/Apia", 1_325_239_200), ("Europe/Moscow", 1_414_274_400),
            ("Asia/Kolkata", 1_798_761_600), ("UTC", 1_798_761_600),
        ]
        let expressions = [
            "30 2 * * *", "*/15 * * * *", "0 0 * * *", "45 1 * * *", "0,30 0-3 * * *", "0 0 13 * FRI",
            "59 23 * * *", "15 2 * * SUN", "*/7 1-3 * * *",
        ].map(cron)
        for window in windows {
            let calendar = zone(window.zone)
            let from = (window.aroundSeconds - 3 * 86_400) * 1000
            let to = (window.aroundSeconds + 3 * 86_400) * 1000
            let expected = bruteForceOccurrences(of: expressions, zone: window.zone, from: from, to: to)
            for (expression, expectedInstants) in zip(expressions, expected) {
                XCTAssertEqual(
                    calendar.occurrences(of: expression, from: from, to: to), expectedInstants,
                    "\(expression) in \(window.zone)")
            }
        }
    }

    /// `nextOccurrence` and `latestOccurrence` search in chunks (40 days, then longer); they must agree
    /// with `occurrences` at every probe through 2027 (from day 20819), both New York transitions included.
    /// The quarterly expression puts answers 38-92 days out, so chunk boundaries fall on answers.
    func testNextAndLatestAgreeWithOccurrences() {
        let newYork = zone("America/New_York")
        let day: Int64 = 86_400_000
        let cases: [(expression: String, window: Int64)] = [
            ("30 2 * * *", 9 * day), ("*/15 * * * *", 9 * day), ("30 1 * * SUN", 9 * day),
            ("0 0 13 * FRI", 9 * day), ("0 9 1 */3 *", 100 * day),
        ]
        for (text, window) in cases {
            let expression = cron(text)
            var probe: Int64 = 1_798_761_600_000
            while probe < 1_830_297_600_000 {
                XCTAssertEqual(
                    newYork.nextOccurrence(of: expression, after: probe),
                    newYork.occurrences(of: expression, from: probe + 1, to: probe + window).first,
                    "\(text) after \(probe)")
                XCTAssertEqual(
                    newYork.latestOccurrence(of: expression, atOrBefore: probe),
                    newYork.occurrences(of: expression, from: probe - window, to: probe + 1).last,
                    "\(text) at or before \(probe)")
                probe += 90_000_000  // 25 h, so probes drift through every hour of the day
            }
        }
    }

    /// Rare expressions make the searches cross several chunks; chaining them must reproduce `occurrences`
    /// from 2027-01-01 (day 20819) to 2041-01-01 (day 20819 + 14 × 365 + 4 leap days = 25933).
    func testChainedSearchesReproduceOccurrencesOfRareExpressions() {
        let newYork = zone("America/New_York")
        let start: Int64 = 1_798_761_600_000, end: Int64 = 2_240_611_200_000
        for expression in ["0 9 1 */3 *", "30 2 14 3 *", "0 12 29 2 *"].map(cron) {
            let expected = newYork.occurrences(of: expression, from: start, to: end)
            var forward: [Int64] = []
            var cursor = start - 1
            while let next = newYork.nextOccurrence(of: expression, after: cursor), next < end {
                forward.append(next)
                cursor = next
            }
            XCTAssertEqual(forward, expected, "next: \(expression)")
            var backward: [Int64] = []
            cursor = end - 1
            while let latest = newYork.latestOccurrence(of: expression, atOrBefore: cursor, lookBackDays: 1500),
                latest >= start
            {
                backward.insert(latest, at: 0)
                cursor = latest - 1
            }
            XCTAssertEqual(backward, expected, "latest: \(expression)")
        }
    }

    /// One scan per window serves every expression; result `i` belongs to `expressions[i]`.
    private func bruteForceOccurrences(
        of expressions: [CronExpression], zone identifier: String, from: Int64, to: Int64
    )
        -> [[Int64]]
    {
        let timeZone = TimeZone(identifier: identifier)!
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone(identifier: "UTC")!
        func offset(_ seconds: Int64) -> Int64 {
            Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
        }
        func matching(localSeconds: Int64) -> [Bool] {
            let parts = gregorian.dateComponents(
                [.minute, .hour, .day, .month, .weekday], from: Date(timeIntervalSince1970: Double(localSeconds)))
            return expressions.map {
                $0.matches(
                    minute: parts.minute!, hour: parts.hour!, dayOfMonth: parts.day!, month: parts.month!,
                    weekday: parts.weekday! - 1)
            }
        }
        var results = Array(repeating: [Int64](), count: expressions.count)
        var wallTimesSeen = Set<Int64>()
        var utc = from / 1000
        while utc * 1000 < to {
            let wall = utc + offset(utc)
            var fires = Array(repeating: false, count: expressions.count)
            // Clocks jumped forward at this minute: wall times in the gap fire now.
            let previousOffset = offset(utc - 60)
            if offset(utc) > previousOffset {
                for skipped in stride(from: utc + previousOffset, to: wall, by: 60) {
                    for (index, matches) in matching(localSeconds: skipped).enumerated() where matches {
                        fires[index] = true
                    }
                }
            }
            // A wall time shown a second time (after a fall-back) does not fire again.
            if wallTimesSeen.insert(wall).inserted {
                for (index, matches) in matching(localSeconds: wall).enumerated() where matches { fires[index] = true }
            }
            for (index, fired) in fires.enumerated() where fired { results[index].append(utc * 1000) }
            utc += 60
        }
        return results
    }

    // MARK: Long ranges (their speed is in `dnsim-events bench`)

    func testOccurrencesOverLongRanges() {
        let newYork = zone("America/New_York")
        let daily = cron("0 9 * * *")
        // 2027-01-01 00:00Z to 2028-01-01, and to 2037-01-01: a year and a decade of daily occurrences.
        XCTAssertEqual(newYork.occurrences(of: daily, from: 1_798_761_600_000, to: 1_830_297_600_000).count, 365)
        XCTAssertEqual(newYork.occurrences(of: daily, from: 1_798_761_600_000, to: 2_114_294_400_000).count, 3652)
    }
}
