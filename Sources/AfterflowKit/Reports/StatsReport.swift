import Foundation

/// What `stats` reports: the journal's statistics, the practice's counts and the mood check-ins,
/// as JSON for scripts and as text for people.
public struct StatsReport: Sendable {
    public var journal: Statistics
    public var practice: PracticeStatistics
    public var moods: MoodTrend
    /// The vault's treatments, for their display names (`VaultConfig.treatments`).
    public var treatments = TreatmentCatalog.builtIn

    public init(journal: Statistics, practice: PracticeStatistics, moods: MoodTrend) {
        self.journal = journal
        self.practice = practice
        self.moods = moods
    }

    /// The journal's figures, then `practice` when there are clients and `moods` when there are
    /// check-ins; averages to two decimals.
    public var json: JSONValue {
        var fields = Self.json(journal)
        if practice.clients > 0 {
            fields.append(("practice", .object([
                ("clients", .int(practice.clients)), ("goals", .int(practice.goals)), ("active_goals", .int(practice.activeGoals)),
                ("trial_sessions", .int(practice.sessions)), ("trials", .int(practice.trials)), ("successes", .int(practice.successes)),
            ])))
        }
        if moods.count > 0 {
            fields.append(("moods", .object([
                ("check_ins", .int(moods.count)), ("average", .rounded(moods.average)),
                ("first", moods.first.map(JSONValue.string) ?? .null), ("last", moods.last.map(JSONValue.string) ?? .null),
                ("top_labels", .array(moods.labels.prefix(3).map { .string($0.name) })),
                ("top_associations", .array(moods.associations.prefix(3).map { .string($0.name) })),
            ])))
        }
        return .object(fields)
    }

    private static func json(_ stats: Statistics) -> [(String, JSONValue)] {
        [
            ("sessions", .int(stats.sessions)),
            ("by_status", .object(stats.byStatus.map { ($0.0.rawValue, .int($0.1)) })),
            ("average_mood_before", .rounded(stats.averageMoodBefore)),
            ("average_mood_after", .rounded(stats.averageMoodAfter)),
            ("average_lift", .rounded(stats.averageLift)),
            ("by_treatment", .array(stats.byTreatment.map { figures in
                .object([("treatment", .string(figures.treatment.rawValue)), ("sessions", .int(figures.count)),
                         ("average_mood_before", .rounded(figures.averageMoodBefore)), ("average_mood_after", .rounded(figures.averageMoodAfter)),
                         ("average_lift", .rounded(figures.averageLift))])
            })),
            ("per_month", .object(stats.perMonth.map { ($0.month, .int($0.count)) })),
            ("longest_gap", stats.longestGap.map { .object([("days", .int($0.days)), ("from", .string($0.from)), ("to", .string($0.to))]) } ?? .null),
            ("reflections_owed", .int(stats.reflectionsOwed)),
            ("first", stats.first.map { .string($0) } ?? .null),
            ("last", stats.last.map { .string($0) } ?? .null),
        ]
    }

    /// The report for people: the journal's block (or "No sessions match."), the practice's line,
    /// the check-ins' line with where to read more; blocks apart by a blank line.
    public func text(style: TextStyle) -> String {
        var parts: [String] = []
        if journal.sessions > 0 || (practice.clients == 0 && moods.count == 0) { parts.append(journalText(style: style)) }
        if practice.clients > 0 {
            let percent = practice.trials == 0 ? "" : ", \(Percent.text(practice.successes, of: practice.trials)) successes"
            parts.append(style.bold("Practice") + "      \(counted(practice.clients, "client", "clients")), \(counted(practice.activeGoals, "active goal", "active goals")); "
                + "\(counted(practice.sessions, "trial session", "trial sessions")), \(practice.trials) trials\(percent)")
        }
        if let average = moods.average, let first = moods.first, let last = moods.last {
            var line = style.bold("Check-ins") + "     \(moods.count), average \(average.oneDecimal), \(first) to \(last)"
            if !moods.labels.isEmpty { line += "; most often \(moods.labels.prefix(3).map(\.name).joined(separator: ", ").visible())" }
            parts.append(line + "\n              " + style.dim("afterflow moods --trend for the trend and the moods around sessions"))
        }
        return parts.joined(separator: "\n\n")
    }

    private static func one(_ value: Double?) -> String { value.map(\.oneDecimal) ?? "–" }
    private static func signed(_ value: Double?) -> String { value.map { String(format: "%+.1f", $0) } ?? "–" }

    private func journalText(style: TextStyle) -> String {
        let stats = journal
        guard stats.sessions > 0 else { return "No sessions match." }
        let (one, signed) = (Self.one, Self.signed)
        var lines: [String] = []
        let statuses = stats.byStatus.map { $0.0.counted($0.1) }.joined(separator: ", ")
        lines.append(style.bold("Sessions") + "      \(stats.sessions)  (\(statuses))")
        if let first = stats.first, let last = stats.last { lines.append(style.bold("Dates") + "         \(first) to \(last)") }
        lines.append(style.bold("Mood") + "          \(one(stats.averageMoodBefore)) before, \(one(stats.averageMoodAfter)) after, \(signed(stats.averageLift)) lift on average")
        lines.append("              " + style.dim(Statistics.moodCountsNote(before: stats.moodBeforeCount, after: stats.moodAfterCount, both: stats.liftCount)))
        if stats.reflectionsOwed > 0 {
            let owed = stats.reflectionsOwed
            lines.append(style.bold("Owed") + "          " + style.yellow("\(owed) session\(owed == 1 ? "" : "s") still need\(owed == 1 ? "s" : "") reflection"))
        }
        if let gap = stats.longestGap {
            lines.append(style.bold("Longest gap") + "   \(gap.days) days, \(gap.from) to \(gap.to)")
        }
        lines.append("")
        lines += treatmentLines(style: style)
        if stats.perMonth.count > 1 {
            let charts = TextCharts(unicode: style.unicode)
            lines.append("")
            let counts = stats.perMonth.map(\.count)
            lines.append(style.bold("Per month") + "      \(stats.perMonth.first?.month ?? "") " + charts.sparkline(counts) + " \(stats.perMonth.last?.month ?? "")")
            if let busiest = stats.perMonth.max(by: { $0.count < $1.count }) {
                lines.append("               busiest \(busiest.month) with \(busiest.count), \((Double(stats.sessions) / Double(counts.count)).oneDecimal) a month on average")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The table by treatment: sessions with a bar, mood before and after, lift.
    private func treatmentLines(style: TextStyle) -> [String] {
        let (one, signed) = (Self.one, Self.signed)
        let charts = TextCharts(unicode: style.unicode)
        var lines = [style.bold("By treatment") + "   sessions          before  after  lift"]
        let most = Double(journal.byTreatment.map(\.count).max() ?? 1)
        for figures in journal.byTreatment {
            let name = treatments.displayName(of: figures.treatment).padded(to: 14)
            let count = String(figures.count).leftPadded(to: 4)
            let bar = charts.bar(Double(figures.count), of: most, width: 12)
            let barColumn = bar + String(repeating: " ", count: max(0, 13 - bar.count))
            lines.append("\(name) \(count) \(barColumn) \(one(figures.averageMoodBefore).leftPadded(to: 6)) \(one(figures.averageMoodAfter).leftPadded(to: 6)) \(signed(figures.averageLift).leftPadded(to: 5))")
        }
        return lines
    }
}
