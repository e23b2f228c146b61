@testable import AfterflowKit
import Foundation
import Testing

/// The practice's kinds (client, goal, trials): lossless round trips, the typed views' values,
/// the trial line grammar, cue levels, mastery criteria and the client's names and age.
@Suite struct TrialKindsTests {
    static let kindFixtures = Fixtures.names(in: "kinds")
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    // MARK: - Round trips

    @Test func everyKindHasFixtures() {
        let kinds = Self.kindFixtures.map { VaultEntry(path: $0, bytes: Fixtures.bytes("kinds", $0)).kind }
        #expect(Set(kinds.compactMap { $0 }) == [.client, .goal, .trials, .mood, .assessment])
    }

    @Test(arguments: kindFixtures)
    func everyFileRoundTripsByteForByte(_ name: String) {
        let bytes = Fixtures.bytes("kinds", name)
        #expect(!bytes.isEmpty)
        let document = Document(bytes: bytes)
        #expect(document.bytes == bytes)
        // Reading it as its kind keeps every byte too.
        switch DocumentContent(document: document) {
        case .client(let client): #expect(client.document.bytes == bytes)
        case .goal(let goal): #expect(goal.document.bytes == bytes)
        case .trials(let trials): #expect(trials.document.bytes == bytes)
        case .mood(let mood): #expect(mood.document.bytes == bytes)
        case .assessment(let assessment): #expect(assessment.document.bytes == bytes)
        default: Issue.record("\(name) is not read as a client, goal, trial session, mood or assessment")
        }
    }

    @Test(arguments: kindFixtures)
    func noFileHasErrors(_ name: String) {
        let entry = VaultEntry(path: name, bytes: Fixtures.bytes("kinds", name))
        #expect(!entry.diagnostics.hasErrors, "\(entry.diagnostics)")
    }

    @Test func theExamplesInFormatMDAreTheseFixtures() throws {
        let format = try String(contentsOf: Fixtures.repository.appendingPathComponent("docs/FORMAT.md"), encoding: .utf8)
        var examples: [String: String] = [:]
        for block in format.components(separatedBy: "```markdown\n").dropFirst() {
            guard let end = block.range(of: "\n```\n") else { continue }
            let text = String(block[..<end.lowerBound]) + "\n"
            let kind = VaultEntry(path: "x.md", bytes: Array(text.utf8)).kind
            if let kind, kind != .session { examples[kind.rawValue] = text }
        }
        #expect(examples.keys.sorted() == ["assessment", "client", "goal", "mood", "trials"])
        for (kind, text) in examples {
            #expect(text == Fixtures.text("kinds", "\(kind).md"), "the \(kind) example of docs/FORMAT.md")
        }
    }

    @Test func clientReadsEveryField() throws {
        let entry = VaultEntry(path: "clients/maya-t/client.md", bytes: Fixtures.bytes("kinds", "client.md"))
        guard case .client(let client) = entry.content else { Issue.record("not a client"); return }
        #expect(client.id == UUID(uuidString: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        #expect(client.name == "Maya Thompson")
        #expect(client.born == LocalDate(year: 2017, month: 3, day: 2))
        #expect(client.created?.canonical(in: losAngeles) == "2025-01-07T09:00:00-08:00")
        #expect(client.updated?.canonical(in: losAngeles) == "2025-01-07T09:00:00-08:00")
        #expect(client.notes == "Likes dinosaurs. Her mother sits in on sessions.")
        #expect(client.displayName == "Maya T.")
        #expect(client.diagnostics.isEmpty)
    }

    @Test func clientWithBOMCRLFCommentsAndOwnKeys() throws {
        let client = Client(document: Document(bytes: Fixtures.bytes("kinds", "client-bom-crlf.md")))
        #expect(client.document.hasBOM)
        #expect(client.document.lineEnding == .crlf)
        #expect(client.id == UUID(uuidString: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        #expect(client.name == "José Álvarez Ruiz")
        #expect(client.displayName == "José R.")
        #expect(client.born == LocalDate(year: 2014, month: 12, day: 31))
        #expect(client.notes == "Prefers mornings.")
        #expect(client.document.frontMatter?.entry("referral")?.value.scalar?.text == "school team")
        #expect(client.diagnostics.isEmpty)
    }

