import Foundation

extension MoodTrend {
    /// The sessions `moods --trend` looks around: the finished sessions with a time and a day
    /// within `since`…`until` (inclusive, `YYYY-MM-DD`, either open), the treatment's name or
    /// "Unknown".
    public static func sessionPoints(_ sessions: [IndexedSession], since: String?, until: String?) -> [SessionPoint] {
        sessions.compactMap { s -> SessionPoint? in
            guard let time = s.time, let date = s.dateText.flatMap(LocalDate.parse) else { return nil }
            if let since, date.dayString < since { return nil }
            if let until, date.dayString > until { return nil }
            return SessionPoint(time: time, day: date.dayString, treatment: s.treatment?.displayName ?? "Unknown", path: s.path)
        }
    }

    /// A figure with one decimal: `6.5`.
    public static func one(_ value: Double) -> String { value.oneDecimal }

    /// A change with its sign, `+1.5`, `-0.5`, `0.0` for less than 0.05 either way.
    public static func signed(_ value: Double) -> String { (value >= 0.05 ? "+" : "") + (abs(value) < 0.05 ? "0.0" : one(value)) }

    /// One character a period of scores from 1 to 10, `▁` (1) to `█` (10) (without `unicode`,
    /// `.` to `#`), a space for a period without check-ins.
    public static func sparkline(_ values: [Double?], unicode: Bool) -> String {
        let levels: [Character] = unicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [".", ",", ":", "-", "=", "+", "*", "#"]
        return String(values.map { value in
            guard let value else { return " " }
            return levels[min(7, max(0, Int(((value - 1) / 9 * 7).rounded())))]
        })
    }

    /// The trend as `moods --trend --format json` gives it.
    public var json: JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { JSONValue.number($0, places: 2) } ?? .null }
        func averages(_ list: [MoodTrend.Average], _ key: String) -> JSONValue {
            .array(list.map { .object([(key, .string($0.period)), ("average", number($0.average)), ("check_ins", .int($0.count))]) })
        }
        func names(_ list: [MoodTrend.NameCount], _ key: String) -> JSONValue {
            .array(list.map { .object([(key, .string($0.name)), ("check_ins", .int($0.count)), ("average", number($0.average))]) })
        }
        return .object([
            ("check_ins", .int(count)), ("average", number(average)),
            ("first", first.map(JSONValue.string) ?? .null), ("last", last.map(JSONValue.string) ?? .null),
            ("daily", averages(daily, "day")), ("weekly", averages(weekly, "week_of")),
            ("labels", names(labels, "label")), ("associations", names(associations, "association")),
            ("window_days", .int(window)),
            ("around_sessions", .array(aroundSessions.map { s in
                .object([("day", .string(s.day)), ("treatment", .string(s.treatment)), ("before", number(s.before)), ("before_check_ins", .int(s.beforeCount)),
                         ("after", number(s.after)), ("after_check_ins", .int(s.afterCount)), ("change", number(s.change)), ("path", .string(s.path))])
            })),
            ("per_treatment", .array(perTreatment.map { t in
                .object([("treatment", .string(t.treatment)), ("average_change", number(t.averageChange)), ("sessions", .int(t.sessions))])
            })),
        ])
    }
}

extension MoodListing {
    /// The columns of `moods --format csv`.
    public static let csvHeader = ["date", "score", "valence", "valence_class", "kind", "labels", "associations", "source", "notes", "path"]

    /// The check-in as `moods --format json` gives it, dates in `zone`.
    public func json(in zone: TimeZone) -> JSONValue {
        .object([
            ("date", date.map { .string($0.canonical(in: zone)) } ?? .null), ("score", score.map(JSONValue.int) ?? .null),
            ("valence", valence.map { .string(MoodVocabulary.valenceText($0)) } ?? .null),
            ("valence_class", valenceClass.map(JSONValue.string) ?? .null), ("kind", .string(kind)),
            ("labels", .array(labels.map { .string($0) })), ("suggested_labels", .array(suggestedLabels.map { .string($0) })),
            ("associations", .array(associations.map { .string($0) })),
            ("source", .string(source)), ("notes", .string(notes)), ("id", id.map(JSONValue.string) ?? .null), ("path", .string(path)),
        ])
    }

    /// The check-in's CSV cells: text guarded against formula injection; the valence is a
    /// number (-0.33) and stays one.
    public func csvRow(in zone: TimeZone) -> [String] {
        [date?.canonical(in: zone) ?? "", score.map(String.init) ?? "", valence.map(MoodVocabulary.valenceText) ?? "",
         valenceClass ?? "", kind, labels.joined(separator: " "), associations.joined(separator: " "), source,
         CSVWriter.guarded(notes), CSVWriter.guarded(path)]
    }
}

extension AssessmentSeries {
    /// The columns of `assessments --format csv`.
    public static let csvHeader = ["date", "instrument", "total", "maximum", "band", "items", "path"]

    /// The series as `assessments --format json` gives it; `items` are each point's answers.
    public func json(in zone: TimeZone, items: (Point) -> [Int?]) -> JSONValue {
        .object([
            ("instrument", .string(instrument.rawValue)), ("title", .string(instrument.title)),
            ("maximum", .int(instrument.maximum)), ("change", change.map(JSONValue.int) ?? .null),
            ("assessments", .array(points.map { p in
                .object([("date", .string(p.date.canonical(in: zone))), ("total", .int(p.total)), ("band", .string(p.band.rawValue)),
                         ("items", .array(items(p).map { $0.map(JSONValue.int) ?? .null })), ("path", .string(p.path))])
            })),
        ])
    }

    /// The series' CSV rows (a path guarded against formula injection).
    public func csvRows(in zone: TimeZone, items: (Point) -> [Int?]) -> [[String]] {
        points.map { p in
            [p.date.canonical(in: zone), instrument.rawValue, String(p.total), String(instrument.maximum),
             p.band.rawValue, items(p).map { $0.map(String.init) ?? "" }.joined(separator: " "), CSVWriter.guarded(p.path)]
        }
    }

    /// The totals on the check-ins' 1-10 scale (the last 40), so that the same sparkline draws them.
    public var scaledTotals: [Double?] {
        points.suffix(40).map { Optional(1 + 9 * Double($0.total) / Double(instrument.maximum)) }
    }
}
