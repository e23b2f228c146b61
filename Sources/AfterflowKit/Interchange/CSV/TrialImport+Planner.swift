import Foundation

extension TrialImport {
    /// The practice as an import sees it: clients by short name, sessions by id, the paths taken.
    struct Planner {
        let timeZone: TimeZone
        let now: Date
        /// By short name in lower case.
        let clients: [String: ClientRecord]
        let shorts: [String]
        /// Every session with an id, and its client's short name.
        let sessions: [UUID: (client: String, record: TrialSessionRecord)]
        /// The clients that have a goal of each short name (lower case), for messages.
        let goalOwners: [String: [String]]
        /// Session paths of the vault and of the plan so far.
        var taken: Set<String>

        init(records: [ClientRecord], timeZone: TimeZone, now: Date) {
            self.timeZone = timeZone
            self.now = now
            var clients: [String: ClientRecord] = [:]
            var sessions: [UUID: (client: String, record: TrialSessionRecord)] = [:]
            var owners: [String: [String]] = [:]
            var taken = Set<String>()
            for record in records {
                if clients[record.short.lowercased()] == nil { clients[record.short.lowercased()] = record }
                for goal in record.goals { owners[goal.short.lowercased(), default: []].append(record.short) }
                for entry in record.sessions {
                    taken.insert(entry.path)
                    if let id = entry.session.id, sessions[id] == nil { sessions[id] = (record.short, entry) }
                }
            }
            self.clients = clients
            shorts = records.map(\.short).sorted()
            self.sessions = sessions
            goalOwners = owners
            self.taken = taken
        }

        /// Adds to `plan` what one group of rows makes: a new session, trials and events for an
        /// existing one, duplicates, or problems.
        mutating func plan(_ group: TrialCSV.Group, into plan: inout Plan, newID: () -> UUID) {
            func reject(_ rows: [Int], _ column: String, _ message: String) {
                for row in rows { plan.problems.append(TrialCSV.Problem(row: row, column: column, message: message)) }
            }
            let everyRow = group.rows.map(\.number) + group.events.map(\.number) + group.marks.map(\.number)
            guard let record = clients[group.client.lowercased()] else {
                reject(everyRow, "client", shorts.isEmpty
                    ? "expected a client of the vault, found \(TrialCSV.found(group.client)): the vault has no clients yet; add them with 'afterflow client add' first"
                    : "expected a client of the vault, found \(TrialCSV.found(group.client))" + Suggestion.clause(for: group.client, among: shorts))
                return
            }
            let day = group.date.dayString
            var target: (id: UUID, record: TrialSessionRecord)?
            if let id = group.sessionID, let existing = sessions[id] {
                let name = "session \(id.uuidString.uppercased()) (\(existing.record.path))"
                if existing.client != record.short {
                    reject(everyRow, "session_id", "expected a session of \(record.short), found \(name), which is \(existing.client)'s")
                    return
                }
                let existingDay = existing.record.session.date?.dayString ?? ""
                if existingDay != day {
                    reject(everyRow, "date", "expected \(existingDay.isEmpty ? "the day" : existingDay + ", the day") of \(name), found \(TrialCSV.found(day))")
                    return
                }
                target = (id, existing.record)
            }

            let known: [TrialSession]
            if let target {
                known = [target.record.session]
            } else if group.sessionID == nil {
                known = record.sessions.filter { $0.session.date?.dayString == day }.map(\.session)
            } else {
                known = []
            }
            let fresh = TrialImport.Planner.freshRows(goodRows(group, of: record, problems: &plan.problems),
                                                      known: known.flatMap(\.trials), duplicates: &plan.duplicateRows)
            let freshEvents = TrialImport.Planner.freshEvents(goodEvents(group, of: record, problems: &plan.problems),
                                                              known: known.flatMap(\.events), duplicates: &plan.duplicateRows)
            guard !fresh.isEmpty || !freshEvents.isEmpty else { return }
            let trials = fresh.map(\.trial), events = freshEvents.map(\.event)
            let rows = fresh.map(\.number) + freshEvents.map(\.number)

            if let target {
                plan.appends.append(Append(path: target.record.path, sessionID: target.id, client: record.short, trials: trials, events: events, rows: rows))
                return
            }
            guard let clientID = record.client.id else {
                reject(rows, "client", "expected \(record.folder)/client.md to have an id, which a trial session names its client by; "
                       + "run 'afterflow fmt \(record.folder)/client.md' to give it one")
                return
            }
            let clock = sessionClock(group, trials: fresh, events: freshEvents)
            let id = group.sessionID ?? newID()
            let text = TrialSessionWriter.newDocument(id: id, clientID: clientID, date: clock.start, end: clock.end, location: nil, observer: nil,
                                                      recordedOn: .import, trials: trials, created: LocalDate(now, in: timeZone), timeZone: timeZone,
                                                      body: events.isEmpty ? nil : TrialImport.Planner.lines(fresh, freshEvents))
            let back = TrialSession(document: Document(bytes: Array(text.utf8)))
            guard back.diagnostics.allSatisfy({ $0.severity != .error }), back.trials.map(\.withoutLine) == trials,
                  back.events.map(\.withoutLine) == events else {
                reject(rows, "note", "expected trials and events that a new session file reads back the same; check the notes for characters a line cannot hold")
                return
            }
            let path = freePath(for: .trialSession(clientFolder: record.folder, date: clock.start))
            plan.creates.append(Create(path: path, text: text, sessionID: id, client: record.short, trials: trials, events: events, rows: rows))
        }

