@testable import AfterflowKit
import Foundation
import Testing

/// The trial CSV: export, reading, and the import plan.
@Suite struct TrialCSVTests {
    typealias F = TrialPracticeFixture

    static let header = TrialCSV.header.joined(separator: ",")

    /// The fixture's export, worked out by hand: rows by client, day and time; the goal title
    /// with a comma and quotes quoted; notes guarded where a spreadsheet would run them; no
    /// session is signed, so each row ends with draft and an empty signer.
    static let expected = """
        session_id,client,date,time,goal,goal_title,result,cue,note,signed,signed_by
        DDDDDDDD-0000-4000-8000-00000000000D,liam-b,2025-01-15,09:01:00,greet,Greets peers by name,success,moderate,"",draft,""
        DDDDDDDD-0000-4000-8000-00000000000D,liam-b,2025-01-15,09:02:00,greet,Greets peers by name,success,minimal,"",draft,""
        AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:10,s-initial,Produce /s/ in word-initial position,success,independent,"",draft,""
        AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:31,s-initial,Produce /s/ in word-initial position,failure,minimal,"said /th/ for /s/, then ""sun\""",draft,""
        AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:03:40,two-step,"Follow two-step directions: ""first, then\""",success,moderate,'+1 after a model,draft,""
        AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:03:40,two-step,"Follow two-step directions: ""first, then\""",success,moderate,'+1 after a model,draft,""
        AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:04:00,s-initial,Produce /s/ in word-initial position,failure,maximal,'=SUM(A1) typed by mistake,draft,""
        AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:05:00,s-initial,Produce /s/ in word-initial position,success,minimal,'quoted' start,draft,""
        AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:05:30,s-initial,Produce /s/ in word-initial position,success,independent,''=x kept as typed,draft,""
        BBBBBBBB-0000-4000-8000-00000000000B,maya-t,2025-01-14,17:31:00,two-step,"Follow two-step directions: ""first, then\""",failure,maximal,"'@home, with mom",draft,""
        BBBBBBBB-0000-4000-8000-00000000000B,maya-t,2025-01-14,17:32:00,two-step,"Follow two-step directions: ""first, then\""",success,independent,"",draft,""
        CCCCCCCC-0000-4000-8000-00000000000C,maya-t,2025-01-21,15:00:05,s-initial,Produce /s/ in word-initial position,success,independent,"'-ish, unclear",draft,""
        CCCCCCCC-0000-4000-8000-00000000000C,maya-t,2025-01-21,15:01:00,s-initial,Produce /s/ in word-initial position,success,independent,tab\there,draft,""
        """

    // MARK: - Export

    @Test func exportsOneRowPerTrialInClientDayTimeOrder() {
        #expect(TrialCSV.write(records: F.records) == Self.expected)
    }

    @Test(arguments: [(0, 0, 0), (9, 5, 7), (23, 59, 59), (12, 30, 10)])
    func timesAreWrittenAsTrialLinesWriteThem(_ hour: Int, _ minute: Int, _ second: Int) {
        let time = TimeOfDay(hour: hour, minute: minute, second: second)
        #expect(TrialCSV.clock(time) == time.text)
    }

