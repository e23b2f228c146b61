import Foundation

/// Changes a goal file key by key, touching only the lines of the keys it changes, and checks the
/// values of a new goal: what `goal add`, `goal set` and `goal phase` do to a goal, for every front end.
public struct GoalEditor: Sendable {
    /// The vault's cue levels and goal categories, its time zone, and the moment words such as
    /// `today` are read at.
    public let cues: CueLevels
    public let categories: [String]
    public let timeZone: TimeZone
    public let now: Date

    public init(cues: CueLevels, categories: [String], timeZone: TimeZone, now: Date) {
        self.cues = cues
        self.categories = categories
        self.timeZone = timeZone
        self.now = now
    }

    /// Why a change cannot be made; `message` is one sentence for the user.
    public enum Rejection: Error, Sendable, Equatable, CustomStringConvertible {
        /// A value or key that cannot be written.
        case invalid(String)
        /// `phase` given to `set`: the phase changes with its own command, keeping its day.
        case phaseKey
        /// A phase change dated before the goal's last one.
        case beforeLastChange(day: LocalDate, last: PhaseChange)

        public var description: String {
            switch self {
            case .invalid(let message): return message
            case .phaseKey: return "the phase changes with its own command, which keeps each change with its day"
            case .beforeLastChange(let day, let last):
                return "\(day.dayString) is before the goal's last change (\(last.text)); phases are kept in the order they happened"
            }
        }
    }

    /// The change of one key: its rendered YAML lines, nil to remove the key.
    public struct Change: Sendable, Equatable {
        public var key: String
        public var lines: [String]?

        public init(key: String, lines: [String]?) {
            self.key = key
            self.lines = lines
        }

        /// `min_trials: 10`, or `cue removed`.
        public var summary: String { lines?.first ?? "\(key) removed" }
    }

    /// The keys `set` changes; the phase has its own change (`phasing`).
    public static let settable = ["title", "category", "cue", "mastery", "min_trials", "counts_correct", "started", "target_date", "trend",
                                  "measure", "method", "interval", "steps", "chaining",
                                  "first_trial_independent", "cold_probe", "min_observers", "maintenance"]

    /// `key=value` assignments as changes, each value checked and rendered in canonical form; an
    /// empty value removes the key (its default applies). The first bad one stops it.
    public func changes(_ assignments: [String]) throws(Rejection) -> [Change] {
        var changes: [Change] = []
        for assignment in assignments {
            guard let eq = assignment.firstIndex(of: "=") else {
                throw .invalid("expected key=value, found \"\(assignment)\"; keys: \(Self.settable.joined(separator: ", "))")
            }
            let key = assignment[..<eq].trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: "_")
            let value = assignment[assignment.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard Self.settable.contains(key) else {
                if key == "phase" || key == "phases" { throw .phaseKey }
                throw .invalid("\(key) is not a goal key that can be set; keys: \(Self.settable.joined(separator: ", "))")
            }
            if let problem = FieldText.problem(field: key, text: value, multiline: false) { throw .invalid(problem) }
            if value.isEmpty {
                guard key != "title" else { throw .invalid("title cannot be empty") }
                changes.append(Change(key: key, lines: nil))
                continue
            }
            changes.append(Change(key: key, lines: ["\(key): \(try rendered(key, value))"]))
        }
        return changes
    }

