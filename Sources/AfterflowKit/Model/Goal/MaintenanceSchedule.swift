/// When a goal in maintenance is checked (`maintenance: weekly x 2, monthly x 2`): steps of a
/// spacing and a number of checks, in order, counted from the day the goal entered maintenance.
///
/// `weekly x 2, monthly x 2` from 2025-04-01 puts the checks on 2025-04-08, 2025-04-15,
/// 2025-05-15 and 2025-06-15: each check one spacing after the one before. A month is a calendar
/// month (the same day of the next month, or its last day when it has no such day).
public struct MaintenanceSchedule: Sendable, Hashable {
    /// How far apart two checks are.
    public enum Spacing: String, Sendable, CaseIterable, Hashable {
        case daily, weekly, fortnightly, monthly

        /// `daily`, `weekly`, `fortnightly` (or `biweekly`), `monthly`, in any case.
        init?(word: String) {
            let w = word.lowercased()
            self.init(rawValue: w == "biweekly" ? "fortnightly" : w)
        }

        /// The day one spacing after `day`.
        func after(_ day: LocalDate) -> LocalDate {
            switch self {
            case .daily: return day.addingDays(1)
            case .weekly: return day.addingDays(7)
            case .fortnightly: return day.addingDays(14)
            case .monthly:
                let (year, month) = day.month == 12 ? (day.year + 1, 1) : (day.year, day.month + 1)
                return LocalDate(year: year, month: month, day: min(day.day, LocalDate.daysInMonth(year: year, month: month)))
            }
        }
    }

    /// One step: `count` checks, `spacing` apart.
    public struct Step: Sendable, Hashable {
        public var spacing: Spacing
        public var count: Int

        public init(spacing: Spacing, count: Int) {
            self.spacing = spacing
            self.count = count
        }

        public var text: String { "\(spacing.rawValue) x \(count)" }
    }

    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// `weekly x 2, monthly x 2`.
    public var text: String { steps.map(\.text).joined(separator: ", ") }

    /// How many checks the schedule holds.
    public var checkCount: Int { steps.reduce(0) { $0 + $1.count } }

    /// The spacings the grammar takes, for messages.
    public static let expected = "steps like 'weekly x 2, monthly x 2': daily, weekly, fortnightly or monthly, each with x and a number of checks from 1 to 100"

    /// `weekly x 2, monthly x 2`, `weekly × 2`, `monthly` (one check); nil when any step is not
    /// one of the spacings with a count from 1 to 100.
    public static func parse(_ text: String) -> MaintenanceSchedule? {
        var steps: [Step] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let compact = part.lowercased().filter { $0 != " " && $0 != "\t" }.replacingOccurrences(of: "×", with: "x")
            let pieces = compact.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            guard let spacing = Spacing(word: String(pieces[0])) else { return nil }
            var count = 1
            if pieces.count == 2 {
                guard let n = Int(pieces[1]), (1...100).contains(n) else { return nil }
                count = n
            }
            steps.append(Step(spacing: spacing, count: count))
        }
        return steps.isEmpty ? nil : MaintenanceSchedule(steps: steps)
    }

    /// The day each check is due, in order, for a goal that entered maintenance on `start`.
    public func dueDays(from start: LocalDate) -> [LocalDate] {
        var days: [LocalDate] = []
        var day = start.dayOnly
        for step in steps {
            for _ in 0..<step.count {
                day = step.spacing.after(day)
                days.append(day)
            }
        }
        return days
    }
}

extension LocalDate {
    /// The calendar day `count` days after this one (before, when negative), without a time.
    func addingDays(_ count: Int) -> LocalDate {
        let civil = LocalDate.civil(fromDays: dayNumber + count)
        return LocalDate(year: civil.year, month: civil.month, day: civil.day)
    }
}