    @Test func crlfAndAByteOrderMarkOnRequest() {
        let text = TrialCSV.write(records: F.records, lineEnding: "\r\n", byteOrderMark: true)
        #expect(text == "\u{FEFF}" + Self.expected.replacingOccurrences(of: "\n", with: "\r\n"))
        let reading = TrialCSV.read(text, cues: .standard)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.rows == 13)
    }

    @Test func aNoteWithCommasQuotesAndLineBreaksIsQuoted() {
        var record = F.records[1]
        let trial = Trial(time: TimeOfDay(hour: 9, minute: 3, second: 0), goal: "greet", success: false, cue: "maximal",
                          note: "said \"hi\", then\nwalked off\r\nlater")
        record.sessions[0].session.trials = [trial]
        let text = TrialCSV.write(records: [record])
        #expect(text.hasSuffix(",failure,maximal,\"said \"\"hi\"\", then\nwalked off\r\nlater\",draft,\"\""))
        let rows = CSVReader(bytes: Array(text.utf8)).rows
        #expect(rows.count == 2)
        #expect(rows.last?.fields[8] == trial.note)
    }

    /// Python's csv module, which follows RFC 4180, reads the export as the fields written.
    @Test func pythonsCSVModuleReadsTheExport() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"].first(where: FileManager.default.isExecutableFile) else {
            Issue.record("python3 is needed to check the CSV with its csv module")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afterflow-trial-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("trials.csv")
        var records = F.records
        records[1].sessions[0].session.trials.append(Trial(time: TimeOfDay(hour: 9, minute: 5, second: 0), goal: "greet", success: true,
                                                           cue: "minimal", note: "two\nlines, \"quoted\""))
        try Data(TrialCSV.write(records: records, lineEnding: "\r\n").utf8).write(to: csv)
        let ran = try TestProgram.run(python, ["-c", "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))", csv.path])
        let data = ran.output
        #expect(ran.succeeded, "\(ran)")
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        #expect(rows.count == 15)
        #expect(rows.allSatisfy { $0.count == 11 })
        #expect(rows.first == TrialCSV.exportHeader)
        #expect(rows[3] == ["DDDDDDDD-0000-4000-8000-00000000000D", "liam-b", "2025-01-15", "09:05:00", "greet", "Greets peers by name",
                            "success", "minimal", "two\nlines, \"quoted\"", "draft", ""])
        #expect(rows[5][8] == "said /th/ for /s/, then \"sun\"")
        #expect(rows[6][5] == "Follow two-step directions: \"first, then\"")
        #expect(rows.map { $0[8] } == ["note", "", "", "two\nlines, \"quoted\"", "", "said /th/ for /s/, then \"sun\"", "'+1 after a model",
                                       "'+1 after a model", "'=SUM(A1) typed by mistake", "'quoted' start", "''=x kept as typed",
                                       "'@home, with mom", "", "'-ish, unclear", "tab\there"])
    }

    // MARK: - Export, import, export

    @Test func exportImportExportGivesTheSameBytes() throws {
        let first = TrialCSV.write(records: F.records)
        let plan = TrialImport.plan(first, records: F.empty, cues: .standard, timeZone: F.zone, now: F.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.creates.count == 4)
        #expect(plan.appends.isEmpty)
        #expect(plan.duplicatesSkipped == 0)
        #expect(plan.trialCount == 13)
        let again = TrialCSV.write(records: F.applying(plan, to: F.empty))
        #expect(again == first)
        for create in plan.creates {
            let entry = VaultEntry(path: create.path, bytes: Array(create.text.utf8))
            #expect(entry.diagnostics.isEmpty, "\(create.path): \(entry.diagnostics)")
            #expect(entry.kind == .trials)
        }
    }

    @Test func aNewSessionIsWrittenInTheCanonicalForm() throws {
        let csv = Self.header + "\n" + "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:31,s-initial,,failure,Minimal,said /th/\n"
            + "AAAAAAAA-0000-4000-8000-00000000000A,MAYA-T,2025-01-14,15:02:10,S-Initial,,success,independent,"
        let plan = TrialImport.plan(csv, records: F.empty, cues: .standard, timeZone: F.zone, now: F.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        let create = try #require(plan.creates.first)
        #expect(create.path == "clients/maya-t/sessions/2025/2025-01-14-1502.md")
        #expect(create.rows == [3, 2])
        #expect(create.text == """
            ---
            type: trials
            id: AAAAAAAA-0000-4000-8000-00000000000A
            client: 11111111-1111-4111-8111-111111111111
            date: 2025-01-14T15:02:00-08:00
            recorded_on: import
            created: 2025-12-31T16:00:00-08:00
            updated: 2025-12-31T16:00:00-08:00
            ---

            ## Notes

            ## Trials

            - 15:02:10 s-initial + independent
            - 15:02:31 s-initial - minimal  said /th/

            """)
    }

    @Test func newFilesGetNamesTheVaultAndThePlanDoNotHave() throws {
        // Session A's file is 2025-01-14-1500.md; new sessions at 15:00 take -2 and -3.
        let csv = Self.header + "\n,maya-t,2025-01-14,15:00:10,s-initial,,success,independent,new\n"
            + "EEEEEEEE-0000-4000-8000-00000000000E,maya-t,2025-01-14,15:00:20,s-initial,,success,independent,"
        var ids = [UUID(uuidString: "FFFFFFFF-0000-4000-8000-00000000000F")!]
        let plan = TrialImport.plan(csv, records: F.records, cues: .standard, timeZone: F.zone, now: F.now, newID: { ids.removeFirst() })
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.creates.map(\.path) == ["clients/maya-t/sessions/2025/2025-01-14-1500-2.md", "clients/maya-t/sessions/2025/2025-01-14-1500-3.md"])
        #expect(plan.creates.map(\.sessionID.uuidString) == ["FFFFFFFF-0000-4000-8000-00000000000F", "EEEEEEEE-0000-4000-8000-00000000000E"])
    }

    // MARK: - The formula guard

    @Test(arguments: [
        ("'=SUM(A1)", "=SUM(A1)"), ("'+1 after a model", "+1 after a model"), ("'-ish", "-ish"), ("'@home", "@home"),
        ("''=x", "'=x"), ("'plain", "'plain"), ("it's", "it's"),
    ])
    func theGuardIsWrittenAndRemovedExactly(_ field: String, _ note: String) throws {
        #expect(CSVWriter.guarded(note) == field || !CSVWriter.needsGuard(note))
        let reading = TrialCSV.read(Self.header + "\n,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,\(CSVWriter.field(field))", cues: .standard)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.groups.first?.rows.first?.trial.note == note)
    }

    @Test func aGuardedCellInAnyColumnIsRead() {
        let reading = TrialCSV.read(Self.header + "\n,maya-t,2025-01-14,15:02:10,s-initial,,'-,independent,'-ish", cues: .standard)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.groups.first?.rows.first?.trial.success == false)
        #expect(reading.groups.first?.rows.first?.trial.note == "-ish")
    }

    // MARK: - Reading

    @Test func columnsInAnyOrderAndTheOptionalOnesLeftOut() {
        let csv = "\u{FEFF}Client,Date,Goal,Time,Result,Cue\r\nmaya-t,2025-01-14,s-initial,9:05:00,+,2\r\nmaya-t,2025-01-14,two-step,09:06,failure,Maximal\r\n"
        let reading = TrialCSV.read(csv, cues: .standard)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.rows == 2)
        #expect(reading.groups.count == 1)
        #expect(reading.groups[0].rows.map(\.trial.lineText) == ["- 09:05:00 s-initial + minimal", "- 09:06:00 two-step - maximal"])
    }

    @Test func rowsAreGroupedBySessionIdElseByClientAndDay() {
        let csv = Self.header + """

            AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,
            ,maya-t,2025-01-14,16:00:00,s-initial,,success,independent,
            ,liam-b,2025-01-14,16:00:00,greet,,success,independent,
            aaaaaaaa-0000-4000-8000-00000000000a,maya-t,2025-01-14,15:03:10,s-initial,,success,independent,
            ,Maya-T,2025-01-14,16:01:00,s-initial,,success,independent,
            ,maya-t,2025-01-15,16:01:00,s-initial,,success,independent,
            """
        let reading = TrialCSV.read(csv, cues: .standard)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.groups.map { $0.rows.map(\.number) } == [[2, 5], [3, 6], [4], [7]])
        #expect(reading.groups.map(\.sessionID?.uuidString) == ["AAAAAAAA-0000-4000-8000-00000000000A", nil, nil, nil])
    }

    @Test func aHeaderWithWrongColumnsIsRefused() {
        let reading = TrialCSV.read("session,client,date,time,goal,goal_title,results,cue,cue,note\n,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,,",
                                    cues: .standard)
        #expect(reading.groups.isEmpty)
        #expect(reading.problems.map { "\($0.row): \($0)" } == [
            "1: expected the header \"session_id,client,date,time,goal,goal_title,result,cue,note\" (session_id, goal_title and note may be left out), "
                + "found \"session,client,date,time,goal,goal_title,results,cue,cue,note\": \"session\" is not one of its columns (did you mean \"session_id\"?); "
                + "\"results\" is not one of its columns (did you mean \"result\"?); \"cue\" is there twice; the column \"result\" is missing",
        ])
    }

    @Test func anExportsSignatureColumnsAreReadPastOnceEach() {
        let row = "\n,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,,2025-01-14T16:00:00-08:00,\"J. Doe, CCC-SLP\""
        let reading = TrialCSV.read("session_id,client,date,time,goal,goal_title,result,cue,note,signed,signed_by" + row, cues: .standard)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.groups.first?.rows.first?.trial.lineText == "- 15:02:10 s-initial + independent")
        let twice = TrialCSV.read("client,date,time,goal,result,cue,signed,signed\nmaya-t,2025-01-14,15:02:10,s-initial,success,independent,draft,draft",
                                  cues: .standard)
        #expect(twice.problems.map(\.description) == [
            "expected the header \"session_id,client,date,time,goal,goal_title,result,cue,note\" (session_id, goal_title and note may be left out), "
                + "found \"client,date,time,goal,result,cue,signed,signed\": \"signed\" is there twice",
        ])
    }

    @Test(arguments: [
        ("", "1: expected the header \"session_id,client,date,time,goal,goal_title,result,cue,note\", found an empty file"),
        ("Date,Treatment Type,Administration,Intention,Mood Before,Mood After,Reflections,Music Link URL\n",
         "1: expected the header \"session_id,client,date,time,goal,goal_title,result,cue,note\", found the header of a CSV of therapy sessions; import those with 'afterflow import csv'"),
        ("client,date,time\n", "1: expected the header \"session_id,client,date,time,goal,goal_title,result,cue,note\" (session_id, goal_title and note may be left out), "
            + "found \"client,date,time\": the columns \"goal\", \"result\", \"cue\" are missing"),
    ])
    func otherHeadersAreRefusedWithAClearMessage(_ csv: String, _ message: String) {
        #expect(TrialCSV.read(csv, cues: .standard).problems.map { "\($0.row): \($0)" } == [message])
    }

    @Test func everyProblemIsReportedWithItsRowAndColumn() {
        let csv = Self.header + "\n" + [
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,fine",
            "not-an-id,maya t,14/01/2025,3pm,s initial,,sucess,indip,",
            ",maya-t,2025-01-14,25:00:00,s-initial,,success,gestural,\"two\nlines\"",
            ",maya-t,2025-01-14,15:02:10,s-initial,,success,independent",
            "AAAAAAAA-0000-4000-8000-00000000000A,liam-b,2025-01-14,15:02:10,greet,,success,independent,",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-15,15:02:10,s-initial,,success,independent,",
            ",maya-t,2025-01-14,15:02:10,s-initial,,success,independent,bell\u{07}",
        ].joined(separator: "\n")
        let reading = TrialCSV.read(csv, cues: .standard)
        #expect(reading.rows == 7)
        #expect(reading.problems.map { "\($0.row): \($0)" } == [
            "3: column \"session_id\": expected a session's id like 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34, or nothing for a new session, found \"not-an-id\"",
            "3: column \"client\": expected a client's short name (letters, digits, - and _), like maya-t, found \"maya t\"",
            "3: column \"date\": expected the session's day like 2025-01-14 (year 1900 to 9999), found \"14/01/2025\"",
            "3: column \"time\": expected a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"3pm\"",
            "3: column \"goal\": expected a goal's short name (letters, digits, - and _), like s-initial, found \"s initial\"",
            "3: column \"result\": expected success or failure, found \"sucess\"; did you mean \"success\"?",
            "3: column \"cue\": expected a cue level, one of independent, minimal, moderate, maximal, found \"indip\"",
            "4: column \"time\": expected a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \"25:00:00\"",
            "4: column \"cue\": expected a cue level, one of independent, minimal, moderate, maximal, found \"gestural\"",
            "4: column \"note\": expected a note on one line, as a trial line holds it, found a line break in it",
            "5: expected 9 fields, as the header has, found 8",
            "6: column \"client\": expected maya-t, the client of session AAAAAAAA-0000-4000-8000-00000000000A in row 2, found \"liam-b\"",
            "7: column \"date\": expected 2025-01-14, the day of session AAAAAAAA-0000-4000-8000-00000000000A in row 2, found \"2025-01-15\"",
            "8: column \"note\": expected no control characters, found U+0007 at character 5",
        ])
        #expect(reading.rejectedRows == [3, 4, 5, 6, 7, 8])
        #expect(reading.groups.flatMap { $0.rows.map(\.number) } == [2])
    }

    @Test func anUnclosedQuoteIsReportedAtItsRow() {
        let reading = TrialCSV.read(Self.header + "\n,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,\"open", cues: .standard)
        #expect(reading.problems.map { "\($0.row): \($0)" } == ["2: a quoted field is not closed: a \" is missing before the end of the file"])
    }

    @Test func aVaultsOwnCueLevelsAreRead() {
        let row = "\n,liam-b,2025-01-15,09:01:00,greet,,success,partial-physical,"
        #expect(TrialCSV.read(Self.header + row, cues: .aba).groups.first?.rows.first?.trial.cue == "partial-physical")
        #expect(TrialCSV.read(Self.header + row, cues: .standard).problems.map(\.description) == [
            "column \"cue\": expected a cue level, one of independent, minimal, moderate, maximal, found \"partial-physical\"",
        ])
    }

    // MARK: - The import plan

    @Test func importingTheExportAgainAddsNothing() {
        let plan = TrialImport.plan(TrialCSV.write(records: F.records), records: F.records, cues: .standard, timeZone: F.zone, now: F.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.creates.isEmpty)
        #expect(plan.appends.isEmpty)
        #expect(plan.duplicatesSkipped == 13)
        #expect(plan.duplicateRows == Array(2...14))
    }

    @Test func newTrialsOfAKnownSessionAreAppendedAndItsOwnSkipped() throws {
        let csv = Self.header + "\n" + [
            // Session A has this trial twice; the third copy is new.
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:03:40,two-step,,success,moderate,+1 after a model",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:03:40,two-step,,success,moderate,+1 after a model",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:03:40,two-step,,success,moderate,+1 after a model",
            // Differs from a trial of A only in its note, its cue, its result, its time.
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,a note",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:10,s-initial,,success,minimal,",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:10,s-initial,,failure,independent,",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:11,s-initial,,success,independent,",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,",
        ].joined(separator: "\n")
        let plan = TrialImport.plan(csv, records: F.records, cues: .standard, timeZone: F.zone, now: F.now)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.creates.isEmpty)
        #expect(plan.duplicateRows == [2, 3, 9])
        let append = try #require(plan.appends.first)
        #expect(plan.appends.count == 1)
        #expect(append.path == "clients/maya-t/sessions/2025/2025-01-14-1500.md")
        #expect(append.sessionID.uuidString == F.sessionA)
        #expect(append.rows == [5, 6, 7, 8, 4])
        #expect(append.trials.map(\.lineText) == [
            "- 15:02:10 s-initial + independent  a note", "- 15:02:10 s-initial + minimal", "- 15:02:10 s-initial - independent",
            "- 15:02:11 s-initial + independent", "- 15:03:40 two-step + moderate  +1 after a model",
        ])
    }

    @Test func rowsWithoutSessionIdSkipWhatThatDaysSessionsHave() throws {
        let csv = Self.header + "\n" + [
            ",maya-t,2025-01-14,17:31:00,two-step,,failure,maximal,\"@home, with mom\"",
            ",maya-t,2025-01-14,15:02:10,s-initial,,success,independent,",
            ",maya-t,2025-01-14,18:00:00,s-initial,,success,independent,",
        ].joined(separator: "\n")
        let plan = TrialImport.plan(csv, records: F.records, cues: .standard, timeZone: F.zone, now: F.now, newID: { UUID(uuidString: F.sessionC)! })
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.duplicateRows == [2, 3])
        #expect(plan.appends.isEmpty)
        let create = try #require(plan.creates.first)
        #expect(create.path == "clients/maya-t/sessions/2025/2025-01-14-1800.md")
        #expect(create.trials.map(\.lineText) == ["- 18:00:00 s-initial + independent"])
    }

    @Test func unknownClientsGoalsAndSessionsOfOthersAreProblems() {
        let csv = Self.header + "\n" + [
            ",mya-t,2025-01-14,15:02:10,s-initial,,success,independent,",
            ",maya-t,2025-01-14,15:02:10,s-inital,,success,independent,",
            ",maya-t,2025-01-14,15:02:10,greet,,success,independent,",
            "DDDDDDDD-0000-4000-8000-00000000000D,maya-t,2025-01-15,09:03:00,s-initial,,success,independent,",
            "AAAAAAAA-0000-4000-8000-00000000000A,maya-t,2025-01-15,15:02:10,s-initial,,success,independent,",
            ",maya-t,2030-01-14,15:02:10,s-initial,,success,independent,",
            ",maya-t,2025-01-14,19:00:00,s-initial,,success,independent,",
        ].joined(separator: "\n")
        let plan = TrialImport.plan(csv, records: F.records, cues: .standard, timeZone: F.zone, now: F.now)
        #expect(plan.problems.map { "\($0.row): \($0)" } == [
            "2: column \"client\": expected a client of the vault, found \"mya-t\"; did you mean \"maya-t\"?",
            "3: column \"goal\": expected one of maya-t's goals (s-initial, two-step), found \"s-inital\"; did you mean \"s-initial\"?",
            "4: column \"goal\": expected one of maya-t's goals (s-initial, two-step), found \"greet\", which is a goal of liam-b",
            "5: column \"session_id\": expected a session of maya-t, found session DDDDDDDD-0000-4000-8000-00000000000D (clients/liam-b/sessions/2025/2025-01-15-0900.md), which is liam-b's",
            "6: column \"date\": expected 2025-01-14, the day of session AAAAAAAA-0000-4000-8000-00000000000A (clients/maya-t/sessions/2025/2025-01-14-1500.md), found \"2025-01-15\"",
            "7: column \"date\": expected a day and time no later than 8 hours from now, found 2030-01-14 15:02:10",
        ])
        #expect(plan.rejectedRows == [2, 3, 4, 5, 6, 7])
        #expect(plan.creates.map(\.rows) == [[8]], "the good row of a group with bad rows is still planned")
    }

    @Test func aVaultWithoutClientsSaysSo() {
        let plan = TrialImport.plan(Self.header + "\n,maya-t,2025-01-14,15:02:10,s-initial,,success,independent,", records: [], cues: .standard,
                                    timeZone: F.zone, now: F.now)
        #expect(plan.problems.map(\.description) == [
            "column \"client\": expected a client of the vault, found \"maya-t\": the vault has no clients yet; add them with 'afterflow client add' first",
        ])
    }
}
