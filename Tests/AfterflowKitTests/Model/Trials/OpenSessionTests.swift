@testable import AfterflowKit
import Foundation
import Testing

/// The client's session of a day that was never ended, which `afterflow log CLIENT` offers to go
/// on with; and the session a logger started and left without a trial, which it does not keep.
@Suite struct OpenSessionTests {
    static func record(_ path: String, date: String, end: String?) -> TrialSessionRecord {
        let text = "---\ntype: trials\ndate: \(date)\n" + (end.map { "end: \($0)\n" } ?? "") + "---\n\n## Notes\n\n## Trials\n\n"
        return TrialSessionRecord(path: path, session: TrialSession(document: Document(bytes: Array(text.utf8))))
    }

    static let client = ClientRecord(short: "maya-t", folder: "clients/maya-t", client: Client(document: Document(bytes: Array("---\ntype: client\n---\n".utf8))),
                                     goals: [], sessions: [
        record("a.md", date: "2025-01-19T10:00:00", end: nil),
        record("b.md", date: "2025-01-20T09:00:00", end: nil),
        record("c.md", date: "2025-01-20T10:00:00", end: nil),
        record("d.md", date: "2025-01-20T11:00:00", end: "2025-01-20T11:30:00"),
    ])

    static let utc = TimeZone(identifier: "UTC")!

    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func theLatestUnendedSessionOfTheDay() {
        #expect(Self.client.openSession(at: Self.at("2025-01-20T12:00:00Z"), in: Self.utc)?.path == "c.md")
    }

    @Test func noneOnADayWhoseSessionsAllEnded() {
        #expect(Self.client.openSession(at: Self.at("2025-01-21T12:00:00Z"), in: Self.utc) == nil)
    }

    static let path = "clients/maya-t/sessions/2025/2025-01-20-1000.md"
    static let empty = "---\ntype: trials\ndate: 2025-01-20T10:00:00\n---\n\n## Notes\n\n## Trials\n\n"

    @Test func aSessionLeftWithoutATrialIsRemoved() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, Self.empty)
        let store = DocumentStore(vault: try temp.vault)
        let known = try store.read(Self.path).document
        #expect(try store.discardUnusedSession(Self.path, expecting: known) && !FileManager.default.fileExists(atPath: temp.root + "/" + Self.path))
    }

    @Test func aSessionWithAnEventOnlyIsKept() throws {
        // The file is as the logger knew it: only its event line keeps it.
        let text = Self.empty + "- 10:01:00 hitting count\n"
        let temp = try TemporaryVault()
        try temp.write(Self.path, text)
        let store = DocumentStore(vault: try temp.vault)
        let known = try store.read(Self.path).document
        #expect(try !store.discardUnusedSession(Self.path, expecting: known) && temp.read(Self.path) == text)
    }

    @Test(arguments: [empty + "- 10:01:00 s-initial + independent\n", empty.replacingOccurrences(of: "## Notes\n\n", with: "## Notes\n\nTired.\n\n"),
                      empty.replacingOccurrences(of: "---\n\n", with: "location: Room 2\n---\n\n")])
    func aSessionWithATrialOrNotesOrChangedIsKept(_ text: String) throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, Self.empty)
        let store = DocumentStore(vault: try temp.vault)
        let known = try store.read(Self.path).document
        try temp.write(Self.path, text)
        #expect(try !store.discardUnusedSession(Self.path, expecting: known) && temp.read(Self.path) == text)
    }
}