        /// A new session's start and end: its `session-start` and `session-end` rows, else the
        /// minute of its first line and no end. An end earlier in the day than the start is the
        /// next day's.
        func sessionClock(_ group: TrialCSV.Group, trials: [TrialCSV.Row], events: [TrialCSV.EventRow]) -> (start: LocalDate, end: LocalDate?) {
            let d = group.date
            func at(_ time: TimeOfDay) -> LocalDate {
                LocalDate(year: d.year, month: d.month, day: d.day, time: LocalDate.Time(hour: time.hour, minute: time.minute, second: time.second)).resolved(in: timeZone)
            }
            let first = (trials.map(\.trial.time) + events.map(\.event.time)).min() ?? TimeOfDay(hour: 0, minute: 0, second: 0)
            let start = group.marks.first { $0.mark == .start }.map { at($0.time) } ?? at(TimeOfDay(hour: first.hour, minute: first.minute, second: 0))
            guard let endTime = group.marks.first(where: { $0.mark == .end })?.time else { return (start, nil) }
            let startSecond = start.time.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
            let offset = (endTime.secondsOfDay - startSecond + 86_400) % 86_400
            let end = Date(timeIntervalSince1970: TimeInterval(start.epochSeconds(in: timeZone) + offset))
            return (start, LocalDate(end, in: timeZone))
        }

        /// The `## Trials` lines of a new session: trials and events by time of day, rows of the
        /// same time in file order.
        static func lines(_ trials: [TrialCSV.Row], _ events: [TrialCSV.EventRow]) -> [String] {
            let all = trials.map { ($0.trial.time.secondsOfDay, $0.number, $0.trial.lineText) } + events.map { ($0.event.time.secondsOfDay, $0.number, $0.event.lineText) }
            return all.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        }

        /// The event rows of `group` whose goal is one of the client's and of the event's measure,
        /// and whose time is not too far ahead, by time of day; a problem for each of the others.
        func goodEvents(_ group: TrialCSV.Group, of record: ClientRecord, problems: inout [TrialCSV.Problem]) -> [TrialCSV.EventRow] {
            var good: [TrialCSV.EventRow] = []
            for var row in group.events {
                var ok = true
                if let goal = record.goal(row.event.goal) {
                    row.event.goal = goal.short
                    if !row.event.kind.fits(goal.goal.measure) {
                        ok = false
                        let of = row.event.measure?.rawValue ?? BehaviourEvent.noneMeasuresText
                        problems.append(TrialCSV.Problem(row: row.number, column: "result",
                            message: "expected an event of \(goal.short)'s measure (measure: \(goal.goal.measure.rawValue) in \(goal.path)), found a \(of) event, \(TrialCSV.found(row.event.kind.word))"))
                    }
                } else {
                    ok = false
                    problems.append(TrialCSV.Problem(row: row.number, column: "goal", message: goalProblem(row.event.goal, of: record)))
                }
                if tooLate(group.date, row.event.time) {
                    ok = false
                    problems.append(TrialCSV.Problem(row: row.number, column: "date",
                        message: "expected a day and time no later than 8 hours from now, found \(group.date.dayString) \(row.event.time.text)"))
                }
                if ok { good.append(row) }
            }
            return good.enumerated().sorted { ($0.element.event.time.secondsOfDay, $0.offset) < ($1.element.event.time.secondsOfDay, $1.offset) }.map(\.element)
        }

        /// Whether `time` on `day` is more than 8 hours after now.
        func tooLate(_ day: LocalDate, _ time: TimeOfDay) -> Bool {
            let instant = LocalDate(year: day.year, month: day.month, day: day.day,
                                    time: LocalDate.Time(hour: time.hour, minute: time.minute, second: time.second)).epochSeconds(in: timeZone)
            return instant > Int(now.timeIntervalSince1970) + TrialImport.futureAllowance
        }

