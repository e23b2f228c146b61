import AfterflowKit
import Foundation

/// Writes a therapist's practice: by default 40 clients with 3 to 6 goals each and two years of
/// weekly trial sessions of 20 to 80 trials, in the vault layout (`clients/<short>/client.md`,
/// `goals/<goal>.md`, `sessions/YYYY/YYYY-MM-DD-HHMM.md`). Skill rises over the weeks and cues
/// fade, goals move from baseline to active and some to mastered, a few sessions are cancelled,
/// and some trials and sessions carry notes. The same seed always gives the same files.
struct PracticeGenerator {
    var rng: SplitMix64
    let zone = TimeZone(identifier: "America/Los_Angeles")!

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    /// What was written.
    struct Summary {
        var clients = 0
        var goals = 0
        var sessions = 0
        var trials = 0
    }

    /// A goal as generated: its template and how the client's skill on it grows.
    struct PlannedGoal {
        var short: String
        var title: String
        var category: String
        var definition: String
        var start: Double
        var ceiling: Double
        /// Weeks to reach about two thirds of the way from `start` to `ceiling`.
        var pace: Double
        var mastery: String
        var minTrials: Int
        /// The week it was mastered, if it is.
        var masteredWeek: Int?
    }

    /// Monday 2023-01-02, midnight UTC.
    static let firstMonday = 1_672_617_600

    mutating func generate(into directory: String, clients: Int = 40, weeks: Int = 104) throws -> Summary {
        _ = try VaultInitializer.initialize(at: directory, timeZone: zone)
        var summary = Summary()
        var shorts = Set<String>()
        for c in 0..<clients {
            let first = Self.firstNames[c % Self.firstNames.count]
            let last = Self.lastNames[pick(Self.lastNames.count)]
            var short = Client.defaultShortName(for: "\(first) \(last)")
            if c >= Self.firstNames.count || shorts.contains(short) { short += "\(c)" }
            shorts.insert(short)
            let folder = "\(directory)/clients/\(short)"
            let clientID = UUID(uuid: uuidBytes())
            let born = day(Self.firstMonday / 86_400 - 365 * (4 + pick(10)) - pick(365))
            let created = at(day(Self.firstMonday / 86_400 - 7), hour: 9, minute: 0)
            try write("\(folder)/client.md", """
                ---
                type: client
                id: \(clientID.uuidString)
                name: \(YAMLWriter.scalar("\(first) \(last)"))
                born: \(born.dayString)
                created: \(created.canonical(in: zone))
                updated: \(created.canonical(in: zone))
                ---

                ## Notes

                Referred by \(["the school team", "their paediatrician", "their parents", "an earlier clinic"][pick(4)]).

                """)
            summary.clients += 1

            // The client's slot: a weekday and a time, kept all along.
            let weekday = c % 5
            let hour = 8 + (c / 5) % 9
            let minute = [0, 30][c % 2]
            var goals: [PlannedGoal] = []
            var templates = Self.goalTemplates
            for _ in 0..<(3 + pick(4)) {
                let t = templates.remove(at: pick(templates.count))
                let start = 0.15 + Double(pick(30)) / 100
                let ceiling = 0.75 + Double(pick(23)) / 100
                let strict = chance(0.3)
                let mastered = chance(0.4) ? 40 + pick(max(1, weeks - 40)) : nil
                goals.append(PlannedGoal(short: t.0, title: t.1, category: t.2, definition: t.3, start: start, ceiling: ceiling,
                                         pace: Double(10 + pick(40)), mastery: strict ? "90% x 2" : "80% x 3", minTrials: strict ? 10 : 5,
                                         masteredWeek: mastered.map { min($0, weeks - 1) }))
            }
            let firstDay = Self.firstMonday / 86_400 + weekday
            for goal in goals {
                try writeGoal(goal, folder: folder, clientID: clientID, firstDay: firstDay, created: created)
                summary.goals += 1
            }

            for week in 0..<weeks {
                if chance(0.05) { continue }  // cancelled
                let date = at(day(firstDay + week * 7), hour: hour, minute: minute)
                let (text, trials) = session(date: date, week: week, clientID: clientID, goals: goals)
                let name = String(format: "%@-%02d%02d", date.dayString, hour, minute)
                try write("\(folder)/sessions/\(date.year)/\(name).md", text)
                summary.sessions += 1
                summary.trials += trials
            }
        }
        return summary
    }

