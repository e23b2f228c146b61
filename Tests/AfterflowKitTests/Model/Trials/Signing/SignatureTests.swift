@testable import AfterflowKit
import Foundation
import Testing

/// Signed notes (#23): what a signature seals, signing through the store, a hand edit found at its
/// line, and addenda sealed one after the other.
@Suite struct SignatureTests {
    static let path = "clients/maya-t/sessions/2025/2025-01-14-1500.md"
    static let session = """
        ---
        type: trials
        id: 5C0E8D2A-7B1F-4A3C-9D6E-1F2A3B4C5D6E
        client: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2025-01-14T15:00:00-08:00
        end: 2025-01-14T15:30:00-08:00
        ---

        ## Notes

        Worked on /s/ at word start.

        ## Trials

        - 15:02:10 s-initial + independent
        - 15:03:00 s-initial - minimal

        """
    /// The sealed text of `session`, written out by hand from SignedText's rule: the date and
    /// end, each section's heading, its lines without the blank ones around them.
    static let canonical = """
        date: 2025-01-14T15:00:00-08:00
        end: 2025-01-14T15:30:00-08:00
        ## Notes
        Worked on /s/ at word start.
        ## Trials
        - 15:02:10 s-initial + independent
        - 15:03:00 s-initial - minimal

        """
    /// 15:40 in Los Angeles on the session's day (UTC-8 in January).
    static let signedAt = Date(timeIntervalSince1970: 1_736_898_000)
    static let signer = "J. Doe, CCC-SLP"

    @Test func theSealedTextIsTheTimesTheNoteAndTheTrials() {
        let text = SignedText(of: Document(Self.session))
        #expect(String(decoding: text.bytes, as: UTF8.self) == Self.canonical)
        // 0-based file lines: date 4, end 5, ## Notes 8, the note 10, ## Trials 12, trials 14 and 15.
        #expect(text.lines.map(\.fileLine) == [4, 5, 8, 10, 12, 14, 15])
        #expect(text.hash == "sha256:" + SHA256.hex(Array(Self.canonical.utf8)))
        // Four hex digits a line: 7 lines.
        #expect(text.lineDigests.count == 28)
    }

    @Test func lineEndingsTrailingSpacesAndBlankLinesAroundASectionDoNotChangeTheSeal() {
        let crlf = Self.session.replacingOccurrences(of: "\n", with: "\r\n")
            .replacingOccurrences(of: "word start.", with: "word start.  \t")
            .replacingOccurrences(of: "## Trials\r\n", with: "## Trials\r\n\r\n\r\n")
        #expect(SignedText(of: Document(crlf)).bytes == SignedText(of: Document(Self.session)).bytes)
        // A space inside a line is part of it.
        let inside = Self.session.replacingOccurrences(of: "Worked on", with: "Worked  on")
        #expect(SignedText(of: Document(inside)).hash != SignedText(of: Document(Self.session)).hash)
    }

    /// Signs `session` in a fresh vault; returns the vault and the store.
    func signed(_ text: String = session) throws -> (TemporaryVault, DocumentStore) {
        let temp = try TemporaryVault()
        try temp.write(Self.path, text)
        let store = DocumentStore(vault: try temp.vault)
        _ = try store.sign(try store.read(Self.path), as: Self.signer, now: Self.signedAt)
        return (temp, store)
    }

