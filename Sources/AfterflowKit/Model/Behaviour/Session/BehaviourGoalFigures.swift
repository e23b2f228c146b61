import Foundation

/// The figures of one goal's behaviour events in one trial session, by the goal's measure: what
/// `summary` shows beside the trials, and what the session note's O section says in words.
public struct BehaviourGoalFigures: Sendable {
    public let short: String
    public let title: String
    public let measure: GoalMeasure
    public let figures: Figures
    /// The session's observed time, in seconds (its start to its end).
    public let observedSeconds: TimeInterval

    public enum Figures: Sendable {
        case count(CountSummary)
        case duration(DurationSummary)
        case latency(LatencySummary)
        case interval(IntervalSummary, method: IntervalMethod?)
        case abc(ABCTally)
        case task(TaskAnalysisSummary)
    }

    /// The figures of every goal of `record` whose measure is not trials and that has events in
    /// `session`, in the order the goals first appear. A `none` line (the behaviour did not
    /// occur) gives its goal figures of 0 over the observed time when the goal's measure takes
    /// it; it adds nothing to the occurrences of a session that has them.
    public static func of(_ session: TrialSession, record: ClientRecord, cues: CueLevels) -> [BehaviourGoalFigures] {
        guard let timeline = SessionTimeline(session) else { return [] }
        var order: [String] = []
        var byGoal: [String: [BehaviourEvent]] = [:]
        for event in session.events {
            let key = event.goal.lowercased()
            if byGoal[key] == nil { order.append(key) }
            byGoal[key, default: []].append(event)
        }
        return order.compactMap { key in
            guard let goal = record.goal(key), goal.goal.measure != .trials, let events = byGoal[key],
                  events.contains(where: { $0.kind != .noOccurrence || $0.kind.fits(goal.goal.measure) }) else { return nil }
            let figures = Self.figures(events, goal: goal.goal, timeline: timeline, cues: cues)
            return figures.map {
                BehaviourGoalFigures(short: goal.short, title: goal.goal.title ?? goal.short, measure: goal.goal.measure,
                                     figures: $0, observedSeconds: timeline.window.observedSeconds)
            }
        }
    }

    private static func figures(_ events: [BehaviourEvent], goal: Goal, timeline: SessionTimeline, cues: CueLevels) -> Figures? {
        let kinds = events.filter { $0.measure == goal.measure }
        switch goal.measure {
        case .trials: return nil
        case .count:
            return .count(CountSummary(times: kinds.map { timeline.seconds($0.time) }, window: timeline.window))
        case .duration:
            return .duration(DurationSummary(episodes: episodes(kinds, timeline), window: timeline.window))
        case .latency:
            return .latency(LatencySummary(opportunities: opportunities(kinds, timeline)))
        case .interval:
            let scores = kinds.compactMap { event -> Bool? in
                if case .interval(_, let scored) = event.kind { return scored } else { return nil }
            }
            return .interval(IntervalSummary(scores: scores), method: goal.method)
        case .abc:
            return .abc(ABCTally(incidents: kinds.compactMap { event in
                if case .abc(let a, let b, let c) = event.kind { return ABCIncident(antecedent: a, behaviour: b, consequence: c) }
                return nil
            }))
        case .task:
            let counted = goal.countsCorrect.map { Set($0) }
            return .task(TaskAnalysisSummary(steps: goal.steps, runs: runs(kinds, steps: goal.steps.count),
                                             independentLevel: cues.independent, countedLevels: counted))
        }
    }

    /// Starts paired with the stop that follows them; a start still running at the end has none.
    static func episodes(_ events: [BehaviourEvent], _ timeline: SessionTimeline) -> [BehaviourEpisode] {
        var out: [BehaviourEpisode] = []
        var running: TimeInterval?
        for event in events {
            switch event.kind {
            case .start:
                if let start = running { out.append(BehaviourEpisode(start: start, stop: timeline.seconds(event.time))) }
                running = timeline.seconds(event.time)
            case .stop:
                if let start = running { out.append(BehaviourEpisode(start: start, stop: timeline.seconds(event.time))) }
                running = nil
            default: break
            }
        }
        if let start = running { out.append(BehaviourEpisode(start: start, stop: nil)) }
        return out
    }

    /// Each cue with the response that follows it (nil for no response).
    static func opportunities(_ events: [BehaviourEvent], _ timeline: SessionTimeline) -> [LatencyOpportunity] {
        var out: [LatencyOpportunity] = []
        var cue: TimeInterval?
        for event in events {
            switch event.kind {
            case .cue:
                if let waiting = cue { out.append(LatencyOpportunity(cue: waiting, response: nil)) }
                cue = timeline.seconds(event.time)
            case .response:
                if let waiting = cue { out.append(LatencyOpportunity(cue: waiting, response: timeline.seconds(event.time))) }
                cue = nil
            case .noResponse:
                if let waiting = cue { out.append(LatencyOpportunity(cue: waiting, response: nil)) }
                cue = nil
            default: break
            }
        }
        if let waiting = cue { out.append(LatencyOpportunity(cue: waiting, response: nil)) }
        return out
    }

