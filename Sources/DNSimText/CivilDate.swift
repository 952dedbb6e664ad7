/// Dates of the proleptic Gregorian calendar and their day numbers (days since
/// 1970-01-01), by Howard Hinnant's `days_from_civil` and `civil_from_days`
/// (https://howardhinnant.github.io/date_algorithms.html). Exact for every
/// year Int64 arithmetic holds, negative years included (year 0 is 1 BC, a leap year).
/// The scenario calendar, `trace --day` and the fit's timestamps all count days here.
public enum CivilDate {
    /// Every fourth year, except centuries not divisible by 400 (1900 and 2100 are not, 2000 is).
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The days in `month` (1–12) of `year`.
    @inlinable
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether year-month-day names a date (month 1–12, day within the month).
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
    }

    /// The day number of a date. Months outside 1–12 roll into neighbouring
    /// years and days outside the month simply add (2027-02-30 is 2027-03-02).
    @inlinable
    public static func dayNumber(year: Int64, month: Int64, day: Int64) -> Int64 {
        // Months within 1–12 (every caller but a rolled-over date) skip two divisions.
        let yearCarry = (1...12).contains(month) ? 0 : floorDivide(month - 1, 12)
        let normalizedYear = year + yearCarry
        let normalizedMonth = month - yearCarry * 12
        let marchBasedYear = normalizedMonth <= 2 ? normalizedYear - 1 : normalizedYear
        let era = floorDivide(marchBasedYear, 400)
        let yearOfEra = marchBasedYear - era * 400
        let monthFromMarch = (normalizedMonth + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number (the inverse of `dayNumber` for valid dates).
    @inlinable
    public static func date(ofDayNumber days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Division by a positive `divisor` rounding toward negative infinity (Swift's
    /// `/` truncates toward 0); any `value`, Int64.min included.
    @inlinable
    public static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
