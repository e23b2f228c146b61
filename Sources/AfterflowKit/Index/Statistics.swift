import Foundation
import GRDB

/// The figures of `afterflow stats`, over the sessions a filter selects (drafts never count).
public struct Statistics: Sendable {
    public struct TreatmentFigures: Sendable {
        public var treatment: Treatment
        public var count: Int
        public var averageMoodBefore: Double?
        public var averageMoodAfter: Double?
        /// The mean of after minus before, over sessions that have both.
        public var averageLift: Double?
    }

    public struct Gap: Sendable {
        public var days: Int
        /// `2024-03-08` and the next session's day.
        public var from: String
        public var to: String
    }

    public var sessions = 0
    public var byStatus: [(SessionStatus, Int)] = []
    public var byTreatment: [TreatmentFigures] = []
    public var averageMoodBefore: Double?
    public var averageMoodAfter: Double?
    public var averageLift: Double?
    /// How many sessions the averages are over: those with a mood before, with one after, and
    /// with both (the lift's), which are different sessions when some lack one.
    public var moodBeforeCount = 0, moodAfterCount = 0, liftCount = 0
    /// Every month from the first session's to the last's, `2024-03`, with its count (0 included).
    public var perMonth: [(month: String, count: Int)] = []
    public var longestGap: Gap?
    /// Sessions that still need reflection.
    public var reflectionsOwed = 0
    public var first: String?
    public var last: String?

    init() {}
}

extension Statistics {
    /// The figures added up one session at a time, in fixed tables (no row is kept).
    struct Tally {
        struct Moods {
            var count = 0
            var before = 0, beforeCount = 0
            var after = 0, afterCount = 0
            var lift = 0, liftCount = 0

            mutating func add(_ moodBefore: Int?, _ moodAfter: Int?) {
                count += 1
                if let moodBefore { before += moodBefore; beforeCount += 1 }
                if let moodAfter { after += moodAfter; afterCount += 1 }
                if let moodBefore, let moodAfter { lift += moodAfter - moodBefore; liftCount += 1 }
            }

            static func mean(_ sum: Int, _ count: Int) -> Double? { count == 0 ? nil : Double(sum) / Double(count) }
            var averageBefore: Double? { Moods.mean(before, beforeCount) }
            var averageAfter: Double? { Moods.mean(after, afterCount) }
            var averageLift: Double? { Moods.mean(lift, liftCount) }
        }

        var all = Moods()
        static let statusOrder = SessionStatus.allCases
        /// By treatment; statuses in `SessionStatus.allCases` order.
        var treatments: [Treatment: Moods] = [:]
        var statuses = Array(repeating: 0, count: SessionStatus.allCases.count)
        /// Days as numbers that sort like them: 20241210.
        var days: [Int] = []

        mutating func add(day: Int?, treatment: Treatment?, status: SessionStatus, moodBefore: Int?, moodAfter: Int?) {
            all.add(moodBefore, moodAfter)
            if let treatment { treatments[treatment, default: Moods()].add(moodBefore, moodAfter) }
            if let i = Tally.statusOrder.firstIndex(of: status) { statuses[i] += 1 }
            if let day { days.append(day) }
        }

        /// `2024-12-10` as 20241210; nil for anything else.
        static func day(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
            guard text.count == 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-") else { return nil }
            var number = 0
            for i in [0, 1, 2, 3, 5, 6, 8, 9] {
                let digit = Int(text[i]) - 0x30
                guard digit >= 0 && digit <= 9 else { return nil }
                number = number * 10 + digit
            }
            return number
        }

        static func dayText(_ number: Int) -> String {
            String(format: "%04d-%02d-%02d", number / 10_000, number / 100 % 100, number % 100)
        }

        var statistics: Statistics {
            var stats = Statistics()
            stats.sessions = all.count
            stats.byStatus = zip(SessionStatus.allCases, statuses).filter { $0.1 > 0 }.map { ($0.0, $0.1) }
            stats.reflectionsOwed = statuses[SessionStatus.allCases.firstIndex(of: .needsReflection) ?? 0]
            stats.averageMoodBefore = all.averageBefore
            stats.averageMoodAfter = all.averageAfter
            stats.averageLift = all.averageLift
            (stats.moodBeforeCount, stats.moodAfterCount, stats.liftCount) = (all.beforeCount, all.afterCount, all.liftCount)
            stats.byTreatment = treatments.filter { $0.value.count > 0 }.map { treatment, moods in
                TreatmentFigures(treatment: treatment, count: moods.count, averageMoodBefore: moods.averageBefore,
                                 averageMoodAfter: moods.averageAfter, averageLift: moods.averageLift)
            }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.treatment.rawValue < $1.treatment.rawValue }
            let days = self.days.sorted()
            guard let first = days.first, let last = days.last else { return stats }
            stats.first = Tally.dayText(first)
            stats.last = Tally.dayText(last)
            // Every month from the first to the last, with its count.
            var month = first / 100
            var index = 0
            while month <= last / 100 && stats.perMonth.count <= 12 * 200 {
                var count = 0
                while index < days.count && days[index] / 100 == month {
                    count += 1
                    index += 1
                }
                stats.perMonth.append((String(format: "%04d-%02d", month / 100, month % 100), count))
                month = month % 100 == 12 ? (month / 100 + 1) * 100 + 1 : month + 1
            }
            // The longest stretch between one session's day and the next; the earliest of equals.
            var previous: (day: Int, number: Int)?
            for day in days where day != previous?.day {
                let number = LocalDate.days(year: day / 10_000, month: day / 100 % 100, day: day % 100)
                if let previous, number - previous.number > (stats.longestGap?.days ?? 0) {
                    stats.longestGap = Gap(days: number - previous.number, from: Tally.dayText(previous.day), to: Tally.dayText(day))
                }
                previous = (day, number)
            }
            return stats
        }
    }
}

extension IndexStore {
    /// Statistics over the journal sessions `filter` selects (its sort and limit do not apply).
    /// The drafts in `.afterflow/drafts/` never count; a file of the journal counts whatever its
    /// status, so `--status draft` finds the unfinished ones written there by hand.
    public func statistics(_ filter: SessionFilter) throws(VaultError) -> Statistics {
        var filter = filter
        filter.includeDrafts = false
        let (clause, arguments) = try filter.whereClause(timeZone: vault.timeZone)
        var tally = Statistics.Tally()
        try query { db in
            try RawRow.each(db, sql: "SELECT day, treatment, status, mood_before, mood_after FROM sessions WHERE \(clause) AND draft = 0",
                            arguments: arguments) { row in
                tally.add(day: Statistics.Tally.day(row.bytes(0)), treatment: Treatment.rawValues.value(row.bytes(1)),
                          status: SessionStatus.rawValues.value(row.bytes(2)) ?? .draft, moodBefore: row.int(3), moodAfter: row.int(4))
            }
        }
        return tally.statistics
    }
}

extension Statistics {
    /// What the mood averages are over, as the report says it: each over the sessions that have
    /// that mood, the lift over those with both (`over the sessions with each: 10 before, 9 after,
    /// 9 with both`), which are different sessions when some lack a mood.
    public static func moodCountsNote(before: Int, after: Int, both: Int) -> String {
        "over the sessions with each: \(before) before, \(after) after, \(both) with both"
    }
}
