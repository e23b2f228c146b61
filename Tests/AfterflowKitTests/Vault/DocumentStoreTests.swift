@testable import AfterflowKit
import Foundation
import Testing

/// The one store of every kind (issue 21, item 2): where a new file of each kind goes, the one
/// free-name rule, saving only over what was read, and the caller's time in every write.
@Suite struct DocumentStoreTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let minute = LocalDate(year: 2025, month: 3, day: 4, time: .init(hour: 8, minute: 15, second: 0))
    static let day = LocalDate(year: 2025, month: 3, day: 4)
    /// 2025-03-04 09:00 in Los Angeles: after `minute`, so a session of then is no planned draft.
    static let now = Date(timeIntervalSince1970: 1_741_107_600)

    /// The kinds a store creates, each creating one document of fixed values.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case session, draft, trialSession, mood, assessment, client, goal

        var testDescription: String { rawValue }

        /// Where the first one goes.
        var firstPath: String {
            switch self {
            case .session: "sessions/2025/2025-03-04-ketamine.md"
            case .draft: ".afterflow/drafts/2025-03-04-ketamine.md"
            case .trialSession: "clients/maya-t/sessions/2025/2025-03-04-0815.md"
            case .mood: "moods/2025/2025-03-04-0815.md"
            case .assessment: "assessments/2025/2025-03-04-0815-phq9.md"
            case .client: "clients/maya-t/client.md"
            case .goal: "clients/maya-t/goals/s-initial.md"
            }
        }

        /// Creates one, in a vault that has the client `maya-t` for the kinds that need one.
        func create(in store: DocumentStore) throws -> String {
            switch self {
            case .session, .draft:
                var values = SessionValues(date: DocumentStoreTests.minute, treatment: .ketamine, created: DocumentStoreTests.day)
                // Without an intention and a mood before it is a draft.
                if self == .session {
                    values.intention = "Let go."
                    values.moodBefore = 4
                }
                return try store.create(values, now: DocumentStoreTests.now).path
            case .trialSession:
                return try store.startTrials(client: try store.load("maya-t"), date: DocumentStoreTests.minute, location: nil,
                                             observer: nil, recordedOn: .terminal, now: DocumentStoreTests.now)
            case .mood:
                return try store.create(MoodValues(date: DocumentStoreTests.minute, score: 6, created: DocumentStoreTests.day))
            case .assessment:
                return try store.create(AssessmentAnswer(date: DocumentStoreTests.minute, instrument: .phq9,
                                                         answers: [0, 1, 0, 1, 0, 1, 0, 1, 0], created: DocumentStoreTests.day))
            case .client:
                return try store.addClient(name: "Maya Thompson", born: nil, short: "maya-t", now: DocumentStoreTests.now).path
            case .goal:
                let client = try #require(try store.load("maya-t").client.id)
                let values = GoalValues(client: client, title: "Initial s", started: DocumentStoreTests.day, created: DocumentStoreTests.day)
                return try store.addGoal(values, client: "maya-t", goalShort: "s-initial").path
            }
        }

        /// The kinds whose name moves on to `-2`, `-3` when taken (a client and a goal are named
        /// by the user, and refused when taken).
        static let freelyNamed: [Kind] = [.session, .draft, .trialSession, .mood, .assessment]
        static let namedByUser: [Kind] = [.client, .goal]
    }

    /// A vault with the client `maya-t` (written by hand, so that creating a client is tested alone).
    func vaultWithClient() throws -> TemporaryVault {
        let temp = try TemporaryVault()
        try temp.write("clients/maya-t/client.md", """
            ---
            type: client
            id: 0E4B6A52-8F1D-4C3B-9A7E-5D2C1B0A9F88
            name: Maya Thompson
            ---

            ## Notes

            """)
        return temp
    }

    @Test("a new file of each kind goes where its placement puts it", arguments: Kind.allCases)
    func placement(_ kind: Kind) throws {
        let temp = kind == .client ? try TemporaryVault() : try vaultWithClient()
        #expect(try kind.create(in: DocumentStore(vault: try temp.vault)) == kind.firstPath)
    }

    @Test("three of a kind in the same minute are named plain, -2 and -3", arguments: Kind.freelyNamed)
    func freeNames(_ kind: Kind) throws {
        let temp = try vaultWithClient()
        let store = DocumentStore(vault: try temp.vault)
        let paths = try (1...3).map { _ in try kind.create(in: store) }
        let stem = kind.firstPath.dropLast(3)
        #expect(paths == [kind.firstPath, "\(stem)-2.md", "\(stem)-3.md"])
    }

    @Test("a name the user gave that is taken is refused, not numbered", arguments: Kind.namedByUser)
    func takenNamesRefused(_ kind: Kind) throws {
        let temp = kind == .client ? try TemporaryVault() : try vaultWithClient()
        let store = DocumentStore(vault: try temp.vault)
        _ = try kind.create(in: store)
        #expect(throws: VaultError.self) { try kind.create(in: store) }
    }

    @Test("an export's free name follows the same rule as a document's")
    func exportNamesFollowTheRule() throws {
        let temp = try TemporaryVault()
        let now = Date(timeIntervalSince1970: 1_762_457_040)
        var written: [String] = []
        for _ in 1...3 {
            let path = ExportFileName.freePath(in: temp.root, at: now, timeZone: .gmt, extension: "csv")
            try Data().write(to: URL(fileURLWithPath: path))
            written.append(String(path.dropFirst(temp.root.count + 1)))
        }
        let stem = "Afterflow-Export-20251106-1924"
        #expect(written == (1...3).map { FreeName.fileName(stem, extension: "csv", attempt: $0) })
    }

    @Test("a limited placement gives no name once every one is taken")
    func limitReached() {
        let taken: Set = ["a.md", "a-2.md"]
        let found = FreeName.first(limit: 2, { FreeName.fileName("a", extension: "md", attempt: $0) }) { taken.contains($0) }
        #expect(found == nil)
    }

    @Test("a save over a check-in changed on disk since it was read is refused, and the change kept")
    func saveRefusesAChangedFile() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        let path = try store.create(MoodValues(date: Self.minute, score: 6, created: Self.day))
        let read = try store.read(path)
        let changed = try temp.read(path).replacingOccurrences(of: "score: 6", with: "score: 7")
        try temp.write(path, changed)
        let edited = read.document.settingFrontMatter("score", to: ["score: 3"], order: [])
        #expect(throws: VaultError.self) { try store.save(edited, over: read, now: Self.now) }
        #expect(try temp.read(path) == changed)
    }

    @Test("an update of a goal applies its change to the file as it is on disk now")
    func updateRereads() throws {
        let temp = try vaultWithClient()
        let store = DocumentStore(vault: try temp.vault)
        let path = try Kind.goal.create(in: store)
        let stale = try store.read(path)
        try temp.write(path, try temp.read(path) + "A line written meanwhile.\n")
        let update = try store.update(stale, now: Self.now) { current throws(VaultError) -> Document in
            Document(String(decoding: current.document.bytes, as: UTF8.self) + "And one more.\n")
        }
        #expect(try temp.read(update.path).hasSuffix("A line written meanwhile.\nAnd one more.\n"))
    }

    @Test("the time passed in is the one a new client's file records")
    func passedInNowReachesTheFile() throws {
        let temp = try TemporaryVault()
        let store = DocumentStore(vault: try temp.vault)
        let then = Date(timeIntervalSince1970: 1_562_605_200)  // 2019-07-08 10:00 in Los Angeles
        let path = try store.addClient(name: "Maya Thompson", born: nil, short: nil, now: then).path
        #expect(try temp.read(path).contains("\ncreated: 2019-07-08"))
    }

    @Test("the time passed in is the one a changed trial session's 'updated' records")
    func passedInNowReachesASave() throws {
        let temp = try vaultWithClient()
        let store = DocumentStore(vault: try temp.vault)
        let path = try Kind.trialSession.create(in: store)
        let then = Date(timeIntervalSince1970: 1_893_520_800)  // 2030-01-01 10:00 in Los Angeles
        try store.setKeys([("location", ["location: clinic"])], in: try store.read(path), order: TrialSession.keys, now: then)
        #expect(try temp.read(path).contains("\nupdated: 2030-01-01"))
    }
}
