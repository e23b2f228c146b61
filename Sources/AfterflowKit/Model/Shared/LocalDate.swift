import Foundation

/// A date as written in a session file: a calendar day, or a wall-clock time with or without a UTC
/// offset.
///
/// A day stays on its calendar day in every time zone. A time without an offset is local to the
/// vault's time zone. Canonical form: `2024-12-10T14:30:00-08:00`, or `2024-12-10` for a day.
public struct LocalDate: Sendable, Hashable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Nil for a calendar day.
    public var time: Time?
    /// Seconds east of UTC; nil when the file gave none.
    public var offset: Int?

    public struct Time: Sendable, Hashable {
        public var hour: Int
        public var minute: Int
        public var second: Int

        public init(hour: Int, minute: Int, second: Int) {
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    public init(year: Int, month: Int, day: Int, time: Time? = nil, offset: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.time = time
        self.offset = offset
    }

    public var isDayOnly: Bool { time == nil }

    /// The years afterflow reads and writes: four digits, and late enough that no time zone of
    /// the vault is still on local mean time (offsets in seconds that a file cannot hold).
    public static let years: ClosedRange<Int> = 1900...9999

    /// Why the year cannot be used (`the year must be from 1900 to 9999, found 1850`), or nil.
    public var yearProblem: String? {
        LocalDate.years.contains(year) ? nil : "the year must be from 1900 to 9999, found \(year)"
    }

    // MARK: - Reading

    /// Reads `2024-12-10`, `2024-12-10 14:30`, `2024-12-10T14:30:00`, with optional fractions of a
    /// second and an offset `Z`, `±HH:MM`, `±HHMM` or `±HH`.
    public static func parse(_ text: String) -> LocalDate? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let utf8 = UnsafeBufferPointer(rebasing: bytes[0..<end])
        var p = 0
        while p < utf8.count, utf8[p] == 0x20 { p += 1 }
        func digits(_ count: Int) -> Int? {
            guard p + count <= utf8.count else { return nil }
            var value = 0
            for i in 0..<count {
                let b = utf8[p + i]
                guard b >= 0x30 && b <= 0x39 else { return nil }
                value = value * 10 + Int(b - 0x30)
            }
            p += count
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard p < utf8.count, utf8[p] == c else { return false }
            p += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2),
              expect(UInt8(ascii: "-")), let day = digits(2) else { return nil }
        guard month >= 1, month <= 12, day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        var date = LocalDate(year: year, month: month, day: day)
        if p == utf8.count { return date }
        guard utf8[p] == UInt8(ascii: "T") || utf8[p] == UInt8(ascii: "t") || utf8[p] == 0x20 else { return nil }
        p += 1
        while p < utf8.count, utf8[p] == 0x20 { p += 1 }
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2),
              hour <= 23, minute <= 59 else { return nil }
        var second = 0
        if expect(UInt8(ascii: ":")) {
            guard let s = digits(2), s <= 60 else { return nil }
            second = min(s, 59)
            if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                let start = p
                while p < utf8.count, utf8[p] >= 0x30, utf8[p] <= 0x39 { p += 1 }
                guard p > start else { return nil }
            }
        }
        date.time = Time(hour: hour, minute: minute, second: second)
        while p < utf8.count, utf8[p] == 0x20 { p += 1 }
        if p == utf8.count { return date }
        if utf8[p] == UInt8(ascii: "Z") || utf8[p] == UInt8(ascii: "z") {
            p += 1
            date.offset = 0
        } else if utf8[p] == UInt8(ascii: "+") || utf8[p] == UInt8(ascii: "-") {
            let sign = utf8[p] == UInt8(ascii: "-") ? -1 : 1
            p += 1
            guard let hours = digits(2), hours <= 18 else { return nil }
            var minutes = 0
            if p < utf8.count {
                _ = expect(UInt8(ascii: ":"))
                guard let m = digits(2), m <= 59 else { return nil }
                minutes = m
            }
            date.offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        return p == utf8.count ? date : nil
    }

    // MARK: - Instants

    /// The date at `date`'s wall-clock time in `timeZone`, to the second.
    public init(_ date: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = local - days * 86_400
        let civil = LocalDate.civil(fromDays: days)
        self.init(year: civil.year, month: civil.month, day: civil.day,
                  time: Time(hour: seconds / 3600, minute: seconds % 3600 / 60, second: seconds % 60),
                  offset: offset)
    }

    /// Seconds since 1970 in UTC; a time without offset is taken in `timeZone`, a day at its midnight.
    public func epochSeconds(in timeZone: TimeZone) -> Int {
        let local = LocalDate.days(year: year, month: month, day: day) * 86_400
            + (time.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0)
        if let offset { return local - offset }
        return local - LocalDate.offset(forLocal: local, in: timeZone)
    }

    /// The day and time as the file writes them, counted as seconds since 1970 as if they were
    /// UTC, whatever the offset (a day alone at its midnight): the clock on the wall where the
    /// session happened, which is the day and time a session is shown, filtered and exported at.
    public var wallClockSeconds: Int {
        LocalDate.days(year: year, month: month, day: day) * 86_400
            + (time.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0)
    }

    public func date(in timeZone: TimeZone) -> Date {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds(in: timeZone)))
    }

    /// The same date with its offset filled in from `timeZone` when the file gave none.
    public func resolved(in timeZone: TimeZone) -> LocalDate {
        guard let time, offset == nil else { return self }
        var copy = self
        let local = LocalDate.days(year: year, month: month, day: day) * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
        copy.offset = LocalDate.offset(forLocal: local, in: timeZone)
        return copy
    }

    /// When this day and time (without an offset) does not exist in `timeZone`, because the clocks
    /// went forward over it (02:30 on the day they jump from 02:00 to 03:00), the first time that
    /// does: the moment they jumped to (03:00), with the offset after. Nil when it exists, or has
    /// an offset or no time.
    public func firstExistingTime(in timeZone: TimeZone) -> LocalDate? {
        guard time != nil, offset == nil else { return nil }
        let local = wallClockSeconds
        let instant = local - LocalDate.offset(forLocal: local, in: timeZone)
        guard instant + timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) != local,
              let jump = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(instant - 86_400))),
              jump.timeIntervalSince1970 <= TimeInterval(instant + 86_400) else { return nil }
        return LocalDate(jump, in: timeZone)
    }

    static func offset(forLocal local: Int, in timeZone: TimeZone) -> Int {
        let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local)))
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - guess)))
    }

    // MARK: - Writing

    /// The canonical text: `2024-12-10` for a day, otherwise with seconds and offset (from
    /// `timeZone` when the file gave none).
    ///
    /// An offset that is not a whole number of minutes (a zone's old local mean time, such as
    /// -07:52:58) cannot be written as `±HH:MM` without moving the time; the time is then written
    /// without one, local to the vault's time zone, which reads back to the same instant.
    public func canonical(in timeZone: TimeZone) -> String {
        var out = dayString
        guard let time else { return out }
        out += "T" + pad(time.hour) + ":" + pad(time.minute) + ":" + pad(time.second)
        let offset = self.offset ?? resolved(in: timeZone).offset ?? 0
        guard offset % 60 == 0 else { return out }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        out += sign + pad(magnitude / 3600) + ":" + pad(magnitude % 3600 / 60)
        return out
    }

    /// `2024-12-10`.
    public var dayString: String {
        (year >= 0 && year < 1000 ? String(repeating: "0", count: year < 10 ? 3 : year < 100 ? 2 : 1) : "")
            + String(year) + "-" + pad(month) + "-" + pad(day)
    }

    /// `2024-12-10 14:30`, or the day alone.
    public var shortString: String {
        guard let time else { return dayString }
        return dayString + " " + pad(time.hour) + ":" + pad(time.minute)
    }

    /// `Dec 10, 2024`, the app's medium date.
    public var mediumDay: String {
        "\(LocalDate.monthNames[month - 1]) \(day), \(year)"
    }

    /// `Tue Dec 10, 2024, 2:30 PM`, or `Tue Dec 10, 2024` for a day: how the terminal names a
    /// moment.
    public var readable: String {
        "\(weekday) \(mediumDay)" + (clockTime.map { ", " + $0 } ?? "")
    }

    /// `2:30 PM`, or nil for a day.
    public var clockTime: String? {
        guard let time else { return nil }
        let hour12 = time.hour % 12 == 0 ? 12 : time.hour % 12
        return "\(hour12):\(pad(time.minute)) \(time.hour < 12 ? "AM" : "PM")"
    }

    /// `Tue`.
    public var weekday: String {
        let days = LocalDate.days(year: year, month: month, day: day)
        let index = ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday.
        return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][index]
    }

    public var description: String { canonical(in: TimeZone(identifier: "UTC") ?? .current) }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Two digits (`Int.zeroPadded`, not interpolation, which looks up conformances at run time).
    private func pad(_ value: Int) -> String { value.zeroPadded(2) }

    // MARK: - Calendar arithmetic (proleptic Gregorian)

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given day.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