    /// `value` of `key` (not empty) in canonical YAML.
    private func rendered(_ key: String, _ value: String) throws(Rejection) -> String {
        switch key {
        case "category":
            guard let c = categories.first(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) else {
                throw .invalid("category must be one of \(categories.joined(separator: ", ")), found \"\(value)\"")
            }
            return YAMLWriter.scalar(c)
        case "cue":
            guard let level = cues.level(value) else { throw .invalid("cue must be one of \(cues.expectedList), found \"\(value)\"") }
            return level
        case "mastery":
            guard let m = MasteryCriterion.parse(value) else { throw .invalid("mastery must be a criterion like \"80% x 3\", found \"\(value)\"") }
            return YAMLWriter.scalar(m.text)
        case "min_trials":
            guard let n = Int(value), n >= 1 else { throw .invalid("min_trials must be a whole number of 1 or more, found \"\(value)\"") }
            return String(n)
        case "counts_correct":
            return YAMLWriter.flowList(try levels(value, label: "counts_correct"))
        case "first_trial_independent", "cold_probe":
            guard let flag = ["true": true, "yes": true, "false": false, "no": false][value.lowercased()] else {
                throw .invalid("\(key) must be true or false, found \"\(value)\"")
            }
            return flag ? "true" : "false"
        case "min_observers":
            guard let n = Int(value), (1...100).contains(n) else { throw .invalid("min_observers must be a whole number from 1 to 100, found \"\(value)\"") }
            return String(n)
        case "maintenance":
            guard let schedule = MaintenanceSchedule.parse(value) else { throw .invalid("maintenance must be \(MaintenanceSchedule.expected), found \"\(value)\"") }
            return YAMLWriter.scalar(schedule.text)
        case "started", "target_date":
            return try day(value, label: key).dayString
        case "trend":
            guard let method = TrendMethod(parsing: value) else { throw .invalid("trend must be \(TrendMethod.expectedList), found \"\(value)\"") }
            return method.rawValue
        case "measure", "method", "chaining":
            let names = key == "measure" ? GoalMeasure.allCases.map(\.rawValue)
                : key == "method" ? IntervalMethod.allCases.map(\.rawValue) : Chaining.allCases.map(\.rawValue)
            guard let name = names.first(where: { $0 == value.lowercased() }) else {
                throw .invalid("\(key) must be one of \(names.joined(separator: ", ")), found \"\(value)\"")
            }
            return name
        case "interval":
            guard let seconds = IntervalLength.seconds(value) else { throw .invalid("interval must be a length like 10s, 15s or 1m, found \"\(value)\"") }
            return IntervalLength.text(seconds)
        case "steps":
            let steps = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !steps.contains(where: \.isEmpty) else { throw .invalid("steps must be the task's steps in order, separated by commas, like \"wet hands, soap, rinse, dry\"") }
            return YAMLWriter.flowList(steps)
        default:
            return YAMLWriter.scalar(value)
        }
    }

    /// The changes that move `goal` to `phase` on `day`: `phase` set, and the change added to
    /// `phases` (with the phase it had since `started` first, when the list is empty), written
    /// as the list is written now (a block list keeps its indentation).
    public func phasing(_ goal: Goal, to phase: GoalPhase, on day: LocalDate) throws(Rejection) -> [Change] {
        if let last = goal.phases.last, day.dayString < last.day.dayString {
            throw .beforeLastChange(day: day, last: last)
        }
        var phases = goal.phases
        if phases.isEmpty, let started = goal.started, started.dayString < day.dayString {
            phases.append(PhaseChange(phase: goal.currentPhase, day: started))
        }
        phases.append(PhaseChange(phase: phase, day: day))
        let document = goal.document
        let blockIndent = document.frontMatter?.entry("phases").flatMap { entry -> String? in
            if case .list(_, flow: false) = entry.value, let line = entry.lines.dropFirst().first {
                return String(document.text(ofLine: line).prefix { $0 == " " })
            }
            return nil
        }
        let phasesLines: [String]
        if let blockIndent {
            phasesLines = ["phases:"] + phases.map { "\(blockIndent)- \($0.text)" }
        } else {
            phasesLines = ["phases: \(YAMLWriter.flowList(phases.map(\.text)))"]
        }
        return [Change(key: "phase", lines: ["phase: \(phase.rawValue)"]), Change(key: "phases", lines: phasesLines)]
    }

    /// `document` with `changes` made in the goal's key order, and `updated` set to now when
    /// anything changed; every other line as it was.
    public func applying(_ changes: [Change], to document: Document) -> Document {
        var edited = document
        for change in changes { edited = edited.settingFrontMatter(change.key, to: change.lines, order: Goal.keys) }
        guard edited.bytes != document.bytes else { return edited }
        let stamp = LocalDate(now, in: timeZone).canonical(in: timeZone)
        return edited.settingFrontMatter("updated", to: ["updated: \(stamp)"], order: Goal.keys)
    }

