import Foundation

// The practice's records as `client list`, `client show` and `goal list` give them to scripts.
// Names are the display name (first name, last initial) unless `fullNames` asks for the full name
// and the date of birth.

extension ClientListing {
    /// `short`, `name` (`full_name`, `born`), `age` on `today`, goals, sessions, the last one, `path`.
    public func json(fullNames: Bool, today: LocalDate) -> JSONValue {
        var fields: [(String, JSONValue)] = [("short", .string(short)), ("name", .string(displayName))]
        if fullNames {
            fields.append(("full_name", name.map(JSONValue.string) ?? .null))
            fields.append(("born", born.map { .string($0.dayString) } ?? .null))
        }
        fields += [("age", age(on: today).map(JSONValue.int) ?? .null), ("active_goals", .int(activeGoals)),
                   ("goals", .int(goals)), ("sessions", .int(sessions)),
                   ("last_session", lastSession.map(JSONValue.string) ?? .null), ("path", .string(path))]
        return .object(fields)
    }

    /// The client's age in whole years on `day`, when the date of birth is known.
    public func age(on day: LocalDate) -> Int? {
        born.flatMap { Client.age(born: $0, on: day) }
    }
}

extension ClientRecord {
    /// `short`, `name` (`full_name`, `born`), `age` on `today`, the goals (short name, title,
    /// category, phase, path) and the trial sessions (date, trials, path).
    public func json(fullNames: Bool, today: LocalDate, timeZone: TimeZone) -> JSONValue {
        var fields: [(String, JSONValue)] = [("short", .string(short)), ("name", .string(client.displayName))]
        if fullNames {
            fields.append(("full_name", client.name.map(JSONValue.string) ?? .null))
            fields.append(("born", client.born.map { .string($0.dayString) } ?? .null))
        }
        fields.append(("age", client.age(on: today).map(JSONValue.int) ?? .null))
        fields.append(("goals", .array(goals.map { g in
            .object([("short", .string(g.short)), ("title", g.goal.title.map(JSONValue.string) ?? .null),
                     ("category", g.goal.category.map(JSONValue.string) ?? .null), ("phase", .string(g.goal.currentPhase.rawValue)),
                     ("path", .string(g.path))])
        })))
        fields.append(("sessions", .array(sessions.map { s in
            .object([("date", s.session.date.map { .string($0.canonical(in: timeZone)) } ?? .null),
                     ("trials", .int(s.session.trials.count)), ("path", .string(s.path))])
        })))
        return .object(fields)
    }
}

extension GoalRecord {
    /// Everything `goal list` knows of the goal, defaults applied: `cue` is the goal's default cue
    /// level (`independent`, the vault's first, when it names none).
    public func json(independent: String) -> JSONValue {
        .object([
            ("short", .string(short)), ("title", goal.title.map(JSONValue.string) ?? .null),
            ("category", goal.category.map(JSONValue.string) ?? .null), ("cue", .string(goal.cue ?? independent)),
            ("mastery", .string(goal.effectiveMastery.text)), ("min_trials", .int(goal.effectiveMinTrials)),
            ("counts_correct", goal.countsCorrect.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("phase", .string(goal.currentPhase.rawValue)),
            ("phases", .array(goal.phases.map { .object([("phase", .string($0.phase.rawValue)), ("day", .string($0.day.dayString))]) })),
            ("target_date", goal.targetDate.map { .string($0.dayString) } ?? .null),
            ("trend", .string((goal.trend ?? .splitMiddle).rawValue)),
            ("measure", .string(goal.measure.rawValue)),
            ("path", .string(path)),
        ])
    }
}
