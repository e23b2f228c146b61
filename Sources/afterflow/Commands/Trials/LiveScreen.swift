import AfterflowKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How a live logging run ended.
enum LiveOutcome {
    /// `q`: the session is to be ended.
    case ended
    /// Left without ending (Ctrl-C, a signal, the terminal closed): the signal, if one.
    case left(Int32?)
}

/// The keys both front ends share, applied to the logger. Returns an outcome when the run is over.
/// `note` is the note being typed, nil when none is.
func applyLiveKey(_ key: Key, to logger: LiveLogger, note: inout String?, onNote: (String?) -> Void) -> LiveOutcome? {
    switch logger.press(key, note: &note, onNote: onNote) {
    case .end: return .ended
    case .interrupt: return .left(SIGINT)
    case nil: return nil
    }
}

/// The full-screen logger: alternate screen, raw keys, redrawn when anything shown changes.
struct LiveScreen {
    let logger: LiveLogger
    let term: Terminal

    func run() -> LiveOutcome {
        guard let raw = RawTerminal(fullScreen: true) else { return .left(nil) }
        defer { raw.restore() }
        LiveSignals.install()
        let reader = KeyReader()
        var shown: [String] = []
        var size = RawTerminal.size()
        var note: String?
        while true {
            if let signal = LiveSignals.stop { return .left(signal) }
            if LiveSignals.takeResize() {
                size = RawTerminal.size()
                shown = []
                RawTerminal.write("\u{1B}[2J")
            }
            _ = logger.tick()
            let lines = render(columns: size.columns, rows: size.rows, note: note)
            if lines != shown {
                var out = "\u{1B}[H"
                for (i, line) in lines.enumerated() {
                    out += line + "\u{1B}[0m\u{1B}[K" + (i < lines.count - 1 ? "\r\n" : "")
                }
                RawTerminal.write(out)
                shown = lines
            }
            let keys = reader.read(timeout: 0.1)
            if reader.atEnd { return .left(SIGHUP) }
            for key in keys {
                if let outcome = applyLiveKey(key, to: logger, note: &note, onNote: { _ in }) { return outcome }
            }
        }
    }

    // MARK: - Drawing

