/// A draft session note in SOAP form, made from a trial session's data: **S** (subjective) and
/// **P** (plan) left for the clinician, **O** (objective) one sentence per goal from the trials,
/// **A** (assessment) each goal's trend and mastery state as of that day.
///
/// A goal's O sentence starts from its title: a title that starts with a verb afterflow knows
/// (`Produce /s/ in word-initial position`) becomes a sentence in the past tense (`Produced /s/
/// in word-initial position in 16 of 20 trials (80 %)`); any other title is used as written,
/// followed by a colon (`Turn-taking in a board game: 9 of 13 trials correct (69 %)`). The rest
/// of the title is never changed: a guessed past tense or lower case is worse than none.
public enum SessionNote {
    /// The draft, in Markdown, ending with a line feed.
    ///
    /// Trial lines `check` rejects (an unknown goal or cue level) are left out, and a comment at
    /// the top of the draft says how many and where.
    public static func draft(for session: TrialSessionRecord, record: ClientRecord, cues: CueLevels) -> String {
        let trials = session.session.trials.filter { LeftOutTrials.accepts($0, record: record, cues: cues) }
        let leftOut = LeftOutTrials.of(session.session, path: session.path, record: record, cues: cues)
        var order: [String] = []
        var byGoal: [String: [Trial]] = [:]
        for trial in trials {
            let name = trial.goal.lowercased()
            if byGoal[name] == nil { order.append(name) }
            byGoal[name, default: []].append(trial)
        }
        let day = session.session.date?.dayOnly
        var objective: [String] = []
        var assessment: [String] = []
        for name in order {
            let goalTrials = byGoal[name] ?? []
            guard let goal = record.goal(name) else {
                var counts = TrialCounts()
                for trial in goalTrials { counts.add(trial, goal: nil, cues: cues) }
                objective.append("\(name): \(counts.correct) of \(counts.trials) \(counts.trials == 1 ? "trial" : "trials") correct (\(Percent.text(counts.correct, of: counts.trials))).")
                assessment.append("\(name): the client's folder has no goal of that name, so there is no trend or mastery to report.")
                continue
            }
            let progress = day.flatMap { GoalProgress.make(record: record, cues: cues, goal: goal.short, until: $0).first }
            objective.append(NoteSentences.objective(goal: goal, trials: goalTrials, progress: progress, day: day, cues: cues))
            assessment.append(NoteSentences.assessment(goal: goal, progress: progress, day: day))
        }
        objective += behaviourSentences(for: session, record: record, cues: cues)
        assessment += behaviourAssessments(for: session, record: record, cues: cues)
        if objective.isEmpty { objective = ["No trials were recorded in this session."] }
        var out = leftOut.message.map { "<!-- afterflow: \($0.replacingOccurrences(of: "--", with: "- -")) -->\n\n" } ?? ""
        out += "**S:**\n\n**O:**\n\n"
        out += objective.map { "- " + $0 + "\n" }.joined()
        out += "\n**A:**\n\n"
        out += assessment.isEmpty ? "No data to assess.\n" : assessment.map { "- " + $0 + "\n" }.joined()
        out += "\n**P:**\n"
        return out
    }

    /// Each behaviour goal's figures in words, with the change from its session before.
    static func behaviourSentences(for session: TrialSessionRecord, record: ClientRecord, cues: CueLevels) -> [String] {
        BehaviourGoalFigures.of(session.session, record: record, cues: cues).map { figures in
            let earlier = record.goal(figures.short).map { BehaviourGoalFigures.history(of: $0, in: record, cues: cues) } ?? []
            let before = earlier.last { entry in
                guard let day = session.session.date else { return false }
                return entry.day.wallClockSeconds < day.wallClockSeconds
            }
            return figures.sentence(comparedWith: before)
        }
    }

    /// Each behaviour goal's level on the session's day against its baseline, and its trend in
    /// the phase the day is in (`BehaviourProgress.assessment(on:)`).
    static func behaviourAssessments(for session: TrialSessionRecord, record: ClientRecord, cues: CueLevels) -> [String] {
        guard let day = session.session.date?.dayOnly else { return [] }
        return BehaviourGoalFigures.of(session.session, record: record, cues: cues).compactMap { figures in
            record.goal(figures.short).flatMap { BehaviourProgress(goal: $0, record: record, cues: cues, until: day).assessment(on: day) }
        }
    }

    /// Puts `draft` into the document's `## Notes` section when that section is empty or
    /// missing; only the section's lines change. Refuses when the section holds any text, which
    /// is the clinician's and is never replaced.
    ///
    /// A missing section is added where a new trial file has it, just before `## Trials`, so that
    /// the trials stay last and a trial appended to the file still lands in them; at the end of
    /// the file when there is no `## Trials`.
    public static func write(_ draft: String, into document: Document) -> Result<Document, SessionNoteError> {
        var text = Substring(draft)
        while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
        if let section = document.section("Notes") {
            if let first = section.content.first(where: { !document.isBlank($0) }) {
                return .failure(.notesNotEmpty(line: first + 1))
            }
        } else if let fence = document.unclosedFence {
            return .failure(.unclosedFence(line: fence.line + 1))
        }
        return .success(document.settingSection("Notes", text: String(text), order: ["Notes", "Trials"]))
    }
}
