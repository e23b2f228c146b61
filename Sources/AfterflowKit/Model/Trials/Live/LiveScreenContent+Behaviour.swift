import Foundation

/// The screen of a live session with behaviour goals: the trial goal (when there is one) as
/// before, then a row per behaviour goal with its key and where it stands (a running clock, the
/// interval's countdown), then the open ABC picker or step list.
extension LiveScreenContent {
    func behaviourScreen(width: Int, rows: Int, note: String?) -> [String] {
        var top = session.goals.isEmpty ? Array(header(width).prefix(2)) : header(width)
        top += behaviourRows(width)
        top.append("")
        if let note {
            let last = session.trials.last.map { "\($0.time.text) \($0.goal)" } ?? ""
            top.append(fit(" Note on \(last): \(note)", width) + (colors ? "\u{1B}[7m \u{1B}[0m" : "_"))
            top.append(center("Enter keeps it · Esc leaves it as it was", width, "2"))
        } else if let picker = session.picker {
            top += pickerLines(picker, width)
        } else {
            if let message = session.shownMessage(at: moment.monotonic) {
                top.append(center(message.text, width, message.problem ? "1;31" : "1"))
            }
            top += cuePicker(width)
        }
        var bottom: [String] = []
        if let last = lastLine { bottom.append(fit(" Last: " + last, width)) }
        bottom.append("")
        if !session.goals.isEmpty {
            let help = session.neutral ? "↑/k ▲  ↓/j ▼  ←/→ goal  u undo  n note" : "↑/k success  ↓/j failure  ←/→ goal  u undo  n note"
            bottom.append(style(fit(" " + help, width), "2"))
        }
        let interval = session.behaviours.contains { $0.measure == .interval } ? "  + / - score the interval" : ""
        let none = session.behaviours.contains { BehaviourEvent.Kind.noOccurrence.fits($0.measure) } ? "  0 none" : ""
        bottom.append(style(fit(" [key] as listed\(interval)\(none)\(session.goals.isEmpty ? "  u undo" : "")  q end", width), "2"))
        return Self.fitted(top: top, bottom: bottom, rows: rows)
    }

    /// The session's last trial or event line, as written.
    private var lastLine: String? {
        let trial = session.trials.last, event = session.events.last
        if let event, (event.line ?? 0) >= (trial?.line ?? -1) { return String(event.lineText.dropFirst(2)).visible() }
        return trial.map { session.describe($0) }
    }

    /// A row a behaviour goal: its key, name, measure and where it stands.
    func behaviourRows(_ width: Int) -> [String] {
        let nameWidth = min(16, session.behaviours.map { DisplayWidth.of($0.short.visible()) }.max() ?? 0)
        return session.behaviours.map { goal in
            let key = goal.key.map { "[\($0)]" } ?? "+/-"
            let name = fit(goal.short, nameWidth)
            let pad = String(repeating: " ", count: max(0, nameWidth - DisplayWidth.of(name)))
            let measure = goal.measure.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            let (status, code) = standing(goal)
            let head = " \(key) \(name)\(pad)  \(measure)"
            guard DisplayWidth.of(head) < width - 4 else { return fit(head, width) }
            let rest = fit(status, max(1, width - DisplayWidth.of(head) - 1))
            return style(head, "1") + " " + (code.isEmpty ? rest : style(rest, code))
        }
    }