    @Test func goalReadsEveryField() throws {
        let goal = Goal(document: Document(bytes: Fixtures.bytes("kinds", "goal.md")))
        #expect(goal.id == UUID(uuidString: "0B2D4F60-1A3C-4E5F-8A9B-0C1D2E3F4A5B"))
        #expect(goal.client == UUID(uuidString: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        #expect(goal.title == "Produce /s/ in word-initial position")
        #expect(goal.category == "articulation")
        #expect(goal.cue == "minimal")
        #expect(goal.mastery == MasteryCriterion(percent: 80, sessions: 3))
        #expect(goal.minTrials == 10)
        #expect(goal.effectiveMinTrials == 10)
        #expect(goal.countsCorrect == ["independent", "minimal"])
        #expect(goal.countsAsCorrect("Minimal"))
        #expect(!goal.countsAsCorrect("moderate"))
        #expect(goal.phase == .active)
        #expect(goal.phases == [PhaseChange(phase: .baseline, day: LocalDate(year: 2025, month: 1, day: 7)),
                                PhaseChange(phase: .active, day: LocalDate(year: 2025, month: 1, day: 21))])
        #expect(goal.phase(on: LocalDate(year: 2025, month: 1, day: 20)) == .baseline)
        #expect(goal.phase(on: LocalDate(year: 2025, month: 1, day: 21)) == .active)
        #expect(goal.phase(on: LocalDate(year: 2024, month: 12, day: 1)) == .baseline)
        #expect(goal.started == LocalDate(year: 2025, month: 1, day: 7))
        #expect(goal.updated?.canonical(in: losAngeles) == "2025-01-21T15:40:00-08:00")
        #expect(goal.description.hasPrefix("**Definition.** A correct response is /s/"))
        #expect(goal.description.hasSuffix("**Materials.** Picture cards (set A), mirror."))
        #expect(goal.diagnostics.isEmpty)
    }

    @Test func goalWithBlockListsCommentsAndDefaults() throws {
        let goal = Goal(document: Document(bytes: Fixtures.bytes("kinds", "goal-block-lists.md")))
        #expect(goal.title == "Follow two-step directions")
        #expect(goal.category == "language")
        #expect(goal.cue == "moderate")
        #expect(goal.mastery == MasteryCriterion(percent: 90, sessions: 2))
        #expect(goal.minTrials == nil)
        #expect(goal.effectiveMinTrials == 5)
        #expect(goal.countsCorrect == ["independent"])
        #expect(goal.phase == nil)
        #expect(goal.currentPhase == .maintenance)
        #expect(goal.phases.map(\.text) == ["baseline 2025-01-07", "active 2025-01-21", "maintenance 2025-03-04"])
        #expect(goal.description == "Follow a two-step direction (\"get your coat, then line up\") without a repeat.")
        #expect(goal.diagnostics.isEmpty)
    }

    @Test func trialSessionReadsEveryField() throws {
        let session = TrialSession(document: Document(bytes: Fixtures.bytes("kinds", "trials.md")))
        #expect(session.id == UUID(uuidString: "5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E"))
        #expect(session.client == UUID(uuidString: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34"))
        #expect(session.date?.canonical(in: losAngeles) == "2025-01-14T15:00:00-08:00")
        #expect(session.end?.canonical(in: losAngeles) == "2025-01-14T15:45:00-08:00")
        #expect(session.minutes == 45)
        #expect(session.location == "Clinic, room 2")
        #expect(session.observer == "JL")
        #expect(session.recordedOn == .terminal)
        #expect(session.trials == [
            Trial(time: TimeOfDay(hour: 15, minute: 2, second: 10), goal: "s-initial", success: true, cue: "independent", line: 16),
            Trial(time: TimeOfDay(hour: 15, minute: 2, second: 31), goal: "s-initial", success: false, cue: "minimal", note: "said /th/ for /s/", line: 17),
            Trial(time: TimeOfDay(hour: 15, minute: 3, second: 40), goal: "two-step", success: true, cue: "moderate", line: 18),
        ])
        // The goal observed all session in which hitting did not occur (`none`), at the end.
        #expect(session.events == [BehaviourEvent(time: TimeOfDay(hour: 15, minute: 45, second: 0), goal: "hitting", kind: .noOccurrence, line: 19)])
        #expect(session.notes == "S: Tired after school.")
        #expect(session.diagnostics.isEmpty)
    }

    @Test func handEditedTrialLinesAreRead() throws {
        let session = TrialSession(document: Document(bytes: Fixtures.bytes("kinds", "trials-hand-edited.md")))
        #expect(session.document.lineEnding == .crlf)
        #expect(session.date == LocalDate(year: 2025, month: 1, day: 21, time: .init(hour: 15, minute: 0, second: 0)))
        #expect(session.trials.map(\.lineText) == [
            "- 15:02:00 s-initial + independent",
            "- 15:02:31 s-initial - minimal  said /th/ for /s/",
            "- 15:03:40 two-step + moderate  café, then “line up”",
        ])
        #expect(session.trials.map(\.line) == [10, 11, 12])
        // Its one problem: no id yet.
        #expect(session.diagnostics.map(\.description) == ["<input>:1:1: warning: id is missing; 'afterflow fmt' adds one"])
    }

    // MARK: - The trial line grammar

    struct GoodLine: Sendable, CustomTestStringConvertible {
        var text: String
        var trial: Trial
        var testDescription: String { text }
    }

    static let goodLines: [GoodLine] = [
        GoodLine(text: "- 15:02:10 s-initial + independent",
                 trial: Trial(time: TimeOfDay(hour: 15, minute: 2, second: 10), goal: "s-initial", success: true, cue: "independent")),
        GoodLine(text: "- 15:02:31 s-initial - minimal  said /th/ for /s/",
                 trial: Trial(time: TimeOfDay(hour: 15, minute: 2, second: 31), goal: "s-initial", success: false, cue: "minimal", note: "said /th/ for /s/")),
        GoodLine(text: "  * 09:05   s-initial  +  Independent",
                 trial: Trial(time: TimeOfDay(hour: 9, minute: 5, second: 0), goal: "s-initial", success: true, cue: "independent")),
        GoodLine(text: "-\t00:00:00\ttwo_step\t-\tmaximal\tsaid no  \t",
                 trial: Trial(time: TimeOfDay(hour: 0, minute: 0, second: 0), goal: "two_step", success: false, cue: "maximal", note: "said no")),
        GoodLine(text: "- 23:59:59 G2 + partial-physical é  then 2",
                 trial: Trial(time: TimeOfDay(hour: 23, minute: 59, second: 59), goal: "G2", success: true, cue: "partial-physical", note: "é  then 2")),
    ]

    @Test(arguments: goodLines)
    func goodLinesAreTrials(_ good: GoodLine) {
        #expect(Trial.read(line: good.text) == .trial(good.trial))
    }

    @Test(arguments: goodLines)
    func aTrialReadsBackFromItsCanonicalLine(_ good: GoodLine) {
        let canonical = good.trial.lineText
        #expect(Trial.read(line: canonical) == .trial(good.trial))
        #expect(Trial.read(line: canonical, index: 4) == .trial(Trial(time: good.trial.time, goal: good.trial.goal, success: good.trial.success,
                                                                       cue: good.trial.cue, note: good.trial.note, line: 4)))
    }

    @Test func canonicalLineHasTwoSpacesBeforeANote() {
        let trial = Trial(time: TimeOfDay(hour: 15, minute: 2, second: 31), goal: "s-initial", success: false, cue: "minimal", note: "said /th/")
        #expect(trial.lineText == "- 15:02:31 s-initial - minimal  said /th/")
        #expect(Trial(time: TimeOfDay(hour: 7, minute: 0, second: 5), goal: "a", success: true, cue: "independent").lineText == "- 07:00:05 a + independent")
    }

    @Test(arguments: ["", "   ", "Warm-up with the mirror first.", "-15:02:10 s-initial + independent", "---", "1. 15:02:10 s-initial + independent", "> - 15:02:10 a + b"])
    func otherLinesAreIgnored(_ text: String) {
        #expect(Trial.read(line: text) == .ignored)
    }

    struct BadLine: Sendable, CustomTestStringConvertible {
        var text: String
        /// 0-based, as `Trial.read` gives it.
        var column: Int
        var expected: String
        var testDescription: String { text }
    }

    static let badLines: [BadLine] = [
        BadLine(text: "- 25:00:00 s-initial + independent", column: 2,
                expected: "a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"25:00:00\""),
        BadLine(text: "- 9:05:00 s-initial + independent", column: 2,
                expected: "a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"9:05:00\""),
        BadLine(text: "  -   15:60 s-initial + independent", column: 6,
                expected: "a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"15:60\""),
        BadLine(text: "- ", column: 2,
                expected: "a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"\""),
        BadLine(text: "- 15:02:10", column: 10,
                expected: "the goal's short name after the time, like 15:02:10 s-initial + independent"),
        BadLine(text: "- 15:02:10 s/initial + independent", column: 11,
                expected: "a goal's short name (letters, digits, - and _), found \"s/initial\""),
        BadLine(text: "- 15:02:10 -initial + independent", column: 11,
                expected: "a goal's short name (letters, digits, - and _), found \"-initial\""),
        BadLine(text: "- 15:02:10 s-initial yes independent", column: 21,
                expected: "+ for a success or - for a failure after the goal, found \"yes\""),
        BadLine(text: "- 15:02:10 s-initial +independent", column: 21,
                expected: "+ for a success or - for a failure after the goal, found \"+independent\""),
        BadLine(text: "- 15:02:10 s-initial", column: 20,
                expected: "+ for a success or - for a failure after the goal, found nothing"),
        BadLine(text: "- 15:02:10 s-initial +", column: 22,
                expected: "a cue level after +, like independent"),
        BadLine(text: "- 15:02:10 s-initial -  in/dependent", column: 24,
                expected: "a cue level (letters, digits, - and _), found \"in/dependent\""),
    ]

    @Test(arguments: badLines)
    func malformedLinesSayWhereAndWhat(_ bad: BadLine) {
        #expect(Trial.read(line: bad.text) == .malformed(column: bad.column, expected: bad.expected))
    }

    @Test func malformedLinesAreErrorsAtTheirLineAndByteColumn() {
        let text = """
            ---
            type: trials
            id: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E
            client: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
            date: 2025-01-14T15:00:00
            ---
            ## Trials

            Café warm-up: “s” words.
            - 15:02:10 s-initial + independent
            \t* 24:00:00 s-initial + independent
            - 15:02:40 s-inítial - minimal
            - 15:03:00 two-step maybe moderate

            ## Notes

            - not a trial: notes are not read as trials
            """
        let session = TrialSession(document: Document(text))
        #expect(session.trials.count == 1)
        #expect(session.diagnostics.map(\.description) == [
            "<input>:11:4: error: trial line: expected a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"24:00:00\"",
            "<input>:12:12: error: trial line: expected a goal's short name (letters, digits, - and _), found \"s-inítial\"",
            "<input>:13:21: error: trial line: expected + for a success or - for a failure after the goal, found \"maybe\"",
        ])
    }

    @Test func timeOfDay() {
        #expect(TimeOfDay.parse("15:02:10") == TimeOfDay(hour: 15, minute: 2, second: 10))
        #expect(TimeOfDay.parse("07:05") == TimeOfDay(hour: 7, minute: 5, second: 0))
        #expect(TimeOfDay.parse("00:00:00")?.secondsOfDay == 0)
        #expect(TimeOfDay.parse("23:59:59")?.secondsOfDay == 86_399)
        for bad in ["24:00", "12:60", "12:00:60", "7:05", "07:5", "07:05:5", "07-05", "07:05:00:00", "", "ab:cd", "٠٧:٠٥"] {
            #expect(TimeOfDay.parse(bad) == nil, "\(bad)")
        }
        #expect(TimeOfDay(hour: 9, minute: 3, second: 7).text == "09:03:07")
        #expect(TimeOfDay(hour: 9, minute: 3, second: 7) < TimeOfDay(hour: 9, minute: 3, second: 8))
    }

    @Test func shortNames() {
        for good in ["s-initial", "two_step", "G2", "2x", "maya-t"] { #expect(Trial.isShortName(good), "\(good)") }
        for bad in ["", "-s", "_s", "s initial", "s/initial", "séance", "s.initial", "+"] { #expect(!Trial.isShortName(bad), "\(bad)") }
    }

    // MARK: - Cue levels

    @Test(arguments: [
        ("independent", "independent"), ("Minimal", "minimal"), ("  moderate ", "moderate"), ("MAXIMAL", "maximal"),
        ("1", "independent"), ("2", "minimal"), ("4", "maximal"),
        ("i", "independent"), ("I", "independent"), ("mi", "minimal"), ("min", "minimal"), ("mod", "moderate"), ("Max", "maximal"),
    ])
    func standardLevels(_ text: String, _ level: String) {
        #expect(CueLevels.standard.level(text) == level)
    }

    @Test(arguments: ["m", "M", "0", "5", "-1", "x", "mx", "", "independently", "prompted"])
    func notAStandardLevel(_ text: String) {
        // `m` starts three levels: ambiguous. A start names a level only when it names one alone.
        #expect(CueLevels.standard.level(text) == nil)
    }

    @Test func abaLevels() {
        let aba = CueLevels.aba
        #expect(aba.names == ["independent", "gestural", "verbal", "model", "partial-physical", "full-physical"])
        #expect(aba.level("g") == "gestural")
        #expect(aba.level("v") == "verbal")
        #expect(aba.level("m") == "model")
        #expect(aba.level("p") == "partial-physical")
        #expect(aba.level("f") == "full-physical")
        #expect(aba.level("6") == "full-physical")
        #expect(aba.level("7") == nil)
        #expect(aba.level("minimal") == nil)
        #expect(aba.rank(of: "Verbal") == 2)
        #expect(aba.rank(of: "minimal") == nil)
        #expect(aba.independent == "independent")
    }

    @Test func aVaultsOwnLevelsAreLowerCaseAndInOrder() {
        let own = CueLevels(["None ", "Light", "full"])
        #expect(own.names == ["none", "light", "full"])
        #expect(own.independent == "none")
        #expect(own.level("L") == "light")
        #expect(own.level("3") == "full")
        #expect(own.expectedList == "none, light, full")
        #expect(CueLevels.standard.expectedList == "independent, minimal, moderate, maximal")
    }

    // MARK: - Mastery criteria

    @Test(arguments: [
        ("80% x 3", 80, 3), ("80 % x 3", 80, 3), ("80%x3", 80, 3), ("90% × 2", 90, 2), ("100% X 1", 100, 1),
        ("  75%\tx\t4 ", 75, 4), ("1% x 100", 1, 100),
    ])
    func masteryCriteria(_ text: String, _ percent: Int, _ sessions: Int) {
        #expect(MasteryCriterion.parse(text) == MasteryCriterion(percent: percent, sessions: sessions))
    }

    @Test(arguments: ["", "80", "80%", "80 x 3", "x 3", "80% x", "0% x 3", "101% x 3", "80% x 0", "80% x 101",
                      "80% x 3 x 2", "80.5% x 3", "eighty% x 3", "80% in 3", "-80% x 3"])
    func notMasteryCriteria(_ text: String) {
        #expect(MasteryCriterion.parse(text) == nil)
    }

    @Test func masteryText() {
        #expect(MasteryCriterion(percent: 80, sessions: 3).text == "80% x 3")
        #expect(MasteryCriterion.standard == MasteryCriterion(percent: 80, sessions: 3))
        #expect(MasteryCriterion.parse(MasteryCriterion(percent: 95, sessions: 2).text) == MasteryCriterion(percent: 95, sessions: 2))
    }

    // MARK: - Clients' names and age

    @Test(arguments: [
        ("Maya Thompson", "Maya T."), ("maya thompson", "maya T."), ("Maya", "Maya"), ("  Maya   van der Berg ", "Maya B."),
        ("José Álvarez", "José Á."), ("", ""), ("Maya\tThompson", "Maya T."),
    ])
    func displayName(_ name: String, _ shown: String) {
        #expect(Client.displayName(of: name) == shown)
    }

    @Test(arguments: [
        ("Maya Thompson", "maya-t"), ("José Álvarez Ruiz", "jose-r"), ("Maya", "maya"), ("", "client"),
        ("Mary-Jane O'Brien", "maryjane-o"), ("李 小龙", "client"), ("ZOË   Smith-Jones", "zoe-s"),
    ])
    func defaultShortName(_ name: String, _ short: String) {
        #expect(Client.defaultShortName(for: name) == short)
        #expect(Trial.isShortName(short))
    }

    @Test func age() {
        func client(born: String?) -> Client {
            Client(document: Document("---\ntype: client\nid: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\nname: Maya Thompson\n\(born.map { "born: \($0)\n" } ?? "")---\n"))
        }
        let maya = client(born: "2017-03-02")
        #expect(maya.diagnostics.isEmpty)
        #expect(maya.age(on: LocalDate(year: 2025, month: 3, day: 1)) == 7)
        #expect(maya.age(on: LocalDate(year: 2025, month: 3, day: 2)) == 8)
        #expect(maya.age(on: LocalDate(year: 2025, month: 12, day: 31)) == 8)
        #expect(maya.age(on: LocalDate(year: 2017, month: 3, day: 2)) == 0)
        #expect(maya.age(on: LocalDate(year: 2016, month: 12, day: 31)) == nil)
        // A day with a time counts by its day.
        #expect(maya.age(on: LocalDate(year: 2025, month: 3, day: 2, time: .init(hour: 0, minute: 0, second: 1))) == 8)
        let leap = client(born: "2016-02-29")
        #expect(leap.age(on: LocalDate(year: 2017, month: 2, day: 28)) == 0)
        #expect(leap.age(on: LocalDate(year: 2017, month: 3, day: 1)) == 1)
        #expect(client(born: nil).age(on: LocalDate(year: 2025, month: 1, day: 1)) == nil)
    }
}
