import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("reflection queue")
struct ReflectionQueueTests {
    /// Waiting for a held lock gives up at once.
    static let impatient: [String: String?] = ["AFTERFLOW_LOCK_TIMEOUT": "0"]

    @Test("while another process holds the vault's lock, the reflection is queued; the next command saves it with its original time")
    func queuedWhileLocked() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let before = try sandbox.read("vault/" + path)
            let queued = try holdingLock(sandbox.path("vault/.afterflow/lock")) {
                try sandbox.run(["reflect", "2024-12-10", "Written while locked."], directory: "vault", environment: Self.impatient)
            }
            expectStatus(queued, 0)
            #expect(queued.stdout.hasPrefix("Reflection queued: the vault cannot be written right now."), "\(queued)")
            #expect(queued.stderr.contains("another afterflow process has held the vault's lock (.afterflow/lock)"))
            #expect(try sandbox.read("vault/" + path) == before, "nothing was written")
            let files = sandbox.queuedFiles()
            #expect(files.count == 1)
            #expect(try sandbox.mode(sandbox.queueFolder + "/" + files[0]) == 0o600)
            #expect(try sandbox.mode(sandbox.queueFolder) == 0o700)

            // Pretend it was typed long ago: the entry must carry that time, not the replay's.
            let file = sandbox.queueFolder + "/" + files[0]
            let json = try sandbox.readText(file)
            let typed = try #require(json.range(of: #""typed" : "[^"]*""#, options: .regularExpression))
            try sandbox.write(file, json.replacingCharacters(in: typed, with: #""typed" : "2024-12-11T09:12:30-08:00""#))

            let list = try sandbox.run(["list"], directory: "vault")
            expectStatus(list, 0)
            #expect(list.stderr == "1 queued reflection saved\n")
            #expect(list.stdout.contains("complete"), "the list already shows the saved reflection: \(list.stdout)")
            let text = try sandbox.readText("vault/" + path)
            #expect(reflectionEntries(text) == ["[2024-12-11 09:12] Written while locked."])
            #expect(frontMatterValue(text, "status") == "complete")
            #expect(sandbox.queuedFiles().isEmpty)
            let again = try sandbox.run(["list"], directory: "vault")
            #expect(again.stderr == "", "a saved reflection is not saved twice")
        }
    }

