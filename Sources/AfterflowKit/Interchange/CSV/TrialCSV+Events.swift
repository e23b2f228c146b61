import Foundation

/// Behaviour events in the trial CSV: one row an event line, with the columns of a trial's row.
///
/// An event row's `result` holds the words its line writes after the goal (`count`, `start`,
/// `stop`, `cue`, `response`, `no-response`, `interval 3 +`, `abc demand hitting escape`,
/// `step 2 +`, `step 4 n/a`), its `cue` the cue level of a task step done `+` or `-` and nothing
/// otherwise, its `note` the line's note. A session with events has two more rows, which name no
/// goal: `session-start` at the session's start and `session-end` at its end (when it has one),
/// the observed time that rates and percentages of the session are taken over. A session of
/// trials only has none of them, so that its rows are what they were before events were written.
extension TrialCSV {
    /// The `result` of the rows that carry a session's clock.
    public enum SessionMark: String, Sendable, Hashable, CaseIterable {
        case start = "session-start"
        case end = "session-end"
    }

    /// A data row that reads as a behaviour event.
    public struct EventRow: Sendable, Hashable {
        public var number: Int
        public var sessionID: UUID?
        public var client: String
        public var date: LocalDate
        /// Without `line`; the goal as written, a step's cue level by its name in the vault's list.
        public var event: BehaviourEvent
    }

    /// A `session-start` or `session-end` row.
    public struct MarkRow: Sendable, Hashable {
        public var number: Int
        public var sessionID: UUID?
        public var client: String
        public var date: LocalDate
        public var mark: SessionMark
        public var time: TimeOfDay
    }

    /// What one data row holds.
    public enum Line: Sendable, Hashable {
        case trial(Row)
        case event(EventRow)
        case mark(MarkRow)

        var head: Row.Head {
            switch self {
            case .trial(let row): return Row.Head(number: row.number, sessionID: row.sessionID, client: row.client, date: row.date)
            case .event(let row): return Row.Head(number: row.number, sessionID: row.sessionID, client: row.client, date: row.date)
            case .mark(let row): return Row.Head(number: row.number, sessionID: row.sessionID, client: row.client, date: row.date)
            }
        }
    }

    /// What a row's `result` says it is.
    enum RowKind {
        case trial, event
        case mark(SessionMark)

        init(result: String) {
            let lower = result.lowercased()
            if let mark = SessionMark(rawValue: lower) {
                self = .mark(mark)
            } else if let word = lower.split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
                      BehaviourEvent.words.contains(String(word)) {
                self = .event
            } else {
                self = .trial
            }
        }
    }

    /// A row's own part, before the columns every row has are added.
    enum LineContent {
        case trial(Trial)
        case event(BehaviourEvent)
        case mark(SessionMark, TimeOfDay)

        func line(_ head: Row.Head, goalTitle: String) -> Line {
            switch self {
            case .trial(let trial):
                return .trial(Row(number: head.number, sessionID: head.sessionID, client: head.client, date: head.date, trial: trial, goalTitle: goalTitle))
            case .event(let event):
                return .event(EventRow(number: head.number, sessionID: head.sessionID, client: head.client, date: head.date, event: event))
            case .mark(let mark, let time):
                return .mark(MarkRow(number: head.number, sessionID: head.sessionID, client: head.client, date: head.date, mark: mark, time: time))
            }
        }
    }
}

extension TrialCSV.Row {
    /// The columns every row has, whatever it holds.
    struct Head {
        var number: Int
        var sessionID: UUID?
        var client: String
        var date: LocalDate
    }
}

