import Foundation

/// What the full-screen live logger shows at a moment: its lines for a window's size, styled with
/// SGR colours when `colors` (bold, dim, green/orange/red for the goal's figure). Pure: the front
/// end writes the lines to the terminal and redraws when they change.
public struct LiveScreenContent {
    public let session: LiveTrialSession
    public let moment: LiveMoment
    public let colors: Bool

    public init(session: LiveTrialSession, moment: LiveMoment, colors: Bool) {
        self.session = session
        self.moment = moment
        self.colors = colors
    }

    func style(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `text` with its control characters shown (a name or note from the files), cut to `columns`.
    func fit(_ text: String, _ columns: Int) -> String {
        let text = text.visible()
        return DisplayWidth.of(text) <= columns ? text : String(DisplayWidth.prefix(text, fitting: max(0, columns - 1)).text) + "…"
    }

    /// `text` centred in `columns`, styled with `code` (none when empty).
    func center(_ text: String, _ columns: Int, _ code: String = "") -> String {
        let cut = fit(text, columns)
        let pad = max(0, (columns - DisplayWidth.of(cut)) / 2)
        return String(repeating: " ", count: pad) + (code.isEmpty ? cut : style(cut, code))
    }

    /// The screen's `rows` lines for a window `columns` wide; `note` is the note being typed, nil
    /// when none is.
    public func lines(columns: Int, rows: Int, note: String?) -> [String] {
        let width = max(20, columns - 1)
        if !session.behaviours.isEmpty { return behaviourScreen(width: width, rows: rows, note: note) }
        var top = header(width)
        if let note {
            let last = session.trials.last.map { "\($0.time.text) \($0.goal)" } ?? ""
            top.append(fit(" Note on \(last): \(note)", width) + (colors ? "\u{1B}[7m \u{1B}[0m" : "_"))
            top.append(center("Enter keeps it · Esc leaves it as it was", width, "2"))
        } else {
            if let message = session.shownMessage(at: moment.monotonic) {
                top.append(center(message.text, width, message.problem ? "1;31" : "1"))
            } else {
                top.append("")
            }
            top.append("")
            top += cuePicker(width)
        }
        var bottom: [String] = []
        if let last = session.trials.last {
            bottom.append(fit(" Last: " + session.describe(last), width))
        }
        bottom.append("")
        let help = session.neutral
            ? "↑/k ▲  ↓/j ▼  ←/→ goal  u undo  n note  q end"
            : "↑/k success  ↓/j failure  ←/→ goal  u undo  n note  q end"
        bottom.append(style(fit(" " + help, width), "2"))
        return Self.fitted(top: top, bottom: bottom, rows: rows)
    }

    /// The top line (the client badge, the session timer, the clock), the goal, its figure, its
    /// trials and the goals' dots.
    func header(_ width: Int) -> [String] {
        let goal = session.goal
        let mine = session.trials(of: goal.short)
        let badge = " \(session.clientName.visible()) "
        let timer = session.timer(at: moment.wall), clock = session.clock(at: moment.wall)
        let gap1 = max(1, (width - DisplayWidth.of(timer)) / 2 - DisplayWidth.of(badge))
        let used = DisplayWidth.of(badge) + gap1 + DisplayWidth.of(timer)
        let gap2 = max(1, width - used - DisplayWidth.of(clock))
        var top = [style(badge, "7;1") + String(repeating: " ", count: gap1) + style(timer, "1") + String(repeating: " ", count: gap2) + clock, ""]

        top.append(center("Goal \(session.current + 1) of \(session.goals.count) · \(goal.short)", width, "2"))
        let titleLines = DisplayWidth.wrap(goal.title.isEmpty ? goal.short : goal.title, columns: width - 4)
        for line in titleLines.prefix(2) { top.append(center(line, width, "1")) }
        top.append("")
        top.append(figure(mine, width))
        let room = max(1, (width - 8) / 2)
        let marks = mine.suffix(room).map { session.symbol($0.success) }.joined(separator: " ")
        top.append(center(marks, width))
        top.append("")
        let dots = session.goals.indices.map { $0 == session.current ? "●" : "○" }.joined(separator: " ")
        top.append(center(dots, width))
        top.append("")
        return top
    }

    /// The goal's figure today (successes of trials, percent), coloured by its band.
    func figure(_ mine: [Trial], _ width: Int) -> String {
        guard !mine.isEmpty else { return center("no trials yet", width, "2") }
        let done = mine.filter(\.success).count
        let figure = "\(done) of \(mine.count)  ·  \(Percent.text(done, of: mine.count))"
        let color: String
        if session.neutral {
            color = "1"
        } else {
            switch LiveColor(correct: done, of: mine.count) {
            case .green: color = "1;32"
            case .orange: color = "1;33"
            case .red: color = "1;31"
            }
        }
        return center(figure, width, color)
    }

    /// The cue levels to pick from while a trial's cue is counting down, and the countdown.
    func cuePicker(_ width: Int) -> [String] {
        guard let count = session.countdown(at: moment.monotonic), let open = session.pending else { return [] }
        var lines: [String] = []
        var items: [String] = []
        for (i, entry) in session.cueKeys.enumerated() {
            let letter = entry.level.first.map { Character($0.lowercased()) } == entry.key ? "" : " (\(entry.key))"
            let item = "\(i + 1) \(entry.level)\(letter)"
            items.append(entry.level == open.trial.cue ? "[\(item)]" : item)
        }
        var line = ""
        for item in items {
            if !line.isEmpty && DisplayWidth.of(line) + 2 + DisplayWidth.of(item) > width - 2 {
                lines.append(center(line, width))
                line = ""
            }
            line += (line.isEmpty ? "" : "  ") + item
        }
        if !line.isEmpty { lines.append(center(line, width)) }
        lines.append(center("cue: \(open.trial.cue) in \(count)", width, "1"))
        return lines
    }

    /// `top` and `bottom` in `rows` lines: a short window loses blank lines first, then the last
    /// trial, then the goal's number, so that the figure and the cue picker stay.
    static func fitted(top: [String], bottom: [String], rows: Int) -> [String] {
        var top = top, bottom = bottom
        let rows = max(3, rows)
        while top.count + bottom.count > rows, let blank = top.indices.dropFirst().last(where: { top[$0].isEmpty }) { top.remove(at: blank) }
        if top.count + bottom.count > rows, bottom.count > 1 { bottom.removeFirst(bottom.count - 1) }
        if top.count + bottom.count > rows, top.count > 2 { top.remove(at: 1) }
        if top.count + bottom.count > rows {
            top = Array(top.prefix(max(0, rows - bottom.count)))
        }
        return top + Array(repeating: "", count: max(0, rows - top.count - bottom.count)) + bottom.suffix(rows - top.count)
    }
}
