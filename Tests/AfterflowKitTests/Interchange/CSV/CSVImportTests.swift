@testable import AfterflowKit
import Foundation
import Testing

/// One fixture per kind of import problem: `Fixtures/import/NAME.csv` and the exact problems it
/// must produce, `ROW: message` a line, in `NAME.expected`.
@Suite struct CSVImportTests {
    static let errorFixtures = Fixtures.names(in: "import", extension: "csv").map { String($0.dropLast(4)) }
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let header = AppCSV.header.joined(separator: ",")

    @Test func everyKindOfProblemHasAFixture() {
        #expect(Self.errorFixtures.count >= 19)
    }

    @Test(arguments: errorFixtures)
    func reportsExactlyTheExpectedProblems(_ name: String) throws {
        let fixture = try ReportFixture(files: [])
        let importer = CSVImport(timeZone: Self.losAngeles, now: ReportFixture.now)
        let plan = try importer.plan(Fixtures.bytes("import", "\(name).csv"), index: fixture.store)
        let actual = plan.problems.map { "\($0.row): \($0)" }
        let expected = Fixtures.text("import", "\(name).expected").split(separator: "\n").map(String.init)
        #expect(actual == expected)
    }

    @Test func aFileWithProblemsStillSaysWhichRowsAreGood() throws {
        let fixture = try ReportFixture(files: [])
        let plan = try CSVImport(timeZone: Self.losAngeles, now: ReportFixture.now)
            .plan(Fixtures.bytes("import", "every-problem-at-once.csv"), index: fixture.store)
        #expect(plan.rows == 4)
        #expect(plan.ready.map(\.row) == [2])
        #expect(plan.rejectedRows == [3, 4, 5])
    }

    // MARK: - What is accepted

    func values(_ csv: String, now: Date = ReportFixture.now) throws -> [SessionValues] {
        let reading = CSVImport(timeZone: Self.losAngeles, now: now).read(Array(csv.utf8))
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        return reading.candidates.map(\.values)
    }

    @Test(arguments: [
        "\"Dec 10, 2024 at 2:30 PM\",Psilocybin,Oral,Grounding,4,7,Deep breath,https://open.spotify.com/playlist/abc",
        "Dec 10, 2024 at 2:30 PM,Psilocybin,Oral,Grounding,4,7,Deep breath,https://open.spotify.com/playlist/abc",
        "\"Dec 10, 2024 at 2:30\u{202F}PM\",Psilocybin,Oral,Grounding,4,7,Deep breath,https://open.spotify.com/playlist/abc",
        "Dec 10, 2024 at 2:30\u{202F}PM,psilocybin,oral,Grounding,4,7,Deep breath,https://open.spotify.com/playlist/abc",
        "2024-12-10T14:30:00-08:00,Psilocybin,Oral,Grounding,4,7,Deep breath,https://open.spotify.com/playlist/abc",
        "\"Dec 10, 2024 at 2:30 PM\", Psilocybin , Oral ,Grounding, 4 , 7 ,Deep breath, https://open.spotify.com/playlist/abc ",
        // A link pasted into a spreadsheet with its leading apostrophe (the app's testInjectionGuardIsStripped).
        "\"Dec 10, 2024 at 2:30 PM\",Psilocybin,Oral,Grounding,4,7,Deep breath,'https://open.spotify.com/playlist/abc",
    ])
    func readsTheAppsRowInEveryFormFoundInTheWild(_ row: String) throws {
        let all = try values(Self.header + "\n" + row)
        let session = try #require(all.first)
        #expect(all.count == 1)
        #expect(session.date.canonical(in: Self.losAngeles) == "2024-12-10T14:30:00-08:00")
        #expect(session.treatment == .psilocybin)
        #expect(session.administration == .oral)
        #expect(session.intention == "Grounding")
        #expect(session.moodBefore == 4)
        #expect(session.moodAfter == 7)
        #expect(session.reflections == "Deep breath")
        #expect(session.music == "https://open.spotify.com/playlist/abc")
        #expect(session.status == .complete)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func anyLineEndingAndAByteOrderMark(_ end: String) throws {
        let csv = "\u{FEFF}" + Self.header + end + "\"Jan 2, 2024 at 9:00 AM\",LSD,,\"one\(end)two\",5,,\"\"," + end
            + "\"Jan 3, 2024 at 9:00 AM\",MDMA,Nasal,x,6,8,y,"
        let all = try values(csv)
        #expect(all.map(\.treatment) == [.lsd, .mdma])
        #expect(all[0].intention == "one\ntwo", "line breaks in a field become LF")
        #expect(all[0].administration == nil)
        #expect(all[0].moodAfter == nil)
        #expect(all[0].music == nil)
        #expect(all[1].administration == .nasal)
    }