    mutating func writeGoal(_ goal: PlannedGoal, folder: String, clientID: UUID, firstDay: Int, created: LocalDate) throws {
        let baseline = day(firstDay)
        let active = day(firstDay + 14)
        var phases = ["baseline \(baseline.dayString)", "active \(active.dayString)"]
        var phase = "active"
        if let week = goal.masteredWeek {
            phases.append("mastered \(day(firstDay + week * 7 + 1).dayString)")
            phase = "mastered"
        }
        let quotedTitle = YAMLWriter.scalar(goal.title)
        try write("\(folder)/goals/\(goal.short).md", """
            ---
            type: goal
            id: \(UUID(uuid: uuidBytes()).uuidString)
            client: \(clientID.uuidString)
            title: \(quotedTitle)
            category: \(goal.category)
            cue: \(chance(0.7) ? "independent" : "minimal")
            mastery: \(YAMLWriter.scalar(goal.mastery))
            min_trials: \(goal.minTrials)
            phase: \(phase)
            phases: \(YAMLWriter.flowList(phases))
            started: \(baseline.dayString)
            created: \(created.canonical(in: zone))
            updated: \(created.canonical(in: zone))
            ---

            ## Definition

            \(goal.definition)

            ## Materials

            \(["Picture cards", "Board game and timer", "Storybook and question cards", "Worksheet and pencil"][pick(4)]).

            ## Notes

            """)
    }

    /// One week's session: its file's text and how many trials it holds.
    mutating func session(date: LocalDate, week: Int, clientID: UUID, goals: [PlannedGoal]) -> (String, Int) {
        let count = 20 + pick(61)
        var seconds = (date.time?.hour ?? 0) * 3600 + (date.time?.minute ?? 0) * 60 + 60 + pick(120)
        let working = goals.filter { $0.masteredWeek.map { week < $0 + 4 } ?? true }
        let pool = working.isEmpty ? goals : working
        var trials: [Trial] = []
        for _ in 0..<count {
            let goal = pool[pick(pool.count)]
            let skill = goal.start + (goal.ceiling - goal.start) * (1 - exp(-Double(max(0, week - 2)) / goal.pace))
            let success = Double(pick(1000)) / 1000 < skill
            // Support fades as skill grows: the lower the skill, the more cueing.
            let roll = Double(pick(1000)) / 1000
            let level = roll < skill ? 0 : roll < skill + (1 - skill) * 0.5 ? 1 : roll < skill + (1 - skill) * 0.8 ? 2 : 3
            let note = chance(0.05) ? Self.trialNotes[pick(Self.trialNotes.count)] : ""
            trials.append(Trial(time: TimeOfDay(hour: seconds / 3600, minute: seconds % 3600 / 60, second: seconds % 60),
                                goal: goal.short, success: success, cue: CueLevels.standard.names[level], note: note))
            seconds += 8 + pick(38)
        }
        let endSeconds = seconds + 60 + pick(240)
        let end = at(date, hour: endSeconds / 3600, minute: endSeconds % 3600 / 60)
        var text = TrialSessionWriter.newDocument(
            id: UUID(uuid: uuidBytes()), clientID: clientID, date: date, end: end,
            location: ["Clinic room 2", "School", "Telehealth", "Home"][pick(4)], observer: ["JS", "AM", "KL"][pick(3)],
            recordedOn: chance(0.7) ? .terminal : .phone, trials: trials, created: end, timeZone: zone,
            billing: Self.billing(week: week, goals: goals.count))
        if chance(0.3) {
            text = text.replacingOccurrences(of: "## Notes\n\n", with: "## Notes\n\n" + Self.sessionNotes[pick(Self.sessionNotes.count)] + "\n\n")
        }
        return (text, count)
    }

    /// What a week's session bills, for `units`: from the week and the client's number of goals,
    /// without drawing from the random stream (so the rest of the practice is what it was).
    /// Every fifth week names no service, as a session a clinician forgot to code.
    static func billing(week: Int, goals: Int) -> SessionBilling {
        let places = [PlaceOfService(parsing: "11 Office"), PlaceOfService(parsing: "03 School"), PlaceOfService(parsing: "12 Home")]
        return SessionBilling(service: week % 5 == 4 ? nil : (goals % 2 == 0 ? "92507" : ["97153", "97155"][week % 2]),
                              place: places[week % 3], participants: ["client", "parent"], provider: "J. Doe, CCC-SLP")
    }

