/// The iOS app's CSV date: `Dec 1, 2024 at 10:30 AM`, the pattern `MMM d, yyyy 'at' h:mm a` in
/// the en_US_POSIX locale, a wall-clock time with no offset.
///
/// Written by hand rather than with `DateFormatter`, whose output depends on the ICU version
/// (current versions put U+202F, a narrow no-break space, before AM/PM; the app's README and
/// older files have a plain space). Afterflow writes a plain space and reads both.
public enum AppDate {
    public static let example = "Dec 10, 2024 at 2:30 PM"

    /// `Dec 10, 2024 at 2:30 PM` for the wall-clock time of `date` (a day alone is its midnight).
    public static func format(_ date: LocalDate) -> String {
        let time = date.time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
        let hour12 = time.hour % 12 == 0 ? 12 : time.hour % 12
        let minute = time.minute < 10 ? "0" + String(time.minute) : String(time.minute)
        return LocalDate.monthNames[date.month - 1] + " " + String(date.day) + ", " + String(date.year)
            + " at " + String(hour12) + ":" + minute + (time.hour < 12 ? " AM" : " PM")
    }

    /// Reads `Dec 10, 2024 at 2:30 PM` as a wall-clock time without an offset: any case, any run
    /// of spaces, U+202F or U+00A0 where the pattern has a space, and full month names. Nil for
    /// anything else, including a day that the month does not have.
    public static func parse(_ text: String) -> LocalDate? {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "\u{202F}", "\u{00A0}", "\t":
                if !current.isEmpty { words.append(current); current = "" }
            case ",":
                if !current.isEmpty { words.append(current); current = "" }
                words.append(",")
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { words.append(current) }
        // Month day , year at h:mm AM, with the AM/PM possibly joined to the time (`2:30PM`).
        if words.count == 6, let last = words.last, last.count > 2 {
            let suffix = String(last.suffix(2))
            if suffix.lowercased() == "am" || suffix.lowercased() == "pm" {
                words[5] = String(last.dropLast(2))
                words.append(suffix)
            }
        }
        guard words.count == 7, words[2] == ",", words[4].lowercased() == "at",
              let month = monthNumber(words[0]), let day = number(words[1], digits: 1...2),
              let year = number(words[3], digits: 4...4) else { return nil }
        let clock = words[5].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2, let hour12 = number(String(clock[0]), digits: 1...2),
              let minute = number(String(clock[1]), digits: 2...2),
              (1...12).contains(hour12), minute <= 59 else { return nil }
        let meridiem = words[6].lowercased()
        guard meridiem == "am" || meridiem == "pm" else { return nil }
        guard day >= 1, day <= LocalDate.daysInMonth(year: year, month: month) else { return nil }
        let hour = hour12 % 12 + (meridiem == "pm" ? 12 : 0)
        return LocalDate(year: year, month: month, day: day, time: LocalDate.Time(hour: hour, minute: minute, second: 0))
    }

    private static let fullMonthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                         "september", "october", "november", "december"]

    private static func monthNumber(_ word: String) -> Int? {
        let lower = word.lowercased()
        if let index = LocalDate.monthNames.firstIndex(where: { $0.lowercased() == lower }) { return index + 1 }
        if let index = fullMonthNames.firstIndex(of: lower) { return index + 1 }
        return nil
    }

    private static func number(_ word: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(word.utf8.count), word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(word)
    }
}
