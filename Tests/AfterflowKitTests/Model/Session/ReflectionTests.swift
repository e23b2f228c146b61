@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ReflectionTests {
    let zone = TimeZone(identifier: "America/Los_Angeles")!
    var editor: SessionEditor { SessionEditor(timeZone: zone) }
    /// 2024-12-11 09:12:30 in Los Angeles.
    let typed = Date(timeIntervalSince1970: 1_733_937_150)
    let now = Date(timeIntervalSince1970: 1_733_940_000)

    static let head = "---\nid: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34\ndate: 2024-12-10T14:30:00-08:00\ntreatment: psilocybin\nmood_before: 5\nstatus: needs-reflection\nreminder: 2024-12-10T17:30:00-08:00\nupdated: 2024-12-10T14:31:02-08:00\n---\n# Psilocybin • Dec 10, 2024\n\n## Intention\n\nListen.\n\n"

    private func lines(_ text: String) -> [String] {
        text.components(separatedBy: "\n")
    }

    /// The body after the front matter, as text.
    private func body(_ document: Document) -> String {
        let text = String(decoding: document.bytes, as: UTF8.self)
        return String(text[text.range(of: "## Intention")!.lowerBound...])
    }

    @Test(arguments: [
        // An empty section takes the entry as its text.
        ("## Reflections\n", false, "## Reflections\n\n[2024-12-11 09:12] Felt calm.\n"),
        ("## Reflections\n\n\n", false, "## Reflections\n\n[2024-12-11 09:12] Felt calm.\n"),
        // After the last entry, after one blank line.
        ("## Reflections\n\n[2024-12-10 20:00] First.\n", false, "## Reflections\n\n[2024-12-10 20:00] First.\n\n[2024-12-11 09:12] Felt calm.\n"),
        // Before the first with --prepend.
        ("## Reflections\n\n[2024-12-10 20:00] First.\n", true, "## Reflections\n\n[2024-12-11 09:12] Felt calm.\n\n[2024-12-10 20:00] First.\n"),
        // A section followed by another: the text after it is untouched.
        ("## Reflections\n\nOld.\n\n## Later\n\nMine.\n", false, "## Reflections\n\nOld.\n\n[2024-12-11 09:12] Felt calm.\n\n## Later\n\nMine.\n"),
        // No newline at the end of the file.
        ("## Reflections\n\nOld.", false, "## Reflections\n\nOld.\n\n[2024-12-11 09:12] Felt calm.\n"),
        // No Reflections section at all: it is created at the end.
        ("## Environment\n\nHome.\n", false, "## Environment\n\nHome.\n\n## Reflections\n\n[2024-12-11 09:12] Felt calm.\n"),
    ])
    func theEntryGoesWhereItBelongs(_ tail: String, _ prepend: Bool, _ expected: String) throws {
        let document = Document(Self.head + tail)
        let result = try editor.addingReflection("  Felt calm.\n", typedAt: typed, prepend: prepend, to: document, now: now)
        #expect(body(result) == "## Intention\n\nListen.\n\n" + expected)
    }

    @Test func onlyTheReflectionsAndTheChangedKeysChange() throws {
        let original = Document(bytes: Fixtures.bytes("valid", "canonical.md"))
        let result = try editor.addingReflection("Later: the sea.", typedAt: typed, prepend: false, to: original, now: now)
        let before = lines(String(decoding: original.bytes, as: UTF8.self))
        let after = lines(String(decoding: result.bytes, as: UTF8.self))
        let difference = after.difference(from: before)
        let removed = difference.compactMap { if case .remove(_, let line, _) = $0 { return line } else { return nil } }
        let added = difference.compactMap { if case .insert(_, let line, _) = $0 { return line } else { return nil } }
        #expect(removed.allSatisfy { $0.hasPrefix("updated:") || $0.hasPrefix("reminder:") }, "\(removed)")
        #expect(added.filter { !$0.hasPrefix("updated:") } == ["", "[2024-12-11 09:12] Later: the sea."])
    }

    @Test func crlfFilesGetCRLFEntries() throws {
        let text = (Self.head + "## Reflections\n\nOld.\n").replacingOccurrences(of: "\n", with: "\r\n")
        let result = try editor.addingReflection("New.", typedAt: typed, prepend: false, to: Document(text), now: now)
        let written = String(decoding: result.bytes, as: UTF8.self)
        #expect(written.hasSuffix("Old.\r\n\r\n[2024-12-11 09:12] New.\r\n"))
        #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func aReflectionCompletesTheSessionAndClearsItsReminder() throws {
        let result = try editor.addingReflection("Felt calm.", typedAt: typed, prepend: false, to: Document(Self.head + "## Reflections\n"), now: now)
        let session = Session(document: result)
        #expect(session.status == .complete)
        #expect(session.recordedStatus == .complete)
        #expect(session.reminder == nil)
        #expect(session.updated?.canonical(in: zone) == "2024-12-11T10:00:00-08:00")
        #expect(session.diagnostics.isEmpty)
    }

    @Test func aDraftStaysADraftButLosesItsReminder() throws {
        let draft = Self.head.replacingOccurrences(of: "mood_before: 5\nstatus: needs-reflection\n", with: "status: draft\n") + "## Reflections\n"
        let session = Session(document: try editor.addingReflection("Noted.", typedAt: typed, prepend: false, to: Document(draft), now: now))
        #expect(session.status == .draft)
        #expect(session.reminder == nil)
        #expect(session.reflections == "[2024-12-11 09:12] Noted.")
    }

    @Test(arguments: ["", "   ", "\n\t\n", "Fine\n## Not fine", "# Title"])
    func emptyTextAndHeadingsAreRefused(_ text: String) {
        #expect(throws: SessionEditor.Rejection.self) {
            try editor.addingReflection(text, typedAt: typed, prepend: false, to: Document(Self.head + "## Reflections\n"), now: now)
        }
    }

    @Test func theTimestampIsTheVaultsWallClockWhenTyped() {
        #expect(editor.reflectionEntry("x", at: typed) == "[2024-12-11 09:12] x")
        #expect(SessionEditor(timeZone: TimeZone(identifier: "Europe/Berlin")!).reflectionEntry("x", at: typed) == "[2024-12-11 18:12] x")
    }
}
