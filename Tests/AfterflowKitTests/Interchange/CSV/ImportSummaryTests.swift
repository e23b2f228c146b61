@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ImportSummaryTests {
    @Test("the refusal counts the rows with problems and offers the others with --skip-invalid")
    func refusal() {
        #expect(ImportSummary.refusal(rejected: 2, ready: 3) == "nothing was imported: 2 rows have problems; fix them and import again, or import the other 3 rows with --skip-invalid")
    }

    @Test("the refusal with one row and no good rows offers nothing more")
    func refusalOne() {
        #expect(ImportSummary.refusal(rejected: 1, ready: 0) == "nothing was imported: 1 row has problems; fix it and import again")
    }

    @Test("rejected rows: the first ten, then an ellipsis")
    func rejectedList() {
        #expect(ImportSummary.rejected(Array(2...13), unit: "row") == "12 rejected (rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …)")
    }

    @Test("one rejected line is singular")
    func rejectedOne() {
        #expect(ImportSummary.rejected([4], unit: "line") == "1 rejected (line 4)")
    }

    @Test("an empty trial import with problems still needs --skip-invalid")
    func emptyImportWithProblems() {
        var plan = TrialImport.Plan()
        plan.problems = [TrialCSV.Problem(row: 1, message: "expected the header")]
        #expect(plan.needsSkipInvalid)
    }

    @Test("selecting by days keeps only the sessions within them")
    func selectingDays() {
        let records = TrialCSV.selecting(TrialPracticeFixture.records, since: "2025-01-15", until: "2025-01-21", goal: nil)
        #expect(records.map { $0.sessions.count } == [1, 1])
    }

    @Test("selecting a goal keeps only its trials and drops the sessions left empty")
    func selectingGoal() {
        let records = TrialCSV.selecting(TrialPracticeFixture.records, since: nil, until: nil, goal: "Two-Step")
        #expect(records[0].sessions.count == 2 && TrialCSV.trialCount(records) == 4)
    }
}

@Suite struct DaylioPlanJSONTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func plan() -> DaylioImport.Plan {
        DaylioImport(timeZone: berlin, now: Date(timeIntervalSince1970: 1_767_225_600), scale: .standard)
            .plan(Fixtures.bytes("daylio", "daylio_export.csv"), known: [])
    }

    static func member(_ json: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members) = json else { return nil }
        return members.first { $0.0 == key }?.1
    }

    @Test("a dry run lists what it would create, without paths")
    func dryRun() {
        let json = Self.plan().json(paths: [], name: "d.csv", zone: Self.berlin, dryRun: true)
        guard case .array(let items)? = Self.member(json, "would_create") else { Issue.record("no would_create"); return }
        #expect(items.count == 8 && Self.member(items[0], "path") == nil && Self.member(json, "created") == nil)
    }

    @Test("an import gives each check-in created its path, in order")
    func paths() {
        let paths = (1...8).map { "moods/\($0).md" }
        let json = Self.plan().json(paths: paths, name: "d.csv", zone: Self.berlin, dryRun: false)
        guard case .array(let items)? = Self.member(json, "created") else { Issue.record("no created"); return }
        #expect(items.compactMap { Self.member($0, "path") } == paths.map { .string($0) })
    }
}

@Suite struct MoodCSVReadTests {
    static let good = "---\ntype: mood\nid: 3B9D2F4A-1C7E-4E8B-A5D6-7F0E1C2B3A49\ndate: 2025-03-04T10:00:00-08:00\nscore: 5\n---\n"

    static func listing(_ path: String) -> MoodListing {
        MoodListing(path: path, id: nil, date: nil, day: nil, score: nil, valence: nil, valenceClass: nil, kind: "momentary_emotion",
                    labels: [], associations: [], source: "afterflow", notes: "")
    }

    @Test("a check-in the index knows has errors is left out and named, the others kept in order")
    func leavesOutBroken() throws {
        let vault = try TemporaryVault()
        try vault.write("moods/a.md", Self.good)
        try vault.write("moods/b.md", Self.good)
        let read = try MoodCSV.read([Self.listing("moods/b.md"), Self.listing("moods/a.md")], in: try vault.vault, broken: ["moods/a.md"])
        #expect(read.rows.map(\.path) == ["moods/b.md"] && read.leftOut == ["moods/a.md"])
    }

    @Test("a check-in whose file has an error now is left out even when the index did not know")
    func leavesOutErrorNow() throws {
        let vault = try TemporaryVault()
        try vault.write("moods/a.md", Self.good.replacingOccurrences(of: "score: 5", with: "score: 50"))
        let read = try MoodCSV.read([Self.listing("moods/a.md")], in: try vault.vault, broken: [])
        #expect(read.leftOut == ["moods/a.md"] && read.rows.isEmpty)
    }
}
