@testable import AfterflowKit
import Foundation
import Testing

/// The lock of a signed session (#23): every way the store changes a trial session refuses to
/// change what was signed, writes nothing, and says how to add a correction; what lies outside
/// the seal may still change, and addenda may be added.
@Suite struct SignatureLockTests {
    static let path = SignatureTests.path

    /// A signed copy of `SignatureTests.session` in a fresh vault.
    func signed() throws -> (TemporaryVault, DocumentStore, Document) {
        let temp = try TemporaryVault()
        try temp.write(Self.path, SignatureTests.session)
        let store = DocumentStore(vault: try temp.vault)
        let signing = try store.sign(try store.read(Self.path), as: SignatureTests.signer, now: SignatureTests.signedAt)
        return (temp, store, signing.entry.document)
    }

    static let trial = Trial(time: TimeOfDay(hour: 15, minute: 10, second: 0), goal: "s-initial", success: true, cue: "independent")
    static let now = SignatureTests.nextMorning

    /// Each writer of a trial session, tried on the signed file.
    static let writers: [(name: String, write: @Sendable (DocumentStore, Document) throws -> Void)] = [
        ("append a trial (trial, the logger, the phone page, import)", { store, _ in _ = try store.append(trial, to: path) }),
        ("append events (record)", { store, _ in
            _ = try store.append([BehaviourEvent(time: TimeOfDay(hour: 15, minute: 12, second: 0), goal: "hitting", kind: .occurrence)], to: path)
        }),
        ("change the last trial's cue (the logger)", { store, known in _ = try store.replaceLastTrial(in: path, expecting: known, with: trial) }),
        ("undo the last trial (the logger)", { store, known in _ = try store.removeLastTrial(in: path, expecting: known) }),
        ("replace a trial line (the phone page's cue and undo)", { store, known in
            try store.replace(path, expecting: known, with: known.replacingLines(known.lines.count - 1..<known.lines.count, with: []))
        }),
        ("save a new note (note)", { store, _ in
            let entry = try store.read(path)
            _ = try store.save(entry.document.settingSection("Notes", text: "S: rewritten.", order: ["Notes", "Trials"]), over: entry, now: now)
        }),
        ("write another end (trials end --at)", { store, _ in
            _ = try store.endTrials(try store.read(path), at: LocalDate.parse("2025-01-14T15:45:00-08:00"), now: now, ifEnded: .rewrite)
        }),
        ("remove the signature (set)", { store, _ in
            _ = try store.setKeys([("signed_hash", nil)], in: try store.read(path), order: TrialSession.keys, now: now)
        }),
    ]

    @Test(arguments: writers.indices)
    func everyWriterIsRefused(_ index: Int) throws {
        let (temp, store, known) = try signed()
        let before = try temp.read(Self.path)
        do {
            try Self.writers[index].write(store, known)
            Issue.record("\(Self.writers[index].name) was not refused")
        } catch let error as VaultError {
            #expect(error.message == "\(Self.path) was signed on Tue Jan 14, 2025 at 3:40 PM by J. Doe, CCC-SLP: its note and trials are locked, so nothing was written",
                    "\(Self.writers[index].name): \(error.message)")
            #expect(error.details.first?.contains("afterflow addendum \(Self.path)") == true)
        }
        #expect(try temp.read(Self.path) == before, "\(Self.writers[index].name)")
    }

    @Test func keysOutsideTheSealAndAddendaStillChange() throws {
        let (temp, store, _) = try signed()
        _ = try store.setKeys([("location", ["location: Clinic, room 2"])], in: try store.read(Self.path), order: TrialSession.keys, now: Self.now)
        #expect(try temp.read(Self.path).contains("location: Clinic, room 2\n"))
        _ = try store.addAddendum("Late entry.", to: try store.read(Self.path), as: SignatureTests.signer, now: Self.now)
        let session = TrialSession(document: Document(try temp.read(Self.path)))
        #expect(session.addenda.map(\.text) == ["Late entry."])
        #expect(session.diagnostics.isEmpty, "\(session.diagnostics)")
        // An ended, signed session's end is kept as it is when a logger or the phone page ends it again.
        let ending = try store.endTrials(try store.read(Self.path), at: nil, now: Self.now, ifEnded: .keep)
        #expect(ending.alreadyEnded)
    }

    @Test func anAddendumIsLockedOnceWritten() throws {
        let (temp, store, _) = try signed()
        let added = try store.addAddendum("Late entry.", to: try store.read(Self.path), as: SignatureTests.signer, now: Self.now)
        let before = try temp.read(Self.path)
        let entry = try store.read(Self.path)
        let line = try #require(entry.document.lines.indices.last)
        #expect(added.addendum.lineText == entry.document.text(ofLine: line))
        #expect(throws: VaultError.self) {
            try store.save(entry.document.replacingLines(line..<(line + 1), with: []), over: entry, now: Self.now)
        }
        #expect(try temp.read(Self.path) == before)
    }
}