    @Test func signingWritesWhoWhenAndTheSeal() throws {
        let (temp, _) = try signed()
        let text = try temp.read(Self.path)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.contains("signed: 2025-01-14T15:40:00-08:00"))
        #expect(lines.contains("signed_by: J. Doe, CCC-SLP"))
        #expect(lines.contains("signed_hash: sha256:" + SHA256.hex(Array(Self.canonical.utf8))))
        #expect(lines.contains("updated: 2025-01-14T15:40:00-08:00"))
        // The body is as it was.
        #expect(text.hasSuffix(Self.session.components(separatedBy: "---\n").last!))
        let session = TrialSession(document: Document(text))
        #expect(session.signature?.by == Self.signer)
        #expect(session.signature?.line == "Signed Tue Jan 14, 2025 at 3:40 PM by J. Doe, CCC-SLP")
        #expect(session.diagnostics.isEmpty, "\(session.diagnostics)")
    }

    @Test func signingIsRefusedTwiceOpenOrWithoutANote() throws {
        let (temp, store) = try signed()
        let before = try temp.read(Self.path)
        #expect(throws: VaultError.self) { try store.sign(try store.read(Self.path), as: "A. Other, BCBA", now: Self.signedAt) }
        #expect(try temp.read(Self.path) == before)
        let open = Self.session.replacingOccurrences(of: "end: 2025-01-14T15:30:00-08:00\n", with: "")
        #expect(throws: VaultError.self) { try signed(open) }
        let noNote = Self.session.replacingOccurrences(of: "Worked on /s/ at word start.\n", with: "")
        #expect(throws: VaultError.self) { try signed(noNote) }
    }

    /// The errors of the file at `path` after replacing `old` with `new` in it.
    func errors(after old: String, _ new: String, in temp: TemporaryVault) throws -> [Diagnostic] {
        let text = try temp.read(Self.path)
        #expect(text.contains(old))
        return TrialSession(document: Document(text.replacingOccurrences(of: old, with: new))).diagnostics.filter { $0.severity == .error }
    }

    /// The 1-based line of the first line of `text` that is `line`.
    func lineNumber(of line: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex(of: line) ?? -1) + 1
    }

    @Test func aHandEditAfterSigningIsAnErrorAtTheLineThatChanged() throws {
        let (temp, _) = try signed()
        let edited = try temp.read(Self.path).replacingOccurrences(of: "- 15:03:00 s-initial - minimal", with: "- 15:03:00 s-initial + minimal")
        let found = TrialSession(document: Document(edited)).diagnostics.filter { $0.severity == .error }
        #expect(found.count == 1)
        #expect(found.first?.location == SourceLocation(line: lineNumber(of: "- 15:03:00 s-initial + minimal", in: edited), column: 1))
        #expect(found.first?.message.contains("changed after the session was signed") == true)
        #expect(found.first?.message.contains("afterflow addendum") == true)
    }

    @Test func anInsertedLineIsFoundAtItselfAndAChangedTimeAtItsKey() throws {
        let (temp, _) = try signed()
        let text = try temp.read(Self.path)
        let inserted = text.replacingOccurrences(of: "- 15:03:00", with: "- 15:02:30 s-initial + independent\n- 15:03:00")
        #expect(TrialSession(document: Document(inserted)).diagnostics.first { $0.severity == .error }?.location.line
                == lineNumber(of: "- 15:02:30 s-initial + independent", in: inserted))
        let later = text.replacingOccurrences(of: "end: 2025-01-14T15:30:00-08:00", with: "end: 2025-01-14T15:45:00-08:00")
        #expect(TrialSession(document: Document(later)).diagnostics.first { $0.severity == .error }?.location.line
                == lineNumber(of: "end: 2025-01-14T15:45:00-08:00", in: later))
    }

    @Test func aRemovedLastTrialIsFoundAtTheLineBeforeIt() throws {
        let (temp, _) = try signed()
        let removed = try temp.read(Self.path).replacingOccurrences(of: "- 15:03:00 s-initial - minimal\n", with: "")
        let error = TrialSession(document: Document(removed)).diagnostics.first { $0.severity == .error }
        // At "- 15:02:10 …", the last signed line left: the removed one followed it.
        #expect(error?.location.line == lineNumber(of: "- 15:02:10 s-initial + independent", in: removed))
        #expect(error?.message.contains("after this one was removed") == true)
        #expect(error?.message.contains("removed") == true)
    }

    @Test func withoutSignedLinesTheChangeIsStillAnErrorAtTheFirstSealedLine() throws {
        let (temp, _) = try signed()
        var lines = try temp.read(Self.path).components(separatedBy: "\n")
        lines.removeAll { $0.hasPrefix("signed_lines:") }
        let text = lines.joined(separator: "\n").replacingOccurrences(of: "Worked on", with: "Began on")
        let error = TrialSession(document: Document(text)).diagnostics.first { $0.severity == .error }
        #expect(error?.location.line == lineNumber(of: "date: 2025-01-14T15:00:00-08:00", in: text))
        #expect(error?.message.contains("cannot be told") == true)
    }

    // MARK: - Addenda

    /// 2025-01-15 09:00 in Los Angeles.
    static let nextMorning = Date(timeIntervalSince1970: 1_736_960_400)

    @Test func addendaAreAppendedSealedOneAfterTheOther() throws {
        let (temp, store) = try signed()
        let signedText = try temp.read(Self.path)
        let hash = "sha256:" + SHA256.hex(Array(Self.canonical.utf8))
        _ = try store.addAddendum("Late entry: mother reports /s/ at home.", to: try store.read(Self.path), as: Self.signer, now: Self.nextMorning)
        _ = try store.addAddendum("Correction: the 15:03:00 trial was at minimal cues.", to: try store.read(Self.path), as: Self.signer,
                                  now: Self.nextMorning.addingTimeInterval(60))
        // The seals by the rule: SHA-256 of the previous seal, the moment, the signer and the
        // text joined by LF, its first 16 hex digits.
        let first = "sha256:" + SHA256.hex(Array("\(hash)\n2025-01-15T09:00:00-08:00\n\(Self.signer)\nLate entry: mother reports /s/ at home.".utf8)).prefix(16)
        let second = "sha256:" + SHA256.hex(Array("\(first)\n2025-01-15T09:01:00-08:00\n\(Self.signer)\nCorrection: the 15:03:00 trial was at minimal cues.".utf8)).prefix(16)
        let expected = signedText + "\n## Addenda\n\n"
            + "- 2025-01-15T09:00:00-08:00 J. Doe, CCC-SLP: Late entry: mother reports /s/ at home. (\(first))\n"
            + "- 2025-01-15T09:01:00-08:00 J. Doe, CCC-SLP: Correction: the 15:03:00 trial was at minimal cues. (\(second))\n"
        #expect(try temp.read(Self.path) == expected)
        let session = TrialSession(document: Document(expected))
        #expect(session.diagnostics.isEmpty, "\(session.diagnostics)")
        #expect(session.addenda.map(\.seal) == [first, second])
    }

    @Test func anEditedOrRemovedAddendumIsAnErrorAtItsLineOrTheNext() throws {
        let (temp, store) = try signed()
        _ = try store.addAddendum("Late entry one.", to: try store.read(Self.path), as: Self.signer, now: Self.nextMorning)
        _ = try store.addAddendum("Late entry two.", to: try store.read(Self.path), as: Self.signer, now: Self.nextMorning)
        let text = try temp.read(Self.path)
        let lines = text.components(separatedBy: "\n")
        let one = try #require(lines.first { $0.contains("Late entry one.") })
        let two = try #require(lines.first { $0.contains("Late entry two.") })
        let edited = text.replacingOccurrences(of: "Late entry one.", with: "Late entry 1.")
        #expect(TrialSession(document: Document(edited)).diagnostics.filter { $0.severity == .error }.map(\.location.line)
                == [lineNumber(of: one.replacingOccurrences(of: "one.", with: "1."), in: edited)])
        // Without the first, the second no longer follows from the signature.
        let removed = text.replacingOccurrences(of: one + "\n", with: "")
        #expect(TrialSession(document: Document(removed)).diagnostics.filter { $0.severity == .error }.map(\.location.line)
                == [lineNumber(of: two, in: removed)])
    }

    @Test func anUnsignedSessionTakesNoAddendum() throws {
        let temp = try TemporaryVault()
        try temp.write(Self.path, Self.session)
        let store = DocumentStore(vault: try temp.vault)
        #expect(throws: VaultError.self) { try store.addAddendum("Late entry.", to: try store.read(Self.path), as: Self.signer, now: Self.nextMorning) }
        #expect(try temp.read(Self.path) == Self.session)
    }

    @Test(arguments: ["", "J. Doe: CCC-SLP", "J. Doe\nCCC-SLP"])
    func aNameThatCannotSign(_ name: String) {
        #expect(Addendum.nameProblem(name) != nil)
    }
}