    /// What a new goal is given, as typed; nil takes the default the goal file documents.
    public struct NewGoal: Sendable {
        public var title: String
        public var category: String?
        public var cue: String?
        public var mastery: String?
        public var minTrials: Int?
        public var countsCorrect: String?
        public var phase = "active"
        public var started: String?
        public var definition: String?

        public init(title: String) {
            self.title = title
        }
    }

    /// The values of a new goal of `client`, each checked; `label` names a field as the front end
    /// asks for it (`min_trials` is `--min-trials` on the command line). Started today by default.
    public func values(_ new: NewGoal, client: UUID, label: (String) -> String) throws(Rejection) -> GoalValues {
        if let problem = FieldText.problem(field: "the title", text: new.title, multiline: false) { throw .invalid(problem) }
        let title = new.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw .invalid("the title is empty; say what the goal is") }
        let today = LocalDate(now, in: timeZone)
        var values = GoalValues(client: client, title: title, started: LocalDate(year: today.year, month: today.month, day: today.day),
                                created: today)
        if let category = new.category {
            guard let found = categories.first(where: { $0.caseInsensitiveCompare(category) == .orderedSame }) else {
                throw .invalid("\(label("category")) must be one of \(categories.joined(separator: ", ")), found \"\(category)\"")
            }
            values.category = found
        }
        if let cue = new.cue {
            guard let level = cues.level(cue) else { throw .invalid("\(label("cue")) must be one of \(cues.expectedList), found \"\(cue)\"") }
            values.cue = level
        }
        if let mastery = new.mastery {
            guard let criterion = MasteryCriterion.parse(mastery) else {
                throw .invalid("\(label("mastery")) must be a criterion like \"80% x 3\" (80 % or more in 3 consecutive sessions), found \"\(mastery)\"")
            }
            values.mastery = criterion
        }
        if let minTrials = new.minTrials {
            guard minTrials >= 1 else { throw .invalid("\(label("min_trials")) must be at least 1") }
            values.minTrials = minTrials
        }
        if let countsCorrect = new.countsCorrect { values.countsCorrect = try levels(countsCorrect, label: label("counts_correct")) }
        guard let phase = GoalPhase(parsing: new.phase) else {
            throw .invalid("\(label("phase")) must be one of \(GoalPhase.expectedList), found \"\(new.phase)\""
                           + Suggestion.clause(for: new.phase, among: GoalPhase.allCases.map(\.rawValue)))
        }
        values.phase = phase
        if let started = new.started { values.started = try day(started, label: label("started")) }
        if let definition = new.definition {
            if let problem = FieldText.problem(field: "the definition", text: definition, multiline: true) { throw .invalid(problem) }
            values.definition = FieldText.normalizingLineBreaks(definition)
        }
        return values
    }

    /// A day typed by the user (`2025-01-14`, `today`, `yesterday`), read at `now`.
    public func day(_ text: String, label: String) throws(Rejection) -> LocalDate {
        guard let parsed = LocalDate.parse(typed: text, now: now, timeZone: timeZone) else {
            throw .invalid("\(label) must be a day like 2025-01-14, found \"\(text)\"")
        }
        if let problem = parsed.yearProblem { throw .invalid("\(label): \(problem)") }
        return LocalDate(year: parsed.year, month: parsed.month, day: parsed.day)
    }

    /// Comma-separated cue levels, each one of the vault's.
    func levels(_ text: String, label: String) throws(Rejection) -> [String] {
        var levels: [String] = []
        for word in text.split(separator: ",") {
            guard let level = cues.level(String(word)) else {
                throw .invalid("\(label): \"\(String(word))\" is not a cue level; the levels are \(cues.expectedList)")
            }
            levels.append(level)
        }
        return levels
    }
}

extension GoalEditor {
    /// The goal in `entry`, when it can be edited: a goal file without errors. Otherwise the
    /// refusal, which says how to see the errors.
    public static func editable(_ entry: VaultEntry) throws(VaultError) -> Goal {
        guard case .goal(let goal) = entry.content, !entry.diagnostics.contains(where: { $0.severity == .error }) else {
            throw VaultError(.invalid, "\(entry.path) has errors; fix them first ('afterflow check \(entry.path)' shows them)")
        }
        return goal
    }
}
