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
    /// Every month from the first session's to the last's, `2024-03`, with its count (0 included).
    public var perMonth: [(month: String, count: Int)] = []
    public var longestGap: Gap?
    /// Sessions that still need reflection.
    public var reflectionsOwed = 0
    public var first: String?
    public var last: String?

    struct Row: Sendable {
        var day: String?
        var treatment: Treatment?
        var status: SessionStatus
        var moodBefore: Int?
        var moodAfter: Int?
    }

    init(rows: [Row]) {
        sessions = rows.count
        var statusCounts: [SessionStatus: Int] = [:]
        for row in rows { statusCounts[row.status, default: 0] += 1 }
        byStatus = SessionStatus.allCases.compactMap { status in statusCounts[status].map { (status, $0) } }
        reflectionsOwed = statusCounts[.needsReflection] ?? 0

        func mean(_ values: [Int]) -> Double? { values.isEmpty ? nil : Double(values.reduce(0, +)) / Double(values.count) }
        func lifts(_ rows: [Row]) -> [Int] { rows.compactMap { r in r.moodBefore.flatMap { b in r.moodAfter.map { $0 - b } } } }
        averageMoodBefore = mean(rows.compactMap(\.moodBefore))
        averageMoodAfter = mean(rows.compactMap(\.moodAfter))
        averageLift = mean(lifts(rows))
        var byTreatment: [Treatment: [Row]] = [:]
        for row in rows { if let t = row.treatment { byTreatment[t, default: []].append(row) } }
        self.byTreatment = byTreatment.map { treatment, group in
            TreatmentFigures(treatment: treatment, count: group.count, averageMoodBefore: mean(group.compactMap(\.moodBefore)),
                             averageMoodAfter: mean(group.compactMap(\.moodAfter)), averageLift: mean(lifts(group)))
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.treatment.rawValue < $1.treatment.rawValue }

        let days = rows.compactMap(\.day).sorted()
        first = days.first
        last = days.last
        if let firstDay = days.first, let lastDay = days.last {
            var counts: [String: Int] = [:]
            for day in days { counts[String(day.prefix(7)), default: 0] += 1 }
            var year = Int(firstDay.prefix(4)) ?? 0
            var month = Int(firstDay.dropFirst(5).prefix(2)) ?? 1
            let end = String(lastDay.prefix(7))
            while true {
                let key = String(format: "%04d-%02d", year, month)
                perMonth.append((key, counts[key] ?? 0))
                if key >= end || perMonth.count > 12 * 200 { break }
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
            var previous: (day: String, number: Int)?
            for day in days {
                guard let date = SessionDate.parse(day) else { continue }
                let number = SessionDate.days(year: date.year, month: date.month, day: date.day)
                if let previous, number - previous.number > (longestGap?.days ?? 0) {
                    longestGap = Gap(days: number - previous.number, from: previous.day, to: day)
                }
                previous = (day, number)
            }
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
        let rows = try query { db in
            try ColumnReader.all(db, sql: "SELECT day, treatment, status, mood_before, mood_after FROM sessions WHERE \(clause) AND draft = 0",
                                 arguments: arguments) { row in
                Statistics.Row(day: row.string(0), treatment: row.string(1).flatMap(Treatment.init(rawValue:)),
                               status: SessionStatus(rawValue: row.text(2)) ?? .draft, moodBefore: row.int(3), moodAfter: row.int(4))
            }
        }
        return Statistics(rows: rows)
    }
}
