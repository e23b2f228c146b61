import AfterflowKit
import ArgumentParser
import Foundation

/// `moods --trend`: the check-ins' trend and the moods around each therapy session.
struct MoodTrendOutput {
    let vaultOptions: VaultOptions
    var since: String?
    var until: String?
    var label: String?
    var association: String?
    var window: Int
    var json: Bool

    func run() throws {
        let (index, report) = try vaultOptions.index()
        let zone = index.vault.timeZone
        let range = try dayRange(since: since, until: until, zone: zone)
        let points = try withVaultErrors {
            try index.moodTrendPoints(since: range.since, until: range.until, label: label, association: association)
        }
        var filter = SessionFilter()
        filter.includeDrafts = false
        let sessions = try withVaultErrors { try index.sessions(filter) }
        let sessionPoints = MoodTrend.sessionPoints(sessions, since: range.since, until: range.until)
        let trend = MoodTrend(points: points, sessions: sessionPoints, window: window)
        if json {
            emit(trend.json.serialized(pretty: true))
        } else {
            for line in Self.lines(trend, term: Terminal.current) { emit(line) }
        }
        try index.warnProblems(report, hints: vaultOptions.hints)
    }

    static func one(_ value: Double) -> String { MoodTrend.one(value) }
    static func signed(_ value: Double) -> String { MoodTrend.signed(value) }
    static func sparkline(_ values: [Double?], unicode: Bool) -> String { MoodTrend.sparkline(values, unicode: unicode) }

    static func lines(_ trend: MoodTrend, term: Terminal) -> [String] {
        guard let average = trend.average, let first = trend.first, let last = trend.last else {
            return ["No check-ins yet. Check in with: afterflow mood 7 \"what is going on\""]
        }
        let unicode = term.colors || ProcessInfo.processInfo.environment["LANG"]?.uppercased().contains("UTF") == true
        var out = ["\(trend.count) check-in\(trend.count == 1 ? "" : "s") from \(first) to \(last), average \(one(average))", ""]
        let byDay = Dictionary(uniqueKeysWithValues: trend.daily.map { ($0.period, $0.average) })
        let days = MoodTrend.days(from: first, to: last, limit: 30)
        if let start = days.first, let end = days.last {
            out.append(term.bold("Daily") + "   \(start) " + sparkline(days.map { byDay[$0] }, unicode: unicode) + " \(end)")
        }
        if let firstWeek = trend.weekly.first, let lastWeek = trend.weekly.last {
            // The last 12 calendar weeks up to the newest check-in's, weeks without check-ins blank.
            let byWeek = Dictionary(uniqueKeysWithValues: trend.weekly.map { ($0.period, $0.average) })
            let all = MoodTrend.days(from: firstWeek.period, to: lastWeek.period, limit: 12 * 7).filter { MoodTrend.weekStart(of: $0) == $0 }
            out.append(term.bold("Weekly") + "  \(all.first ?? firstWeek.period) " + sparkline(all.map { byWeek[$0] }, unicode: unicode) + " \(lastWeek.period)")
            var rows = [["WEEK OF", "AVERAGE", "CHECK-INS"]]
            for week in trend.weekly.suffix(6) { rows.append([week.period, one(week.average), String(week.count)]) }
            out += TextTable.lines(rows, rightAligned: [1, 2]).enumerated().map { "  " + ($0.offset == 0 ? term.bold($0.element) : $0.element) }
        }
        if !trend.labels.isEmpty {
            out += ["", term.bold("Labels") + "  " + trend.labels.prefix(8).map { "\($0.name) \($0.count)" }.joined(separator: ", ").visible()]
        }
        if !trend.associations.isEmpty {
            out += ["", term.bold("Associations")]
            var rows = [["ASSOCIATION", "CHECK-INS", "AVERAGE"]]
            for a in trend.associations { rows.append([a.name, String(a.count), one(a.average)]) }
            out += TextTable.lines(rows, rightAligned: [1, 2]).enumerated().map { "  " + ($0.offset == 0 ? term.bold($0.element) : $0.element) }
        }
        let around = trend.aroundSessions.filter { $0.beforeCount + $0.afterCount > 0 }
        out += ["", term.bold("Around sessions") + " (average check-in score in the \(trend.window) days before and after each session)"]
        if around.isEmpty {
            out.append("  No session has check-ins within \(trend.window) days of it.")
        } else {
            var rows = [["SESSION", "TREATMENT", "BEFORE", "AFTER", "CHANGE"]]
            for s in around {
                rows.append([s.day, s.treatment, s.before.map { "\(one($0)) (\(s.beforeCount))" } ?? "none",
                             s.after.map { "\(one($0)) (\(s.afterCount))" } ?? "none", s.change.map(signed) ?? ""])
            }
            out += TextTable.lines(rows, rightAligned: [2, 3, 4]).enumerated().map { "  " + ($0.offset == 0 ? term.bold($0.element) : $0.element) }
            for t in trend.perTreatment {
                out.append("  \(t.treatment): average change \(signed(t.averageChange)) over \(t.sessions) session\(t.sessions == 1 ? "" : "s")")
            }
        }
        return out
    }
}
