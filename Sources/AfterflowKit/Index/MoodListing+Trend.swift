import Foundation

extension MoodTrend {
    /// The trend of `checkIns` (read from the index) with no sessions beside them: those without a
    /// date or a score are left out.
    public init(checkIns: [MoodListing], timeZone: TimeZone) {
        self.init(points: checkIns.compactMap { m in
            guard let date = m.date, let score = m.score else { return nil }
            return MoodTrend.Point(time: date.epochSeconds(in: timeZone), day: date.dayString, score: score, labels: m.labels,
                                   associations: m.associations)
        }, sessions: [])
    }
}
