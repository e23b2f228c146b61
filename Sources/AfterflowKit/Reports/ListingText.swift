import Foundation

/// How text for people is drawn by the listing renderers: bold headings (on a terminal with colour)
/// and whether sparklines may use Unicode blocks. The front end decides both; the renderers read
/// no environment.
public struct TextStyle: Sendable, Equatable {
    /// Bold headings, as ANSI escapes.
    public var colors: Bool
    /// Sparklines in Unicode blocks rather than ASCII.
    public var unicode: Bool

    public init(colors: Bool, unicode: Bool) {
        self.colors = colors
        self.unicode = unicode
    }

    /// Plain text with ASCII sparklines.
    public static let plain = TextStyle(colors: false, unicode: false)

    /// `text` in bold when there is colour.
    public func bold(_ text: String) -> String { styled(text, "1") }
    /// `text` dimmed when there is colour: a hint beside the figures.
    public func dim(_ text: String) -> String { styled(text, "2") }
    /// `text` in bold yellow when there is colour: something owed.
    public func yellow(_ text: String) -> String { styled(text, "1;33") }

    private func styled(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A table's lines indented by two spaces, its header in bold.
    func indentedTable(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        TextTable.lines(rows, rightAligned: rightAligned).enumerated().map { "  " + ($0.offset == 0 ? bold($0.element) : $0.element) }
    }
}

extension MoodListing {
    /// The check-ins as `moods` shows them for people: a table (date, score, kind, labels,
    /// associations, the first line of the notes cut to 40 columns), or a line saying there are
    /// none (`filtered`: a range, label or association was asked for).
    public static func tableLines(_ moods: [MoodListing], filtered: Bool, style: TextStyle) -> [String] {
        guard !moods.isEmpty else {
            return [filtered ? "No check-ins match." : "No check-ins yet. Check in with: afterflow mood 7 \"what is going on\""]
        }
        var rows = [["DATE", "SCORE", "", "KIND", "LABELS", "ASSOCIATIONS", "NOTES"]]
        for m in moods {
            let firstLine = DaylioNoteText.shown(m.notes, source: m.source).split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            let cut = DisplayWidth.fit(firstLine, columns: 40)
            let note = cut.whole ? firstLine : String(firstLine.utf8.prefix(cut.bytesBeforeLast)).map { $0 + "…" } ?? ""
            rows.append([m.date?.shortString ?? "", m.score.map { "\($0)" } ?? "", m.score.map { "\(MoodScale.emoji($0)) \(MoodScale.descriptor($0))" } ?? "",
                         m.kind == MoodKind.dailyMood.rawValue ? "day" : "now", MoodLabels.shown(m.labels, suggested: m.suggestedLabels),
                         m.associations.joined(separator: ", "), note])
        }
        return TextTable.lines(rows, rightAligned: [1]).enumerated().map { $0.offset == 0 ? style.bold($0.element) : $0.element }
    }
}

extension MoodTrend {
    /// The trend as `moods --trend` shows it for people: the daily and weekly sparklines, the last
    /// weeks, labels, associations, and the check-ins around each session.
    public func textLines(style: TextStyle) -> [String] {
        guard let average, let first, let last else {
            return ["No check-ins yet. Check in with: afterflow mood 7 \"what is going on\""]
        }
        var out = ["\(count) check-in\(count == 1 ? "" : "s") from \(first) to \(last), average \(MoodTrend.one(average))", ""]
        let byDay = Dictionary(uniqueKeysWithValues: daily.map { ($0.period, $0.average) })
        let days = MoodTrend.days(from: first, to: last, limit: 30)
        if let start = days.first, let end = days.last {
            out.append(style.bold("Daily") + "   \(start) " + MoodTrend.sparkline(days.map { byDay[$0] }, unicode: style.unicode) + " \(end)")
        }
        if let firstWeek = weekly.first, let lastWeek = weekly.last {
            // The last 12 calendar weeks up to the newest check-in's, weeks without check-ins blank.
            let byWeek = Dictionary(uniqueKeysWithValues: weekly.map { ($0.period, $0.average) })
            let all = MoodTrend.days(from: firstWeek.period, to: lastWeek.period, limit: 12 * 7).filter { MoodTrend.weekStart(of: $0) == $0 }
            out.append(style.bold("Weekly") + "  \(all.first ?? firstWeek.period) " + MoodTrend.sparkline(all.map { byWeek[$0] }, unicode: style.unicode) + " \(lastWeek.period)")
            var rows = [["WEEK OF", "AVERAGE", "CHECK-INS"]]
            for week in weekly.suffix(6) { rows.append([week.period, MoodTrend.one(week.average), String(week.count)]) }
            out += style.indentedTable(rows, rightAligned: [1, 2])
        }
        if !labels.isEmpty {
            out += ["", style.bold("Labels") + "  " + labels.prefix(8).map { "\($0.name) \($0.count)" }.joined(separator: ", ").visible()]
        }
        if !associations.isEmpty {
            out += ["", style.bold("Associations")]
            var rows = [["ASSOCIATION", "CHECK-INS", "AVERAGE"]]
            for a in associations { rows.append([a.name, String(a.count), MoodTrend.one(a.average)]) }
            out += style.indentedTable(rows, rightAligned: [1, 2])
        }
        return out + aroundSessionLines(style: style)
    }

