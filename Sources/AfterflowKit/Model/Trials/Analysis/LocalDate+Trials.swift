import Foundation

extension LocalDate {
    /// The date as a trial file writes it: `2025-01-14T15:00:00` in the vault's time zone, with
    /// its offset only when the file gave one; `2025-01-14` for a day.
    var wallClockText: String {
        guard let time else { return dayString }
        if offset != nil { return canonical(in: .gmt) }
        return dayString + "T" + time.hour.zeroPadded(2) + ":" + time.minute.zeroPadded(2) + ":" + time.second.zeroPadded(2)
    }

    /// The calendar day alone.
    var dayOnly: LocalDate { LocalDate(year: year, month: month, day: day) }

    /// Days since 1970-01-01 of the calendar day, whatever the time.
    var dayNumber: Int { LocalDate.days(year: year, month: month, day: day) }
}
