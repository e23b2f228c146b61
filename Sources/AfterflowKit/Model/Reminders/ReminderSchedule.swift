import Foundation

/// When to be reminded to add reflections: the app's `In 3 hours` and `Tomorrow`, no reminder,
/// a span like `90m`, or a date.
public enum ReminderChoice: Sendable, Hashable {
    /// `3h`: now + 10,800 s.
    case inThreeHours
    /// `tomorrow`: 09:00 on the next calendar day in the vault's time zone.
    case tomorrow
    /// `none`: no reminder.
    case none
    /// `90m`, `2h`, `1d`, `1w`: now plus this many seconds.
    case after(seconds: Int)
    /// A date as a session file writes it; a day alone means 09:00 that day.
    case at(LocalDate)

    /// Reads `3h`, `tomorrow`, `none`, `<n>m`, `<n>h`, `<n>d`, `<n>w`, or a date (`2024-12-11 09:00`,
    /// `2024-12-11T09:00:00-08:00`, `2024-12-11`); any case. Nil when it is none of these.
    public init?(parsing text: String) {
        let word = text.trimmingASCIIWhitespace().lowercased()
        switch word {
        case "3h", "in 3 hours": self = .inThreeHours
        case "tomorrow": self = .tomorrow
        case "none", "no", "no thanks": self = .none
        default:
            if let seconds = TimeSpan.seconds(in: word) {
                self = .after(seconds: seconds)
            } else if let date = LocalDate.parse(word) {
                self = .at(date)
            } else {
                return nil
            }
        }
    }

    /// What the command line accepts, for messages.
    public static let expected = "3h, tomorrow, none, a span like 90m, 2h or 1d, or a date like \"2024-12-11 09:00\""
}

/// Turns a `ReminderChoice` into the instant to be reminded at, in the vault's time zone.
public struct ReminderSchedule: Sendable {
    public let timeZone: TimeZone
    public let now: Date

    /// The hour `tomorrow` (and a day alone) stands for, local time.
    public static let morningHour = 9

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// Why a reminder cannot be set.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The reminder's date with the offset in force then, or nil for `.none`. A time that is not
    /// after `now` is refused, as the app does not schedule a reminder in the past.
    public func date(for choice: ReminderChoice) throws(Refusal) -> LocalDate? {
        try reminder(for: choice).date
    }

    /// The reminder's date, and what to tell the person about it: a time that does not exist that
    /// day (the clocks went forward over it) becomes the first time that does, and the note says so.
    public func reminder(for choice: ReminderChoice) throws(Refusal) -> (date: LocalDate?, note: String?) {
        if case .at(let date) = choice, let first = date.firstExistingTime(in: timeZone) {
            return (try instantDate(for: .at(first)), ReminderSchedule.skippedNote(date, first, timeZone))
        }
        return (try instantDate(for: choice), nil)
    }

    /// `2025-03-09 02:30 does not exist in America/Los_Angeles (the clocks go forward over it); the reminder is at 03:00, the first time after`.
    static func skippedNote(_ asked: LocalDate, _ first: LocalDate, _ zone: TimeZone) -> String {
        "\(asked.shortString) does not exist in \(zone.identifier) (the clocks go forward over it); the reminder is at \(first.shortString), the first time after"
    }

    func instantDate(for choice: ReminderChoice) throws(Refusal) -> LocalDate? {
        let instant: Date
        switch choice {
        case .none:
            return nil
        case .inThreeHours:
            instant = now.addingTimeInterval(10_800)
        case .after(let seconds):
            instant = now.addingTimeInterval(TimeInterval(seconds))
        case .tomorrow:
            instant = try nextMorning()
        case .at(let date):
            var wanted = date
            if wanted.isDayOnly { wanted.time = LocalDate.Time(hour: ReminderSchedule.morningHour, minute: 0, second: 0) }
            instant = wanted.date(in: timeZone)
            guard instant > now else {
                let shown = wanted.resolved(in: timeZone).shortString
                throw Refusal(message: "the reminder time \(shown) is in the past; choose a later time, like 3h or tomorrow")
            }
        }
        return LocalDate(instant, in: timeZone)
    }

    /// 09:00 on the calendar day after `now`'s, in the vault's time zone.
    func nextMorning() throws(Refusal) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)),
              let date = calendar.date(bySettingHour: ReminderSchedule.morningHour, minute: 0, second: 0, of: tomorrow) else {
            throw Refusal(message: "cannot work out tomorrow morning in the time zone \(timeZone.identifier)")
        }
        return date
    }
}
