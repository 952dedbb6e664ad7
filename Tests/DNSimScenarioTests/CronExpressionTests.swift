import XCTest

@testable import DNSimScenario

/// Parsing and matching of cron expressions. Expected minute-of-day values are hour * 60 + minute,
/// worked out in the comments; weekdays are 0 = Sunday ... 6 = Saturday.
final class CronExpressionTests: XCTestCase {
    private func cron(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> CronExpression {
        do {
            return try CronExpression(text)
        } catch {
            XCTFail("'\(text)' should parse but failed: \(error)", file: file, line: line)
            return try! CronExpression("* * * * *")
        }
    }

    private func assertRejects(
        _ text: String, message: String, offset: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let parsed = try CronExpression(text)
            XCTFail("'\(text)' should be rejected but parsed as \(parsed)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, CronError(message: message, offset: offset), "for '\(text)'", file: file, line: line)
        }
    }

    // MARK: Minutes and hours

    func testSingleValuesGiveOneMinuteOfDay() {
        XCTAssertEqual(cron("0 9 * * *").minutesOfDay, [540])  // 9 * 60
        XCTAssertEqual(cron("59 23 * * *").minutesOfDay, [1439])  // 23 * 60 + 59
        XCTAssertEqual(cron("0 0 * * *").minutesOfDay, [0])
    }

    func testListsRangesAndSteps() {
        XCTAssertEqual(cron("1,15 8 * * *").minutesOfDay, [481, 495])  // 480 + 1, 480 + 15
        XCTAssertEqual(cron("0 9,18 * * *").minutesOfDay, [540, 1080])
        XCTAssertEqual(cron("0 1-3 * * *").minutesOfDay, [60, 120, 180])
        XCTAssertEqual(cron("10-50/10 9 * * *").minutesOfDay, [550, 560, 570, 580, 590])
        XCTAssertEqual(cron("5/15 0 * * *").minutesOfDay, [5, 20, 35, 50])  // 5-59/15
        XCTAssertEqual(cron("0 */6 * * *").minutesOfDay, [0, 360, 720, 1080])
        XCTAssertEqual(cron("0 20/2 * * *").minutesOfDay, [1200, 1320])  // hours 20, 22
        XCTAssertEqual(cron("30 5,1-2 * * *").minutesOfDay, [90, 150, 330])  // list order does not matter
        XCTAssertEqual(cron("0,0,0 7 * * *").minutesOfDay, [420])  // duplicates collapse
    }

    func testEveryMinuteAndEveryQuarterHour() {
        let everyMinute = cron("* * * * *").minutesOfDay
        XCTAssertEqual(everyMinute.count, 1440)
        XCTAssertEqual(everyMinute.first, 0)
        XCTAssertEqual(everyMinute.last, 1439)
        let quarterHours = cron("*/15 * * * *").minutesOfDay
        XCTAssertEqual(quarterHours.count, 96)  // 4 per hour * 24
        XCTAssertEqual(Array(quarterHours.prefix(5)), [0, 15, 30, 45, 60])
        XCTAssertEqual(quarterHours.last, 1425)  // 23:45
    }

    func testWhitespaceBetweenFieldsIsFlexible() {
        XCTAssertEqual(cron("  0\t9  *\t* *  ").minutesOfDay, [540])
    }

    func testMatchesChecksEveryField() {
        let expression = cron("30 9 * * *")
        XCTAssertTrue(expression.matches(minute: 30, hour: 9, dayOfMonth: 14, month: 3, weekday: 0))
        XCTAssertFalse(expression.matches(minute: 31, hour: 9, dayOfMonth: 14, month: 3, weekday: 0))
        XCTAssertFalse(expression.matches(minute: 30, hour: 10, dayOfMonth: 14, month: 3, weekday: 0))
        XCTAssertFalse(expression.matches(minute: 60, hour: 9, dayOfMonth: 14, month: 3, weekday: 0))
        XCTAssertFalse(expression.matches(minute: 30, hour: 9, dayOfMonth: 32, month: 3, weekday: 0))
    }

    // MARK: Names, '?' and Sunday as 7

    func testMonthAndWeekdayNamesIgnoreCase() {
        let expression = cron("0 0 * JAN,jul Mon-fri")
        XCTAssertTrue(expression.matchesDay(dayOfMonth: 4, month: 1, weekday: 1))
        XCTAssertTrue(expression.matchesDay(dayOfMonth: 9, month: 7, weekday: 5))
        XCTAssertFalse(expression.matchesDay(dayOfMonth: 10, month: 7, weekday: 6))  // Saturday
        XCTAssertFalse(expression.matchesDay(dayOfMonth: 4, month: 2, weekday: 1))  // February
        XCTAssertTrue(cron("0 0 1 dec *").matchesDay(dayOfMonth: 1, month: 12, weekday: 3))
    }

    func testSevenIsSunday() {
        let seven = cron("0 0 * * 7")
        XCTAssertTrue(seven.matchesDay(dayOfMonth: 14, month: 3, weekday: 0))
        XCTAssertFalse(seven.matchesDay(dayOfMonth: 13, month: 3, weekday: 6))
        XCTAssertTrue(seven.matches(minute: 0, hour: 0, dayOfMonth: 14, month: 3, weekday: 7))  // 7 accepted here too
        for weekday in 0...6 {
            XCTAssertEqual(
                cron("0 0 * * 5-7").matchesDay(dayOfMonth: 1, month: 1, weekday: weekday), [5, 6, 0].contains(weekday))
            XCTAssertEqual(
                cron("0 0 * * FRI-SUN").matchesDay(dayOfMonth: 1, month: 1, weekday: weekday),
                [5, 6, 0].contains(weekday))
            XCTAssertEqual(cron("0 0 * * SUN-SUN").matchesDay(dayOfMonth: 1, month: 1, weekday: weekday), weekday == 0)
            XCTAssertEqual(cron("0 0 * * */2").matchesDay(dayOfMonth: 1, month: 1, weekday: weekday), weekday % 2 == 0)
        }
    }

    func testQuestionMarkIsAWildcardForDays() {
        let mondays = cron("0 0 ? * MON")
        XCTAssertTrue(mondays.matchesDay(dayOfMonth: 15, month: 3, weekday: 1))
        XCTAssertFalse(mondays.matchesDay(dayOfMonth: 16, month: 3, weekday: 2))
        let firsts = cron("0 0 1 * ?")
        XCTAssertTrue(firsts.matchesDay(dayOfMonth: 1, month: 3, weekday: 1))
        XCTAssertFalse(firsts.matchesDay(dayOfMonth: 2, month: 3, weekday: 2))
    }

    // MARK: Day-of-month / day-of-week OR rule

    func testBothDayFieldsRestrictedMeansEither() {
        // "0 0 13 * FRI": every 13th and every Friday.
        let expression = cron("0 0 13 * FRI")
        XCTAssertTrue(expression.matchesDay(dayOfMonth: 13, month: 1, weekday: 3))  // a Wednesday the 13th
        XCTAssertTrue(expression.matchesDay(dayOfMonth: 14, month: 1, weekday: 5))  // a Friday the 14th
        XCTAssertTrue(expression.matchesDay(dayOfMonth: 13, month: 8, weekday: 5))  // Friday the 13th
        XCTAssertFalse(expression.matchesDay(dayOfMonth: 14, month: 1, weekday: 3))
    }

    func testOnlyOneDayFieldRestrictedMeansBoth() {
        XCTAssertTrue(cron("0 0 13 * *").matchesDay(dayOfMonth: 13, month: 1, weekday: 3))
        XCTAssertFalse(cron("0 0 13 * *").matchesDay(dayOfMonth: 14, month: 1, weekday: 5))
        XCTAssertFalse(cron("0 0 * * FRI").matchesDay(dayOfMonth: 13, month: 1, weekday: 3))
        XCTAssertFalse(cron("0 0 ? * FRI").matchesDay(dayOfMonth: 13, month: 1, weekday: 3))
        XCTAssertFalse(cron("0 0 13 * ?").matchesDay(dayOfMonth: 14, month: 1, weekday: 5))
    }

    func testStepInDayOfMonthCountsAsRestriction() {
        // Only a bare '*' or '?' is unrestricted, so "*/2" (odd days) ORs with Monday.
        let expression = cron("0 0 */2 * MON")
        XCTAssertTrue(expression.matchesDay(dayOfMonth: 1, month: 3, weekday: 2))  // odd day
        XCTAssertTrue(expression.matchesDay(dayOfMonth: 2, month: 3, weekday: 1))  // Monday
        XCTAssertFalse(expression.matchesDay(dayOfMonth: 2, month: 3, weekday: 2))
    }

    func testMonthIsAlwaysRequired() {
        XCTAssertFalse(cron("0 0 13 6 FRI").matchesDay(dayOfMonth: 13, month: 7, weekday: 5))
    }

    func testImpossibleDatesAreRecognised() {
        XCTAssertFalse(cron("0 0 30 2 *").canMatchSomeDate)
        XCTAssertFalse(cron("0 0 31 4,6,9,11 *").canMatchSomeDate)
        XCTAssertTrue(cron("0 0 29 2 *").canMatchSomeDate)
        XCTAssertTrue(cron("0 0 30 2 MON").canMatchSomeDate)  // OR rule: any Monday in February
        XCTAssertTrue(cron("0 0 31 * *").canMatchSomeDate)
    }

    // MARK: Macros

    func testMacrosExpandToTheirFiveFields() {
        let daily = cron("@daily")
        XCTAssertEqual(daily.minutesOfDay, [0])
        XCTAssertTrue(daily.matchesDay(dayOfMonth: 17, month: 5, weekday: 2))
        XCTAssertEqual(daily.text, "@daily")
        XCTAssertEqual(cron("@MIDNIGHT").minutesOfDay, [0])
        XCTAssertEqual(
            cron("@hourly").minutesOfDay,
            [
                0, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600, 660,
                720, 780, 840, 900, 960, 1020, 1080, 1140, 1200, 1260, 1320, 1380,
            ])
        XCTAssertTrue(cron("@weekly").matchesDay(dayOfMonth: 14, month: 3, weekday: 0))
        XCTAssertFalse(cron("@weekly").matchesDay(dayOfMonth: 15, month: 3, weekday: 1))
        XCTAssertTrue(cron("@monthly").matchesDay(dayOfMonth: 1, month: 9, weekday: 3))
        XCTAssertFalse(cron("@monthly").matchesDay(dayOfMonth: 2, month: 9, weekday: 4))
        for yearly in ["@yearly", "@annually"] {
            XCTAssertTrue(cron(yearly).matchesDay(dayOfMonth: 1, month: 1, weekday: 5))
            XCTAssertFalse(cron(yearly).matchesDay(dayOfMonth: 1, month: 2, weekday: 1))
        }
    }

    // MARK: Identity

    func testTextDescriptionAndEquality() {
        XCTAssertEqual(cron("0 9 * * *").text, "0 9 * * *")
        XCTAssertEqual(cron("0 9 * * *").description, "0 9 * * *")
        XCTAssertEqual(cron("0 9 * * *"), cron("0 9 * * *"))
        XCTAssertNotEqual(cron("0 9 * * *"), cron("0 9 * * 0"))
    }

    // MARK: Errors: message and 0-based offset of the offending token

    func testOutOfRangeValues() {
        assertRejects("60 * * * *", message: "minute 60 is out of range 0-59", offset: 0)
        assertRejects("0 24 * * *", message: "hour 24 is out of range 0-23", offset: 2)
        assertRejects("0 0 0 * *", message: "day-of-month 0 is out of range 1-31", offset: 4)
        assertRejects("0 0 32 * *", message: "day-of-month 32 is out of range 1-31", offset: 4)
        assertRejects("0 0 * 13 *", message: "month 13 is out of range 1-12", offset: 6)
        assertRejects("0 0 * 0 *", message: "month 0 is out of range 1-12", offset: 6)
        assertRejects("0 0 * * 8", message: "day-of-week 8 is out of range 0-7", offset: 8)
        assertRejects("0 1-25 * * *", message: "hour 25 is out of range 0-23", offset: 4)  // the range end
        assertRejects("0,5,61 * * * *", message: "minute 61 is out of range 0-59", offset: 4)  // third list entry
        assertRejects("  0 0 * * 99", message: "day-of-week 99 is out of range 0-7", offset: 10)
        assertRejects("99999999999 * * * *", message: "minute 99999999999 is out of range 0-59", offset: 0)
    }

    func testWrongFieldCount() {
        assertRejects(
            "0 0 * * * *",
            message: "expected 5 fields, found 6; a seconds field is not supported (did you mean '0 * * * *'?)",
            offset: 0)  // the seconds field
        assertRejects("0 0 * *", message: "expected 5 fields, found 4", offset: 7)  // end of text
        assertRejects("", message: "expected 5 fields, found 0", offset: 0)
        assertRejects("   ", message: "expected 5 fields, found 0", offset: 3)
    }

    func testUnknownNames() {
        assertRejects("0 0 * JAM *", message: "unknown month name 'JAM' (did you mean 'JAN'?)", offset: 6)
        assertRejects("0 0 * * FRY", message: "unknown day-of-week name 'FRY' (did you mean 'FRI'?)", offset: 8)
        assertRejects("0 0 * * Monday", message: "unknown day-of-week name 'Monday' (did you mean 'MON'?)", offset: 8)
        assertRejects("0 0 * XYZ *", message: "unknown month name 'XYZ' (expected JAN-DEC)", offset: 6)
        assertRejects("0 0 * * MON-FRX", message: "unknown day-of-week name 'FRX' (did you mean 'FRI'?)", offset: 12)
        assertRejects("a * * * *", message: "minute value 'a' is not a number", offset: 0)
        assertRejects("0 0 JAN * *", message: "day-of-month value 'JAN' is not a number", offset: 4)
    }

    func testStepsAndRanges() {
        assertRejects("*/0 * * * *", message: "step must be at least 1", offset: 2)
        assertRejects("*/75 * * * *", message: "step 75 is larger than the minute range 0-59", offset: 2)
        assertRejects("*/ * * * *", message: "missing step after '/'", offset: 1)
        assertRejects("*/x * * * *", message: "step 'x' is not a number", offset: 2)
        assertRejects("1/2/3 * * * *", message: "unexpected second '/' in minute field", offset: 3)
        assertRejects("/5 * * * *", message: "missing minute value before '/'", offset: 0)
        assertRejects("0 10-5 * * *", message: "range 10-5 is reversed", offset: 2)
        assertRejects("0 0 * * SAT-MON", message: "range SAT-MON is reversed", offset: 8)
        assertRejects("1-2-3 * * * *", message: "unexpected second '-' in minute field", offset: 3)
        assertRejects("-5 * * * *", message: "missing start of minute range before '-'", offset: 0)
        assertRejects("0 0 * * 1-", message: "missing end of day-of-week range after '-'", offset: 9)
        assertRejects("*-5 * * * *", message: "'*' cannot be part of a range", offset: 0)
    }

    func testMalformedEntries() {
        assertRejects("1,,2 * * * *", message: "empty entry in minute list", offset: 2)
        assertRejects("1, * * * *", message: "empty entry in minute list", offset: 2)
        assertRejects("5x * * * *", message: "invalid minute value '5x'", offset: 0)
        assertRejects("? * * * *", message: "'?' is only allowed in the day-of-month and day-of-week fields", offset: 0)
        assertRejects("0 0 * ? *", message: "'?' is only allowed in the day-of-month and day-of-week fields", offset: 6)
    }

    func testRejectedMacros() {
        assertRejects("@dayly", message: "unknown macro '@dayly' (did you mean '@daily'?)", offset: 0)
        assertRejects("@reboot", message: "'@reboot' has no time schedule and cannot be simulated", offset: 0)
        assertRejects("@daily 5", message: "macro '@daily' takes no further fields", offset: 7)
        assertRejects(
            "@sometimes",
            message:
                "unknown macro '@sometimes' (supported: @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly)",
            offset: 0)
    }

    func testErrorDescriptionNamesTheOffset() {
        XCTAssertEqual(
            CronError(message: "minute 60 is out of range 0-59", offset: 0).description,
            "minute 60 is out of range 0-59 (at character 0)")
    }
}
