import Foundation

/// How the check-ins move: daily and weekly averages, the most frequent labels and associations
/// with the average score of each association, and around each therapy session the average
/// check-in score in the `window` days before and after it, with each treatment's average change.
///
/// Before a session means from `window` days before its start up to (not including) its start;
/// after means from its start up to (not including) `window` days later. Averages are plain means
/// of the scores, not weighted by day.
public struct MoodTrend: Sendable {
    /// One check-in: when (seconds since 1970), its local day, its score, its names.
    public struct Point: Sendable {
        public var time: Int
        public var day: String
        public var score: Int
        public var labels: [String]
        public var associations: [String]

        public init(time: Int, day: String, score: Int, labels: [String] = [], associations: [String] = []) {
            self.time = time
            self.day = day
            self.score = score
            self.labels = labels
            self.associations = associations
        }
    }

    /// A therapy session: when it started and its treatment's name.
    public struct SessionPoint: Sendable {
        public var time: Int
        public var day: String
        public var treatment: String
        public var path: String

        public init(time: Int, day: String, treatment: String, path: String) {
            self.time = time
            self.day = day
            self.treatment = treatment
            self.path = path
        }
    }

    public struct Average: Sendable, Equatable {
        /// A day (`2025-03-04`), or the Monday that starts a week.
        public var period: String
        public var average: Double
        public var count: Int
    }

    public struct NameCount: Sendable, Equatable {
        public var name: String
        public var count: Int
        /// The average score of the check-ins that have the name.
        public var average: Double
    }

    public struct AroundSession: Sendable, Equatable {
        public var day: String
        public var treatment: String
        public var path: String
        public var before: Double?
        public var beforeCount: Int
        public var after: Double?
        public var afterCount: Int
        /// After minus before, when both are known.
        public var change: Double? {
            guard let before, let after else { return nil }
            return after - before
        }
    }

    public struct TreatmentChange: Sendable, Equatable {
        public var treatment: String
        /// The mean of the sessions' changes, over the sessions with check-ins on both sides.
        public var averageChange: Double
        public var sessions: Int
    }

    public var count: Int
    public var average: Double?
    public var first: String?
    public var last: String?
    public var daily: [Average]
    public var weekly: [Average]
    public var labels: [NameCount]
    public var associations: [NameCount]
    public var window: Int
    public var aroundSessions: [AroundSession]
    public var perTreatment: [TreatmentChange]

    public init(points: [Point], sessions: [SessionPoint], window: Int = 7) {
        self.window = window
        count = points.count
        average = MoodTrend.mean(points.map(\.score))
        first = points.lazy.map(\.day).min()
        last = points.lazy.map(\.day).max()
        daily = MoodTrend.averages(points) { $0.day }
        // Three check-ins a day share a day: each day's Monday is worked out once.
        var mondays: [String: String] = [:]
        weekly = MoodTrend.averages(points) { point in
            if let monday = mondays[point.day] { return monday }
            let monday = MoodTrend.weekStart(of: point.day) ?? point.day
            mondays[point.day] = monday
            return monday
        }
        labels = MoodTrend.counts(points, \.labels)
        associations = MoodTrend.counts(points, \.associations)
        // Sorted times and running sums of the scores: each window is two binary searches.
        let sortedPoints = points.sorted { $0.time < $1.time }
        let times = sortedPoints.map(\.time)
        var sums = [0]
        sums.reserveCapacity(sortedPoints.count + 1)
        for point in sortedPoints { sums.append(sums[sums.count - 1] + point.score) }
        func firstIndex(atOrAfter time: Int) -> Int {
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < time { low = middle + 1 } else { high = middle }
            }
            return low
        }
        func mean(from start: Int, to end: Int) -> (Double?, Int) {
            let count = end - start
            return (count > 0 ? Double(sums[end] - sums[start]) / Double(count) : nil, count)
        }
        let span = window * 86_400
        aroundSessions = sessions.sorted { $0.time < $1.time }.map { session in
            let start = firstIndex(atOrAfter: session.time)
            let before = mean(from: firstIndex(atOrAfter: session.time - span), to: start)
            let after = mean(from: start, to: firstIndex(atOrAfter: session.time + span))
            return AroundSession(day: session.day, treatment: session.treatment, path: session.path, before: before.0,
                                 beforeCount: before.1, after: after.0, afterCount: after.1)
        }
        var changes: [String: [Double]] = [:]
        for around in aroundSessions {
            if let change = around.change { changes[around.treatment, default: []].append(change) }
        }
        perTreatment = changes.map { TreatmentChange(treatment: $0.key, averageChange: $0.value.reduce(0, +) / Double($0.value.count), sessions: $0.value.count) }
            .sorted { $0.treatment < $1.treatment }
    }

    static func mean(_ values: [Int]) -> Double? {
        values.isEmpty ? nil : Double(values.reduce(0, +)) / Double(values.count)
    }

    static func averages(_ points: [Point], by key: (Point) -> String) -> [Average] {
        var groups: [String: Tally] = [:]
        for point in points { groups[key(point), default: Tally()].add(point.score) }
        return groups.map { Average(period: $0.key, average: $0.value.mean, count: $0.value.count) }.sorted { $0.period < $1.period }
    }

    /// A group's sum and count of scores.
    struct Tally {
        var sum = 0, count = 0
        mutating func add(_ score: Int) { sum += score; count += 1 }
        var mean: Double { Double(sum) / Double(count) }
    }

    /// Most frequent first, then by name.
    static func counts(_ points: [Point], _ names: KeyPath<Point, [String]>) -> [NameCount] {
        var groups: [String: Tally] = [:]
        for point in points {
            let list = point[keyPath: names]
            // Each name once a check-in, without a Set for each.
            for (i, name) in list.enumerated() where !list[..<i].contains(name) {
                groups[name, default: Tally()].add(point.score)
            }
        }
        return groups.map { NameCount(name: $0.key, count: $0.value.count, average: $0.value.mean) }
            .sorted { ($0.count, $1.name) > ($1.count, $0.name) }
    }

    /// The Monday of the day's week (ISO weeks), `2025-03-03` for `2025-03-05`.
    public static func weekStart(of day: String) -> String? {
        guard let date = LocalDate.parse(day) else { return nil }
        let days = LocalDate.days(year: date.year, month: date.month, day: date.day)
        // 1970-01-01 was a Thursday: Monday is 0 at days + 3.
        let offset = ((days + 3) % 7 + 7) % 7
        return LocalDate.dayString(days: days - offset)
    }

    /// The days from `first` to `last`, inclusive (at most `limit`, the latest).
    public static func days(from first: String, to last: String, limit: Int) -> [String] {
        guard let a = LocalDate.parse(first), let b = LocalDate.parse(last) else { return [] }
        let start = LocalDate.days(year: a.year, month: a.month, day: a.day)
        let end = LocalDate.days(year: b.year, month: b.month, day: b.day)
        guard end >= start else { return [] }
        return (max(start, end - limit + 1)...end).map(LocalDate.dayString(days:))
    }
}

extension LocalDate {
    /// `2025-03-04` for a count of days since 1970-01-01.
    static func dayString(days: Int) -> String {
        let civil = LocalDate.civil(fromDays: days)
        return LocalDate(year: civil.year, month: civil.month, day: civil.day).dayString
    }
}