    @Test("queued reflections are saved in the order they were written")
    func replayOrder() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            try holdingLock(sandbox.path("vault/.afterflow/lock")) {
                for word in ["one", "two", "three"] {
                    let result = try sandbox.run(["reflect", "2024-12-10", word], directory: "vault", environment: Self.impatient)
                    expectStatus(result, 0)
                    #expect(result.stdout.hasPrefix("Reflection queued"))
                }
                // A command that cannot write says they wait, and keeps them.
                let show = try sandbox.run(["show", "2024-12-10"], directory: "vault", environment: Self.impatient)
                expectStatus(show, 0)
                #expect(show.stderr.contains("warning: 3 queued reflections are still waiting; they are kept and tried again next time"))
            }
            #expect(sandbox.queuedFiles().count == 3)
            let replay = try sandbox.run(["show", "2024-12-10", "--format", "json"], directory: "vault")
            expectStatus(replay, 0)
            #expect(replay.stderr == "3 queued reflections saved\n")
            let entries = reflectionEntries(try sandbox.readText("vault/" + path))
            #expect(entries.map { $0.components(separatedBy: "] ").last ?? "" } == ["one", "two", "three"])
            #expect((replay.json as? [String: Any])?["status"] as? String == "complete")
        }
    }

    @Test("a vault on a drive that is not mounted: queued by reference, saved once it is back")
    func unmountedVault() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            try FileManager.default.moveItem(atPath: sandbox.path("vault"), toPath: sandbox.path("away"))
            try FileManager.default.createDirectory(atPath: sandbox.path("vault"), withIntermediateDirectories: false)  // an empty mount point
            let queued = try sandbox.run(["reflect", "2024-12-10", "Written on the train.", "--vault", "vault"])
            expectStatus(queued, 0)
            #expect(queued.stdout.contains("Reflection queued"), "\(queued)")
            #expect(queued.stdout.contains(sandbox.path("vault")))
            #expect(try sandbox.readText(sandbox.queueFolder + "/" + sandbox.queuedFiles()[0]).contains(#""reference" : "2024-12-10""#))

            try FileManager.default.removeItem(atPath: sandbox.path("vault"))
            try FileManager.default.moveItem(atPath: sandbox.path("away"), toPath: sandbox.path("vault"))
            let list = try sandbox.run(["list"], environment: ["AFTERFLOW_VAULT": sandbox.path("vault")])
            expectStatus(list, 0)
            #expect(list.stderr == "1 queued reflection saved\n")
            #expect(reflectionEntries(try sandbox.readText("vault/" + path)).last?.hasSuffix("] Written on the train.") == true)
        }
    }

    @Test("a read-only session folder: queued, then saved when it can be written",
          .enabled(if: geteuid() != 0, "running as root: permission bits do not stop root's writes, so a read-only folder cannot be simulated; the held-lock and unmounted-vault tests cover queueing"))
    func readOnlyFolder() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let folder = sandbox.path("vault/sessions/2024")
            chmod(folder, 0o500)
            defer { chmod(folder, 0o700) }
            let queued = try sandbox.run(["reflect", "2024-12-10", "Read-only."], directory: "vault")
            expectStatus(queued, 0)
            #expect(queued.stdout.hasPrefix("Reflection queued"), "\(queued)")
            chmod(folder, 0o700)
            let list = try sandbox.run(["list"], directory: "vault")
            #expect(list.stderr == "1 queued reflection saved\n")
            #expect(reflectionEntries(try sandbox.readText("vault/" + path)).count == 1)
        }
    }

    /// Fills the queue with `count` reflections for another vault.
    private func fill(_ sandbox: Sandbox, _ count: Int) throws {
        try FileManager.default.createDirectory(atPath: sandbox.queueFolder, withIntermediateDirectories: true)
        for n in 0..<count {
            let name = "0\(1_700_000_000_000_000_000 + n)-1-\(n).json"
            try sandbox.write(sandbox.queueFolder + "/" + name, """
                {"prepend": false, "reference": "AAAA", "session": null, "text": "Old \(n).", "typed": "2024-01-01T10:00:00Z", "vault": "/elsewhere", "version": 1}
                """)
        }
    }

    @Test("from 90 waiting reflections on, queueing warns")
    func nearlyFull() throws {
        try withSandbox { sandbox in
            _ = try sandbox.vaultWithSession()
            try fill(sandbox, 89)
            let queued = try holdingLock(sandbox.path("vault/.afterflow/lock")) {
                try sandbox.run(["reflect", "2024-12-10", "Ninetieth."], directory: "vault", environment: Self.impatient)
            }
            expectStatus(queued, 0)
            #expect(queued.stderr.contains("warning: 90 reflections are waiting in the queue, and it holds at most 100"), "\(queued)")
            #expect(sandbox.queuedFiles().count == 90)
        }
    }

    @Test("a full queue refuses the 101st and prints the text back, so it is not lost")
    func full() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            try fill(sandbox, 100)
            let before = try sandbox.read("vault/" + path)
            let refused = try holdingLock(sandbox.path("vault/.afterflow/lock")) {
                try sandbox.run(["reflect", "2024-12-10"], directory: "vault", environment: Self.impatient,
                                stdin: Data("Please keep me.\n".utf8))
            }
            expectStatus(refused, 1)
            #expect(refused.stderr.contains("error: the reflection queue is full: 100 reflections are waiting in "), "\(refused)")
            #expect(refused.stderr.contains("Your reflection was not saved; here it is, to keep:\nPlease keep me."))
            #expect(sandbox.queuedFiles().count == 100)
            #expect(try sandbox.read("vault/" + path) == before)
        }
    }

    @Test("fifty reflect processes started at once on one session leave fifty entries and a valid file")
    func fiftyAtOnce() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let runs = (1...50).map { ["reflect", "2024-12-10", "entry \($0)"] }
            let results = try sandbox.runAll(runs, directory: "vault")
            for result in results {
                expectStatus(result, 0)
                // Under heavy load a run may give up waiting and queue its entry: never lost.
                #expect(result.stdout == "Reflection saved\n" || result.stdout.hasPrefix("Reflection queued"), "\(result)")
            }
            // Anything queued is saved by the next command.
            expectStatus(try sandbox.run(["check"], directory: "vault"), 0)
            let text = try sandbox.readText("vault/" + path)
            let entries = reflectionEntries(text)
            #expect(entries.count == 50)
            #expect(Set(entries.map { $0.components(separatedBy: "] ").last ?? "" }) == Set((1...50).map { "entry \($0)" }))
            #expect(frontMatterValue(text, "status") == "complete")
            #expect(frontMatterKeys(text).filter { $0 == "updated" }.count == 1)
            #expect(sandbox.queuedFiles().isEmpty)
        }
    }
}
