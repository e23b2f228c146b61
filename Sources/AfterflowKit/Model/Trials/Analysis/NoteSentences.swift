/// The sentences of a draft session note (see `SessionNote`).
enum NoteSentences {
    /// `Produced /s/ in word-initial position in 16 of 20 trials (80 %), with minimal cues in 4;
    /// up from 65 % last session.`
    static func objective(goal: GoalRecord, trials: [Trial], progress: GoalProgress?, day: LocalDate?, cues: CueLevels) -> String {
        var counts = TrialCounts()
        for trial in trials { counts.add(trial, goal: goal.goal, cues: cues) }
        let title = goal.goal.title ?? goal.short
        let ofTrials = "\(counts.correct) of \(counts.trials) \(counts.trials == 1 ? "trial" : "trials")"
        let percent = Percent.text(counts.correct, of: counts.trials)
        var sentence: String
        if let (verb, rest) = pastTense(title) {
            sentence = "\(verb)\(rest) in \(ofTrials) (\(percent))"
        } else {
            sentence = "\(title): \(ofTrials) correct (\(percent))"
        }
        let correct = trials.filter { $0.success && goal.goal.countsAsCorrect($0.cue) }
        let cued = CueCount.tally(correct, cues: cues).filter { $0.trials > 0 && $0.level != cues.independent }
        if counts.correct > 0 {
            sentence += cued.isEmpty ? ", all independently" : ", with " + list(cued.map { "\($0.level) cues in \($0.trials)" })
        }
        let uncounted = trials.filter { $0.success && !goal.goal.countsAsCorrect($0.cue) }
        if !uncounted.isEmpty {
            let levels = CueCount.tally(uncounted, cues: cues).filter { $0.trials > 0 }.map(\.level)
            let one = uncounted.count == 1
            sentence += " (\(uncounted.count) more \(one ? "success" : "successes") with \(list(levels, joiner: "or")) cues \(one ? "does" : "do") not count as correct for this goal)"
        }
        if let progress, let day {
            let minTrials = progress.minTrials
            if let row = progress.rows.last, row.day == day, !row.counts {
                sentence += "; fewer than the \(minTrials) trials a session needs to count"
            }
            sentence += "; " + comparison(counts, progress: progress, day: day)
        }
        return sentence + "."
    }

    /// `up from 65 % last session`, `down from 90 % on Jan 28, 2025 (the last session with 10+
    /// trials)`, `the same as last session`, `the first session on this goal`.
    static func comparison(_ counts: TrialCounts, progress: GoalProgress, day: LocalDate) -> String {
        let earlier = progress.rows.filter { $0.day.dayNumber < day.dayNumber }
        guard let previous = earlier.last(where: \.counts) else {
            return earlier.isEmpty ? "the first session on this goal" : "no earlier session with \(progress.minTrials)+ trials to compare"
        }
        let now = Percent.whole(counts.correct, of: counts.trials) ?? 0
        let then = Percent.whole(previous.correct, of: previous.trials) ?? 0
        let when = previous.day == earlier.last?.day ? "last session" : "on \(previous.day.mediumDay) (the last session with \(progress.minTrials)+ trials)"
        if now == then { return "the same as \(when)" }
        return "\(now > then ? "up" : "down") from \(then) % \(when)"
    }

    /// `Produce /s/ in word-initial position: improving over the last 3 sessions (50 % → 85 %);
    /// not mastered: 1 of 3 consecutive sessions at 80 %+ (sessions of 10+ trials).`
    static func assessment(goal: GoalRecord, progress: GoalProgress?, day: LocalDate?) -> String {
        let title = goal.goal.title ?? goal.short
        guard let progress, let day else { return "\(title): the session has no date, so there is no trend or mastery to report." }
        let phase = goal.goal.phase(on: day)
        let name = phase == .active ? title : "\(title) (\(phase.rawValue))"
        return "\(name): \(trend(progress)); \(progress.description)."
    }

    /// The direction of the last five counting rows (least squares): improving or declining at 2
    /// percentage points a session or more, else steady.
    static func trend(_ progress: GoalProgress) -> String {
        let window = Array(progress.rows.filter(\.counts).suffix(5))
        guard let first = window.first, let last = window.last, window.count >= 2 else {
            return "too few sessions of \(progress.minTrials)+ trials for a trend"
        }
        let ys = window.map(\.percentCorrect)
        let n = Double(ys.count)
        let meanX = (n - 1) / 2, meanY = ys.reduce(0, +) / n
        var num = 0.0, den = 0.0
        for (i, y) in ys.enumerated() {
            num += (Double(i) - meanX) * (y - meanY)
            den += (Double(i) - meanX) * (Double(i) - meanX)
        }
        let slope = den > 0 ? num / den : 0
        let word = slope >= 2 ? "improving" : slope <= -2 ? "declining" : "steady"
        return "\(word) over the last \(window.count) sessions (\(Percent.text(first.correct, of: first.trials)) → \(Percent.text(last.correct, of: last.trials)))"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String], joiner: String = "and") -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(joiner) " + last
    }

    /// The title's first word in the past tense and the rest as written, when the first word is
    /// a verb of the table (any case); nil otherwise.
    static func pastTense(_ title: String) -> (verb: String, rest: Substring)? {
        let word = title.prefix { $0.isLetter }
        guard !word.isEmpty, let past = pastTenses[word.lowercased()] else { return nil }
        let rest = title[word.endIndex...]
        guard rest.isEmpty || rest.first == " " else { return nil }
        let capitalized = word.first?.isUppercase ?? false ? past.prefix(1).uppercased() + past.dropFirst() : past
        return (capitalized, rest)
    }

    /// Verbs that goals usually start with, and their past tense.
    static let pastTenses: [String: String] = {
        var table: [String: String] = [
            "say": "said", "tell": "told", "make": "made", "take": "took", "give": "gave", "read": "read", "write": "wrote",
            "sit": "sat", "stand": "stood", "hold": "held", "keep": "kept", "find": "found", "build": "built", "draw": "drew",
            "speak": "spoke", "understand": "understood", "choose": "chose", "put": "put", "throw": "threw", "catch": "caught",
            "sing": "sang", "identify": "identified", "copy": "copied", "classify": "classified", "clarify": "clarified",
        ]
        for verb in ["produce", "use", "name", "imitate", "initiate", "respond", "describe", "retell", "complete", "share",
                     "tolerate", "demonstrate", "define", "categorize", "articulate", "formulate", "combine", "summarize",
                     "state", "trace", "locate", "pronounce", "approximate", "vocalize", "discriminate", "sequence",
                     "recognize", "rhyme", "segment", "blend", "follow", "answer", "label", "request", "match", "sort", "point",
                     "maintain", "repeat", "greet", "comment", "attend", "wait", "sign", "spell", "count", "transition",
                     "engage", "recall", "expand", "comprehend", "express", "explain", "track", "stay", "remain", "ask",
                     "mand", "tact", "select", "accept", "protest", "request", "respond", "turn", "take", "show", "play",
                     "look", "listen", "touch", "reach", "walk", "jump", "return"] where table[verb] == nil {
            table[verb] = verb.hasSuffix("e") ? verb + "d" : verb + "ed"
        }
        return table
    }()
}