    /// Where `goal` stands, and the style to show it in.
    private func standing(_ goal: LiveBehaviour) -> (String, String) {
        let mine = session.events(of: goal.short)
        let key = goal.key.map(String.init) ?? ""
        switch goal.measure {
        case .count:
            return ("\(mine.filter { $0.kind == .occurrence }.count) this session", "")
        case .duration:
            if let s = session.running(goal, at: moment) { return ("● running \(EventStatus.clock(s)) · \(key) stops it", "1;31") }
            return ("\(mine.filter { $0.kind == .stop }.count) timed · \(key) starts one", "")
        case .latency:
            if let s = session.running(goal, at: moment) {
                return ("cue given \(EventStatus.clock(s)) ago · \(key) response · \(key.uppercased()) none", "1;33")
            }
            return ("\(mine.filter { $0.kind == .response }.count) responses · \(key) gives the cue", "")
        case .interval:
            let state = session.intervalState(of: goal, at: moment)
            if state.behind > 0 {
                let more = state.behind > 1 ? " (\(state.behind) unscored)" : ""
                return ("▶ interval \(state.number) ended: + or -\(more)", "1;7")
            }
            // After a restart, the intervals that ended meanwhile in place of the tally (one line).
            let tally = state.skipped.map { $0.count == 1 ? "\($0.lowerBound) not observed" : "\($0.lowerBound)-\($0.upperBound) not observed" }
                ?? "\(state.scored) of \(state.total) +"
            return ("interval \(state.number) · \(EventStatus.clock(state.secondsLeft)) left · \(tally)", "")
        case .abc:
            return ("\(counted(mine.count, "incident", "incidents")) · \(key) records one", "")
        case .task:
            return ("\(mine.count) steps logged · \(key) starts a run", "")
        case .trials:
            return ("", "")
        }
    }

    /// The open ABC picker or task step list.
    func pickerLines(_ picker: LivePicker, _ width: Int) -> [String] {
        let choices = session.options(of: picker)
        var lines: [String] = []
        if case .step(let n) = picker.stage, let goal = session.behaviour(picker.goal) {
            let name = n <= goal.steps.count ? goal.steps[n - 1] : ""
            lines.append(style(fit(" \(goal.short) · step \(n) of \(goal.steps.count): \(name)", width), "1"))
            lines += wrapped(choices.prefix(9).enumerated().map { "\($0.offset + 1) \($0.element)" }, width)
            lines.append(style(fit(" Enter done at its cue · - not done · n n/a · Esc ends the run", width), "2"))
            return lines
        }
        if picker.stage == .endNone {
            let title = session.behaviour(picker.goal)?.title ?? picker.goal
            lines.append(style(fit(" \(picker.goal): did not occur this session?", width), "1"))
            lines.append(fit(" Before the end: \(title)", width))
            lines.append(fit(" y watched all session, never seen: none · n no line, no day", width))
            lines.append(style(fit(" Esc back to the session", width), "2"))
            return lines
        }
        if picker.stage == .noneGoal {
            lines.append(style(fit(" none this session · \(picker.question)", width), "1"))
            lines += wrapped(choices.enumerated().map { i, choice in
                let item = i < 9 ? "\(i + 1) \(choice)" : choice
                return i == picker.highlighted ? "[\(item)]" : item
            }, width)
            lines.append(style(fit(" 1-9, or ↑ ↓ and Enter · Esc cancels", width), "2"))
            return lines
        }
        let sofar = (picker.chosen + ["?"]).joined(separator: " → ")
        lines.append(style(fit(" \(picker.goal) · \(sofar)   \(picker.question)", width), "1"))
        let items = choices.enumerated().map { i, choice -> String in
            let item = i < 9 ? "\(i + 1) \(choice)" : choice
            return i == picker.highlighted && picker.typed.isEmpty ? "[\(item)]" : item
        }
        lines += wrapped(items, width)
        if picker.stage == .behaviour { lines.append(fit(" or type one: \(picker.typed)", width) + (colors ? "\u{1B}[7m \u{1B}[0m" : "_")) }
        lines.append(style(fit(" 1-9, or ↑ ↓ and Enter · Backspace back · Esc cancels", width), "2"))
        return lines
    }

    /// `items` two spaces apart, in lines that fit `width`, each line indented by one.
    private func wrapped(_ items: [String], _ width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for item in items.map({ fit($0, width - 2) }) {
            if !line.isEmpty && DisplayWidth.of(line) + 2 + DisplayWidth.of(item) > width - 1 {
                lines.append(" " + line)
                line = ""
            }
            line += (line.isEmpty ? "" : "  ") + item
        }
        if !line.isEmpty { lines.append(" " + line) }
        return lines
    }
}
