@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ReflectionQueueTests {
    let id = UUID(uuidString: "AAAAAAAA-0000-4000-8000-000000000001")!

    /// A vault with one session needing reflection, and a queue folder of its own.
    private func setUp() throws -> (TemporaryVault, ReflectionQueue) {
        let temp = try TemporaryVault()
        try temp.write("sessions/2024/a.md", sessionText(id: id.uuidString))
        return (temp, ReflectionQueue(directory: temp.root + "-state/queue"))
    }

    private func reflection(_ text: String, _ vault: Vault, typed: Date, session: UUID? = nil, reference: String = "AAAAAAAA") -> QueuedReflection {
        QueuedReflection(vault: vault.root, session: session ?? id, reference: reference, text: text, typed: typed,
                         timeZone: vault.timeZone, prepend: false)
    }

    @Test(arguments: [
        (["XDG_STATE_HOME": "/s", "HOME": "/h"], "/s/afterflow"),
        (["XDG_STATE_HOME": "relative", "HOME": "/h"], "/h/.local/state/afterflow"),
        (["HOME": "/h/"], "/h/.local/state/afterflow"),
        ([:], nil),
    ])
    func theStateFolderFollowsXDG(_ environment: [String: String], _ expected: String?) {
        #expect(StateFolder.path(environment: environment) == expected)
    }

    @Test func queuedReflectionsAreOwnerOnlyFilesListedInTheOrderTheyWereTyped() throws {
        let (temp, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        let vault = try temp.vault
        let first = Date(timeIntervalSince1970: 1_733_937_150)
        // Added out of order: the later one first.
        try queue.enqueue(reflection("Second.", vault, typed: first.addingTimeInterval(0.5)))
        try queue.enqueue(reflection("First.", vault, typed: first))
        #expect(queue.items().map(\.reflection.text) == ["First.", "Second."])
        for item in queue.items() {
            let attributes = try FileManager.default.attributesOfItem(atPath: queue.directory + "/" + item.name)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
        }
        let folder = try FileManager.default.attributesOfItem(atPath: queue.directory)
        #expect(folder[.posixPermissions] as? Int == 0o700)
        let stored = try String(contentsOfFile: queue.directory + "/" + queue.items()[0].name, encoding: .utf8)
        #expect(stored.contains("\"typed\" : \"2024-12-11T09:12:30-08:00\""))
        #expect(stored.contains("\"vault\" : \"\(vault.root)\""))
    }

    @Test func theQueueHoldsAHundredAndRefusesTheNext() throws {
        let (temp, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        let vault = try temp.vault
        var counts: [Int] = []
        for n in 0..<ReflectionQueue.capacity {
            counts.append(try queue.enqueue(reflection("Entry \(n).", vault, typed: Date(timeIntervalSince1970: 1_733_937_150 + Double(n)))))
        }
        #expect(counts == Array(1...100))
        do {
            try queue.enqueue(reflection("One too many.", vault, typed: Date()))
            Issue.record("expected a full queue")
        } catch {
            #expect(error.kind == .full)
            #expect(error.message.hasPrefix("the reflection queue is full: 100 reflections are waiting in "))
        }
        #expect(queue.items().count == 100)
    }

    @Test func replayWritesInOrderWithTheTimeEachWasTyped() throws {
        let (temp, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        let vault = try temp.vault
        let typed = Date(timeIntervalSince1970: 1_733_937_150)  // 2024-12-11 09:12:30 in Los Angeles
        try queue.enqueue(reflection("Third.", vault, typed: typed.addingTimeInterval(7200)))
        try queue.enqueue(reflection("First.", vault, typed: typed))
        try queue.enqueue(reflection("Second.", vault, typed: typed.addingTimeInterval(60), session: nil, reference: "2024-12-10"))
        let other = QueuedReflection(vault: "/elsewhere", session: id, reference: "AAAA", text: "Not here.", typed: typed,
                                     timeZone: vault.timeZone, prepend: false)
        try queue.enqueue(other)

        let replay = queue.replay(into: vault, now: typed.addingTimeInterval(86_400))
        #expect(replay.saved.map(\.reflection.text) == ["First.", "Second.", "Third."])
        #expect(replay.waiting.isEmpty)
        let session = Session(parsing: try temp.read("sessions/2024/a.md"))
        #expect(session.reflections == "[2024-12-11 09:12] First.\n\n[2024-12-11 09:13] Second.\n\n[2024-12-11 11:12] Third.")
        #expect(session.status == .complete)
        #expect(session.updated?.canonical(in: vault.timeZone) == "2024-12-12T09:12:30-08:00")
        #expect(queue.items().map(\.reflection.text) == ["Not here."], "another vault's reflection stays")
        #expect(queue.replay(into: vault).saved.isEmpty, "nothing is written twice")
    }

    @Test func aReflectionForASessionThatIsGoneWaits() throws {
        let (temp, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        let vault = try temp.vault
        try queue.enqueue(reflection("Lost session.", vault, typed: Date(), session: UUID()))
        try queue.enqueue(reflection("Kept.", vault, typed: Date().addingTimeInterval(1)))
        let replay = queue.replay(into: vault)
        #expect(replay.saved.map(\.reflection.text) == ["Kept."])
        #expect(replay.waiting.map(\.item.reflection.text) == ["Lost session."])
        #expect(replay.waiting.first?.reason.contains("is not in the vault") == true)
        #expect(queue.items().map(\.reflection.text) == ["Lost session."])
    }

    @Test func whileTheVaultIsLockedEverythingWaits() throws {
        let (temp, queue) = try setUp()
        defer { try? FileManager.default.removeItem(atPath: queue.directory) }
        let vault = try temp.vault
        try queue.enqueue(reflection("Wait for me.", vault, typed: Date()))
        let holder = try VaultLockTests.Holder(temp.root)
        let replay = queue.replay(into: vault, lockTimeout: 0.05)
        holder.release()
        #expect(replay.saved.isEmpty)
        #expect(replay.waiting.map(\.item.reflection.text) == ["Wait for me."])
        #expect(try temp.read("sessions/2024/a.md") == sessionText(id: id.uuidString))
        #expect(queue.replay(into: vault).saved.count == 1)
    }
}