    /// Step lines as runs: a step numbered at or below the one before it begins a new run.
    static func runs(_ events: [BehaviourEvent], steps: Int) -> [TaskRun] {
        var runs: [[TaskStepScore?]] = []
        var last = Int.max
        for event in events {
            guard case .step(let number, let result) = event.kind, number >= 1 else { continue }
            if number <= last || runs.isEmpty { runs.append(Array(repeating: nil, count: max(steps, number))) }
            last = number
            if number > runs[runs.count - 1].count { runs[runs.count - 1] += Array(repeating: nil, count: number - runs[runs.count - 1].count) }
            switch result {
            case .done(let success, let cue): runs[runs.count - 1][number - 1] = .done(success: success, cue: cue)
            case .notApplicable: runs[runs.count - 1][number - 1] = .notApplicable
            }
        }
        return runs.map(TaskRun.init)
    }
}

extension BehaviourGoalFigures {
    /// The figures in the words a clinician writes in a note's O section: "Hitting (hitting)
    /// occurred 6 times in 45 min (8.0 per hour)."
    public var sentence: String {
        let minutes = Int((observedSeconds / 60).rounded())
        switch figures {
        case .count(let c):
            guard c.count > 0 else { return "\(title) did not occur in \(minutes) min\(c.perHour == nil ? "" : " (0 per hour)")." }
            let rate = c.perHour.map { String(format: " (%.1f per hour)", $0) } ?? ""
            return "\(title) occurred \(counted(c.count, "time", "times")) in \(minutes) min\(rate)."
        case .duration(let d):
            guard d.count > 0 else { return "\(title) did not occur in \(minutes) min." }
            var text = "\(title) occurred \(counted(d.count, "time", "times")) for \(Self.clock(d.totalSeconds)) in all"
            text += d.percentOfObservedTime.map { String(format: " (%.0f %% of %d min)", $0, minutes) } ?? ""
            text += d.meanSeconds.map { ", \(Self.clock($0)) on average" } ?? ""
            text += d.longestSeconds.map { ", longest \(Self.clock($0))" } ?? ""
            return text + (d.closedAtEnd > 0 ? "; \(d.closedAtEnd) still running at the end was closed there." : ".")
        case .latency(let l):
            guard let mean = l.meanSeconds, let median = l.medianSeconds, let low = l.shortestSeconds, let high = l.longestSeconds else {
                return "\(title): \(counted(l.opportunities, "cue", "cues")), no response."
            }
            return "\(title): \(counted(l.responses, "response", "responses")) to \(counted(l.opportunities, "cue", "cues")), "
                + String(format: "latency %.1f s on average (median %.1f s, %.1f–%.1f s)", mean, median, low, high)
                + (l.unanswered > 0 ? ", \(l.unanswered) without a response." : ".")
        case .interval(let i, let method):
            let how = method.map { " (\($0.rawValue) interval)" } ?? ""
            return "\(title) was scored in \(i.scored) of \(counted(i.total, "interval", "intervals"))\(how)"
                + (i.percentScored.map { String(format: ", %.0f %%.", $0) } ?? ".")
        case .abc(let tally):
            guard tally.incidents > 0 else { return "\(title): no incident in \(minutes) min." }
            let parts = tally.behaviours.map { b in
                "\(b.behaviour) \(b.incidents)× (after \(b.antecedents.map { "\($0.name) \($0.count)" }.joined(separator: ", ")); "
                    + "followed by \(b.consequences.map { "\($0.name) \($0.count)" }.joined(separator: ", ")))"
            }
            return "\(title): \(counted(tally.incidents, "incident", "incidents")): " + parts.joined(separator: "; ") + "."
        case .task(let t):
            let independent = t.overall.percentIndependent.map { String(format: "%.0f %%", $0) } ?? "–"
            return "\(title): \(counted(t.runs.count, "run", "runs")), \(independent) of the steps independent"
                + " (\(t.overall.independent) of \(t.overall.applicable)" + (t.overall.notApplicable > 0 ? ", \(t.overall.notApplicable) n/a)." : ").")
        }
    }