    @Test func mixedLineEndingsInOneFile() throws {
        let csv = Self.header + "\r\n\"Jan 2, 2024 at 9:00 AM\",LSD,,a,5,,,\n\"Jan 3, 2024 at 9:00 AM\",DMT,,b,5,,,\r\"Jan 4, 2024 at 9:00 AM\",Other,,c,5,,,"
        #expect(try values(csv).map(\.intention) == ["a", "b", "c"])
    }

    @Test(arguments: [
        ("'=SUM(A1)", "=SUM(A1)"), ("'+1", "+1"), ("'-list", "-list"), ("'@who", "@who"), ("'\tindented", "\tindented"),
        ("''=x", "'=x"), ("'plain", "'plain"), ("it's", "it's"), ("''", "''"),
    ])
    func theGuardIsRemovedExactlyWhereTheExporterAddsIt(_ field: String, _ text: String) throws {
        let csv = Self.header + "\n\"Jan 2, 2024 at 9:00 AM\",LSD,,\(CSVWriter.field(field)),5,,,"
        #expect(try values(csv).first?.intention == text)
        #expect(CSVWriter.guarded(text) == field || !CSVWriter.needsGuard(text))
    }

    @Test func aRowWithoutIntentionOrMoodBeforeBecomesADraft() throws {
        let all = try values(Self.header + "\n\"Jan 2, 2024 at 9:00 AM\",LSD,,,,,,")
        #expect(all.first?.status == .draft)
    }

    @Test func blankLinesAroundATextAreDroppedAsASectionDropsThem() throws {
        let all = try values(Self.header + "\n\"Jan 2, 2024 at 9:00 AM\",LSD,,\"\n  \nkeep  \n\n  indented\n\n\",5,,,")
        #expect(all.first?.intention == "keep  \n\n  indented")
    }

    // MARK: - Duplicates

    @Test func aSessionTheVaultHasIsSkippedAndSoIsARepeatedRow() throws {
        let fixture = try ReportFixture()
        let csv = AppCSV(timeZone: Self.losAngeles).document(try fixture.sessions())
        let importer = CSVImport(timeZone: Self.losAngeles, now: ReportFixture.now)
        let again = try importer.plan(Array(csv.utf8), index: fixture.store)
        #expect(again.ready.isEmpty)
        #expect(again.duplicates.count == 5)

        let fresh = try ReportFixture(files: [])
        let rows = csv.split(separator: "\n", omittingEmptySubsequences: false)
        let doubled = ([rows[0]] + rows.dropFirst() + rows.dropFirst()).joined(separator: "\n")
        let plan = try importer.plan(Array(doubled.utf8), index: fresh.store)
        #expect(plan.ready.count == 5)
        #expect(plan.duplicates.count == 5)
    }

    @Test func theSameMinuteTreatmentAndIntentionMakeADuplicateNotTheSecondOrTheText() throws {
        let fixture = try ReportFixture(files: ["2024-12-10-psilocybin.md"])
        let importer = CSVImport(timeZone: Self.losAngeles, now: ReportFixture.now)
        let csv = Self.header + "\n" + [
            "\"Dec 10, 2024 at 2:30 PM\",Psilocybin,,To explore *creativity* and connection.,5,,,",   // the same session
            "\"Dec 10, 2024 at 2:31 PM\",Psilocybin,,To explore *creativity* and connection.,5,,,",   // another minute
            "\"Dec 10, 2024 at 2:30 PM\",LSD,,To explore *creativity* and connection.,5,,,",          // another treatment
            "\"Dec 10, 2024 at 2:30 PM\",Psilocybin,,Something else.,5,,,",                           // another intention
        ].joined(separator: "\n")
        let plan = try importer.plan(Array(csv.utf8), index: fixture.store)
        #expect(plan.duplicates.map(\.row) == [2])
        #expect(plan.ready.map(\.row) == [3, 4, 5])
    }

