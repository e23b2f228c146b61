import Foundation

/// The scores over time of an instrument other than PHQ-9 and GAD-7 (MEQ-30, EDI, a vault's own),
/// oldest first: what `assessments` and `moods --trend --instrument` show after the PHQ-9 and
/// GAD-7 series (`AssessmentSeries`, unchanged).
public struct InstrumentSeries: Sendable {
    public struct Point: Sendable {
        public var listing: AssessmentListing
        public var date: LocalDate
        public var score: InstrumentScore
    }

    public var instrument: Instrument
    public var points: [Point]

    /// One series an instrument of `catalog` other than PHQ-9 and GAD-7 with dated answers, in the
    /// catalog's order; an answer to an instrument the catalog lacks is left out (`check` names it).
    public static func series(from listings: [AssessmentListing], catalog: InstrumentCatalog) -> [InstrumentSeries] {
        catalog.all.filter { AssessmentInstrument(rawValue: $0.id) == nil }.compactMap { instrument in
            let points = listings.compactMap { listing -> Point? in
                guard listing.instrumentKey == instrument.id, let date = listing.date else { return nil }
                return Point(listing: listing, date: date, score: instrument.score(answers: listing.items))
            }.sorted { ($0.date.wallClockSeconds, $0.listing.path) < ($1.date.wallClockSeconds, $1.listing.path) }
            return points.isEmpty ? nil : InstrumentSeries(instrument: instrument, points: points)
        }
    }

    /// A heading, a sparkline of the total scores, and a table: date, score, each subscale, each threshold.
    public func tableLines(style: TextStyle) -> [String] {
        let count = points.count
        var out = [style.bold(instrument.title) + " (\(instrument.measures)), \(count) assessment\(count == 1 ? "" : "s")"
                   + (count > 1 ? " from \(points[0].date.dayString) to \(points[count - 1].date.dayString)" : "")]
        let scaled = points.suffix(40).map { p in p.score.total.map { 1 + 9 * $0.score / max(instrument.maximumScore, 1) } }
        var summary = "  " + MoodTrend.sparkline(scaled, unicode: style.unicode)
        if let last = points.last?.score.total { summary += "  latest \(last.shown(instrument.scoring))" }
        out.append(summary)
        var rows = [["DATE", "SCORE"] + instrument.subscales.map { $0.name.uppercased() } + instrument.thresholds.map { $0.name.uppercased() }]
        for p in points {
            var row = [p.date.shortString, p.score.total?.shown(instrument.scoring) ?? "incomplete"]
            row += p.score.subscales.map { $0.part?.shown(instrument.scoring) ?? "–" }
            row += p.score.thresholds.map { $0.met.map { $0 ? "yes" : "no" } ?? "–" }
            rows.append(row)
        }
        out += style.indentedTable(rows, rightAligned: Set(1..<(2 + instrument.subscales.count)))
        return out
    }

    /// As `assessments --format json` gives it.
    public func json(in zone: TimeZone) -> JSONValue {
        .object([
            ("instrument", .string(instrument.id)), ("title", .string(instrument.title)),
            ("maximum", .number(instrument.maximumScore, places: 1)), ("score", .string(instrument.scoring.rawValue)),
            ("assessments", .array(points.map { p in
                .object([("date", .string(p.date.canonical(in: zone))), ("scores", p.score.json),
                         ("items", .array(p.listing.items.map { $0.map(JSONValue.int) ?? .null })), ("path", .string(p.listing.path))])
            })),
        ])
    }

    /// Rows under `AssessmentSeries.csvHeader`: the total score in `total`, no band unless it has bands.
    public func csvRows(in zone: TimeZone) -> [[String]] {
        points.map { p in
            [p.date.canonical(in: zone), instrument.id, p.score.total.map { scoreText($0.score) } ?? "", scoreText(instrument.maximumScore),
             p.score.band ?? "", p.listing.items.map { $0.map(String.init) ?? "" }.joined(separator: " "), CSVWriter.guarded(p.listing.path)]
        }
    }
}
