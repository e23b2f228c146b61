import Foundation

/// A client's goal (a target, `type: goal`): `clients/maya-t/goals/s-initial.md`. The file's name
/// is the goal's short name, used in trial lines and on the command line. The body holds the
/// operational definition (what counts as a correct response), materials and notes.
///
/// Whether `category` and the cue levels are ones the vault knows is checked with the vault's
/// settings by `PracticeCheck`.
public struct Goal: Sendable {
    public let document: Document
    public var id: UUID?
    /// The client's id.
    public var client: UUID?
    public var title: String?
    public var category: String?
    /// The default cue level, as written (lower case in canonical files).
    public var cue: String?
    public var mastery: MasteryCriterion?
    /// The fewest trials for a session's percentage to count.
    public var minTrials: Int?
    /// Whether a session fails the mastery check when its first trial is not an independent
    /// success (`first_trial_independent: true`).
    public var firstTrialIndependent = false
    /// Whether only each session's first trial counts towards mastery (`cold_probe: true`).
    public var coldProbe = false
    /// The fewest different observers the run that meets the criterion spans (`min_observers`).
    public var minObservers: Int?
    /// When the goal is checked once in maintenance (`maintenance: weekly x 2, monthly x 2`).
    public var maintenance: MaintenanceSchedule?
    /// The cue levels at which a success scores as correct; nil means every level.
    public var countsCorrect: [String]?
    public var phase: GoalPhase?
    public var phases: [PhaseChange] = []
    public var started: LocalDate?
    /// What the goal records (`measure:`); `trials` when the file does not say.
    public var measure: GoalMeasure = .trials
    /// How intervals are scored (`method:`), for `measure: interval`.
    public var method: IntervalMethod?
    /// The length of each interval in seconds (`interval: 10s`), for `measure: interval`.
    public var intervalSeconds: Int?
    /// The task analysis, in order (`steps:`), for `measure: task`; step 1 is the first.
    public var steps: [String] = []
    /// How the task is taught (`chaining:`), for `measure: task`.
    public var chaining: Chaining?
    /// The day the criterion is to be reached by (`target_date`): the end of the chart's aim line.
    public var targetDate: LocalDate?
    /// How the chart fits its trend lines (`trend`); nil means split-middle.
    public var trend: TrendMethod?
    public var created: LocalDate?
    public var updated: LocalDate?
    /// The body: definition, materials and notes, without the title heading's line.
    public var description = ""
    public var diagnostics: [Diagnostic] = []

    public static let defaultMinTrials = 5
    public static let keys = ["type", "id", "client", "title", "category", "cue", "mastery", "min_trials",
                              "first_trial_independent", "cold_probe", "min_observers", "counts_correct", "maintenance", "phase", "phases", "measure", "method", "interval", "steps", "chaining",
                              "started", "target_date", "trend", "created", "updated"]

    /// The categories every vault knows; a vault's settings may add its own.
    public static let standardCategories = ["communication", "social", "articulation", "language", "fluency", "behavior", "motor", "other"]

    public var effectiveMinTrials: Int { minTrials ?? Goal.defaultMinTrials }
    public var effectiveMastery: MasteryCriterion { mastery ?? .standard }
    /// The phase the file states, else the last of `phases`, else active.
    public var currentPhase: GoalPhase { phase ?? phases.last?.phase ?? .active }