        /// The event rows not among `known` already (each known event matches one row); the row
        /// numbers of the others are added to `duplicates`.
        static func freshEvents(_ good: [TrialCSV.EventRow], known: [BehaviourEvent], duplicates: inout [Int]) -> [TrialCSV.EventRow] {
            var have: [String: Int] = [:]
            for event in known { have[event.lineText.lowercased(), default: 0] += 1 }
            var fresh: [TrialCSV.EventRow] = []
            for row in good {
                let key = row.event.lineText.lowercased()
                if let count = have[key], count > 0 {
                    have[key] = count - 1
                    duplicates.append(row.number)
                } else {
                    fresh.append(row)
                }
            }
            return fresh
        }

        /// The rows of `group` whose goal is one of the client's (named by its short name) and whose
        /// time is not too far ahead, by time of day (rows of the same time keep their order); a
        /// problem for each of the others.
        func goodRows(_ group: TrialCSV.Group, of record: ClientRecord, problems: inout [TrialCSV.Problem]) -> [TrialCSV.Row] {
            let day = group.date.dayString
            var good: [TrialCSV.Row] = []
            for var row in group.rows {
                var ok = true
                if let goal = record.goal(row.trial.goal) {
                    row.trial.goal = goal.short
                } else {
                    ok = false
                    problems.append(TrialCSV.Problem(row: row.number, column: "goal", message: goalProblem(row.trial.goal, of: record)))
                }
                let time = LocalDate.Time(hour: row.trial.time.hour, minute: row.trial.time.minute, second: row.trial.time.second)
                let instant = LocalDate(year: group.date.year, month: group.date.month, day: group.date.day, time: time).epochSeconds(in: timeZone)
                if instant > Int(now.timeIntervalSince1970) + TrialImport.futureAllowance {
                    ok = false
                    problems.append(TrialCSV.Problem(row: row.number, column: "date",
                        message: "expected a day and time no later than 8 hours from now, found \(day) \(row.trial.time.text)"))
                }
                if ok { good.append(row) }
            }
            return good.enumerated().sorted { ($0.element.trial.time.secondsOfDay, $0.offset) < ($1.element.trial.time.secondsOfDay, $1.offset) }.map(\.element)
        }

        /// The rows of `good` whose trials are not among `known` already (each known trial
        /// matches one row); the row numbers of the others are added to `duplicates`.
        static func freshRows(_ good: [TrialCSV.Row], known: [Trial], duplicates: inout [Int]) -> [TrialCSV.Row] {
            var have: [TrialKey: Int] = [:]
            for trial in known { have[TrialKey(trial), default: 0] += 1 }
            var fresh: [TrialCSV.Row] = []
            for row in good {
                let key = TrialKey(row.trial)
                if let count = have[key], count > 0 {
                    have[key] = count - 1
                    duplicates.append(row.number)
                } else {
                    fresh.append(row)
                }
            }
            return fresh
        }

        /// `expected one of maya-t's goals (s-initial, two-step), found "s-inital"; did you mean "s-initial"?`
        func goalProblem(_ goal: String, of record: ClientRecord) -> String {
            let names = record.goals.map(\.short)
            if names.isEmpty {
                return "expected a goal of \(record.short), found \(TrialCSV.found(goal)): \(record.short) has no goals yet; add them with 'afterflow goal add \(record.short)' first"
            }
            let listed = names.count <= 12 ? " (\(names.joined(separator: ", ")))" : ""
            var message = "expected one of \(record.short)'s goals\(listed), found \(TrialCSV.found(goal))"
            let others = (goalOwners[goal.lowercased()] ?? []).filter { $0 != record.short }
            if let other = others.first {
                message += ", which is a goal of \(other)" + (others.count > 1 ? " and \(others.count - 1) other client\(others.count == 2 ? "" : "s")" : "")
            } else {
                message += Suggestion.clause(for: goal, among: names)
            }
            return message
        }

        /// Where `placement` puts a new file, `stem.md` or `stem-2.md`… (`FreeName`) when the vault
        /// or the plan has it.
        mutating func freePath(for placement: DocumentStore.Placement) -> String {
            let taken = self.taken
            let candidate = FreeName.first(placement.path(attempt:)) { taken.contains($0) } ?? placement.path(attempt: 1)
            self.taken.insert(candidate)
            return candidate
        }
    }

    /// What makes two trials the same for an import: time, goal (without case), result, cue and note.
    struct TrialKey: Hashable {
        var time: Int
        var goal: String
        var success: Bool
        var cue: String
        var note: String

        init(_ trial: Trial) {
            time = trial.time.secondsOfDay
            goal = trial.goal.lowercased()
            success = trial.success
            cue = trial.cue.lowercased()
            note = trial.note
        }
    }
}

extension BehaviourEvent {
    /// The event without the line it was read from.
    var withoutLine: BehaviourEvent {
        var copy = self
        copy.line = nil
        return copy
    }
}

extension Trial {
    /// The trial without the line it was read from.
    var withoutLine: Trial {
        var copy = self
        copy.line = nil
        return copy
    }
}
