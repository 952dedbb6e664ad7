import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimScenario

/// Inputs that once crashed, hung or ate memory (issue 16). Each must now end in a
/// `file:line:col: error:` or a quick answer. Work is bounded by construction (limits
/// checked before anything grows), so nothing here measures time.
final class HostileInputTests: XCTestCase {
    static let minimal = ScenarioTexts.minimal

    func load(_ text: String) throws(DiagnosticList) -> Scenario {
        try ScenarioLoader.load(bytes: Array(text.utf8), file: "h.yaml")
    }

    /// The first diagnostic's `file:line:col: error: message`, or nil if the text loads.
    func firstError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.diagnostics.first?.description
        }
    }

    func appending(_ text: String) -> String { Self.minimal + "\n" + text }

    // MARK: - Stack: a sweep key of 20,000 parts

    func testSweepKeyOfTwentyThousandPartsIsRefusedByItsLength() {
        let key = "user" + String(repeating: ".a", count: 20_000)
        XCTAssertEqual(
            firstError(appending("sweep: [{key: \"\(key)\", values: [1]}]")),
            "h.yaml:12:15: error: sweep[1].key has 20001 dotted parts; a sweep key has at most 32 (e.g. platforms.ios.fetchTask.never)"
        )
    }

    func testLongestAllowedSweepKeyIsWalkedAndNamesItsProblem() throws {
        let key = "user" + String(repeating: ".a", count: SweepAxis.maxKeyParts - 1)
        let scenario = try load(appending("sweep: [{key: \"\(key)\", values: [1]}]"))
        XCTAssertThrowsError(try scenario.sweepPoints()) { error in
            XCTAssertEqual(
                (error as! DiagnosticList).diagnostics.first?.message.hasSuffix("unknown key 'a' in user"), true,
                "\(error)")
        }
    }

    /// `setting` walks down and rebuilds with loops, so the path length costs heap, not stack.
    func testSettingAValueDeepDownIsIterative() {
        let mark = SourceMark(line: 1, column: 1)
        let path = (1...1_000).map { "k\($0)" }
        let value = YAMLNode(kind: .scalar("v"), mark: mark)
        var node = YAMLNode(kind: .mapping([]), mark: mark).setting(path[...], to: value)
        XCTAssertNotNil(node)
        for key in path { node = node?.value(forKey: key) }
        XCTAssertEqual(node?.scalar, "v")
        // A scalar in the way, or a list index past the end, cannot be set.
        let scalar = YAMLNode(kind: .scalar("x"), mark: mark)
        XCTAssertNil(
            YAMLNode(
                kind: .mapping([YAMLPair(key: YAMLNode(kind: .scalar("a"), mark: mark), value: scalar)]), mark: mark
            )
            .setting(["a", "b"], to: value))
        XCTAssertNil(YAMLNode(kind: .sequence([scalar]), mark: mark).setting(["2"], to: value))
    }

    // MARK: - Memory: a range step that never moves

    func testRangeStepBelowTheSpacingOfDoublesIsRefused() {
        XCTAssertEqual(
            firstError(appending("sweep: [{key: devices, range: {from: 1, to: 1, step: 1e-300}}]")),
            "h.yaml:12:31: error: sweep[1].range step 1e-300 is too small: numbers near 1 are 2.220446049250313e-16 apart, so the values would not all differ"
        )
        XCTAssertEqual(
            firstError(appending("sweep: [{key: devices, range: {from: 1e14, to: 1e14, step: 0.01}}]")),
            "h.yaml:12:31: error: sweep[1].range step 0.01 is too small: numbers near 100000000000000 are 0.015625 apart, so the values would not all differ"
        )
        XCTAssertEqual(
            firstError(appending("sweep: [{key: devices, range: {from: 0, to: 1e9, step: 1}}]")),
            "h.yaml:12:31: error: sweep[1].range gives 1000000001 values; a range gives at most 10000")
    }

    /// A key on two axes made contradictory points (the last value won), and a value twice ran one
    /// point under two names: both are refused at their line and column.
    func testAKeySweptTwiceAndAValueGivenTwiceAreRefused() {
        XCTAssertEqual(
            firstError(appending("sweep: [{key: devices, values: [1, 2]}, {key: devices, values: [3]}]")),
            "h.yaml:12:47: error: sweep[2].key 'devices' is swept twice (also sweep[1]); give all its values in one entry"
        )
        XCTAssertEqual(
            firstError(appending("sweep: [{key: devices, values: [1, 2, 1]}]")),
            "h.yaml:12:39: error: sweep[1].values[3] '1' is already value 1; give each value once")
    }

    /// A whole number beyond every bound is refused by its key's own range, not an internal one.
    func testAHugeWholeNumberIsRefusedByItsKeysRange() {
        XCTAssertEqual(
            firstError(ScenarioTexts.replacing(3, with: "devices: 1e308")),
            "h.yaml:3:10: error: devices must be between 1 and 10000000, not 1e308")
        XCTAssertEqual(
            firstError(ScenarioTexts.replacing(3, with: "devices: -1e301")),
            "h.yaml:3:10: error: devices must be between 1 and 10000000, not -1e301")
    }

    func testRangeFromEqualToGivesOnePoint() throws {
        let scenario = try load(appending("sweep: [{key: devices, range: {from: 2, to: 2, step: 1}}]"))
        XCTAssertEqual(scenario.sweep.first?.values.map(\.scalar), ["2"])
        XCTAssertEqual(try scenario.sweepPoints().count, 1)
    }

    func testRangeValuesAreCountedFirstAndReadAsWritten() throws {
        XCTAssertEqual(
            try SweepAxis.rangeValues(from: 0, to: 0.3, step: 0.1).get().map(ScenarioReader.show),
            ["0", "0.1", "0.2", "0.3"])
        XCTAssertEqual(
            try SweepAxis.rangeValues(from: 0.01, to: 0.07, step: 0.02).get().map(ScenarioReader.show),
            ["0.01", "0.03", "0.05", "0.07"])
        XCTAssertEqual(try SweepAxis.rangeValues(from: 1, to: 10_000, step: 1).get().count, 10_000)
        XCTAssertThrowsError(try SweepAxis.rangeValues(from: 1, to: 10_001, step: 1).get(), "more than 10000 values")
    }

    // MARK: - Time: suggestions for megabyte values

    func testSuggestionSkipsWordsNoCandidateCouldBeATypoOf() {
        let huge = String(repeating: "a", count: 1 << 20)
        XCTAssertNil(Suggestion.closest(to: huge, in: TimeZone.knownTimeZoneIdentifiers))
        XCTAssertNil(Suggestion.closest(to: "Europe/Berlin/Extra/Parts", in: ["Europe/Berlin"]))
        XCTAssertEqual(Suggestion.closest(to: "Europe/Berlni", in: TimeZone.knownTimeZoneIdentifiers), "Europe/Berlin")
    }

    func testMegabyteTimeZoneIsEchoedShort() {
        let huge = String(repeating: "A", count: (1 << 20) - 64)
        XCTAssertEqual(
            firstError(appending("timeZone: \(huge)")),
            "h.yaml:12:11: error: timeZone '\(String(repeating: "A", count: 59))…' is not an IANA time zone")
    }

    func testFourteenMegabyteMetricNamesGiveShortMessages() {
        let huge = String(repeating: "x", count: (1 << 20) - 64)
        let text = appending("expect:\n" + String(repeating: "  - { arm: '*', metric: \(huge), max: 1 }\n", count: 14))
        XCTAssertThrowsError(try load(text)) { error in
            let diagnostics = (error as! DiagnosticList).diagnostics
            XCTAssertEqual(diagnostics.count, 14)
            XCTAssertEqual(
                diagnostics.first?.message,
                "expect[1].metric '\(String(repeating: "x", count: 59))…' is not a summary.csv column")
            XCTAssertTrue(diagnostics.allSatisfy { $0.message.count < 200 })
        }
    }

    func testMessagesShortenQuotedValuesInOnePlace() {
        let long = String(repeating: "b", count: 100)
        XCTAssertEqual(
            MessageText.bounded("key '\(long)' is bad (did you mean 'b'?)"),
            "key '\(String(repeating: "b", count: 59))…' is bad (did you mean 'b'?)")
        XCTAssertEqual(MessageText.bounded("it's fine: 'short' stays"), "it's fine: 'short' stays")
        XCTAssertEqual(MessageText.shortened("a\nb"), "a\\nb")
        XCTAssertLessThanOrEqual(
            MessageText.bounded(String(repeating: "word ", count: 100_000)).count, MessageText.messageLimit + 3)
    }

    // MARK: - Time and memory: calendars

    func testEveryMinuteForACenturyIsRefusedWithItsCount() {
        let text = Self.minimal.replacingOccurrences(of: "days: 3", with: "days: 36600")
            .replacingOccurrences(of: "\"30 18 * * *\"", with: "\"* * * * *\"")
            .replacingOccurrences(of: "\"25 18 * * *\"", with: "\"* * * * *\"")
        XCTAssertEqual(
            firstError(text),
            "h.yaml:8:33: error: plugin.userNotification.schedule '* * * * *' fires 52704000 times in the 36600 simulated day(s); a device simulates at most 2000000 cycles (simulate fewer days or notify less often)"
        )
    }

    func testYearOfEveryMinuteBuildsItsCalendarOnce() throws {
        let text = Self.minimal.replacingOccurrences(of: "days: 3", with: "days: 365")
            .replacingOccurrences(of: "\"30 18 * * *\"", with: "\"* * * * *\"")
            .replacingOccurrences(of: "\"25 18 * * *\"", with: "\"* * * * *\"")
        let scenario = try load(text)
        XCTAssertEqual(scenario.calendarCache.computations, 1, "validation built it")
        let calendar = try scenario.plan().get().world.calendar
        XCTAssertEqual(scenario.calendarCache.computations, 1, "plan() reused it")
        XCTAssertEqual(calendar.count, 525_600)
        XCTAssertEqual(calendar.fetchTimes, calendar.notifyTimes)
        _ = try scenario.plan(days: 2).get()
        XCTAssertEqual(scenario.calendarCache.computations, 2, "another day count is another calendar")
    }

    /// The one-pass `latestOccurrences` and the day-counting `occurrenceCount` agree with the
    /// per-instant search and the list they replace, across daylight-saving changes, a skipped
    /// day (Samoa, 2011-12-30), half-hour shifts (Lord Howe) and partial days at both ends.
    func testBatchCalendarQueriesAgreeWithTheOnesTheyReplace() throws {
        let windows: [(String, (Int, Int, Int), Int)] = [
            ("America/New_York", (2027, 3, 1), 45), ("America/New_York", (2027, 10, 25), 20),
            ("Europe/London", (2027, 3, 20), 15), ("Europe/London", (2027, 10, 25), 10),
            ("Australia/Lord_Howe", (2027, 3, 28), 14), ("Australia/Lord_Howe", (2027, 9, 28), 14),
            ("Pacific/Apia", (2011, 12, 20), 20), ("Asia/Kathmandu", (1985, 12, 25), 14),
            ("America/Sao_Paulo", (2018, 10, 30), 14), ("UTC", (2028, 2, 20), 20),
        ]
        let notifySchedules = [
            "30 18 * * *", "*/29 * * * *", "30 2 * * *", "0 0 * * *", "15 1 * * 0", "0,30 0-3 * * *",
        ]
        let fetchSchedules = ["25 18 * * *", "0 * * * *", "30 2 * * *", "59 23 * * *", "0 0 1 * *", "*/20 0-2 * * *"]
        for (identifier, (year, month, day), days) in windows {
            let zone = try XCTUnwrap(ZonedCalendar(identifier: identifier))
            let start = zone.startOfDay(year: year, month: month, day: day)
            let end = zone.startOfDay(year: year, month: month, day: day + days)
            for (from, to) in [(start, end), (start + 37 * 60_000, end - 3 * 3_600_000)] {
                for notifyText in notifySchedules {
                    let notify = try CronExpression(notifyText)
                    let notifyTimes = zone.occurrences(of: notify, from: from, to: to)
                    XCTAssertEqual(
                        zone.occurrenceCount(of: notify, from: from, to: to), notifyTimes.count,
                        "\(identifier) \(notifyText)")
                    for fetchText in fetchSchedules {
                        let fetch = try CronExpression(fetchText)
                        for lookBack in [400, 1] {
                            var expected: [Int64] = []
                            for time in notifyTimes {
                                guard
                                    let found = zone.latestOccurrence(
                                        of: fetch, atOrBefore: time, lookBackDays: lookBack)
                                else { break }
                                expected.append(found)
                            }
                            XCTAssertEqual(
                                zone.latestOccurrences(of: fetch, atOrBefore: notifyTimes, lookBackDays: lookBack),
                                expected,
                                "\(identifier) from \(from): notify \(notifyText), fetch \(fetchText), look back \(lookBack)"
                            )
                        }
                    }
                }
            }
        }
    }

    /// 316 × 316 points: each is loaded in full (so combinations that only fail together are
    /// caught), sharing one calendar and parsing each schedule once.
    func testNinetyNineThousandPointSweepValidatesSharingOneCalendar() throws {
        let scenario = try load(
            appending(
                """
                sweep:
                  - { key: server.starredPlans, range: { from: 1, to: 316, step: 1 } }
                  - { key: user.appOpensPerDay, range: { from: 0, to: 315, step: 1 } }
                """))
        // A run builds every point; validate builds each axis value and a sample (issue 44, item 12).
        let sampled = try scenario.validated()
        XCTAssertEqual(sampled.sweepPointCount, 99_856)
        XCTAssertLessThanOrEqual(sampled.sweepPoints.count, 316 + 316 + 4_096)
        let checked = try scenario.validated(allVariants: true)
        XCTAssertEqual(checked.sweepPoints.count, 99_856)
        XCTAssertEqual(checked.sweepPoints.last?.settings.map(\.value), ["316", "315"])
        XCTAssertEqual(checked.sweepPoints.last?.scenario.server.starredPlans, 316)
        XCTAssertEqual(scenario.calendarCache.computations, 1)
    }

    /// A sweep over days of an every-minute schedule gives each point a calendar of its own:
    /// they are built in grid order and counted, and the sweep stops at the budget instead of
    /// building 1.4 billion cycles.
    func testSweepOfDistinctCalendarsStopsAtItsBudget() throws {
        let text = appending("sweep:\n  - { key: days, range: { from: 1, to: 1388, step: 1 } }")
            .replacingOccurrences(of: "\"30 18 * * *\"", with: "\"* * * * *\"")
            .replacingOccurrences(of: "\"25 18 * * *\"", with: "\"* * * * *\"")
        let scenario = try load(text)
        XCTAssertThrowsError(try scenario.sweepPoints()) { error in
            XCTAssertEqual(
                (error as! DiagnosticList).diagnostics.first?.description,
                "h.yaml:13:12: error: with days = 118: the sweep's calendars add up to 10105920 cycles per device, over the limit of 10000000 (one calendar per distinct schedule, start, time zone and day count); sweep fewer of those values"
            )
        }
        XCTAssertEqual(scenario.calendarCache.computations, 118, "the base's 3 days, then days 1 to 118 but 3 again")
    }

    func testSweepOverCalendarInputsBuildsEachCalendarOnce() throws {
        let scenario = try load(
            appending(
                """
                sweep:
                  - { key: lead, values: [1m, 5m] }
                  - { key: server.starredPlans, range: { from: 1, to: 50, step: 1 } }
                """))
        XCTAssertEqual(try scenario.sweepPoints().count, 100)
        XCTAssertEqual(scenario.calendarCache.computations, 2, "the base (its own lead is 5m), then lead 1m")
    }

    // MARK: - CRLF

    func testCRLFScenarioErrorShowsItsLineAndCaret() {
        let text = Self.minimal.replacingOccurrences(of: "devices: 2", with: "devices: x").replacingOccurrences(
            of: "\n", with: "\r\n")
        XCTAssertThrowsError(try load(text)) { error in
            XCTAssertEqual(
                (error as! DiagnosticList).description,
                "h.yaml:3:10: error: devices must be a number, not 'x'\n  devices: x\n           ^")
        }
    }

    func testCRLFHeaderCommentSplitsIntoLines() throws {
        let scenario = try load(("# one\n#  two \n" + Self.minimal).replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(scenario.headerComment, ["one", "two"])
    }

    // MARK: - Validation before printing

    func testSweepPointProblemIsFoundBeforeAnythingIsCalledOk() throws {
        let scenario = try load(
            appending(
                """
                expect:
                  - { arm: independent/ios, metric: missed, max: 0.5 }
                sweep:
                  - { key: platforms, values: [{ ios: {} }, { android: {} }] }
                """))
        XCTAssertThrowsError(try scenario.validated()) { error in
            XCTAssertEqual(
                (error as! DiagnosticList).diagnostics.first?.description,
                "h.yaml:13:12: error: with platforms = {android: {}}: expect[1].arm 'independent/ios' matches no arm; arms are independent/android"
            )
        }
    }

    func testDaysOverrideThatEmptiesTheCalendarIsADiagnostic() throws {
        // 2027-01-01 is a Friday; a Sunday-only schedule never fires on day 1.
        let scenario = try load(Self.minimal.replacingOccurrences(of: "\"30 18 * * *\"", with: "\"30 18 * * 0\""))
        XCTAssertThrowsError(try scenario.validated(days: 1)) { error in
            XCTAssertEqual(
                (error as! DiagnosticList).diagnostics.first?.description,
                "h.yaml:8:33: error: with --days 1: plugin.userNotification.schedule '30 18 * * 0' never fires in the 1 simulated day(s) from 2027-01-01"
            )
        }
    }

    func testDaysOverrideIsCheckedForEverySweepPoint() throws {
        let scenario = try load(
            appending("sweep: [{key: plugin.userNotification.schedule, values: [\"30 18 * * *\", \"30 18 * * 0\"]}]"))
        XCTAssertEqual(try scenario.validated(days: 7).sweepPoints.count, 2)
        XCTAssertThrowsError(try scenario.validated(days: 1)) { error in
            XCTAssertEqual(
                (error as! DiagnosticList).diagnostics.first?.description,
                "h.yaml:12:73: error: with plugin.userNotification.schedule = 30 18 * * 0: with --days 1: plugin.userNotification.schedule '30 18 * * 0' never fires in the 1 simulated day(s) from 2027-01-01"
            )
        }
    }

    // MARK: - Labels of mapping values

    func testMappingSweepValuesAreLabelledByWhatDiffers() throws {
        func axis(_ values: String) throws -> SweepAxis {
            let node = try XCTUnwrap(YAMLParser.parse(values, file: "v.yaml"))
            return SweepAxis(
                key: "strategies.3", values: try XCTUnwrap(node.sequence), mark: SourceMark(line: 1, column: 1))
        }
        XCTAssertEqual(
            try axis("[{ chained: { guard: none, guardHorizon: 7d } }, { chained: { guard: deadline } }]").labels,
            ["guard=none, guardHorizon=7d", "guard=deadline"])
        XCTAssertEqual(
            try axis("[{ chained: { guard: none } }, chained]").labels, ["{chained: {guard: none}}", "chained"])
        XCTAssertEqual(try axis("[{ a: { x: 1 } }, { b: { x: 1 } }]").labels, ["a.x=1", "b.x=1"])
        XCTAssertEqual(try axis("[{ ios: {} }, { android: {} }]").labels, ["{ios: {}}", "{android: {}}"])
    }

    // MARK: - Messages

    func testTimeZonesOfTheSystemDatabaseAreAccepted() throws {
        for zone in ["CET", "Etc/GMT-1", "UTC", "America/New_York"] {
            XCTAssertEqual(try load(appending("timeZone: \(zone)")).timeZone.identifier, zone)
        }
    }

    func testMistakenTimeZonesSuggestTheRealOne() {
        XCTAssertEqual(
            firstError(appending("timeZone: Berlin")),
            "h.yaml:12:11: error: timeZone 'Berlin' is not an IANA time zone (did you mean 'Europe/Berlin'?)")
        XCTAssertEqual(
            firstError(appending("timeZone: new york")),
            "h.yaml:12:11: error: timeZone 'new york' is not an IANA time zone (did you mean 'America/New_York'?)")
        XCTAssertEqual(
            firstError(appending("timeZone: GMT+1")),
            "h.yaml:12:11: error: timeZone 'GMT+1' is not an IANA time zone (did you mean a region's zone such as 'Europe/Berlin' (UTC+1 in winter, UTC+2 in summer)? "
                + "'Etc/GMT-1' is UTC+1 all year with no summer time (POSIX zone names invert the sign))")
        XCTAssertEqual(
            firstError(appending("timeZone: UTC-05:00")),
            "h.yaml:12:11: error: timeZone 'UTC-05:00' is not an IANA time zone (did you mean a region's zone such as 'America/New_York' (UTC-5 in winter, UTC-4 in summer)? "
                + "'Etc/GMT+5' is UTC-5 all year with no summer time (POSIX zone names invert the sign))")
        XCTAssertEqual(
            firstError(appending("timeZone: ../../etc/passwd")),
            "h.yaml:12:11: error: timeZone '../../etc/passwd' is not an IANA time zone")
    }

    func testContentTimeoutWithAUnitSuggestsMilliseconds() {
        let text = ScenarioTexts.replacing(
            7, with: "  contentFetch: { schedule: \"25 18 * * *\" }\n  relationship: { contentTimeout: 5m }")
        XCTAssertEqual(
            firstError(text),
            "h.yaml:8:35: error: plugin.relationship.contentTimeout is in milliseconds, as the plugin defines it, not '5m' (did you mean 300000?)"
        )
    }

    func testSixFieldCronSaysSecondsAreNotSupported() {
        let text = ScenarioTexts.replacing(8, with: "  userNotification: { schedule: \"0 30 18 * * *\" }")
        XCTAssertEqual(
            firstError(text),
            "h.yaml:8:34: error: plugin.userNotification.schedule: expected 5 fields, found 6; a seconds field is not supported (did you mean '30 18 * * *'?)"
        )
    }
}