    private func style(_ text: String, _ code: String) -> String {
        term.colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `text` with its control characters shown (a name or note from the files), cut to `columns`.
    private func fit(_ text: String, _ columns: Int) -> String {
        let text = text.visible()
        return DisplayWidth.of(text) <= columns ? text : String(DisplayWidth.prefix(text, fitting: max(0, columns - 1)).text) + "…"
    }

    /// `text` centred in `columns`, styled with `code` (none when empty).
    private func center(_ text: String, _ columns: Int, _ code: String = "") -> String {
        let cut = fit(text, columns)
        let pad = max(0, (columns - DisplayWidth.of(cut)) / 2)
        return String(repeating: " ", count: pad) + (code.isEmpty ? cut : style(cut, code))
    }

    func render(columns: Int, rows: Int, note: String?) -> [String] {
        let width = max(20, columns - 1)
        var top = header(width)
        if let note {
            let last = logger.trials.last.map { "\($0.time.text) \($0.goal)" } ?? ""
            top.append(fit(" Note on \(last): \(note)", width) + (term.colors ? "\u{1B}[7m \u{1B}[0m" : "_"))
            top.append(center("Enter keeps it · Esc leaves it as it was", width, "2"))
        } else {
            if let message = logger.shownMessage {
                top.append(center(message.text, width, message.problem ? "1;31" : "1"))
            } else {
                top.append("")
            }
            top.append("")
            top += cuePicker(width)
        }
        var bottom: [String] = []
        if let last = logger.trials.last {
            bottom.append(fit(" Last: " + logger.session.describe(last), width))
        }
        bottom.append("")
        let help = logger.neutral
            ? "↑/k ▲  ↓/j ▼  ←/→ goal  u undo  n note  q end"
            : "↑/k success  ↓/j failure  ←/→ goal  u undo  n note  q end"
        bottom.append(style(fit(" " + help, width), "2"))
        return Self.fitted(top: top, bottom: bottom, rows: rows)
    }

    /// The top line (the client badge, the session timer, the clock), the goal, its figure, its
    /// trials and the goals' dots.
    private func header(_ width: Int) -> [String] {
        let goal = logger.goal
        let mine = logger.session.trials(of: goal.short)
        let badge = " \(logger.clientName.visible()) "
        let timer = logger.timer, clock = logger.clock
        let gap1 = max(1, (width - DisplayWidth.of(timer)) / 2 - DisplayWidth.of(badge))
        let used = DisplayWidth.of(badge) + gap1 + DisplayWidth.of(timer)
        let gap2 = max(1, width - used - DisplayWidth.of(clock))
        var top = [style(badge, "7;1") + String(repeating: " ", count: gap1) + style(timer, "1") + String(repeating: " ", count: gap2) + clock, ""]

        top.append(center("Goal \(logger.current + 1) of \(logger.goals.count) · \(goal.short)", width, "2"))
        let titleLines = DisplayWidth.wrap(goal.title.isEmpty ? goal.short : goal.title, columns: width - 4)
        for line in titleLines.prefix(2) { top.append(center(line, width, "1")) }
        top.append("")
        top.append(figure(mine, width))
        let room = max(1, (width - 8) / 2)
        let marks = mine.suffix(room).map { logger.session.symbol($0.success) }.joined(separator: " ")
        top.append(center(marks, width))
        top.append("")
        let dots = logger.goals.indices.map { $0 == logger.current ? "●" : "○" }.joined(separator: " ")
        top.append(center(dots, width))
        top.append("")
        return top
    }

    /// The goal's figure today (successes of trials, percent), coloured by its band.
    private func figure(_ mine: [Trial], _ width: Int) -> String {
        guard !mine.isEmpty else { return center("no trials yet", width, "2") }
        let done = mine.filter(\.success).count
        let figure = "\(done) of \(mine.count)  ·  \(Percent.text(done, of: mine.count))"
        let color: String
        if logger.neutral {
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
    private func cuePicker(_ width: Int) -> [String] {
        guard let count = logger.countdown, let open = logger.pending else { return [] }
        var lines: [String] = []
        var items: [String] = []
        for (i, entry) in logger.cueKeys.enumerated() {
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
    private static func fitted(top: [String], bottom: [String], rows: Int) -> [String] {
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

/// `--plain`: one line printed per trial, keys read one by one on a terminal or line by line
/// from a pipe; no screen drawn, no colour, for screen readers and logs.
struct LivePlain {
    let logger: LiveLogger

    private func say(_ text: String) {
        RawTerminal.write(text.visible() + "\n")
    }

    func run() -> LiveOutcome {
        let raw = RawTerminal(fullScreen: false)
        defer { raw?.restore() }
        LiveSignals.install()
        let reader = KeyReader()
        let cueList = logger.cueKeys.enumerated().map { "\($0.offset + 1) \($0.element.level)" }.joined(separator: ", ")
        say("Logging \(logger.clientName) in \(logger.path)")
        say("Keys: k \(logger.neutral ? "▲" : "success"), j \(logger.neutral ? "▼" : "failure"), h and l goal, u undo, n note, q end. Cue within 3 s: \(cueList).")
        sayGoal()
        var note: String?
        while true {
            if let signal = LiveSignals.stop { return .left(signal) }
            _ = logger.tick()
            let keys = reader.read(timeout: 0.1)
            if reader.atEnd && keys.isEmpty {
                logger.settle()
                return .left(nil)
            }
            for key in keys {
                let before = (count: logger.trials.count, last: logger.trials.last, goal: logger.current, serial: logger.messageSerial)
                let choosing = logger.pending != nil
                let wasTyping = note != nil
                let outcome = applyLiveKey(key, to: logger, note: &note) { text in
                    if let text, !wasTyping { RawTerminal.write("note: " + text.visible()) }
                    if raw != nil, wasTyping, text != nil, case .character(let c) = key { RawTerminal.write(String(c)) }
                    if raw != nil, wasTyping, text != nil, key == .backspace { RawTerminal.write("\u{8} \u{8}") }
                }
                if wasTyping && note == nil && raw != nil { RawTerminal.write("\n") }
                if let outcome { return outcome }
                report(before: before, chose: choosing && logger.pending == nil && !wasTyping && key.isCueChoice)
            }
        }
    }

    private func sayGoal() {
        let goal = logger.goal
        say("Goal \(logger.current + 1) of \(logger.goals.count): \(goal.short), \(goal.title)")
    }

    private func report(before: (count: Int, last: Trial?, goal: Int, serial: Int), chose: Bool) {
        let trials = logger.trials
        if trials.count > before.count, let last = trials.last {
            say(logger.session.loggedLine(for: last))
        } else if trials.count < before.count, let gone = before.last {
            say("undone: \(logger.session.describe(gone))")
        } else if let last = trials.last, let old = before.last, trials.count == before.count, last != old {
            if last.cue != old.cue && !chose { say("  cue: \(last.cue)") }
            if last.note != old.note { say("  note: \(last.note)") }
        }
        if chose, let last = trials.last { say("  cue: \(last.cue)") }
        if logger.current != before.goal { sayGoal() }
        if logger.messageSerial != before.serial, let message = logger.shownMessage, message.problem { say("problem: \(message.text)") }
    }
}