    // MARK: - Dates

    /// The calendar day `days` days after 1970-01-01.
    func day(_ days: Int) -> LocalDate {
        let noon = LocalDate(Date(timeIntervalSince1970: TimeInterval(days * 86_400 + 43_200)), in: TimeZone(identifier: "UTC")!)
        return LocalDate(year: noon.year, month: noon.month, day: noon.day)
    }

    /// `day` at a wall-clock time in the vault's time zone, with its offset.
    func at(_ day: LocalDate, hour: Int, minute: Int) -> LocalDate {
        // LocalDate.Time has no public initializer; the text form is the public way in.
        let text = String(format: "%@T%02d:%02d:00", day.dayString, hour, minute)
        return (LocalDate.parse(text) ?? day).resolved(in: zone)
    }

    func write(_ path: String, _ text: String) throws {
        try FileIO.createDirectories((path as NSString).deletingLastPathComponent)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    // MARK: - Randomness

    mutating func uuidBytes() -> uuid_t {
        var b = (0..<16).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
    }

    mutating func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { Double(rng.next() % 1_000_000) / 1_000_000 < p }

    // MARK: - Words

    static let firstNames = """
        Maya Liam Ava Noah Zoe Ethan Mia Lucas Aria Mason Lily Owen Chloe Elijah Nora Caleb Ella Isaac Hazel Leo \
        Ruby Jonah Iris Miles Stella Felix Violet Theo Alice Ezra Clara Hugo Daisy Jasper Sadie Arlo Ivy Milo June Rowan
        """.split(separator: " ").map(String.init)
    static let lastNames = """
        Thompson Brown Garcia Nguyen Patel Kim Okafor Rossi Schmidt Silva Cohen Müller Dubois Ivanova Haddad O'Brien
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    /// Short name, title, category, operational definition.
    static let goalTemplates: [(String, String, String, String)] = [
        ("s-initial", "Produce /s/ in word-initial position", "articulation", "Says /s/ correctly at the start of single words, judged by the clinician."),
        ("r-blends", "Produce /r/ blends in words", "articulation", "Produces /br/, /tr/ and /gr/ blends in single words without distortion."),
        ("two-step", "Follow two-step directions", "language", "Carries out both steps of an unrelated two-step direction, in order, within 10 seconds."),
        ("wh-questions", "Answer wh- questions about a story", "language", "Answers who, what and where questions about a short story just read."),
        ("plurals", "Use regular plural -s", "language", "Uses the plural -s when naming two or more pictured items."),
        ("greet-peers", "Greet peers by name", "social", "Greets a peer by name, with eye contact, when the peer arrives."),
        ("turn-taking", "Take turns in a structured game", "social", "Waits for and takes a turn in a board game without a reminder."),
        ("request-help", "Request help with a full sentence", "communication", "Asks for help with a sentence of 4+ words when a task is blocked."),
        ("mand-items", "Request preferred items (mand)", "communication", "Requests a visible preferred item by name, without a prompt."),
        ("easy-onset", "Use easy onset in sentences", "fluency", "Starts sentences with easy onset in structured conversation."),
        ("transitions", "Transition between activities, \"first, then\"", "behavior", "Moves to the next activity within 1 minute of a first-then cue, without protest."),
        ("trace-letters", "Trace letters within the lines", "motor", "Traces a letter staying within the guide lines for 80 % of its length."),
    ]

    static let trialNotes = [
        "said /th/ for /s/", "self-corrected", "needed a model", "+1 after a model", "distracted by noise in the hall",
        "good eye contact", "answered, then changed it", "-ish, unclear", "asked for a break", "\"more, please\" unprompted",
    ]

    static let sessionNotes = [
        "S: Arrived calm and ready to work. P: Continue current targets.",
        "Tired after school; shorter attention span today.",
        "Parent present for the last 10 minutes; reviewed home practice.",
        "Worked on carry-over into conversation, with good results.",
    ]
}