    public init(document: Document) {
        self.document = document
        var reader = FrontMatterReader(document: document)
        var sawTitle = false, sawClient = false, sawID = false
        if let frontMatter = document.frontMatter {
            for entry in frontMatter.entries {
                switch entry.key {
                case "id":
                    sawID = true
                    id = reader.documentID(entry)
                case "client":
                    sawClient = true
                    if reader.required(entry, example: "the client's id (the id in their client.md)") != nil { client = reader.uuid(entry) }
                case "title":
                    sawTitle = true
                    if reader.required(entry, example: "what the goal is, like 'Produce /s/ in word-initial position'") != nil { title = reader.text(entry) }
                case "category": category = reader.text(entry)?.trimmingASCIIWhitespace().lowercased()
                case "cue": cue = reader.text(entry)?.trimmingASCIIWhitespace().lowercased()
                case "mastery":
                    guard let s = reader.scalar(entry) else { continue }
                    if let value = MasteryCriterion.parse(s.text) {
                        mastery = value
                    } else {
                        reader.error("mastery must be a criterion like '80% x 3' (at least 80 % correct in 3 consecutive sessions), found \(quoted(s.text))", at: s.location)
                    }
                case "min_trials": minTrials = reader.integer(entry, in: 1...10_000)
                case "first_trial_independent", "cold_probe", "min_observers", "maintenance": readMasteryOption(entry, &reader)
                case "counts_correct":
                    let items = reader.list(entry)
                    if !items.isEmpty { countsCorrect = items.map { $0.text.trimmingASCIIWhitespace().lowercased() } }
                case "phase":
                    guard let s = reader.scalar(entry) else { continue }
                    if let value = GoalPhase(parsing: s.text) {
                        phase = value
                    } else {
                        reader.error("phase must be one of \(GoalPhase.expectedList), found \(quoted(s.text))", at: s.location)
                    }
                case "phases": readPhases(entry, &reader)
                case "started": started = reader.day(entry)
                case "measure", "method", "interval", "steps", "chaining": readMeasure(entry, &reader)
                case "target_date": targetDate = reader.day(entry)
                case "trend": readTrend(entry, &reader)
                case "created": created = reader.date(entry)
                case "updated": updated = reader.date(entry)
                default: continue
                }
            }
            let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
            if !sawTitle { reader.error("title is missing; add a line like 'title: Produce /s/ in word-initial position'", at: top) }
            if !sawClient { reader.error("client is missing; add the client's id, as in their client.md", at: top) }
            if !sawID { reader.warning("id is missing; 'afterflow fmt' adds one", at: top) }
            measureKeyProblems(frontMatter, top: top, &reader)
            if let phase, let last = phases.last, last.phase != phase, let entry = frontMatter.entry("phase"), let s = entry.value.scalar {
                reader.warning("phase says \(phase.rawValue) but the last of phases is \(last.text); 'afterflow goal phase' keeps both in step", at: s.location)
            }
        } else if document.diagnostics.isEmpty {
            reader.error("expected front matter: the file must start with a line '---'", at: SourceLocation(line: 1, column: 1))
        }
        diagnostics = document.diagnostics + reader.diagnostics
        let bodyStart = document.frontMatter.map { $0.closingLine + 1 } ?? 0
        description = Goal.body(of: document, from: bodyStart)
        if let warning = document.unclosedFenceWarning { diagnostics.append(warning) }
        diagnostics += document.controlCharacterErrors(sections: [("description", bodyStart..<document.lines.count)])
        diagnostics.sort { $0.location < $1.location }
    }

    /// `phases`: each change of phase with its day, in the order they happened.
    private mutating func readPhases(_ entry: FrontMatterEntry, _ reader: inout FrontMatterReader) {
        var last: LocalDate?
        for item in reader.list(entry) {
            guard let change = PhaseChange.parse(item.text) else {
                reader.error("each of phases must be a phase and its day, like 'active 2025-01-21', found \(quoted(item.text))", at: item.location)
                continue
            }
            if let last, change.day.dayString < last.dayString {
                reader.error("phases must be in the order they happened: \(change.day.dayString) comes after \(last.dayString)", at: item.location)
            }
            last = change.day
            phases.append(change)
        }
    }

    /// One of the mastery options and the maintenance schedule.
    private mutating func readMasteryOption(_ entry: FrontMatterEntry, _ reader: inout FrontMatterReader) {
        switch entry.key {
        case "first_trial_independent": firstTrialIndependent = reader.flag(entry) ?? false
        case "cold_probe": coldProbe = reader.flag(entry) ?? false
        case "min_observers": minObservers = reader.integer(entry, in: 1...100)
        default:
            guard let s = reader.scalar(entry) else { return }
            if let value = MaintenanceSchedule.parse(s.text) {
                maintenance = value
            } else {
                reader.error("maintenance must be \(MaintenanceSchedule.expected), found \(quoted(s.text))", at: s.location)
            }
        }
    }

