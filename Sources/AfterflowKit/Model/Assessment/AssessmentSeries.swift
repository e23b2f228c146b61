import Foundation

/// Each instrument's totals over time, oldest first, with their bands: what `assessments` shows
/// and what a report draws. Built from the index's listings or from typed documents.
public struct AssessmentSeries: Sendable {
    public struct Point: Sendable, Equatable {
        public var date: LocalDate
        /// The local day, `2025-03-04`.
        public var day: String
        public var total: Int
        public var band: AssessmentBand
        /// Whether PHQ-9's item 9 was answered above 0.
        public var safetyItem: Bool
        public var path: String

        public init(date: LocalDate, day: String, total: Int, band: AssessmentBand, safetyItem: Bool, path: String) {
            self.date = date
            self.day = day
            self.total = total
            self.band = band
            self.safetyItem = safetyItem
            self.path = path
        }
    }

    public var instrument: AssessmentInstrument
    /// Oldest first.
    public var points: [Point]

    public var latest: Point? { points.last }
    /// The latest total minus the first, when there are two or more.
    public var change: Int? {
        guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
        return last.total - first.total
    }

    public init(instrument: AssessmentInstrument, points: [Point]) {
        self.instrument = instrument
        self.points = points
    }

    /// One series per instrument that has complete assessments (PHQ-9 first), each oldest first;
    /// listings without a date, or without an answer to every item, are left out.
    public static func series(from listings: [AssessmentListing]) -> [AssessmentSeries] {
        AssessmentInstrument.allCases.compactMap { instrument in
            let points = listings.compactMap { listing -> Point? in
                guard listing.instrument == instrument, listing.isComplete, let date = listing.date, let total = listing.total else { return nil }
                let safety = instrument.safetyItem.map { item in listing.items.count >= item && (listing.items[item - 1] ?? 0) > 0 } ?? false
                return Point(date: date, day: listing.day ?? date.dayString, total: total, band: listing.band ?? instrument.band(total: total),
                             safetyItem: safety, path: listing.path)
            }.sorted { ($0.day, $0.date.wallClockSeconds, $0.path) < ($1.day, $1.date.wallClockSeconds, $1.path) }
            return points.isEmpty ? nil : AssessmentSeries(instrument: instrument, points: points)
        }
    }
}
