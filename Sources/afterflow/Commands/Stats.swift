import AfterflowKit
import ArgumentParser
import Foundation

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Statistics of the journal: moods, treatments, rhythm.",
        discussion: """
            Sessions by treatment and status, mood before and after on average and the average lift per treatment, sessions per month, the longest gap between sessions, and the reflections still owed; a line on the mood check-ins when there are any. The drafts waiting in .afterflow/drafts/ do not count. Charts use Unicode blocks on a terminal and plain text when piped or with NO_COLOR.

            Examples:
              afterflow stats
              afterflow stats --since this-year --treatment psilocybin
              afterflow stats --format json | jq .by_treatment
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var filters: FilterOptions

    @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
    var format: DataFormat = .text

    func run() throws {
        let (store, report) = try vaultOptions.index()
        let stats = try withVaultErrors { try store.statistics(filters.filter(timeZone: store.vault.timeZone)) }
        let range = try dayRange(since: filters.since, until: filters.until, zone: store.vault.timeZone)
        let practice = try withVaultErrors { try store.practiceStatistics(since: range.since, until: range.until) }
        let moods = try withVaultErrors { try store.moodCheckIns(since: range.since, until: range.until) }
        let moodTrend = MoodTrend(checkIns: moods, timeZone: store.vault.timeZone)
        if format == .json {
            var object = json(stats)
            if case .object(var fields) = object {
                if practice.clients > 0 {
                    fields.append(("practice", .object([
                        ("clients", .int(practice.clients)), ("goals", .int(practice.goals)), ("active_goals", .int(practice.activeGoals)),
                        ("trial_sessions", .int(practice.sessions)), ("trials", .int(practice.trials)), ("successes", .int(practice.successes)),
                    ])))
                }
                if moodTrend.count > 0 {
                    fields.append(("moods", .object([
                        ("check_ins", .int(moodTrend.count)), ("average", number(moodTrend.average)),
                        ("first", moodTrend.first.map(JSONValue.string) ?? .null), ("last", moodTrend.last.map(JSONValue.string) ?? .null),
                        ("top_labels", .array(moodTrend.labels.prefix(3).map { .string($0.name) })),
                        ("top_associations", .array(moodTrend.associations.prefix(3).map { .string($0.name) })),
                    ])))
                }
                object = .object(fields)
            }
            emit(object.serialized(pretty: true))
        } else {
            let term = Terminal.current
            var parts: [String] = []
            if stats.sessions > 0 || (practice.clients == 0 && moodTrend.count == 0) { parts.append(text(stats)) }
            if practice.clients > 0 {
                let percent = practice.trials == 0 ? "" : ", \(Percent.text(practice.successes, of: practice.trials)) successes"
                parts.append(term.bold("Practice") + "      \(practice.clients) client\(practice.clients == 1 ? "" : "s"), \(practice.activeGoals) active goal\(practice.activeGoals == 1 ? "" : "s"); "
                    + "\(practice.sessions) trial session\(practice.sessions == 1 ? "" : "s"), \(practice.trials) trials\(percent)")
            }
            if let average = moodTrend.average, let first = moodTrend.first, let last = moodTrend.last {
                var line = term.bold("Check-ins") + "     \(moodTrend.count), average \(String(format: "%.1f", average)), \(first) to \(last)"
                if !moodTrend.labels.isEmpty { line += "; most often \(moodTrend.labels.prefix(3).map(\.name).joined(separator: ", ").visible())" }
                parts.append(line + "\n              " + term.dim("afterflow moods --trend for the trend and the moods around sessions"))
            }
            emit(parts.joined(separator: "\n\n"))
        }
        try store.warnProblems(report, hints: vaultOptions.hints)
    }

    /// An average as a JSON number, to two decimals.
    private func number(_ value: Double?) -> JSONValue { .rounded(value) }

    func json(_ stats: Statistics) -> JSONValue {
        .object([
            ("sessions", .int(stats.sessions)),
            ("by_status", .object(stats.byStatus.map { ($0.0.rawValue, .int($0.1)) })),
            ("average_mood_before", number(stats.averageMoodBefore)),
            ("average_mood_after", number(stats.averageMoodAfter)),
            ("average_lift", number(stats.averageLift)),
            ("by_treatment", .array(stats.byTreatment.map { figures in
                .object([("treatment", .string(figures.treatment.rawValue)), ("sessions", .int(figures.count)),
                         ("average_mood_before", number(figures.averageMoodBefore)), ("average_mood_after", number(figures.averageMoodAfter)),
                         ("average_lift", number(figures.averageLift))])
            })),
            ("per_month", .object(stats.perMonth.map { ($0.month, .int($0.count)) })),
            ("longest_gap", stats.longestGap.map { .object([("days", .int($0.days)), ("from", .string($0.from)), ("to", .string($0.to))]) } ?? .null),
            ("reflections_owed", .int(stats.reflectionsOwed)),
            ("first", stats.first.map { .string($0) } ?? .null),
            ("last", stats.last.map { .string($0) } ?? .null),
        ])
    }

    func text(_ stats: Statistics) -> String {
        let term = Terminal.current
        let charts = Charts(unicode: term.colors)
        guard stats.sessions > 0 else { return "No sessions match." }
        var lines: [String] = []
        func one(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "–" }
        func signed(_ value: Double?) -> String { value.map { String(format: "%+.1f", $0) } ?? "–" }
        let statuses = stats.byStatus.map { $0.0.counted($0.1) }.joined(separator: ", ")
        lines.append(term.bold("Sessions") + "      \(stats.sessions)  (\(statuses))")
        if let first = stats.first, let last = stats.last { lines.append(term.bold("Dates") + "         \(first) to \(last)") }
        lines.append(term.bold("Mood") + "          \(one(stats.averageMoodBefore)) before, \(one(stats.averageMoodAfter)) after, \(signed(stats.averageLift)) lift on average")
        lines.append("              " + term.dim(Statistics.moodCountsNote(before: stats.moodBeforeCount, after: stats.moodAfterCount, both: stats.liftCount)))
        if stats.reflectionsOwed > 0 {
            lines.append(term.bold("Owed") + "          " + term.yellow("\(stats.reflectionsOwed) session\(stats.reflectionsOwed == 1 ? "" : "s") still need\(stats.reflectionsOwed == 1 ? "s" : "") reflection"))
        }
        if let gap = stats.longestGap {
            lines.append(term.bold("Longest gap") + "   \(gap.days) days, \(gap.from) to \(gap.to)")
        }
        lines.append("")
        lines.append(term.bold("By treatment") + "   sessions          before  after  lift")
        let most = Double(stats.byTreatment.map(\.count).max() ?? 1)
        for figures in stats.byTreatment {
            let name = figures.treatment.displayName.padded(to: 14)
            let count = String(figures.count).leftPadded(to: 4)
            let bar = charts.bar(Double(figures.count), of: most, width: 12)
            let barColumn = bar + String(repeating: " ", count: max(0, 13 - bar.count))
            lines.append("\(name) \(count) \(barColumn) \(one(figures.averageMoodBefore).leftPadded(to: 6)) \(one(figures.averageMoodAfter).leftPadded(to: 6)) \(signed(figures.averageLift).leftPadded(to: 5))")
        }
        if stats.perMonth.count > 1 {
            lines.append("")
            let counts = stats.perMonth.map(\.count)
            let busiest = stats.perMonth.max { $0.count < $1.count }
            lines.append(term.bold("Per month") + "      \(stats.perMonth.first?.month ?? "") " + charts.sparkline(counts) + " \(stats.perMonth.last?.month ?? "")")
            if let busiest { lines.append("               busiest \(busiest.month) with \(busiest.count), \(String(format: "%.1f", Double(stats.sessions) / Double(counts.count))) a month on average") }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
