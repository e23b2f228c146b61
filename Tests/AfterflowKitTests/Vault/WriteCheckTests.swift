@testable import AfterflowKit
import Foundation
import Testing

/// Every writer checks what it writes with the rules `check` uses (issue 20, item 12): a file
/// `check` would reject is not written.
@Suite("the check before every write")
struct WriteCheckTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let old = LocalDate(year: 1850, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0))
    static let created = LocalDate(year: 2025, month: 3, day: 4)

    @Test("a check-in of 1850 is refused and nothing is written")
    func moodOf1850() throws {
        let temp = try TemporaryVault()
        #expect(throws: VaultError.self) { try DocumentStore(vault: try temp.vault).create(MoodValues(date: Self.old, score: 5, created: Self.created)) }
        #expect(temp.files(under: "moods").isEmpty)
    }

    @Test("an imported batch with a check-in of 1850 is refused before that file")
    func moodBatchOf1850() throws {
        let temp = try TemporaryVault()
        #expect(throws: VaultError.self) { try DocumentStore(vault: try temp.vault).createAll([MoodValues(date: Self.old, score: 5, created: Self.created)]) }
        #expect(temp.files(under: "moods").isEmpty)
    }

    @Test("an assessment of 1850 is refused and nothing is written")
    func assessmentOf1850() throws {
        let temp = try TemporaryVault()
        let values = AssessmentAnswer(date: Self.old, instrument: .gad7, answers: [0, 1, 0, 1, 0, 1, 0], created: Self.created)
        #expect(throws: VaultError.self) { try DocumentStore(vault: try temp.vault).create(values) }
        #expect(temp.files(under: "assessments").isEmpty)
    }

    @Test("a trial session of 1850 is refused and nothing is written")
    func trialsOf1850() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        let now = Date(timeIntervalSince1970: 1_741_100_000)
        let (short, _) = try store.addClient(name: "Maya Thompson", born: nil, short: nil, now: now)
        let record = try store.load(short)
        #expect(throws: VaultError.self) {
            try store.startTrials(client: record, date: Self.old, location: nil, observer: nil, recordedOn: .terminal, now: now)
        }
        #expect(temp.files(under: "clients/\(short)/sessions").isEmpty)
    }

    @Test("a session change that leaves an error is refused and the file kept as it was")
    func sessionUpdateWithError() throws {
        let temp = try TemporaryVault()
        let text = sessionText(id: "6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34")
        try temp.write("sessions/2024/a.md", text)
        let vault = try temp.vault
        let entry = VaultEntry(path: "sessions/2024/a.md", bytes: Array(text.utf8))
        #expect(throws: VaultError.self) {
            try DocumentStore(vault: vault).update(entry) { current throws(VaultError) -> Document in
                current.document.settingFrontMatter("date", to: ["date: 1850-03-04"], order: SessionKey.order)
            }
        }
        #expect(try temp.read("sessions/2024/a.md") == text)
    }

    @Test("another tool's note is never written over")
    func foreignNoteNotWritten() throws {
        let temp = try TemporaryVault()
        let text = "---\ntitle: Hello\ndraft: true\n---\nMy post.\n"
        try temp.write("hello.md", text)
        let entry = VaultEntry(path: "hello.md", bytes: Array(text.utf8))
        #expect(throws: VaultError.self) {
            try DocumentStore(vault: try temp.vault).save(Document(text + "\n## Reflections\n\nx\n"), over: entry)
        }
        #expect(try temp.read("hello.md") == text)
    }
}
