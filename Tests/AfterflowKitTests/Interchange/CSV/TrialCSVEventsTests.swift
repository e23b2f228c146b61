@testable import AfterflowKit
import Foundation
import Testing

/// Behaviour events in the trial CSV: their rows, and a round trip through an import that gives
/// back the same event lines and the same summary figures.
@Suite struct TrialCSVEventsTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    /// ExampleVault's sam-r (count, duration, interval and ABC goals, five sessions; the two
    /// records of a reliability observer are not the client's sessions, and the export leaves
    /// them out as it always has) and the behaviour fixture's maya-t, whose one session holds
    /// trials and a line of every measure, latency and a task analysis among them, and has no end.
    static func practice() throws -> [ClientRecord] {
        let example = try Vault(root: Fixtures.repository.appendingPathComponent("ExampleVault").path)
        let fixture = try Vault(root: Fixtures.directory.appendingPathComponent("behaviour/clean").path)
        return [try DocumentStore(vault: example).load("sam-r"), try DocumentStore(vault: fixture).load("maya-t")]
    }

    /// The same clients and goals with no session: an empty practice to import into.
    static func empty(_ records: [ClientRecord]) -> [ClientRecord] {
        records.map { ClientRecord(short: $0.short, folder: $0.folder, client: $0.client, goals: $0.goals, sessions: []) }
    }

    static func applying(_ plan: TrialImport.Plan, to records: [ClientRecord]) -> [ClientRecord] {
        records.map { record in
            var copy = record
            for create in plan.creates where create.client == record.short {
                copy.sessions.append(TrialSessionRecord(path: create.path, session: TrialSession(document: Document(bytes: Array(create.text.utf8)))))
            }
            return copy
        }
    }

    static func rows(of csv: String, session: String) -> [String] {
        csv.split(separator: "\n").map(String.init).filter { $0.hasPrefix(session) }
    }

    // MARK: - Export

    /// Sam's session of 2025-03-10, by hand from its file: 3 ABC lines, 2 tantrum starts and 2
    /// stops, 11 hitting counts and 30 intervals are 48 event lines, so 48 event rows and the
    /// session-start (09:00:00) and session-end (09:45:00) rows: 50 rows.
    @Test func samsSessionIsARowAnEventLineBetweenItsStartAndEnd() throws {
        let csv = TrialCSV.write(records: try Self.practice())
        let rows = Self.rows(of: csv, session: "01E3949B-D42C-5AE5-8F02-33CF241143B6")
        #expect(rows.count == 50)
        let id = "01E3949B-D42C-5AE5-8F02-33CF241143B6,sam-r,2025-03-10"
        #expect(rows.first == "\(id),09:00:00,\"\",\"\",session-start,\"\",\"\",draft,\"\"")
        #expect(rows[1] == "\(id),09:05:00,incidents,Incidents with their context,abc demand hitting escape,\"\",\"\",draft,\"\"")
        #expect(rows[2] == "\(id),09:10:00,tantrum,Tantrums,start,\"\",\"\",draft,\"\"")
        #expect(rows[3] == "\(id),09:11:22,hitting,Hitting others at the table,count,\"\",\"\",draft,\"\"")
        // Interval 2 is the 9th row: start, abc, start, count, count, stop, abc, count, then 1 and 2.
        #expect(rows[9] == "\(id),09:20:20,on-task,On task during table work,interval 2 -,\"\",\"\",draft,\"\"")
        #expect(rows.last == "\(id),09:45:00,\"\",\"\",session-end,\"\",\"\",draft,\"\"")
    }

    /// Maya's session has trials among its events: the trial rows are as they always were, and
    /// a step's cue level is in the cue column. It has no end, so no session-end row.
    @Test func trialsKeepTheirRowsAndAStepHasItsCueInTheCueColumn() throws {
        let csv = TrialCSV.write(records: try Self.practice())
        let rows = Self.rows(of: csv, session: "5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E")
        let id = "5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E,maya-t,2025-01-14"
        // 3 trials and 10 events, and the session-start: 14 rows.
        #expect(rows.count == 14)
        #expect(rows[0] == "\(id),15:00:00,\"\",\"\",session-start,\"\",\"\",draft,\"\"")
        #expect(rows[2] == "\(id),15:02:31,s-initial,Produce /s/ in word-initial position,failure,minimal,said /th/ for /s/,draft,\"\"")
        #expect(rows[7] == "\(id),15:08:00,name-response,Responds to name,cue,\"\",\"\",draft,\"\"")
        #expect(rows[11] == "\(id),15:12:40,incidents,ABC incidents,abc demand hitting escape,\"\",during maths,draft,\"\"")
        #expect(rows[12] == "\(id),15:20:05,handwash,Wash hands,step 1 +,minimal,\"\",draft,\"\"")
        #expect(rows[13] == "\(id),15:20:09,handwash,Wash hands,step 2 n/a,\"\",\"\",draft,\"\"")
        #expect(!rows.contains { $0.contains("session-end") })
    }

    /// A session of trials only has no session rows, so an export of trials is what it was.
    @Test func aSessionOfTrialsOnlyHasNoSessionRows() {
        let csv = TrialCSV.write(records: TrialPracticeFixture.records)
        #expect(csv == TrialCSVTests.expected)
    }

    /// `--goal hitting` keeps that goal's events and the session rows of a session that has them.
    @Test func aGoalFilterKeepsThatGoalsEvents() throws {
        let selected = TrialCSV.selecting(try Self.practice(), since: "2025-03-10", until: "2025-03-10", goal: "hitting")
        let csv = TrialCSV.write(records: selected)
        let lines = csv.split(separator: "\n").dropFirst()
        // 2025-03-10: Sam's session with 11 counts and its two session rows, 13 rows (the
        // reliability observer's record of it is not exported).
        #expect(lines.count == 13)
        #expect(lines.filter { $0.contains(",hitting,") }.count == 11)
        #expect(lines.filter { $0.contains(",session-") }.count == 2)
    }

    /// Python's csv module reads every row as 11 fields, an event's words in `result`.
    @Test func pythonsCSVModuleReadsTheEventRows() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile) else {
            Issue.record("python3 is needed to check the CSV with its csv module")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afterflow-event-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("events.csv")
        let records = try Self.practice()
        try Data(TrialCSV.write(records: records, lineEnding: "\r\n").utf8).write(to: csv)
        let script = """
            import csv, json, sys
            rows = list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))
            print(json.dumps({'widths': sorted({len(r) for r in rows}), 'results': [r['result'] for r in rows],
                              'marks': [r['goal'] for r in rows if r['result'].startswith('session-')],
                              'steps': [[r['result'], r['cue']] for r in rows if r['result'].startswith('step')]}))
            """
        let ran = try TestProgram.run(python, ["-c", script, csv.path])
        #expect(ran.succeeded, "\(ran)")
        let read = try #require(try JSONSerialization.jsonObject(with: ran.output) as? [String: Any])
        #expect(read["widths"] as? [Int] == [11])
        let results = try #require(read["results"] as? [String])
        // One row for each trial and event line of the files, and a session-start for each of
        // the 6 sessions and a session-end for Sam's 5 (Maya's has no end).
        let lines = records.flatMap(\.sessions).reduce(0) { $0 + $1.session.trials.count + $1.session.events.count }
        #expect(results.count == lines + 6 + 5)
        #expect(results.filter { $0 == "session-start" }.count == 6)
        #expect(results.filter { $0 == "session-end" }.count == 5)
        #expect((read["marks"] as? [String])?.allSatisfy(\.isEmpty) == true)
        #expect(read["steps"] as? [[String]] == [["step 1 +", "minimal"], ["step 2 n/a", ""]])
        #expect(results.contains("abc transition tantrum attention"))
        #expect(results.contains("interval 30 -"))
    }

    /// The fuzzer's property of the trial CSV holds for an export with events and session rows:
    /// every data row is in a session or rejected (before events, it counted trial rows only, so
    /// an event row would have been neither), and each event's line reads back as the event.
    @Test func theFuzzPropertyHoldsForEventRows() throws {
        let csv = TrialCSV.write(records: try Self.practice())
        #expect(FuzzProperties.trialsCSV(Array(csv.utf8)) == [])
        let bad = csv + "\n,sam-r,2025-04-01,09:00:00,hitting,,interval x,,"
        #expect(FuzzProperties.trialsCSV(Array(bad.utf8)) == [])
    }

    // MARK: - Round trip

    /// Exported, imported into a practice with the same clients and goals and no session, and
    /// read back: each session has the same trial and event lines, the same start and end, the
    /// same summary figures, and exports to the same bytes.
    @Test func anImportGivesBackTheSameEventsAndFigures() throws {
        let records = try Self.practice()
        let csv = TrialCSV.write(records: records)
        let plan = TrialImport.plan(csv, records: Self.empty(records), cues: .standard, timeZone: Self.zone, now: Self.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.creates.count == 6)
        #expect(plan.trialCount == 3)
        #expect(plan.eventCount == records.flatMap(\.sessions).reduce(0) { $0 + $1.session.events.count })
        let imported = Self.applying(plan, to: Self.empty(records))
        for (before, after) in zip(records, imported) {
            for original in before.sessions {
                let copy = try #require(after.sessions.first { $0.session.id == original.session.id }, "\(original.path)")
                let a = original.session, b = copy.session
                #expect(b.diagnostics.filter { $0.severity == .error }.isEmpty, "\(copy.path): \(b.diagnostics)")
                #expect(b.events.map(\.withoutLine) == a.events.map(\.withoutLine), "\(original.path)")
                #expect(b.trials.map(\.withoutLine) == a.trials.map(\.withoutLine), "\(original.path)")
                #expect(b.date?.time == a.date?.time && b.date?.dayString == a.date?.dayString, "\(original.path)")
                #expect(b.end?.time == a.end?.time, "\(original.path)")
                let figures = { (s: TrialSession, r: ClientRecord) in
                    BehaviourGoalFigures.of(s, record: r, cues: .standard).map { "\($0.short) \($0.figures) \($0.observedSeconds)" }
                }
                #expect(figures(b, after) == figures(a, before), "\(original.path)")
            }
        }
        #expect(TrialCSV.write(records: imported) == csv)
    }

    /// The figures of Sam's 2025-03-10 session after the round trip, by hand: 11 hitting counts
    /// in 09:00-09:45 (2 700 s) are 11 × 3600 / 2700 = 14.67 an hour; tantrums 09:10:00-09:12:30
    /// (150 s) and 09:30:00-09:31:40 (100 s) are 250 s in all; intervals 1, 3, 9, 11-14, 16, 18,
    /// 21, 24-26, 28 and 29 scored are 15 of 30, 50 %.
    @Test func samsImportedSessionHasItsFiguresWorkedOutByHand() throws {
        let records = try Self.practice()
        let plan = TrialImport.plan(TrialCSV.write(records: records), records: Self.empty(records), cues: .standard, timeZone: Self.zone, now: Self.now)
        let create = try #require(plan.creates.first { $0.sessionID.uuidString == "01E3949B-D42C-5AE5-8F02-33CF241143B6" })
        let session = TrialSession(document: Document(bytes: Array(create.text.utf8)))
        #expect(create.path == "clients/sam-r/sessions/2025/2025-03-10-0900.md")
        let figures = BehaviourGoalFigures.of(session, record: Self.empty(records)[0], cues: .standard)
        var checked = 0
        for figure in figures {
            switch figure.figures {
            case .count(let count):
                #expect(count.count == 11 && count.observedSeconds == 2700)
                #expect(abs((count.perHour ?? 0) - 14.666_666) < 0.001)
                checked += 1
            case .duration(let duration):
                #expect(duration.occurrences.map(\.seconds) == [150, 100])
                checked += 1
            case .interval(let intervals, _):
                #expect(intervals.scores.count == 30 && intervals.scores.filter { $0 }.count == 15)
                checked += 1
            default: break
            }
        }
        #expect(checked == 3)
    }

    /// A session's start and end come from its rows even when its first line is later: Maya's
    /// session starts at 15:00:00 though its first line is at 15:02:10 (without the row, the
    /// import would start it at 15:02). An end earlier in the day than the start is the next day's.
    @Test func theSessionRowsSetTheStartAndAnEndAfterMidnight() throws {
        let records = Self.empty(try Self.practice())
        let csv = TrialCSV.header.joined(separator: ",") + "\n" + [
            ",sam-r,2025-04-01,23:50:00,,,session-start,,",
            ",sam-r,2025-04-01,23:55:00,hitting,,count,,",
            ",sam-r,2025-04-01,00:10:00,,,session-end,,",
        ].joined(separator: "\n")
        let plan = TrialImport.plan(csv, records: records, cues: .standard, timeZone: Self.zone, now: Self.now, newID: { UUID(uuidString: "EEEEEEEE-0000-4000-8000-00000000000E")! })
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        let text = try #require(plan.creates.first?.text)
        #expect(text.contains("date: 2025-04-01T23:50:00-07:00\nend: 2025-04-02T00:10:00-07:00\n"))
        #expect(text.hasSuffix("## Trials\n\n- 23:55:00 hitting count\n"))
    }

    /// Importing the export again adds nothing: every event row is a line its session has.
    @Test func importingTheExportAgainAddsNoEvents() throws {
        let records = try Self.practice()
        let csv = TrialCSV.write(records: records)
        let plan = TrialImport.plan(csv, records: records, cues: .standard, timeZone: Self.zone, now: Self.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.creates.isEmpty && plan.appends.isEmpty)
        #expect(plan.duplicatesSkipped == plan.rows - 11, "every row but the 6 session-start and 5 session-end rows")
        #expect(plan.summary == "0 trials into 0 sessions (0 new), \(plan.rows - 11) skipped as duplicates, 0 rows rejected.")
    }

    /// New events of a session the vault has are added to it, its own skipped, and its session
    /// rows read past (its file has its own start and end).
    @Test func newEventsOfAKnownSessionAreAppended() throws {
        let records = try Self.practice()
        let id = "01E3949B-D42C-5AE5-8F02-33CF241143B6"
        let csv = TrialCSV.header.joined(separator: ",") + "\n" + [
            "\(id),sam-r,2025-03-10,08:00:00,,,session-start,,",
            "\(id),sam-r,2025-03-10,09:11:22,hitting,,count,,",
            "\(id),sam-r,2025-03-10,09:44:00,hitting,,count,,late one",
            "\(id),sam-r,2025-03-10,09:44:30,on-task,,interval 31 +,,",
        ].joined(separator: "\n")
        let plan = TrialImport.plan(csv, records: records, cues: .standard, timeZone: Self.zone, now: Self.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.duplicateRows == [3])
        let append = try #require(plan.appends.first)
        #expect(plan.appends.count == 1 && plan.creates.isEmpty)
        #expect(append.path == "clients/sam-r/sessions/2025/2025-03-10-0900.md")
        #expect(append.events.map(\.lineText) == ["- 09:44:00 hitting count  late one", "- 09:44:30 on-task interval 31 +"])
        #expect(plan.summary == "0 trials and 2 events into 1 session (0 new), 1 skipped as duplicate, 0 rows rejected.")
    }

    // MARK: - Problems

    @Test(arguments: [
        (",sam-r,2025-04-01,09:00:00,hitting,,start,,",
         "2: column \"result\": expected an event of hitting's measure (measure: count in clients/sam-r/goals/hitting.md), found a duration event, \"start\""),
        (",sam-r,2025-04-01,09:00:00,hitting,,count,independent,",
         "2: column \"cue\": expected nothing for a count event (only a task step done + or - has a cue level), found \"independent\""),
        (",sam-r,2025-04-01,09:00:00,on-task,,interval +,,",
         "2: column \"result\": expected the interval's number after interval (1 for the first), like 'interval 1 +', found \"+\""),
        (",sam-r,2025-04-01,09:00:00,on-task,,interval 3 + extra,,",
         "2: column \"result\": expected the words of one interval event, like 'interval 3 +', found \"interval 3 + extra\" with \"extra\" after them; put a note in the note column"),
        (",maya-t,2025-01-15,09:00:00,handwash,,step 2 +,,",
         "2: column \"cue\": expected the step's cue level, one of independent, minimal, moderate, maximal, found nothing"),
        (",sam-r,2025-04-01,09:00:00,hitting,,session-start,,",
         "2: column \"goal\": expected nothing in a session-start row, which marks the session's clock, found \"hitting\""),
        (",sam-r,2025-04-01,09:00:00,kicking,,count,,",
         "2: column \"goal\": expected one of sam-r's goals (hitting, incidents, on-task, tantrum), found \"kicking\""),
    ])
    func aBadEventRowSaysWhatWasExpected(_ row: String, _ message: String) throws {
        let csv = TrialCSV.header.joined(separator: ",") + "\n" + row
        let plan = TrialImport.plan(csv, records: Self.empty(try Self.practice()), cues: .standard, timeZone: Self.zone, now: Self.now)
        #expect(plan.problems.map { "\($0.row): \($0)" } == [message])
        #expect(plan.creates.isEmpty && plan.appends.isEmpty)
    }

    @Test func aSessionWithTwoStartRowsIsAProblemOfTheSecond() throws {
        let csv = TrialCSV.header.joined(separator: ",") + "\n" + [
            ",sam-r,2025-04-01,09:00:00,,,session-start,,",
            ",sam-r,2025-04-01,09:01:00,,,session-start,,",
            ",sam-r,2025-04-01,09:02:00,hitting,,count,,",
        ].joined(separator: "\n")
        let reading = TrialCSV.read(csv, cues: .standard)
        #expect(reading.problems.map { "\($0.row): \($0)" } == [
            "3: column \"result\": expected one session-start row for a session, found a second (the first is row 2)",
        ])
        #expect(reading.groups.map { $0.events.count } == [1])
    }
}
