import AfterflowKit
import Foundation

/// The time now: the system clock, or `AFTERFLOW_NOW` when it is set, for tests.
///
/// `AFTERFLOW_NOW` takes an ISO 8601 time with its offset (`2024-12-10T14:31:00-08:00`). It is for
/// tests that need the same output every day (the README's examples are checked this way); it
/// changes what afterflow believes the time is, nothing else: file times, lock and editor waits
/// stay on the real clock.
enum CommandClock {
    static var now: Date { fixed ?? Date() }

    /// Today's date (a day without a time) in `timeZone`.
    static func today(in timeZone: TimeZone) -> LocalDate {
        let now = LocalDate(now, in: timeZone)
        return LocalDate(year: now.year, month: now.month, day: now.day)
    }

    /// The time `AFTERFLOW_NOW` sets, read once.
    private static let fixed: Date? = {
        guard let text = ProcessInfo.processInfo.environment["AFTERFLOW_NOW"], !text.isEmpty else { return nil }
        guard let date = LocalDate.parse(text), !date.isDayOnly, date.offset != nil else {
            let err = ErrorStream.current
            err.write(err.style("warning:", "1;35")
                + " AFTERFLOW_NOW must be a time like 2024-12-10T14:31:00-08:00, found \"\(text.visible())\"; using the system clock")
            return nil
        }
        return date.date(in: .gmt)
    }()
}
