@testable import AfterflowKit
import Foundation
import Testing

/// Backups built by Python (zipfile, base64, json) from `DaylioBackupMaker.workedExample`, read
/// by `DaylioBackup` and planned by the CSV import's `DaylioImport`.
@Suite("Daylio backup: zip, base64, JSON, entries")
struct DaylioBackupTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static func backup(_ json: String = DaylioBackupMaker.workedExample, style: DaylioBackupMaker.Style = .android) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID().uuidString).daylio").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DaylioBackupMaker.write(json: json, to: path, style: style)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("the worked example: months from 0, a day without a time, custom and renamed moods, activities, notes",
          arguments: [DaylioBackupMaker.Style.android, .ios, .oneLine])
    func workedExample(style: DaylioBackupMaker.Style) throws {
        let reading = try DaylioBackup.read(try Self.backup(style: style), timeZone: Self.zone, now: Self.now)
        #expect(reading.problems.isEmpty)
        #expect(reading.rows == 3)
        let entries = reading.entries
        #expect(entries.count == 3)
        guard entries.count == 3 else { return }
        // id 3: month 11 is December; 22:05 as the fields say (datetime is not read).
        #expect(entries[0].date == LocalDate(year: 2024, month: 12, day: 31, time: LocalDate.Time(hour: 22, minute: 5, second: 0)))
        #expect(entries[0].mood == "tired")
        #expect(entries[0].moodGroup == "bad")
        #expect(entries[0].activities == ["work"])
        #expect(entries[0].noteTitle == "Late")
        #expect(entries[0].note == "Long day<br>bed soon")
        #expect(entries[0].label == "2024-12-31 10:05 PM (id 3)")
        // id 2: month 0 is January; hour and minute -1: the day alone.
        #expect(entries[1].date == LocalDate(year: 2024, month: 1, day: 15))
        #expect(entries[1].date.isDayOnly)
        #expect(entries[1].mood == "rad")
        #expect(entries[1].activities == ["Good meal", "happy"])
        #expect(entries[1].label == "2024-01-15 (id 2)")
        // id 1: the predefined bad, renamed low: its name is the custom one, its group bad.
        #expect(entries[2].date == LocalDate(year: 2023, month: 6, day: 1, time: LocalDate.Time(hour: 8, minute: 0, second: 0)))
        #expect(entries[2].mood == "low")
        #expect(entries[2].moodGroup == "bad")
    }

    @Test("planned by the CSV import's rules: a word off the scale scores as its group's word")
    func plan() throws {
        let reading = try DaylioBackup.read(try Self.backup(), timeZone: Self.zone, now: Self.now)
        let importer = DaylioImport(timeZone: Self.zone, now: Self.now, scale: .standard)
        let plan = importer.plan(reading, known: [])
        #expect(plan.problems.isEmpty)
        // Oldest first: low (group bad → 3), rad (9), tired (group bad → 3).
        #expect(plan.ready.map(\.word) == ["low", "rad", "tired"])
        #expect(plan.ready.map(\.values.score) == [3, 9, 3])
        #expect(plan.ready.map(\.values.sourceValue) == ["low", "rad", "tired"])
        // Activities: happy is a label, Good meal a tag, work an association.
        #expect(plan.ready[1].values.labels == ["happy"])
        #expect(plan.ready[1].values.tags == ["Good meal"])
        #expect(plan.ready[2].values.associations == ["work"])
        // The title, a blank line, the note as written.
        #expect(plan.ready[2].values.notes == "Late\n\nLong day<br>bed soon")

        // A word given its own score wins over its group's: tired=2.
        var scale = DaylioScale.standard
        scale.set("tired", 2)
        let mapped = DaylioImport(timeZone: Self.zone, now: Self.now, scale: scale).plan(reading, known: [])
        #expect(mapped.ready.map(\.values.score) == [3, 9, 2])

        // Planned again with what the first import would have written: every entry is known.
        let known = Set(plan.ready.map { DaylioSignature(date: $0.values.date, word: $0.word, notes: $0.values.notes) })
        let again = importer.plan(reading, known: known)
        #expect(again.ready.isEmpty)
        #expect(again.duplicates.count == 3)
    }

    @Test("every problem of an entry is named with its date, or its place and id when the date is bad")
    func entryProblems() throws {
        let json = """
            {"customMoods": [], "tags": [{"id": 1, "name": "work"}],
             "dayEntries": [
              {"id": 9, "year": 2024, "month": 12, "day": 1, "hour": 10, "minute": 0, "mood": 1, "tags": []},
              {"id": 8, "year": 2024, "month": 1, "day": 30, "hour": 10, "minute": 0, "mood": 1, "tags": []},
              {"id": 7, "year": 2024, "month": 2, "day": 3, "hour": 25, "minute": 0, "mood": 99, "tags": [5]},
              {"id": 6, "year": 2024, "month": 2, "day": 4, "hour": 9, "minute": 30, "mood": 3, "tags": [1]}
             ]}
            """
        let reading = try DaylioBackup.read(try Self.backup(json), timeZone: Self.zone, now: Self.now)
        // Entry 4 (id 6) is fine: 2024-03-04 9:30 AM (month 2 is March), meh.
        #expect(reading.entries.map(\.label) == ["2024-03-04 9:30 AM (id 6)"])
        #expect(reading.problems.map { "\($0.entry ?? "?"): \($0.message)" } == [
            "entry 1 (id 9): expected month 0 to 11 (Daylio counts months from 0, January being 0), found 12",
            // month 1 is February: 2024 is a leap year, so 29 days.
            "entry 2 (id 8): expected a day of 2024-02, found 30",
            "entry 3 (id 7): expected hour 0 to 23 and minute 0 to 59 (or both -1 for no time of day), found 25:0",
            "entry 3 (id 7): mood 99 is not one of the backup's moods (1 rad, 2 good, 3 meh, 4 bad, 5 awful)",
            "entry 3 (id 7): tag 5 is not one of the backup's tags",
        ])
    }

    @Test("a file that is not a backup is refused whole, saying what was wrong")
    func notABackup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daylio-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func read(_ path: String) -> String? {
            let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
            do {
                _ = try DaylioBackup.read(bytes, timeZone: Self.zone, now: Self.now)
                return nil
            } catch {
                return error.message
            }
        }
        try DaylioBackupMaker.writeZip(entry: "notes.txt", text: "hello", to: folder + "/other.zip")
        #expect(read(folder + "/other.zip") == "the zip has no backup.daylio entry (it holds notes.txt); is it a Daylio backup?")
        try DaylioBackupMaker.writeZip(entry: "backup.daylio", text: "{not base64!}", to: folder + "/text.daylio")
        #expect(read(folder + "/text.daylio") == "backup.daylio in the zip is not base64 text, as a Daylio backup's is")
        // "e25vdCBqc29u" is base64 of "{not json".
        try DaylioBackupMaker.writeZip(entry: "backup.daylio", text: "e25vdCBqc29u", to: folder + "/json.daylio")
        #expect(read(folder + "/json.daylio") == "backup.daylio decodes to text that is not JSON (9 bytes); the backup may be damaged")
        try DaylioBackupMaker.write(json: "{\"version\": 15}", to: folder + "/empty.daylio")
        #expect(read(folder + "/empty.daylio") == "the backup's JSON has no dayEntries list; is it a Daylio backup?")
        try Data("PK\u{3}\u{4} and then nothing a zip has".utf8).write(to: URL(fileURLWithPath: folder + "/cut.daylio"))
        #expect(read(folder + "/cut.daylio") == "the file is not a zip afterflow can read: it has no zip end record; the file is not a zip or is cut short")
    }
}
