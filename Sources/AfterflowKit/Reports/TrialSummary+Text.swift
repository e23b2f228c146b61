import Foundation

extension TrialSummary {
    /// The summary for people: the client and when, the trials with their rate, the cue levels,
    /// and a table of the goals (trials, correct, percent, independent, band, title). With
    /// `neutral`, no word a child could read as praise or blame: ▲ and ▼, no band. Lines longer
    /// than `width` columns (when given: a terminal's) are cut with `…` rather than wrapped.
    /// `firstTrial` is the command that logs one, shown for a session without trials.
    public func textLines(of session: TrialSession, path: String, style: TextStyle, width: Int?, neutral: Bool = false, firstTrial: String) -> [String] {
        var lines: [String] = []
        let when = session.date?.readable ?? "no date"
        lines.append(style.bold(clientDisplayName.visible()) + "  " + when + (minutes.map { "  \($0) min" } ?? "")
                     + (probe ? "  " + style.bold("probe session") + style.dim(" (tested, not taught)") : ""))
        lines.append(style.dim(path.visible()))
        lines.append("")
        if total == 0 && !behaviour.isEmpty {
            // A session of behaviour goals only: no trial figures to give.
            return lines + Array(behaviourLines(style: style).dropFirst())
        }
        let rate = total == 0 ? "–" : Percent.text(successes, of: total)
        if neutral {
            lines.append(style.bold("Trials") + "      \(total): \(successes) ▲, \(failures) ▼, \(rate) ▲")
        } else {
            lines.append(style.bold(probe ? "Probes" : "Trials") + "      \(total): \(counted(successes, "success", "successes")), \(counted(failures, "failure", "failures")), \(rate) success rate")
        }
        guard total > 0 else {
            lines.append(style.dim("No trials yet: ") + firstTrial)
            return lines
        }
        let cues = cueLevels.filter { $0.trials > 0 }.map { "\($0.level) \($0.trials)" }.joined(separator: ", ")
        lines.append(style.bold("Cue levels") + "  \(cues)")
        lines.append("")
        var rows = neutral ? [["GOAL", "TRIALS", "▲", "%", "INDEPENDENT", "TITLE"]] : [["GOAL", "TRIALS", "CORRECT", "%", "INDEPENDENT", "BAND", "TITLE"]]
        for goal in goals {
            var row = [goal.short, String(goal.trials), String(goal.correct), Percent.text(goal.correct, of: goal.trials),
                       Percent.text(goal.independent, of: goal.trials), goal.band.rawValue, goal.title]
            if neutral { row.remove(at: 5) }
            rows.append(row)
        }
        for (i, whole) in TextTable.lines(rows, rightAligned: [1, 2, 3, 4]).enumerated() {
            // The last column (the title) is cut, not wrapped under the first.
            var line = whole
            if let width, DisplayWidth.of(line) > width {
                line = String(DisplayWidth.prefix(line, fitting: max(1, width - 1)).text) + "…"
            }
            lines.append(i == 0 ? style.bold(line) : line)
        }
        if !behaviour.isEmpty { lines += behaviourLines(style: style) }
        return lines
    }

    /// The behaviour goals' figures, a sentence each under a heading.
    private func behaviourLines(style: TextStyle) -> [String] {
        [""] + [style.bold("Behaviour")] + behaviour.map { "  " + $0.sentence.visible() }
    }
}
