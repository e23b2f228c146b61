import Foundation

/// What `record` (and any front end that logs a behaviour measure from words) writes: the event
/// lines that the words after the goal mean for the goal's measure, in the session as it is.
///
/// | measure  | words                          | lines                                        |
/// |----------|--------------------------------|----------------------------------------------|
/// | count    | nothing, or how many           | `count` (that many)                          |
/// | duration | `start`, `stop`, or nothing    | the one given; nothing toggles               |
/// | latency  | `cue`, `response`, `no-response`, nothing, or `4s` | the one given; nothing toggles; `4s` a cue 4 s before and the response |
/// | interval | `+` and `-`, one per interval; a number first skips to that interval | `interval N ±`, numbered on from the session's last (or the number), each ending an interval before the next; the first after a skip notes the intervals `not observed` |
/// | abc      | antecedent behaviour consequence | `abc A B C`                                |
/// | task     | step number and `+`, `-` or `n/a` (cue from `cue`); or a level or `n/a` per step | `step N …` |
///
/// `none` (count, duration, abc) says the goal was observed the whole session and the behaviour
/// did not occur: one `none` line, refused when the session already logs an occurrence of the
/// goal or a `none` of it.
public struct EventEntry: Sendable {
    public var goal: String
    public var measure: GoalMeasure
    public var intervalSeconds: Int
    public var steps: Int
    /// The goal's default cue level, for a step given without one.
    public var defaultCue: String?
    public var cues: CueLevels
    public var antecedents: [String]
    public var consequences: [String]