extension TrialCSV.Columns {
    /// An event row's goal, result, cue and note as the event its line would be: the line is
    /// put together (`- TIME GOAL RESULT [CUE]`) and read as `check` reads it, so that a row
    /// imports exactly when its line would be a good line of the file.
    func event(_ text: (String) -> String, time: TimeOfDay?, cues: CueLevels, problem: (String, String) -> Void) -> TrialCSV.LineContent? {
        let goal = text("goal")
        if !Trial.isShortName(goal) {
            problem("goal", "expected a goal's short name (letters, digits, - and _), like hitting, found \(TrialCSV.found(goal))")
        }
        let result = text("result")
        let words = result.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let word = words.first?.lowercased() ?? ""
        // A step done + or - has its cue level in the cue column, as a trial has.
        let wantsCue = word == "step" && words.count == 3 && (words[2] == "+" || words[2] == "-")
        let cueText = text("cue")
        var cue: String?
        if wantsCue {
            cue = cues.level(cueText)
            if cue == nil {
                problem("cue", "expected the step's cue level, one of \(cues.expectedList), found \(TrialCSV.found(cueText))"
                        + Suggestion.clause(for: cueText, among: cues.names))
            }
        } else if !cueText.isEmpty {
            problem("cue", "expected nothing for a \(word) event (only a task step done + or - has a cue level), found \(TrialCSV.found(cueText))")
        }
        let note = text("note")
        if note.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            problem("note", "expected a note on one line, as an event line holds it, found a line break in it")
        }
        guard Trial.isShortName(goal), let time, !wantsCue || cue != nil else { return nil }
        let line = "- \(time.text) \(goal) \(words.joined(separator: " "))" + (cue.map { " " + $0 } ?? "")
        switch BehaviourEvent.read(line: line) {
        case .event(var event)?:
            guard event.note.isEmpty else {
                problem("result", "expected the words of one \(word) event, like \(TrialCSV.eventExample(word)), found \(TrialCSV.found(result)) "
                        + "with \(TrialCSV.found(event.note)) after them; put a note in the note column")
                return nil
            }
            event.note = note
            // The note, trimmed and on one line, reads back as written.
            guard BehaviourEvent.read(line: event.lineText) == .event(event) else {
                problem("note", "expected a note that an event line reads back the same, found \(TrialCSV.found(note))")
                return nil
            }
            return .event(event)
        case .malformed(_, let expected)?:
            problem("result", "expected \(expected)")
            return nil
        case nil:
            problem("result", "expected an event's words, like \(TrialCSV.eventExample(word)), found \(TrialCSV.found(result))")
            return nil
        }
    }

    /// A `session-start` or `session-end` row: its time, and nothing in goal, cue or note.
    func mark(_ mark: TrialCSV.SessionMark, _ text: (String) -> String, time: TimeOfDay?, problem: (String, String) -> Void) -> TrialCSV.LineContent? {
        var empty = true
        for column in ["goal", "cue", "note"] where !text(column).isEmpty {
            problem(column, "expected nothing in a \(mark.rawValue) row, which marks the session's clock, found \(TrialCSV.found(text(column)))")
            empty = false
        }
        guard empty, let time else { return nil }
        return .mark(mark, time)
    }
}

extension TrialCSV {
    /// The words of one event of each kind, for messages.
    static func eventExample(_ word: String) -> String {
        switch word {
        case "interval": return "'interval 3 +'"
        case "abc": return "'abc demand hitting escape'"
        case "step": return "'step 2 +' with the cue level in the cue column, or 'step 4 n/a'"
        default: return BehaviourEvent.words.contains(word) ? "'\(word)'" : "'count', 'start' or 'interval 3 +'"
        }
    }
}

extension TrialCSV {
    /// What one row of a session is made from.
    enum Source {
        case trial(Int)
        case event(Int)
        case mark(SessionMark)
    }

    /// Every row of `session` with its time (second of the day) and its line, by which rows are
    /// ordered: the trials and events at their lines, and for a session with events its
    /// `session-start` before any line of its time and its `session-end` after any.
    static func sources(of session: TrialSession) -> [(time: Int, line: Int, source: Source)] {
        var out = session.trials.enumerated().map { (position, trial) in (trial.time.secondsOfDay, trial.line ?? position, Source.trial(position)) }
        guard !session.events.isEmpty else { return out }
        out += session.events.enumerated().map { (position, event) in
            (event.time.secondsOfDay, event.line ?? session.trials.count + position, Source.event(position))
        }
        if let time = session.date?.time { out.append((time.hour * 3600 + time.minute * 60 + time.second, -1, .mark(.start))) }
        if let time = session.end?.time { out.append((time.hour * 3600 + time.minute * 60 + time.second, Int.max, .mark(.end))) }
        return out
    }

    /// An event's `result`, `cue` and `note` fields with the commas between them.
    static func appendEventFields(_ event: BehaviourEvent, to out: inout [UInt8]) {
        var result = event.kind.word
        var cue = ""
        switch event.kind {
        case .interval(let number, let scored): result += " \(number) \(scored ? "+" : "-")"
        case .abc(let a, let b, let c): result += " \(a) \(b) \(c)"
        case .step(let number, .done(let success, let level)):
            result += " \(number) \(success ? "+" : "-")"
            cue = level
        case .step(let number, .notApplicable): result += " \(number) n/a"
        default: break
        }
        appendField(result, to: &out)
        out.append(UInt8(ascii: ","))
        appendField(cue, to: &out)
        out.append(UInt8(ascii: ","))
        appendField(event.note, to: &out)
    }
}