    /// `1:05` (minutes and seconds), or `45 s` under a minute.
    static func clock(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// `short`, `title`, `measure`, `observed_seconds`, the measure's figures and `sentence`.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("short", .string(short)), ("title", .string(title)), ("measure", .string(measure.rawValue)),
                                             ("observed_seconds", .int(Int(observedSeconds)))]
        fields += figuresJSON
        fields.append(("sentence", .string(sentence)))
        return .object(fields)
    }

    private var figuresJSON: [(String, JSONValue)] {
        switch figures {
        case .count(let c):
            return [("count", .int(c.count)), ("per_minute", .rounded(c.perMinute)), ("per_hour", .rounded(c.perHour))]
        case .duration(let d):
            return [("occurrences", .int(d.count)), ("total_seconds", .rounded(d.totalSeconds)), ("mean_seconds", .rounded(d.meanSeconds)),
                    ("longest_seconds", .rounded(d.longestSeconds)), ("percent_of_observed_time", .rounded(d.percentOfObservedTime)),
                    ("closed_at_end", .int(d.closedAtEnd))]
        case .latency(let l):
            return [("cues", .int(l.opportunities)), ("responses", .int(l.responses)), ("unanswered", .int(l.unanswered)),
                    ("mean_seconds", .rounded(l.meanSeconds)), ("median_seconds", .rounded(l.medianSeconds)),
                    ("shortest_seconds", .rounded(l.shortestSeconds)), ("longest_seconds", .rounded(l.longestSeconds))]
        case .interval(let i, let method):
            return [("method", method.map { .string($0.rawValue) } ?? .null), ("intervals", .int(i.total)), ("scored", .int(i.scored)),
                    ("percent_scored", .rounded(i.percentScored))]
        case .abc(let tally):
            func counts(_ list: [ABCTally.Count]) -> JSONValue { .object(list.map { ($0.name, .int($0.count)) }) }
            return [("incidents", .int(tally.incidents)), ("behaviours", .array(tally.behaviours.map { b in
                .object([("behaviour", .string(b.behaviour)), ("incidents", .int(b.incidents)),
                         ("antecedents", counts(b.antecedents)), ("consequences", counts(b.consequences))])
            }))]
        case .task(let t):
            return [("runs", .int(t.runs.count)), ("percent_independent", .rounded(t.overall.percentIndependent)),
                    ("percent_counted", .rounded(t.overall.percentCounted)),
                    ("steps", .array(t.steps.map { s in
                        .object([("step", .string(s.step)), ("percent_independent", .rounded(s.counts.percentIndependent)),
                                 ("not_applicable", .int(s.counts.notApplicable))])
                    }))]
        }
    }
}

extension BehaviourGoalFigures {
    /// The goal's figures in each of the client's sessions that has its event lines, oldest first.
    public static func history(of goal: GoalRecord, in record: ClientRecord, cues: CueLevels) -> [(day: LocalDate, figures: BehaviourGoalFigures)] {
        record.sessions.compactMap { entry in
            guard let day = entry.session.date,
                  let figures = of(entry.session, record: record, cues: cues).first(where: { $0.short == goal.short }) else { return nil }
            return (day, figures)
        }
    }

    /// The measure's main figure in a few words, for a table of sessions: `6 (8.0 per hour)`,
    /// `4:10 (9 %)`, `57 % of 30`, `3 incidents`, `2.5 s mean`, `67 % independent`.
    public var headline: String {
        switch figures {
        case .count(let c): return "\(c.count)" + (c.perHour.map { String(format: " (%.1f per hour)", $0) } ?? "")
        case .duration(let d): return "\(d.count)× \(Self.clock(d.totalSeconds))" + (d.percentOfObservedTime.map { String(format: " (%.0f %%)", $0) } ?? "")
        case .latency(let l): return l.meanSeconds.map { String(format: "%.1f s mean of %d", $0, l.responses) } ?? "no response"
        case .interval(let i, _): return (i.percentScored.map { String(format: "%.0f %%", $0) } ?? "–") + " of \(i.total)"
        case .abc(let t): return counted(t.incidents, "incident", "incidents")
        case .task(let t): return (t.overall.percentIndependent.map { String(format: "%.0f %%", $0) } ?? "–") + " independent"
        }
    }
}

extension BehaviourGoalFigures {
    /// The sentence, with the change from the goal's session before, when there is one and the
    /// measure has a level to compare (a rate, a share of time or of intervals): "hitting occurred
    /// 6 times in 45 min (8.0 per hour), down from 14.2 per hour on 2025-03-17."
    public func sentence(comparedWith previous: (day: LocalDate, figures: BehaviourGoalFigures)?) -> String {
        guard let previous, let now = level, let before = previous.figures.level else { return sentence }
        let direction = now.value < before.value ? "down from" : now.value > before.value ? "up from" : "the same as"
        return String(sentence.dropLast()) + ", \(direction) " + String(format: now.format, before.value) + " on \(previous.day.dayString)."
    }

    /// The figure compared from session to session, and how it is written.
    private var level: (value: Double, format: String)? {
        switch figures {
        case .count(let c): return c.perHour.map { ($0, "%.1f per hour") }
        case .duration(let d): return d.percentOfObservedTime.map { ($0, "%.0f %% of the time") }
        case .interval(let i, _): return i.percentScored.map { ($0, "%.0f %% of intervals") }
        case .latency(let l): return l.meanSeconds.map { ($0, "%.1f s on average") }
        case .task(let t): return t.overall.percentIndependent.map { ($0, "%.0f %% of steps independent") }
        case .abc: return nil
        }
    }
}
