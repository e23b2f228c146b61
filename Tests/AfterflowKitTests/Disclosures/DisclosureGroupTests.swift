@testable import AfterflowKit
import Foundation
import Testing

/// Repeated disclosures as one line of the accounting, and disclosures made outside afterflow.
@Suite struct DisclosureGroupTests {
    static let zone = DisclosureLogTests.zone
    static let day = TimeInterval(86_400)

    /// A push of Maya's records to `git origin` (or to `remote`), `days` after Oct 20, 2025 09:00.
    static func push(_ days: Double, remote: String = "origin", purpose: String? = nil) -> DisclosureAccounting.Item {
        DisclosureAccounting.Item(disclosure: Disclosure(at: DisclosureLogTests.nine.addingTimeInterval(days * day), command: "git sync",
                                                         what: "changed files", clients: ["maya-t"],
                                                         destination: DisclosureDestination(.git, remote), purpose: purpose))
    }

    static func ids(_ groups: [DisclosureAccounting.Group]) -> [[UUID]] { groups.map { $0.items.map(\.disclosure.id) } }

    /// Oct 20 and 21 to origin join (the next day); Oct 21 to backup is another receiver; Oct 24
    /// is 3 days after Oct 21, so it starts a group, which Oct 25 joins; Oct 25 for another
    /// purpose stands alone. The groups in the order of their first: 20, 21 (backup), 24, 25.
    @Test func repeatedDisclosuresOnConsecutiveDaysAreOneGroup() {
        let a = Self.push(0), b = Self.push(1), other = Self.push(1, remote: "backup"), c = Self.push(4), d = Self.push(5)
        let why = Self.push(5, purpose: "audit")
        let groups = DisclosureAccounting.grouped([a, b, other, c, d, why], timeZone: Self.zone)
        #expect(Self.ids(groups) == [[a, b], [other], [c, d], [why]].map { $0.map(\.disclosure.id) })
        #expect(groups.map(\.count) == [2, 1, 2, 1])
        #expect(groups[0].first.disclosure.id == a.disclosure.id && groups[0].last.disclosure.id == b.disclosure.id)
    }

    /// Three the same day, one failed between them: the two done join, the failed one is apart.
    @Test func oneBatchJoinsOnlyWhatEndedAlike() {
        let first = Self.push(0), second = Self.push(0.01)
        var failed = Self.push(0.005)
        failed.outcome = DisclosureOutcome(id: failed.disclosure.id, at: failed.disclosure.at, status: .failed)
        let groups = DisclosureAccounting.grouped([first, failed, second], timeZone: Self.zone)
        #expect(Self.ids(groups) == [[first.disclosure.id, second.disclosure.id], [failed.disclosure.id]])
    }

    /// Exports to two files are two receivers unless a recipient names them one.
    @Test func theRecipientNamesTheReceiver() {
        func export(_ path: String, recipient: String?) -> DisclosureAccounting.Item {
            DisclosureAccounting.Item(disclosure: Disclosure(at: DisclosureLogTests.nine, command: "export progress", what: "sessions in a progress report",
                                                             clients: ["maya-t"], destination: DisclosureDestination(.file, path), recipient: recipient))
        }
        #expect(DisclosureAccounting.grouped([export("/a.html", recipient: nil), export("/b.html", recipient: nil)], timeZone: Self.zone).count == 2)
        let school = [export("/a.html", recipient: "Lincoln Elementary"), export("/b.html", recipient: "Lincoln Elementary")]
        #expect(DisclosureAccounting.grouped(school, timeZone: Self.zone).count == 1)
        #expect(DisclosureAccounting.receiver(school[0].disclosure) == "Lincoln Elementary")
    }

    /// One made outside: its line keeps the recipient, what was given and when it was logged; the
    /// accounting lists it as recorded, with no outcome.
    @Test func anOutsideDisclosureIsRecordedWhole() throws {
        let made = DisclosureLogTests.nine.addingTimeInterval(-2 * Self.day)
        let entry = try OutsideDisclosure.entry(client: "maya-t", recipient: " Acme Health Plan ", purpose: "payer review",
                                                what: "session notes, March 2025", at: made, now: DisclosureLogTests.nine, by: "ann")
        let text = DisclosureLine.disclosure(entry).text(timeZone: Self.zone)
        #expect(text == #"{"at":"2025-10-18T09:00:00-07:00","disclosure":"\#(entry.id.uuidString)","command":"disclosed","what":"session notes, March 2025","clients":["maya-t"],"to":"outside","recipient":"Acme Health Plan","purpose":"payer review","by":"ann","logged":"2025-10-20T09:00:00-07:00"}"#)
        #expect(try DisclosureLine.parse(text).get() == .disclosure(entry))
        #expect(DisclosureAccounting.Item(disclosure: entry).status == .recorded)
    }

    @Test func anOutsideDisclosureIsRefusedAfterNowOrOnTwoLines() {
        let now = DisclosureLogTests.nine
        #expect(throws: VaultError.self) {
            try OutsideDisclosure.entry(client: "maya-t", recipient: "Acme", purpose: "review", what: "notes", at: now.addingTimeInterval(60), now: now)
        }
        #expect(OutsideDisclosure.problem(field: "--purpose", text: "a\nb") == "--purpose must be one line of text without control characters, found \"a^Jb\"")
        #expect(OutsideDisclosure.problem(field: "--to", text: "  ") == "--to needs a few words, found nothing")
        #expect(OutsideDisclosure.problem(field: "--what", text: String(repeating: "x", count: 201))
                == "--what must be at most 200 characters, found 201; a few words will do")
    }
}