    /// A request that cannot be written, with what to do instead.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    public init(goal: String, of definition: Goal, config: VaultConfig) {
        self.goal = goal
        measure = definition.measure
        intervalSeconds = definition.intervalSeconds ?? 10
        steps = definition.steps.count
        defaultCue = definition.cue
        cues = config.cueLevels
        antecedents = config.abcAntecedents
        consequences = config.abcConsequences
    }

    /// The events `words` mean at `time`, after the events already in `session`.
    public func events(_ words: [String], cue: String? = nil, at time: TimeOfDay, note: String = "",
                       after session: [BehaviourEvent]) -> Result<[BehaviourEvent], Problem> {
        let mine = session.filter { $0.goal == goal }
        func one(_ kind: BehaviourEvent.Kind) -> Result<[BehaviourEvent], Problem> {
            .success([BehaviourEvent(time: time, goal: goal, kind: kind, note: note)])
        }
        if cue != nil, measure != .task { return .failure(Problem(message: "--cue is for a task's steps; \(goal) is a goal of measure: \(measure.rawValue)")) }
        if words.count == 1, words[0].lowercased() == "none" {
            return none(at: time, note: note, after: mine)
        }
        switch measure {
        case .trials:
            return .failure(Problem(message: "\(goal) is a goal of discrete trials; log a trial with 'afterflow trial CLIENT \(goal) +' (or set a behaviour measure: in its file)"))
        case .count:
            guard words.count <= 1 else { return .failure(usage("nothing (one occurrence) or how many, like 3")) }
            guard let n = words.first.map({ Int($0) }) ?? 1, (1...500).contains(n) else {
                return .failure(usage("nothing (one occurrence) or how many, from 1 to 500, found \(quoted(words[0]))"))
            }
            return .success(Array(repeating: BehaviourEvent(time: time, goal: goal, kind: .occurrence, note: note), count: n))
        case .duration:
            let running = mine.last { $0.kind == .start || $0.kind == .stop }?.kind == .start
            switch words.map({ $0.lowercased() }) {
            case []: return one(running ? .stop : .start)
            case ["start"]: return running ? .failure(Problem(message: "\(goal) is already running (started \(mine.last { $0.kind == .start }!.time.text)); record its stop first: 'stop'")) : one(.start)
            case ["stop"]: return running ? one(.stop) : .failure(Problem(message: "\(goal) is not running; record its start first: 'start' (or give the start's time with --at)"))
            default: return .failure(usage("start or stop (or nothing, to switch it)"))
            }
        case .latency:
            return latency(words.map { $0.lowercased() }, at: time, note: note, open: mine.last { $0.kind != .stop && $0.kind != .start }?.kind == .cue)
        case .interval:
            return intervals(words, at: time, note: note, after: mine)
        case .abc:
            return abc(words, at: time, note: note)
        case .task:
            return task(words, cue: cue, at: time, note: note)
        }
    }

    /// A `none` line: the goal observed all session, the behaviour never seen.
    private func none(at time: TimeOfDay, note: String, after mine: [BehaviourEvent]) -> Result<[BehaviourEvent], Problem> {
        guard BehaviourEvent.Kind.noOccurrence.fits(measure) else {
            let instead: String
            switch measure {
            case .interval: instead = "score each interval - (not seen) instead, like '- - -'"
            case .latency: instead = "for a cue with no response write no-response"
            case .task: instead = "record the run's steps, or n/a for a step not applicable"
            default: instead = "log a trial with 'afterflow trial CLIENT \(goal) +'"
            }
            return .failure(Problem(message: "none (the behaviour did not occur) is for goals of measure \(BehaviourEvent.noneMeasuresText); \(goal) is a goal of measure: \(measure.rawValue): \(instead)"))
        }
        let occurred = mine.filter(\.kind.isOccurrence)
        if !occurred.isEmpty {
            let noun = measure == .abc ? counted(occurred.count, "incident", "incidents") : counted(occurred.count, "occurrence", "occurrences")
            return .failure(Problem(message: "\(goal) has \(noun) in this session (the first at \(occurred[0].time.text)); none would say it did not occur, so nothing was written"))
        }
        if let earlier = mine.first(where: { $0.kind == .noOccurrence }) {
            return .failure(Problem(message: "\(goal) is marked none in this session already (at \(earlier.time.text)); nothing was written"))
        }
        return .success([BehaviourEvent(time: time, goal: goal, kind: .noOccurrence, note: note)])
    }

    private func usage(_ expected: String) -> Problem {
        Problem(message: "\(goal) is a goal of measure: \(measure.rawValue); after its name give \(expected)")
    }

    private func latency(_ words: [String], at time: TimeOfDay, note: String, open: Bool) -> Result<[BehaviourEvent], Problem> {
        func make(_ kind: BehaviourEvent.Kind, _ t: TimeOfDay = time) -> BehaviourEvent { BehaviourEvent(time: t, goal: goal, kind: kind, note: note) }
        switch words {
        case []: return .success([make(open ? .response : .cue)])
        case ["cue"]: return .success([make(.cue)])
        case ["response"], ["no-response"]:
            guard open else { return .failure(Problem(message: "\(goal) has no cue waiting for a response; record the cue first: 'cue' (or give the latency, like 4s)")) }
            return .success([make(words[0] == "response" ? .response : .noResponse)])
        default:
            if words.count == 1, let seconds = IntervalLength.seconds(words[0]), words[0].last.map({ !$0.isASCIIDigit }) ?? false {
                return .success([make(.cue, time.adding(-seconds)), make(.response)])
            }
            return .failure(usage("cue, response or no-response (or nothing, to switch), or the latency itself, like 4s"))
        }
    }

    private func intervals(_ words: [String], at time: TimeOfDay, note: String, after mine: [BehaviourEvent]) -> Result<[BehaviourEvent], Problem> {
        var last = 0
        for event in mine { if case .interval(let n, _) = event.kind { last = max(last, n) } }
        var words = words, first = last + 1
        if let given = words.first.flatMap({ Int($0) }) {
            guard given > last else {
                return .failure(Problem(message: "interval \(given) of \(goal) is scored already (the last is \(last)); the next is \(last + 1)"))
            }
            first = given
            words.removeFirst()
        }
        guard !words.isEmpty else { return .failure(usage("each interval's score in order, + (scored) or - (not), like + - + (a number first skips to that interval, like 12 +)")) }
        if let bad = words.first(where: { $0 != "+" && $0 != "-" }) {
            return .failure(usage("each interval's score in order, + (scored) or - (not), like + - +; found \(quoted(bad))"))
        }
        var made = words.enumerated().map { i, score in
            BehaviourEvent(time: time.adding(-(words.count - 1 - i) * intervalSeconds), goal: goal,
                           kind: .interval(number: first + i, scored: score == "+"), note: i == words.count - 1 ? note : "")
        }
        if first > last + 1 {
            let mark = IntervalGap.mark(from: last + 1, to: first - 1)
            made[0].note = made[0].note.isEmpty ? mark : mark + "; " + made[0].note
        }
        return .success(made)
    }

    private func abc(_ words: [String], at time: TimeOfDay, note: String) -> Result<[BehaviourEvent], Problem> {
        guard words.count == 3 else { return .failure(usage("the antecedent, the behaviour and the consequence, like demand hitting escape")) }
        let a = words[0].lowercased(), b = words[1], c = words[2].lowercased()
        guard antecedents.contains(a) else {
            return .failure(Problem(message: "\(quoted(a)) is not one of the vault's antecedents (\(antecedents.joined(separator: ", ")))\(Suggestion.clause(for: a, among: antecedents)); add it to abc_antecedents in .afterflow/config.yml to use it"))
        }
        guard Trial.isShortName(b) else { return .failure(Problem(message: "the behaviour must be one word of letters, digits, - and _, like hitting, found \(quoted(b))")) }
        guard consequences.contains(c) else {
            return .failure(Problem(message: "\(quoted(c)) is not one of the vault's consequences (\(consequences.joined(separator: ", ")))\(Suggestion.clause(for: c, among: consequences)); add it to abc_consequences in .afterflow/config.yml to use it"))
        }
        return .success([BehaviourEvent(time: time, goal: goal, kind: .abc(antecedent: a, behaviour: b, consequence: c), note: note)])
    }

    private func task(_ words: [String], cue: String?, at time: TimeOfDay, note: String) -> Result<[BehaviourEvent], Problem> {
        let expected = "a step and its result, like 3 + --cue gestural (or 3 n/a), or a cue level or n/a for each of the \(steps) steps in order"
        if words.count == 2, let n = Int(words[0]), ["+", "-", "n/a"].contains(words[1].lowercased()) {
            guard (1...max(steps, 1)).contains(n), n <= steps else {
                return .failure(Problem(message: "\(goal) has \(steps) steps (1-\(steps)); step \(n) is not one of them"))
            }
            if words[1].lowercased() == "n/a" { return .success([step(n, .notApplicable, time, note)]) }
            let given = cue ?? defaultCue ?? cues.independent
            guard let level = cues.level(given) else {
                return .failure(Problem(message: "--cue must be one of \(cues.expectedList) (or a first letter that names one level, or 1-\(cues.names.count)), found \(quoted(given))"))
            }
            return .success([step(n, .done(success: words[1] == "+", cue: level), time, note)])
        }
        guard cue == nil else { return .failure(Problem(message: "--cue is for one step (like 3 + --cue gestural); in the full list give each step's level")) }
        guard words.count == steps else { return .failure(usage(expected + (words.isEmpty ? "" : "; found \(words.count) words"))) }
        var out: [BehaviourEvent] = []
        for (i, word) in words.enumerated() {
            if word.lowercased() == "n/a" { out.append(step(i + 1, .notApplicable, time, "")); continue }
            guard let level = cues.level(word) else {
                return .failure(Problem(message: "step \(i + 1): \(quoted(word)) is not a cue level (\(cues.expectedList)) or n/a"))
            }
            out.append(step(i + 1, .done(success: true, cue: level), time, ""))
        }
        if !note.isEmpty, !out.isEmpty { out[out.count - 1].note = note }
        return .success(out)
    }

    private func step(_ n: Int, _ result: BehaviourEvent.StepResult, _ time: TimeOfDay, _ note: String) -> BehaviourEvent {
        BehaviourEvent(time: time, goal: goal, kind: .step(number: n, result: result), note: note)
    }
}

extension TimeOfDay {
    /// The time `seconds` later (earlier when negative), around midnight.
    public func adding(_ seconds: Int) -> TimeOfDay {
        let s = ((secondsOfDay + seconds) % 86_400 + 86_400) % 86_400
        return TimeOfDay(hour: s / 3600, minute: s / 60 % 60, second: s % 60)
    }
}
