import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// The packed draw indices: fields that cannot overlap, and room for the
/// largest run a scenario may ask for.
final class DrawIndexTests: XCTestCase {
    /// Each (major, minor) pair unpacks to itself, at the edges of both fields.
    func testFieldsDoNotOverlap() {
        for layout in DrawIndex.allCases {
            var seen = Set<Int>()
            let majors = [0, 1, 2, layout.majorMax / 3, layout.majorMax - 1, layout.majorMax]
            let minors = [0, 1, layout.minorMax / 2, layout.minorMax - 1, layout.minorMax]
            for major in majors {
                for minor in minors {
                    let index = layout.make(major, minor)
                    XCTAssertEqual(index >> layout.minorBits, major, "\(layout)")
                    XCTAssertEqual(index & layout.minorMax, minor, "\(layout)")
                    XCTAssertLessThanOrEqual(index, Int(KeyedRandom.indexMask), "\(layout)")
                    seen.insert(index)
                }
            }
            XCTAssertEqual(seen.count, Set(majors).count * Set(minors).count, "\(layout)")
            XCTAssertEqual(
                layout.make(7, saturating: layout.minorMax + 1), layout.make(7, layout.minorMax),
                "\(layout): a counter past its field shares the last draw")
            XCTAssertEqual(layout.make(7, saturating: 0), layout.make(7, 0))
        }
    }

    /// The largest run the scenario format allows: `Scenario.maxCycles` cycles, and
    /// `Scenario.maxDays` days plus the wait for the notification after the last
    /// (at most eight years and a day, `ZonedCalendar.nextOccurrence`) and a day
    /// either side for time zones. Every packing then stays below -1's image.
    func testTheScenarioLimitsFit() {
        let days = Scenario.maxDays + 8 * 366 + 2
        XCTAssertTrue(DrawIndex.fits(cycles: Scenario.maxCycles, days: days))
        for layout in DrawIndex.allCases {
            let largest = layout.largestMajor(cycles: Scenario.maxCycles, days: days)
            XCTAssertLessThan(largest, layout.majorMax, "\(layout)")
            XCTAssertLessThan(layout.make(largest, layout.minorMax), Int(KeyedRandom.indexMask), "\(layout)")
        }
        // The app-open key is the foreground fetch's major: the widest index, still 8 bits clear.
        XCTAssertLessThan(
            DrawIndex.foregroundFetch.largestMajor(cycles: 0, days: days) << DrawIndex.foregroundFetch.minorBits,
            1 << 40)
        // And the check bites: 2^33 cycles above a 16-bit attempt counter pass 48 bits.
        XCTAssertFalse(DrawIndex.fits(cycles: 1 << 33, days: 1))
        XCTAssertFalse(DrawIndex.fits(cycles: 1, days: 1 << 28))
    }

    /// The widths are part of the reproducibility contract (every shipped report's
    /// draws): changing one renames draws, like renumbering a `RandomSource`.
    func testWidthsAreThoseOfTheShippedReports() {
        XCTAssertEqual(DrawIndex.allCases.map(\.minorBits), [16, 8, 8, 12, 2, 3])
        XCTAssertEqual(DrawIndex.dayRank.minorMax, 4095, "at most 4,095 instants a day per process")
    }

    /// Each source keyed by a packing is named by exactly one.
    func testEachSourceHasOnePacking() {
        let sources = DrawIndex.allCases.flatMap(\.sources)
        XCTAssertEqual(Set(sources).count, sources.count)
    }
}
