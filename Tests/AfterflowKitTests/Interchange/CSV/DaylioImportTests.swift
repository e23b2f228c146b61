import AfterflowKit
import Foundation
import Testing

/// Daylio's CSV read into check-ins: its two headers, its two ways of writing the time, notes
/// with commas, quotes and line breaks, every problem at its line and column.
@Suite("Daylio import")
struct DaylioImportTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let now = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01

    static func importer(_ scale: DaylioScale = .standard) -> DaylioImport {
        DaylioImport(timeZone: berlin, now: now, scale: scale)
    }

    @Test("the fixture: 8 rows, 8 check-ins, oldest first, with their scores, labels, associations, tags and notes")
    func fixture() throws {
        let plan = Self.importer().plan(Fixtures.bytes("daylio", "daylio_export.csv"), known: [])
        #expect(plan.rows == 8)
        #expect(plan.problems.isEmpty)
        #expect(plan.duplicates.isEmpty)
        #expect(plan.ready.count == 8)
        let summary = plan.ready.map { ready in
            "\(ready.values.date.canonical(in: Self.berlin)) \(ready.word) \(ready.values.score) [\(ready.values.labels.joined(separator: ","))] "
                + (ready.values.suggestedLabels.isEmpty ? "" : "suggested [\(ready.values.suggestedLabels.joined(separator: ","))] ")
                + "[\(ready.values.associations.joined(separator: ","))] [\(ready.values.tags.joined(separator: ","))]"
        }
        #expect(summary == [
            "2025-02-28T18:50:00+01:00 rad 9 [] suggested [joyful,grateful] [travel,self-care,friends] []",
            "2025-03-01T00:05:00+01:00 meh 5 [] suggested [indifferent] [] [movies & tv,gaming]",
            "2025-03-01T20:00:00+01:00 good 7 [] suggested [content,peaceful] [] []",
            "2025-03-02T10:00:00+01:00 awful 1 [] suggested [sad,hopeless] [family] [sick]",
            "2025-03-03T12:30:00+01:00 bad 3 [anxious,stressed] [work] []",
            "2025-03-03T18:05:00+01:00 rad 9 [happy] [fitness] [sport]",
            "2025-03-04T07:40:00+01:00 meh 5 [] suggested [indifferent] [] [bad sleep]",
            "2025-03-04T21:15:00+01:00 good 7 [] suggested [content,peaceful] [friends,work] [good meal]",
        ])
        let dinner = try #require(plan.ready.last)
        #expect(dinner.line == 2)
        #expect(dinner.values.notes == "Dinner out\n\nLong day at the office, then dinner with Sam and Priya.\nFelt lighter after.")
        #expect(dinner.values.source == .import)
        #expect(dinner.values.sourceValue == "good")
        #expect(dinner.values.sourceScale == ["awful=1", "bad=3", "meh=5", "good=7", "rad=9"])
        let deadline = try #require(plan.ready.first { $0.word == "bad" })
        #expect(deadline.values.notes == "Deadline\n\nBoss moved the deadline, again; \"urgent\" everything.")
        // The blank line inside the quoted note is kept; the row after it starts on line 10.
        let headache = try #require(plan.ready.first { $0.word == "awful" })
        #expect(headache.values.notes == "Headache all morning.\n\nStayed in bed, mom brought soup.")
        #expect(plan.ready.first { $0.values.date.time?.hour == 20 }?.line == 10)
    }

    @Test("a written check-in reads back with the same values, and check finds nothing wrong with it")
    func writtenFileReadsBack() throws {
        let plan = Self.importer().plan(Fixtures.bytes("daylio", "daylio_export.csv"), known: [])
        for ready in plan.ready {
            let text = MoodWriter.newDocument(ready.values, timeZone: Self.berlin)
            let mood = MoodCheckIn(document: Document(bytes: Array(text.utf8)))
            #expect(mood.diagnostics.isEmpty, "\(text)")
            #expect(mood.score == ready.values.score)
            #expect(mood.tags == ready.values.tags)
            #expect(mood.sourceValue == ready.word)
            #expect(mood.sourceScale == ready.values.sourceScale)
            #expect(mood.effectiveSource == .import)
            #expect(mood.labels == ready.values.labels)
            #expect(mood.associations == ready.values.associations)
            #expect(mood.notes == ready.values.notes)
        }
    }

    @Test("entries the vault has, or an earlier row, are skipped: the same minute, word and notes")
    func duplicates() throws {
        let bytes = Fixtures.bytes("daylio", "daylio_export.csv")
        let first = Self.importer().plan(bytes, known: [])
        let known = Set(first.ready.map { DaylioSignature(date: $0.values.date, word: $0.word) })
        let again = Self.importer().plan(bytes, known: known)
        #expect(again.ready.isEmpty)
        #expect(again.duplicates.count == 8)
        #expect(again.duplicates.allSatisfy { !$0.inFile })
        // A row repeated in the file, with the word in capitals.
        let text = String(decoding: bytes, as: UTF8.self) + "2025-03-04,March 4,Tuesday,7:40 am,MEH,,,\n"
        let repeated = Self.importer().plan(Array(text.utf8), known: [])
        #expect(repeated.ready.count == 8)
        #expect(repeated.duplicates.map(\.line) == [13])
        #expect(repeated.duplicates.first?.inFile == true)
    }

    @Test("two back-filled rows of the same minute and word with different notes are two check-ins")
    func sameMinuteOtherNotes() throws {
        let csv = DaylioCSV.header.joined(separator: ",") + "\n"
            + "2025-03-04,March 4,Tuesday,21:15,good,,,\"Dinner with Sam\"\n"
            + "2025-03-04,March 4,Tuesday,21:15,good,,,\"Called Priya\"\n"
        let plan = Self.importer().plan(Array(csv.utf8), known: [])
        #expect(plan.ready.map(\.values.notes) == ["Dinner with Sam", "Called Priya"])
    }

    @Test("a check-in imported and edited since is still the same entry; a new note of its minute is not")
    func editedInTheVault() throws {
        let csv = DaylioCSV.header.joined(separator: ",") + "\n"
            + "2025-03-04,March 4,Tuesday,21:15,good,,,\"Dinner with Sam\"\n"
            + "2025-03-04,March 4,Tuesday,21:15,good,,,\"Called Priya\"\n"
        let date = try #require(LocalDate.parse("2025-03-04T21:15:00"))
        // The vault has the first, its notes edited since.
        let plan = Self.importer().plan(Array(csv.utf8), known: [DaylioSignature(date: date, word: "good", notes: "Dinner with Sam and Ana")])
        #expect(plan.duplicates.map(\.line) == [2])
        #expect(plan.ready.map(\.values.notes) == ["Called Priya"])
    }

    @Test("an extra field that is empty is named as such, with the comma to remove")
    func trailingComma() {
        let csv = DaylioCSV.header.joined(separator: ",") + "\n" + "2025-03-04,March 4,Tuesday,21:15,good,,,\"Dinner, then a walk\",\n"
        let plan = Self.importer().plan(Array(csv.utf8), known: [])
        #expect(plan.problems.map { "\($0.location.line):\($0.location.column): \($0.description)" } == [
            "2:63: expected 8 fields as in the header, found 9: an empty field after the last column (a comma at the end of the line); remove the comma",
        ])
    }

    @Test("the scales column is kept in the check-in as source_scales")
    func scalesKept() {
        let csv = "full_date,date,weekday,time,mood,activities,note_title,note,scales\n2025-03-04,March 4,Tuesday,21:15,good,,,,\"Energy: 4 | Stress: 2\"\n"
        let plan = Self.importer().plan(Array(csv.utf8), known: [])
        let values = plan.ready.first?.values
        #expect(values.map { MoodWriter.newDocument($0, timeZone: Self.berlin) }?.contains("\nsource_scales: \"Energy: 4 | Stress: 2\"\n") == true)
    }

    @Test("Daylio's HTML in a note reads as text where it is shown, and stays as written in the file")
    func htmlAsText() {
        #expect(DaylioNoteText.shown("<b>Long</b> day<br>then &amp; a walk<br/>a < b", source: "import") == "Long day\nthen & a walk\na < b")
        #expect(DaylioNoteText.shown("<b>mine</b>", source: "user") == "<b>mine</b>")
    }

    @Test("the older header: year and day apart, activities quoted")
    func olderHeader() throws {
        let plan = Self.importer().plan(Fixtures.bytes("daylio", "daylio_export_2018.csv"), known: [])
        #expect(plan.problems.isEmpty)
        #expect(plan.ready.map { $0.values.date.canonical(in: Self.berlin) }
            == ["2018-05-16T23:41:00+02:00", "2018-05-17T22:21:00+02:00", "2018-05-18T23:54:00+02:00"])
        #expect(plan.ready.map(\.values.tags) == [[], ["cook"], ["clean", "cook", "music"]])
        #expect(plan.ready[1].values.labels == ["stressed"])
    }

    @Test("every problem at the line and column where its field starts")
    func malformed() throws {
        let plan = Self.importer().plan(Fixtures.bytes("daylio", "daylio_malformed.csv"), known: [])
        #expect(plan.rows == 5)
        #expect(plan.ready.count == 1)
        #expect(plan.rejectedRows == [2, 3, 4, 5])
        #expect(plan.rejectedLines == [2, 4, 5, 6])
        let shown = plan.problems.map { "\($0.location.line):\($0.location.column): \($0.description)" }
        #expect(shown == [
            "2:36: column \"mood\": \"so-so\" is not a mood word this import knows (awful=1, bad=3, meh=5, good=7, rad=9); give its score from 1 to 10 with --map so-so=5, or add it to daylio_moods in .afterflow/config.yml",
            "4:27: column \"time\": expected a time like \"6:50 pm\" or \"14:58\", found \"25:10\"",
            "5:1: column \"full_date\": expected a day like 2024-03-05, found \"2025-02-30\"",
            "6:1: expected 8 fields as in the header, found 9: \"then a walk\" after the last column; a note with a comma must be in double quotes",
        ])
    }

    @Test("--map and the config: a new word, several words on one score, a known word moved")
    func mapping() throws {
        var scale = DaylioScale.standard
        scale.set("so-so", 5)
        scale.set("OK", 5)
        scale.set("Rad", 10)
        #expect(scale.score(of: " ok ") == 5)
        #expect(scale.score(of: "rad") == 10)
        #expect(scale.items == ["awful=1", "bad=3", "meh=5", "so-so=5", "OK=5", "good=7", "rad=10"])
        let plan = Self.importer(scale).plan(Fixtures.bytes("daylio", "daylio_malformed.csv"), known: [])
        #expect(plan.ready.map(\.word) == ["rad", "so-so"])
        #expect(plan.ready.map(\.values.score) == [10, 5])
        #expect(DaylioScale.parseMapping("so so=5")! == ("so so", 5))
        #expect(DaylioScale.parseMapping("meh=11") == nil)
        #expect(DaylioScale.parseMapping("meh") == nil)
        #expect(DaylioScale.parseMapping("=5") == nil)
        let config = VaultConfig(bytes: Array("daylio_moods: [ok=5, great=8, meh=x]\n".utf8))
        #expect(config.daylioScale.score(of: "great") == 8)
        #expect(config.daylioScale.score(of: "awful") == 1)
        #expect(config.diagnostics.map(\.message) == ["each of daylio_moods must be a mood word and a score from 1 to 10, like meh=5, found \"meh=x\""])
    }

    @Test("times as Daylio writes them", arguments: [
        ("6:50 pm", 18, 50), ("6:50PM", 18, 50), ("12:05 am", 0, 5), ("12:30 pm", 12, 30), ("14:58", 14, 58), ("0:00", 0, 0),
        ("11:59 p.m.", 23, 59),
    ])
    func times(text: String, hour: Int, minute: Int) {
        let plan = Self.importer().plan(Array("full_date,time,mood\n2025-01-01,\(text),meh\n".utf8), known: [])
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        #expect(plan.ready.first?.values.date.time == LocalDate.Time(hour: hour, minute: minute, second: 0))
    }

    @Test("times that are not", arguments: ["13:00 pm", "24:00", "7", "7:5x", "", "0:00 am"])
    func badTimes(text: String) {
        let plan = Self.importer().plan(Array("full_date,time,mood\n2025-01-01,\(text),meh\n".utf8), known: [])
        #expect(plan.ready.isEmpty)
        #expect(plan.problems.first?.column == "time")
    }

    @Test("a file that is not a Daylio export says what it expected")
    func notDaylio() {
        let plan = Self.importer().plan(Array("Date,Treatment Type\n".utf8), known: [])
        #expect(plan.problems.count == 1)
        #expect(plan.problems.first?.message.hasPrefix("expected Daylio's header \"full_date,date,weekday,time,mood,activities,note_title,note\"") == true)
    }

    @Test("CSVReader: where each field starts, line breaks in quotes counted")
    func fieldStarts() {
        let csv = CSVReader(bytes: Array("\u{FEFF}a,\"b\r\nc\",d\n\ne,,f".utf8))
        #expect(csv.rows.map(\.fields) == [["a", "b\r\nc", "d"], ["e", "", "f"]])
        #expect(csv.rows[0].starts == [.init(line: 1, column: 1), .init(line: 1, column: 3), .init(line: 2, column: 4)])
        #expect(csv.rows[1].starts == [.init(line: 4, column: 1), .init(line: 4, column: 3), .init(line: 4, column: 4)])
        #expect(csv.rows[1].number == 3)
    }
}