    /// `trend`: how the chart fits its trend lines.
    private mutating func readTrend(_ entry: FrontMatterEntry, _ reader: inout FrontMatterReader) {
        guard let s = reader.scalar(entry) else { return }
        if let value = TrendMethod(parsing: s.text) {
            trend = value
        } else {
            reader.error("trend must be \(TrendMethod.expectedList), found \(quoted(s.text))", at: s.location)
        }
    }

    /// One of the keys of the goal's measure.
    private mutating func readMeasure(_ entry: FrontMatterEntry, _ reader: inout FrontMatterReader) {
        switch entry.key {
        case "measure":
            if let name = reader.name(entry, from: GoalMeasure.allCases.map(\.rawValue)) { measure = GoalMeasure(rawValue: name) ?? .trials }
        case "method":
            if let name = reader.name(entry, from: IntervalMethod.allCases.map(\.rawValue)) { method = IntervalMethod(rawValue: name) }
        case "chaining":
            if let name = reader.name(entry, from: Chaining.allCases.map(\.rawValue)) { chaining = Chaining(rawValue: name) }
        case "interval":
            guard let s = reader.scalar(entry) else { return }
            if let seconds = IntervalLength.seconds(s.text) {
                intervalSeconds = seconds
            } else {
                reader.error("interval must be a length like 10s, 15s or 1m, found \(quoted(s.text))", at: s.location)
            }
        default:
            for item in reader.list(entry) {
                let text = item.text.trimmingASCIIWhitespace()
                if text.isEmpty {
                    reader.error("each of steps must say what the learner does, like 'wet hands', found an empty one", at: item.location)
                }
                steps.append(text)
            }
        }
    }

    /// The keys the goal's measure needs and lacks (errors at the front matter's top), and the
    /// keys of another measure (warnings: they are not read).
    private func measureKeyProblems(_ frontMatter: FrontMatter, top: SourceLocation, _ reader: inout FrontMatterReader) {
        for key in measure.requiredKeys where frontMatter.entry(key) == nil {
            reader.error("\(key) is missing: a goal with measure: \(measure.rawValue) needs it; add a line like '\(GoalMeasure.example(of: key))'", at: top)
        }
        if measure == .task, frontMatter.entry("steps") != nil, steps.isEmpty, let entry = frontMatter.entry("steps") {
            reader.error("steps must list the task's steps in order, like [wet hands, soap, rinse, dry], found none", at: entry.valueLocation)
        }
        for key in GoalMeasure.measureKeys where !measure.requiredKeys.contains(key) {
            guard let entry = frontMatter.entry(key) else { continue }
            let owner = GoalMeasure.allCases.first { $0.requiredKeys.contains(key) }?.rawValue ?? "another measure"
            reader.warning("\(key) is read only for measure: \(owner), and this goal's measure is \(measure.rawValue); set measure: \(owner) or remove \(key)", at: entry.keyLocation)
        }
    }

    /// Whether a success at `cue` scores as correct for this goal.
    public func countsAsCorrect(_ cue: String) -> Bool {
        guard let countsCorrect else { return true }
        return countsCorrect.contains(cue.lowercased())
    }

    /// The phase in force on `day`: the last change on or before it (the first change's phase
    /// before any), or the stated phase when there are no dated changes.
    public func phase(on day: LocalDate) -> GoalPhase {
        guard let first = phases.first else { return currentPhase }
        var current = first.phase
        for change in phases where change.day.dayString <= day.dayString { current = change.phase }
        return current
    }

    /// The body's text after the front matter, without a leading `# ` title line, trimmed.
    static func body(of document: Document, from start: Int) -> String {
        var first = start
        while first < document.lines.count, document.text(ofLine: first).allSatisfy({ $0 == " " || $0 == "\t" }) { first += 1 }
        if first < document.lines.count, let title = document.title, title.line == first { first += 1 }
        guard first < document.lines.count else { return "" }
        return document.text(of: Document.Section(heading: Document.Heading(level: 2, title: "", line: first - 1), content: first..<document.lines.count))
    }
}
