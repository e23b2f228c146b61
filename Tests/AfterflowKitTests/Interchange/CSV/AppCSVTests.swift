@testable import AfterflowKit
import Foundation
import Testing

@Suite struct AppCSVTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    @Test func withNoSessionsItIsTheHeaderAloneWithoutANewline() {
        #expect(AppCSV(timeZone: Self.losAngeles).document([])
            == "Date,Treatment Type,Administration,Intention,Mood Before,Mood After,Reflections,Music Link URL")
    }

    @Test func theFixtureInTheAppsFormat() throws {
        let fixture = try ReportFixture()
        let csv = AppCSV(timeZone: Self.losAngeles).document(try fixture.sessions())
        assertSnapshot(csv, named: "fixture-app.csv")
        #expect(!csv.hasSuffix("\n"))
        #expect(!csv.contains("\r"))
        #expect(!csv.hasPrefix("\u{FEFF}"))
    }

    @Test func everyFieldWithFull() throws {
        let fixture = try ReportFixture()
        let csv = AppCSV(timeZone: Self.losAngeles).fullDocument(try fixture.sessions())
        assertSnapshot(csv, named: "fixture-full.csv")
        let header = csv.prefix { $0 != "\n" }
        #expect(header == "id,date,treatment,administration,dose,mood_before,mood_after,status,reminder,music,tags,created,updated,intention,environment,music_notes,reflections,path,facilitator")
    }

    @Test func crlfAndAByteOrderMarkWhenAsked() throws {
        let fixture = try ReportFixture(files: ["2024-12-10-psilocybin.md", "2024-01-15-other.md"])
        var writer = AppCSV(timeZone: Self.losAngeles)
        writer.lineEnding = "\r\n"
        writer.byteOrderMark = true
        let csv = writer.document(try fixture.sessions())
        #expect(csv.hasPrefix("\u{FEFF}Date,"))
        #expect(csv.components(separatedBy: "\r\n").count == 3)
        #expect(!csv.hasSuffix("\r\n"))
        // Line breaks inside a field stay LF: the rows are what the option changes.
        #expect(csv.contains("nature.\n\n- the storm"))
    }

    @Test func datesAreAsWrittenNewestFirst() throws {
        let fixture = try ReportFixture()
        let rows = try fixture.sessions().map { AppCSV(timeZone: Self.losAngeles).appFields($0)[0] }
        #expect(rows == [
            "Dec 10, 2024 at 2:30 PM",
            "Nov 2, 2024 at 9:05 AM",
            "Jun 1, 2024 at 7:00 PM",
            "Mar 8, 2024 at 9:15 PM",   // written 21:15 -05:00 in New York: shown as written, as list does
            "Jan 15, 2024 at 12:00 AM", // a day alone is its midnight
        ])
    }

    @Test(arguments: [
        ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-2", "'-2"), ("@cmd", "'@cmd"), ("\tTab", "'\tTab"), ("\rCR", "'\rCR"),
        ("'=already", "''=already"), ("a=b", "a=b"), ("'quoted'", "'quoted'"), ("", ""), ("plain", "plain"), ("=", "'="),
    ])
    func formulaInjectionGuard(_ text: String, _ guarded: String) {
        #expect(CSVWriter.guarded(text) == guarded)
        #expect(CSVWriter.unguarded(guarded) == text)
    }

    @Test(arguments: [
        ("plain", "plain"), ("", "\"\""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("line\nbreak", "\"line\nbreak\""), ("cr\rhere", "\"cr\rhere\""), ("crlf\r\n", "\"crlf\r\n\""), ("café ✨", "café ✨"),
    ])
    func rfc4180Quoting(_ text: String, _ field: String) {
        #expect(CSVWriter.field(text) == field)
    }

    @Test func everyFieldThatNeedsItIsGuardedInTheFixture() throws {
        let fixture = try ReportFixture()
        let csv = AppCSV(timeZone: Self.losAngeles).document(try fixture.sessions())
        #expect(csv.contains(",\"'=SUM(A1:A9) \"\"quoted\"\", with commas, and a second line\nthat a spreadsheet must keep in one cell.\","))
        #expect(csv.contains(",\"'- heavy at first\n"))
        #expect(csv.contains(",\"'+ Breathwork only, no substance.\","))
        #expect(csv.contains(",'-Travelling; in New York for the weekend.,"))
        let reader = CSVReader(bytes: Array(csv.utf8))
        for row in reader.rows.dropFirst() {
            for field in row.fields {
                #expect(!CSVWriter.formulaStarts.contains(field.utf8.first ?? 0), "\(field) would run as a formula")
            }
        }
    }
}
