import DNSimText
import XCTest

/// The civil-days conversion against a calendar walked one day at a time
/// (an independent count, built only from the leap rule), and its edges.
final class CivilDateTests: XCTestCase {
    func testLeapYears() {
        // Centuries: 1900 and 2100 are not leap years, 2000 and 2400 are; year 0 (1 BC) is.
        for year in [1904, 1996, 2000, 2024, 2400, 0, -4, -400, 1600] {
            XCTAssertTrue(CivilDate.isLeapYear(year), "\(year)")
        }
        for year in [1900, 2100, 2200, 2300, 2023, 1, -1, -100, 1700] {
            XCTAssertFalse(CivilDate.isLeapYear(year), "\(year)")
        }
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 1900), 28)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 2000), 29)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 2100), 28)
        XCTAssertEqual(
            (1...12).map { CivilDate.daysIn(month: $0, year: 2027) }, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    }

    func testValidDates() {
        XCTAssertTrue(CivilDate.isValid(year: 2000, month: 2, day: 29))
        XCTAssertFalse(CivilDate.isValid(year: 2100, month: 2, day: 29))
        XCTAssertFalse(CivilDate.isValid(year: 1900, month: 2, day: 29))
        XCTAssertTrue(CivilDate.isValid(year: 2027, month: 12, day: 31))
        for (month, day) in [(0, 1), (13, 1), (4, 31), (1, 0), (1, 32), (-1, 10)] {
            XCTAssertFalse(CivilDate.isValid(year: 2027, month: month, day: day), "\(month)-\(day)")
        }
    }

    /// Every day from 1200 BC to AD 2600, counted forward and backward from
    /// 1970-01-01 (day 0): both directions of the conversion agree with the walk.
    func testAgreesWithADayByDayWalk() {
        var (year, month, day) = (1970, 1, 1)
        for number in 0...230_000 {
            let date = CivilDate.date(ofDayNumber: Int64(number))
            guard CivilDate.dayNumber(year: Int64(year), month: Int64(month), day: Int64(day)) == Int64(number),
                date == (Int64(year), Int64(month), Int64(day))
            else { return XCTFail("day \(number): \(date), walked \(year)-\(month)-\(day)") }
            day += 1
            if day > CivilDate.daysIn(month: month, year: year) { (month, day) = (month + 1, 1) }
            if month > 12 { (year, month) = (year + 1, 1) }
        }
        XCTAssertEqual(year, 2599)
        (year, month, day) = (1970, 1, 1)
        for number in stride(from: 0, through: -1_160_000, by: -1) {
            let date = CivilDate.date(ofDayNumber: Int64(number))
            guard CivilDate.dayNumber(year: Int64(year), month: Int64(month), day: Int64(day)) == Int64(number),
                date == (Int64(year), Int64(month), Int64(day))
            else { return XCTFail("day \(number): \(date), walked \(year)-\(month)-\(day)") }
            day -= 1
            if day < 1 {
                (month, day) = month == 1 ? (12, 31) : (month - 1, CivilDate.daysIn(month: month - 1, year: year))
                if month == 12 { year -= 1 }
            }
        }
        XCTAssertLessThan(year, -1200)
    }

    func testMonthsAndDaysOutsideTheirRangeRollOver() {
        func number(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
            CivilDate.dayNumber(year: year, month: month, day: day)
        }
        XCTAssertEqual(number(2027, 13, 1), number(2028, 1, 1))
        XCTAssertEqual(number(2027, 0, 1), number(2026, 12, 1))
        XCTAssertEqual(number(2027, -11, 1), number(2026, 1, 1))
        XCTAssertEqual(number(2027, -12, 1), number(2025, 12, 1))
        XCTAssertEqual(number(2027, 25, 1), number(2029, 1, 1))
        XCTAssertEqual(number(2027, 2, 30), number(2027, 3, 2))
        XCTAssertEqual(number(2028, 2, 30), number(2028, 3, 1))
        XCTAssertEqual(number(2027, 3, 0), number(2027, 2, 28))
    }

    func testFloorDivision() {
        for value in [Int64.min, Int64.min + 1, Int64.max] + (-50...50).map(Int64.init) {
            for divisor in [Int64(1), 7, 12, 400] {
                let quotient = CivilDate.floorDivide(value, divisor)
                // The remainder is never negative and smaller than the divisor.
                XCTAssertTrue((0..<divisor).contains(value &- quotient &* divisor), "\(value) / \(divisor)")
            }
        }
    }
}