    // MARK: - Round trips

    /// Exports `fixture`, imports the file into an empty vault, exports that: the same bytes.
    func roundTrip(_ fixture: ReportFixture, configure: (inout AppCSV) -> Void = { _ in }) throws {
        var writer = AppCSV(timeZone: Self.losAngeles)
        configure(&writer)
        let first = writer.document(try fixture.sessions())
        let fresh = try ReportFixture(files: [])
        let plan = try CSVImport(timeZone: Self.losAngeles, now: ReportFixture.now).plan(Array(first.utf8), index: fresh.store)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        _ = try DocumentStore(vault: fresh.vault).createAll(plan.ready.map(\.session))
        try fresh.store.refresh()
        let second = writer.document(try fresh.sessions())
        #expect(second == first)
        if second != first {
            let a = first.split(separator: "\n"), b = second.split(separator: "\n")
            for (x, y) in zip(a, b) where x != y { Issue.record("first difference:\n\(x)\n\(y)"); break }
        }
    }

    @Test func exportImportExportGivesTheSameBytes() throws {
        try roundTrip(try ReportFixture())
    }

    @Test func andWithCRLFAndAByteOrderMark() throws {
        try roundTrip(try ReportFixture()) {
            $0.lineEnding = "\r\n"
            $0.byteOrderMark = true
        }
    }

    @Test func everyTreatmentAndAdministrationRoundTrips() throws {
        let fixture = try ReportFixture(files: [])
        var all: [SessionValues] = []
        for (i, treatment) in Treatment.allCases.enumerated() {
            for (j, administration) in ([nil] + Administration.allCases.map { Optional($0) }).enumerated() {
                let date = LocalDate(year: 2024, month: 1 + i, day: 1 + j, time: .init(hour: 8 + j, minute: 5 * i, second: 0))
                var values = SessionValues(date: date.resolved(in: Self.losAngeles), treatment: treatment, created: date)
                values.administration = administration
                values.intention = "Session \(i)-\(j)"
                values.moodBefore = 1 + (i + j) % 10
                values.moodAfter = j == 0 ? nil : 1 + (i * j) % 10
                all.append(values)
            }
        }
        try fixture.add(all)
        let csv = AppCSV(timeZone: Self.losAngeles).document(try fixture.sessions())
        for treatment in Treatment.allCases { #expect(csv.contains(",\(treatment.displayName),")) }
        // The app's names: sublingual, which it has not, is its Other.
        for administration in Administration.allCases { #expect(csv.contains(",\(CSVWriter.field(administration.appName)),")) }
        #expect(Administration.sublingual.appName == "Other")
        try roundTrip(fixture)
    }

    @Test func unicodeAndVeryLongTextRoundTrip() throws {
        let fixture = try ReportFixture(files: [])
        var values = SessionValues(date: LocalDate(year: 2024, month: 5, day: 5, time: .init(hour: 5, minute: 5, second: 0)).resolved(in: Self.losAngeles),
                                   treatment: .ayahuasca, created: LocalDate(year: 2024, month: 5, day: 5))
        let paragraph = "Ünïcödé café 東京 שלום 🌊✨👩🏽‍🦰 \"quotes\", commas, 'apostrophes'; "
        values.intention = String(repeating: paragraph, count: 20)
        values.reflections = (0..<400).map { "[\($0)] " + paragraph + String(repeating: "x", count: $0) }.joined(separator: "\n\n")
        values.moodBefore = 3
        values.music = "https://example.org/a,b?c=\"d\""
        try fixture.add([values])
        #expect(values.reflections.utf8.count > 100_000)
        try roundTrip(fixture)
    }
}