    /// The average check-in before and after each session, and the change a treatment.
    func aroundSessionLines(style: TextStyle) -> [String] {
        let around = aroundSessions.filter { $0.beforeCount + $0.afterCount > 0 }
        var out = ["", style.bold("Around sessions") + " (average check-in score in the \(window) days before and after each session)"]
        guard !around.isEmpty else { return out + ["  No session has check-ins within \(window) days of it."] }
        var rows = [["SESSION", "TREATMENT", "BEFORE", "AFTER", "CHANGE"]]
        for s in around {
            rows.append([s.day, s.treatment, s.before.map { "\(MoodTrend.one($0)) (\(s.beforeCount))" } ?? "none",
                         s.after.map { "\(MoodTrend.one($0)) (\(s.afterCount))" } ?? "none", s.change.map(MoodTrend.signed) ?? ""])
        }
        out += style.indentedTable(rows, rightAligned: [2, 3, 4])
        for t in perTreatment {
            out.append("  \(t.treatment): average change \(MoodTrend.signed(t.averageChange)) over \(t.sessions) session\(t.sessions == 1 ? "" : "s")")
        }
        return out
    }
}

extension AssessmentSeries {
    /// The assessments as `assessments` shows them for people: for each instrument a heading, a
    /// sparkline of the totals with the change, and a table (with item 9's answer for the PHQ-9);
    /// or a line saying there are none. `items` gives a point's answers.
    public static func tableLines(_ series: [AssessmentSeries], items: (Point) -> [Int?], filtered: Bool, style: TextStyle) -> [String] {
        guard !series.isEmpty else {
            return [filtered ? "No assessments match." : "No assessments yet. Answer one with: afterflow assess phq9 (or gad7)"]
        }
        var out: [String] = []
        for s in series {
            if !out.isEmpty { out.append("") }
            let instrument = s.instrument
            let count = s.points.count
            out.append(style.bold(instrument.title) + " (\(instrument.measures)), \(count) assessment\(count == 1 ? "" : "s")"
                       + (count > 1 ? " from \(s.points[0].day) to \(s.points[count - 1].day)" : ""))
            // The totals on the check-ins' 1-10 scale, so the same sparkline draws them.
            var summary = "  " + MoodTrend.sparkline(s.scaledTotals, unicode: style.unicode)
            if let first = s.points.first, let last = s.points.last, let change = s.change {
                summary += "  \(first.total) → \(last.total) (\(change > 0 ? "+" : "")\(change)), now \(last.band.words)"
            } else if let last = s.latest {
                summary += "  \(last.total), \(last.band.words)"
            }
            out.append(summary)
            var rows = [instrument.safetyItem == nil ? ["DATE", "TOTAL", "BAND"] : ["DATE", "TOTAL", "BAND", "ITEM 9"]]
            for p in s.points {
                var row = [p.date.shortString, "\(p.total)/\(instrument.maximum)", p.band.words]
                if let item = instrument.safetyItem {
                    let answers = items(p)
                    row.append(answers.count >= item ? answers[item - 1].map(String.init) ?? "" : "")
                }
                rows.append(row)
            }
            out += style.indentedTable(rows, rightAligned: [1])
        }
        return out
    }
}
