import Foundation

extension BehaviourEvent {
    /// The problems of one session's events in their order, goal by goal, that the file alone
    /// shows: a `stop` with no `start` running (or a second `start`), a `response` with no `cue`
    /// before it, an interval whose number is not after the one before (and missing numbers,
    /// unless the line after them marks them not observed: `IntervalGap`), and a `none` that the
    /// session's other lines of its goal contradict (`noneProblems`).
    /// `text` gives a line's text by its 0-based index, for the columns.
    public static func sequenceProblems(_ events: [BehaviourEvent], text: (Int) -> String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var running: [String: BehaviourEvent] = [:]
        var cued: [String: BehaviourEvent] = [:]
        var lastInterval: [String: Int] = [:]
        for event in events {
            guard let line = event.line else { continue }
            func at(_ word: Int) -> SourceLocation { SourceLocation(line: line + 1, column: BehaviourEvent.column(ofWord: word, in: text(line))) }
            switch event.kind {
            case .start:
                if let open = running[event.goal] {
                    found.append(.error("event line: \(event.goal) starts again at \(event.time.text) but it is still running since \(open.time.text) (line \((open.line ?? 0) + 1)); add its stop before this line, or remove one start", at: at(3)))
                }
                running[event.goal] = event
            case .stop:
                if running.removeValue(forKey: event.goal) == nil {
                    found.append(.error("event line: \(event.goal) stops at \(event.time.text) but no start of it is running; add '- HH:MM:SS \(event.goal) start' before this line, or remove the stop", at: at(3)))
                }
            case .cue:
                if let open = cued[event.goal] {
                    found.append(.warning("event line: a new cue of \(event.goal) at \(event.time.text) while the cue of \(open.time.text) (line \((open.line ?? 0) + 1)) has no response; record that one's response or no-response before this line", at: at(3)))
                }
                cued[event.goal] = event
            case .response, .noResponse:
                if cued.removeValue(forKey: event.goal) == nil {
                    found.append(.error("event line: a \(event.kind.word) of \(event.goal) at \(event.time.text) with no cue before it; add '- HH:MM:SS \(event.goal) cue' before this line (the latency runs from the cue)", at: at(3)))
                }
            case .interval(let number, _):
                let last = lastInterval[event.goal] ?? 0
                if number <= last {
                    found.append(.error("event line: interval \(number) of \(event.goal) is out of order: it comes after interval \(last); number the intervals 1, 2, 3… in the order they were scored", at: at(4)))
                } else {
                    if number > last + 1, !IntervalGap.marks(event.note, from: last + 1, to: number - 1) {
                        let missing = number == last + 2 ? "interval \(last + 1) is" : "intervals \(last + 1)-\(number - 1) are"
                        found.append(.warning("event line: \(missing) missing before interval \(number) of \(event.goal); score each interval in order (- when the behaviour was not seen)", at: at(4)))
                    }
                    lastInterval[event.goal] = number
                }
            default: continue
            }
        }
        return found + noneProblems(events, text: text)
    }

    /// The warnings on `none` lines (the behaviour did not occur this session) that the session's
    /// other lines of the same goal contradict, each at the `none`'s word: occurrences of the goal
    /// (`count`, `start` or `abc` lines, before or after it), which the figures count all the
    /// same, and a second `none` of the goal. Goals are compared without case, as the figures
    /// group them.
    static func noneProblems(_ events: [BehaviourEvent], text: (Int) -> String) -> [Diagnostic] {
        var occurrences: [String: [BehaviourEvent]] = [:]
        for event in events where event.kind.isOccurrence { occurrences[event.goal.lowercased(), default: []].append(event) }
        var found: [Diagnostic] = []
        var first: [String: BehaviourEvent] = [:]
        for event in events where event.kind == .noOccurrence {
            guard let line = event.line else { continue }
            let at = SourceLocation(line: line + 1, column: BehaviourEvent.column(ofWord: 3, in: text(line)))
            let key = event.goal.lowercased()
            if let seen = occurrences[key], let kind = seen.first?.kind {
                let noun = kind == .occurrence || kind == .start ? ("occurrence", "occurrences") : ("incident", "incidents")
                let lines = seen.compactMap(\.line).map { String($0 + 1) }
                let which = (lines.count == 1 ? "line " : "lines ") + lines.joined(separator: ", ")
                found.append(.warning("event line: \(event.goal) none, but \(counted(seen.count, noun.0, noun.1)) of \(event.goal) "
                    + "\(seen.count == 1 ? "is" : "are") logged in this session (\(which)); remove one or the other", at: at))
            }
            if let earlier = first[key] {
                found.append(.warning("event line: \(event.goal) none again: line \((earlier.line ?? 0) + 1) already says \(earlier.goal) did not occur in this session; remove one of them", at: at))
            } else {
                first[key] = event
            }
        }
        return found
    }

    /// The 1-based column, in UTF-8 bytes, of the `word`th word of a line (0 is the item
    /// marker, 1 the time, 2 the goal, 3 the event's word, 4 its first value).
    public static func column(ofWord word: Int, in line: String) -> Int {
        var words = LineWords(line)
        var start = 0
        for _ in 0...word { start = words.next().start }
        return words.scalars[0..<start].reduce(0) { $0 + UTF8.width($1) } + 1
    }
}
