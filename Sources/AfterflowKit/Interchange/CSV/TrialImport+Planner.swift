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

        /// Adds to `plan` what one group of rows makes: a new session, trials for an existing one,
        /// duplicates, or problems.
        mutating func plan(_ group: TrialCSV.Group, into plan: inout Plan, newID: () -> UUID) {
            func reject(_ rows: [TrialCSV.Row], _ column: String, _ message: String) {
                for row in rows { plan.problems.append(TrialCSV.Problem(row: row.number, column: column, message: message)) }
            }
            guard let record = clients[group.client.lowercased()] else {
                reject(group.rows, "client", shorts.isEmpty
                    ? "expected a client of the vault, found \(TrialCSV.found(group.client)): the vault has no clients yet; add them with 'afterflow client add' first"
                    : "expected a client of the vault, found \(TrialCSV.found(group.client))" + Suggestion.clause(for: group.client, among: shorts))
                return
            }
            let day = group.date.dayString
            var target: (id: UUID, record: TrialSessionRecord)?
            if let id = group.sessionID, let existing = sessions[id] {
                let name = "session \(id.uuidString.uppercased()) (\(existing.record.path))"
                if existing.client != record.short {
                    reject(group.rows, "session_id", "expected a session of \(record.short), found \(name), which is \(existing.client)'s")
                    return
                }
                let existingDay = existing.record.session.date?.dayString ?? ""
                if existingDay != day {
                    reject(group.rows, "date", "expected \(existingDay.isEmpty ? "the day" : existingDay + ", the day") of \(name), found \(TrialCSV.found(day))")
                    return
                }
                target = (id, existing.record)
            }

            let good = goodRows(group, of: record, problems: &plan.problems)
            let known: [Trial]
            if let target {
                known = target.record.session.trials
            } else if group.sessionID == nil {
                known = record.sessions.filter { $0.session.date?.dayString == day }.flatMap(\.session.trials)
            } else {
                known = []
            }
            let fresh = TrialImport.Planner.freshRows(good, known: known, duplicates: &plan.duplicateRows)
            guard let first = fresh.first else { return }
            let trials = fresh.map(\.trial)
            let rows = fresh.map(\.number)

            if let target {
                plan.appends.append(Append(path: target.record.path, sessionID: target.id, client: record.short, trials: trials, rows: rows))
                return
            }
            guard let clientID = record.client.id else {
                reject(fresh, "client", "expected \(record.folder)/client.md to have an id, which a trial session names its client by; "
                       + "run 'afterflow fmt \(record.folder)/client.md' to give it one")
                return
            }
            let start = LocalDate(year: group.date.year, month: group.date.month, day: group.date.day,
                                  time: LocalDate.Time(hour: first.trial.time.hour, minute: first.trial.time.minute, second: 0)).resolved(in: timeZone)
            let id = group.sessionID ?? newID()
            let text = TrialSessionWriter.newDocument(id: id, clientID: clientID, date: start, end: nil, location: nil, observer: nil,
                                                      recordedOn: .import, trials: trials, created: LocalDate(now, in: timeZone), timeZone: timeZone)
            let back = TrialSession(document: Document(bytes: Array(text.utf8)))
            guard back.diagnostics.allSatisfy({ $0.severity != .error }), back.trials.map(\.withoutLine) == trials else {
                reject(fresh, "note", "expected trials that a new session file reads back the same; check the notes for characters a trial line cannot hold")
                return
            }
            let path = freePath(for: .trialSession(clientFolder: record.folder, date: start))
            plan.creates.append(Create(path: path, text: text, sessionID: id, client: record.short, trials: trials, rows: rows))
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

extension Trial {
    /// The trial without the line it was read from.
    var withoutLine: Trial {
        var copy = self
        copy.line = nil
        return copy
    }
}
