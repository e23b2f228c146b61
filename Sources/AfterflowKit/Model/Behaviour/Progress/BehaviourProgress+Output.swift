import Foundation

/// A behaviour goal's progress as JSON and CSV.
extension BehaviourProgress {
    /// The goal, its measure and unit, the baseline level, a row a day (the plotted value, the
    /// parts it came from, each session's figures as `summary --format json` gives them) and the
    /// chart's lines (`ChartSeries.json`); `trend` overrides the goal's `trend`.
    public func json(trend: TrendMethod?) -> JSONValue {
        let g = goal.goal
        let base: JSONValue = baseline.map { b in
            .object([("days", .int(b.days)), ("value", .rounded(b.value, places: 1)), ("unit", .string(unit)), ("how", .string(b.how))])
        } ?? .null
        return .object([
            ("goal", .string(goal.short)),
            ("title", .string(g.title ?? goal.short)),
            ("category", g.category.map { .string($0) } ?? .null),
            ("measure", .string(measure.rawValue)),
            ("phase", .string(g.currentPhase.rawValue)),
            ("phases", .array(g.phases.map { .object([("phase", .string($0.phase.rawValue)), ("day", .string($0.day.dayString))]) })),
            ("unit", .string(unit)),
            ("baseline", base),
            ("rows", .array(rows.map(rowJSON))),
            ("chart", ChartSeries(behaviour: self, trend: trend).json),
        ])
    }

    private func rowJSON(_ row: BehaviourDay) -> JSONValue {
        let parts = csvParts(row)
        var pairs: [(String, JSONValue)] = [("day", .string(row.day.dayString)), ("sessions", .array(row.sessions.map { .string($0) })),
                                            ("phase", .string(row.phase.rawValue)), ("value", .rounded(row.figure.plotted, places: 1)),
                                            ("unit", .string(unit)), ("text", .string(row.text(measure: measure)))]
        for (name, value) in [("count", parts.count), ("seconds", parts.seconds), ("part", parts.part), ("whole", parts.whole)] {
            if let value { pairs.append((name, .rounded(value, places: 1))) }
        }
        pairs.append(("observed_minutes", .rounded(row.observedSeconds / 60, places: 1)))
        pairs.append(("figures", .array(row.figures.map(\.json))))
        return .object(pairs)
    }

    /// The parts of a day's figure, for the CSV's `count`, `seconds`, `part` and `whole`:
    /// occurrences (count, duration), responses (latency) or incidents (ABC); seconds in all
    /// (duration, latency); intervals scored or steps independent of all.
    func csvParts(_ row: BehaviourDay) -> (count: Double?, seconds: Double?, part: Double?, whole: Double?) {
        switch row.figure {
        case let .rate(count, _): return (Double(count), nil, nil, nil)
        case let .duration(seconds, _):
            let occurrences = row.figures.reduce(0) { sum, f in
                if case .duration(let d) = f.figures { return sum + d.count } else { return sum }
            }
            return (Double(occurrences), seconds, nil, nil)
        case let .latency(total, responses): return (Double(responses), total, nil, nil)
        case let .proportion(part, whole): return (nil, nil, Double(part), Double(whole))
        case let .count(n): return (Double(n), nil, nil, nil)
        }
    }

    /// One row a day in the columns of `GoalProgress.csvHeader(cues:)`: the trial columns
    /// empty, `counts` yes, `probe` empty, then the measure, the value, its unit and its parts.
    public func csvRows(cues: CueLevels) -> [[String]] {
        rows.map { row in
            let parts = csvParts(row)
            func text(_ value: Double?) -> String { value.map { JSONValue.rounded($0, places: 1).serialized() } ?? "" }
            return [client, goal.short, goal.goal.title ?? goal.short, row.day.dayString, row.sessions.joined(separator: ";"),
                    "", "", "", "", "", "", row.phase.rawValue, "yes", ""]
                + Array(repeating: "", count: cues.names.count + 1)
                + [measure.rawValue, text(row.figure.plotted), unit, text(parts.count), text(parts.seconds), text(parts.part), text(parts.whole),
                   text(row.observedSeconds / 60)]
        }
    }
}
