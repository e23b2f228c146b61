@testable import AfterflowKit
import Foundation
import Testing

/// `fmt` for clients, goals and trial sessions: an id where there is none, trial lines in their
/// canonical form, and not one other byte changed.
@Suite struct TrialsFormatterTests {
    static let newID = UUID(uuidString: "ABCDEF01-2345-4678-89AB-CDEF01234567")!
    let fixed: () -> UUID = { TrialsFormatterTests.newID }

    /// The lines of `before` that `after` has not (removed) and those it has in their place
    /// (added), each with its carriage return if it has one.
    func changedLines(_ before: [UInt8], _ after: [UInt8]) -> (removed: [String], added: [String]) {
        func lines(_ bytes: [UInt8]) -> [String] {
            // By bytes: a String would take CR LF for one character.
            bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        let difference = lines(after).difference(from: lines(before))
        var removed: [(Int, String)] = [], added: [(Int, String)] = []
        for change in difference {
            switch change {
            case .remove(let offset, let line, _): removed.append((offset, line))
            case .insert(let offset, let line, _): added.append((offset, line))
            }
        }
        return (removed.sorted { $0.0 < $1.0 }.map(\.1), added.sorted { $0.0 < $1.0 }.map(\.1))
    }

    @Test func canonicalFilesAreLeftAsTheyAre() throws {
        for name in ["client.md", "goal.md", "trials.md", "goal-block-lists.md", "client-bom-crlf.md"] {
            let document = Document(bytes: Fixtures.bytes("kinds", name))
            let formatted: Document?
            switch DocumentContent(document: document) {
            case .client(let client): formatted = GoalFormatter().format(client, newID: fixed)
            case .goal(let goal): formatted = GoalFormatter().format(goal, newID: fixed)
            case .trials(let trials): formatted = TrialsFormatter().format(trials, newID: fixed)
            default: formatted = nil
            }
            #expect(formatted?.bytes == document.bytes, "\(name)")
        }
    }

    @Test func handEditedTrialLinesBecomeCanonicalAndNothingElseChanges() throws {
        let bytes = Fixtures.bytes("kinds", "trials-hand-edited.md")
        let session = TrialSession(document: Document(bytes: bytes))
        let formatted = try #require(TrialsFormatter().format(session, newID: fixed))
        let (removed, added) = changedLines(bytes, formatted.bytes)
        #expect(removed == [
            "  * 15:02   s-initial  +  Independent\r",
            "- 15:02:31\ts-initial - minimal    said /th/ for /s/   \r",
            "-   15:03:40 two-step + moderate  café, then “line up”\r",
        ])
        #expect(added == [
            "id: ABCDEF01-2345-4678-89AB-CDEF01234567\r",
            "- 15:02:00 s-initial + independent\r",
            "- 15:02:31 s-initial - minimal  said /th/ for /s/\r",
            "- 15:03:40 two-step + moderate  café, then “line up”\r",
        ])
        // The id goes after type; the comment on client, the user's own key, the text around the
        // list and the CRLF endings are kept.
        let text = String(decoding: formatted.bytes, as: UTF8.self)
        #expect(text.hasPrefix("---\r\ntype: trials\r\nid: ABCDEF01-2345-4678-89AB-CDEF01234567\r\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34   # Maya\r\n"))
        #expect(text.contains("teacher: Ms. Park\r\n---\r\n## Trials\r\n\r\nWarm-up with the mirror first.\r\n"))
        // The result reads as the same trials, without problems, and formats to itself.
        let again = TrialSession(document: formatted)
        #expect(again.diagnostics.isEmpty)
        #expect(again.trials.map(\.lineText) == session.trials.map(\.lineText))
        #expect(TrialsFormatter().format(again, newID: fixed)?.bytes == formatted.bytes)
    }

    @Test func anEmptyIdIsFilledWhereItStandsWithItsComment() throws {
        let text = "---\ntype: goal\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\nid: ~   # fmt writes one\ntitle: Produce /s/\n---\nBody.\n"
        let goal = Goal(document: Document(text))
        #expect(goal.diagnostics.map(\.description) == ["<input>:4:5: warning: id is empty; 'afterflow fmt' writes a new one"])
        let formatted = try #require(GoalFormatter().format(goal, newID: fixed))
        #expect(String(decoding: formatted.bytes, as: UTF8.self)
            == "---\ntype: goal\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\nid: ABCDEF01-2345-4678-89AB-CDEF01234567   # fmt writes one\ntitle: Produce /s/\n---\nBody.\n")
    }

    @Test func aMissingIdGoesAfterTypeAndAClientKeepsItsBOM() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\n# who\ntype: client\nname: Maya Thompson\n---\n".utf8)
        let client = Client(document: Document(bytes: bytes))
        let formatted = try #require(GoalFormatter().format(client, newID: fixed))
        #expect(formatted.bytes == [0xEF, 0xBB, 0xBF] + Array("---\n# who\ntype: client\nid: ABCDEF01-2345-4678-89AB-CDEF01234567\nname: Maya Thompson\n---\n".utf8))
        #expect(Client(document: formatted).diagnostics.isEmpty)
    }

    @Test func filesWithErrorsAreRefused() {
        let goal = Goal(document: Document(bytes: Fixtures.bytes("kind-diagnostics", "goal-bad-mastery.md")))
        #expect(GoalFormatter().format(goal, newID: fixed) == nil)
        let client = Client(document: Document(bytes: Fixtures.bytes("kind-diagnostics", "client-missing-name.md")))
        #expect(GoalFormatter().format(client, newID: fixed) == nil)
        let trials = TrialSession(document: Document(bytes: Fixtures.bytes("kind-diagnostics", "trials-bad-time.md")))
        #expect(TrialsFormatter().format(trials, newID: fixed) == nil)
    }

    @Test func onlyTheLinesThatChangeAreWrittenWhateverTheLineEndings() throws {
        // A file with mixed endings: the LF line that changes keeps its LF, the CRLF ones theirs.
        let text = "---\r\ntype: trials\r\nid: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\r\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\r\ndate: 2025-01-14\r\n---\r\n## Trials\r\n- 15:02 a + I\n- 15:03:00 b - minimal\r\n*  15:04:00 c + moderate"
        let session = TrialSession(document: Document(text))
        #expect(session.diagnostics.isEmpty)
        let formatted = try #require(TrialsFormatter().format(session, newID: fixed))
        #expect(String(decoding: formatted.bytes, as: UTF8.self)
            == "---\r\ntype: trials\r\nid: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E\r\nclient: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\r\ndate: 2025-01-14\r\n---\r\n## Trials\r\n- 15:02:00 a + i\n- 15:03:00 b - minimal\r\n- 15:04:00 c + moderate")
        #expect(formatted.edits.map(\.range) == [7..<8, 9..<10])
    }
}
