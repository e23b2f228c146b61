import Foundation
import Testing

/// `afterflow backup` and `restore` with the real age tool (#15, backups).
@Suite("encrypted backups")
struct BackupTests {
    static let age = BrowserTests.onPath(["age"]).flatMap { _ in BrowserTests.onPath(["age-keygen"]) }

    /// A new age identity file in the sandbox, and its public key.
    static func keygen(_ sandbox: Sandbox, _ name: String) throws -> String {
        let made = try TestProgram.run("/usr/bin/env", ["age-keygen", "-o", sandbox.path(name)])
        guard made.succeeded else { throw CLIError(description: "age-keygen failed: \(made)") }
        let text = try sandbox.readText(name)
        let line = text.split(separator: "\n").first { $0.hasPrefix("# public key: ") }!
        return String(line.dropFirst("# public key: ".count))
    }

    /// Every file under `root` (relative path → bytes and permissions), the index and lock left out.
    static func snapshot(_ root: String) -> [String: (Data, Int)] {
        var out: [String: (Data, Int)] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)!
        while let relative = enumerator.nextObject() as? String {
            if relative.hasPrefix(".afterflow/index.sqlite") || relative == ".afterflow/lock" { continue }
            let path = root + "/" + relative
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes?[.posixPermissions] as? Int) ?? -1
            out[relative] = (FileManager.default.contents(atPath: path) ?? Data(), mode)
        }
        return out
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    @Test("backup then restore gives every file back byte for byte with its owner's permissions only; a wrong key fails and writes nothing",
          .enabled(if: age != nil, Comment(rawValue: "needs age (apt-get install age)")))
    func roundTrip() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            expectStatus(try sandbox.run(["list"], directory: vault), 0)   // an index, to be left out
            #expect(chmod(vault + "/README.md", 0o640) == 0)
            let key = try Self.keygen(sandbox, "key.txt")
            _ = try Self.keygen(sandbox, "wrong.txt")

            // Piped, --dry-run prints one path a line: every file the archive will hold, nothing else.
            let dry = try sandbox.run(["backup", "-o", sandbox.path("b.age"), "--dry-run"], directory: vault)
            expectStatus(dry, 0)
            let files = Self.snapshot(vault).filter { path, _ in !Self.isDirectory(vault + "/" + path) }
            #expect(dry.stdoutLines.sorted() == files.keys.sorted(), "\(dry)")
            #expect(dry.stdoutLines == dry.stdoutLines.sorted(), "in order")
            #expect(!dry.stdout.contains("index.sqlite"), "\(dry)")
            #expect(!sandbox.exists("b.age"))
            let json = try sandbox.run(["backup", "-o", sandbox.path("b.age"), "--dry-run", "--format", "json"], directory: vault)
            expectStatus(json, 0)
            let object = json.json as? [String: Any]
            let listed = (object?["files"] as? [[String: Any]]) ?? []
            #expect(listed.compactMap { $0["path"] as? String } == dry.stdoutLines)
            #expect(object?["count"] as? Int == files.count)
            #expect(object?["bytes"] as? Int == files.values.reduce(0) { $0 + $1.0.count })
            #expect(listed.first { $0["path"] as? String == "README.md" }?["mode"] as? String == "0640")
            #expect(!sandbox.exists("b.age"))

            let backup = try sandbox.run(["backup", "-o", sandbox.path("b.age"), "--recipient", key], directory: vault)
            expectStatus(backup, 0)
            #expect(try sandbox.mode("b.age") == 0o600)
            let bytes = try sandbox.read("b.age")
            #expect(String(decoding: bytes.prefix(21), as: UTF8.self) == "age-encryption.org/v1", "an age file")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("Psilocybin"), "nothing readable")
            // An existing file is replaced only with --force.
            let again = try sandbox.run(["backup", "-o", sandbox.path("b.age"), "--recipient", key], directory: vault)
            expectStatus(again, 1)
            #expect(again.stderr.contains("b.age exists; add --force to replace it"), "\(again)")
            #expect(try sandbox.read("b.age") == bytes)
            expectStatus(try sandbox.run(["backup", "-o", sandbox.path("b.age"), "--recipient", key, "--force"], directory: vault), 0)
            #expect(try sandbox.read("b.age") != bytes, "a new archive (age encrypts with a new file key each time)")

            let wrong = try sandbox.run(["restore", sandbox.path("b.age"), sandbox.path("r"), "--identity", sandbox.path("wrong.txt")])
            expectStatus(wrong, 1)
            #expect(wrong.stderr.contains("cannot decrypt"), "\(wrong)")
            #expect(wrong.stderr.contains("nothing was written"), "\(wrong)")
            #expect(!sandbox.exists("r"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root).filter { $0.hasSuffix(".tmp") } == [])

            let restore = try sandbox.run(["restore", sandbox.path("b.age"), sandbox.path("r"), "--identity", sandbox.path("key.txt")])
            expectStatus(restore, 0)
            let before = Self.snapshot(vault), after = Self.snapshot(sandbox.path("r"))
            #expect(before.keys.sorted() == after.keys.sorted())
            Self.expectBackupLog(vault: before[Self.log]?.0, restored: after[Self.log]?.0)
            for (path, (data, mode)) in before {
                #expect(path == Self.log || after[path]?.0 == data, "\(path) byte for byte")
                // The owner's bits, and nothing for the group or others (folders 0700).
                let folder = Self.isDirectory(vault + "/" + path)
                #expect(after[path]?.1 == (folder ? 0o700 : mode & 0o700), "\(path) keeps its owner's permissions only")
            }
            #expect(after["README.md"]?.1 == 0o600, "0640 in the vault, the owner's alone restored")
            #expect(!sandbox.exists("r/.afterflow/index.sqlite"))
            expectStatus(try sandbox.run(["check"], directory: sandbox.path("r")), 0)

            // Without age: said so, nothing written.
            let bin = sandbox.path("bin")
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            for tool in ["tar", "env"] {
                if let path = BrowserTests.onPath([tool]) { try FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: path) }
            }
            for arguments in [["backup", "-o", sandbox.path("n.age"), "--recipient", key], ["restore", sandbox.path("b.age"), sandbox.path("n"), "--identity", sandbox.path("key.txt")]] {
                let without = try sandbox.run(arguments, directory: vault, environment: ["PATH": bin])
                expectStatus(without, 1)
                #expect(without.stderr.contains("age is not installed; backups are encrypted with it, so nothing was done"), "\(without)")
                #expect(!sandbox.exists("n.age") && !sandbox.exists("n"))
            }

            let over = try sandbox.run(["restore", sandbox.path("b.age"), sandbox.path("r"), "--identity", sandbox.path("key.txt")])
            expectStatus(over, 1)
            #expect(over.stderr.contains("is not empty; a restore never writes over files"), "\(over)")
            // Nor over a file.
            try sandbox.write(sandbox.path("notes.txt"), "mine\n")
            let file = try sandbox.run(["restore", sandbox.path("b.age"), sandbox.path("notes.txt"), "--identity", sandbox.path("key.txt")])
            expectStatus(file, 1)
            #expect(file.stderr.contains("notes.txt is a file, not a folder; a restore never writes over files"), "\(file)")
            #expect(try sandbox.readText("notes.txt") == "mine\n")
            // An empty folder is fine.
            try FileManager.default.createDirectory(atPath: sandbox.path("empty"), withIntermediateDirectories: true)
            expectStatus(try sandbox.run(["restore", sandbox.path("b.age"), sandbox.path("empty"), "--identity", sandbox.path("key.txt")]), 0)
            #expect(Self.snapshot(sandbox.path("empty")).mapValues(\.0) == after.mapValues(\.0))
        }
    }

    @Test("without a recipient age asks for a passphrase on the terminal; a wrong one restores nothing",
          .enabled(if: age != nil && PseudoTerminal.python != nil, Comment(rawValue: "needs age and python3")))
    func passphrase() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", "Explore"], directory: vault,
                                         environment: practiceAt("2025-03-25T15:00:00Z")), 0)
            // While age asks, nothing of the vault is in the temporary folder: the archive goes to age through a pipe.
            let temporary = sandbox.path("tmp")
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            let listing = sandbox.path("listing.txt")
            let backup = try sandbox.runOnPseudoTerminal(["backup", "-o", sandbox.path("p.age")], directory: vault, environment: ["TMPDIR": temporary], steps: [
                .expect("passphrase"), .run(["sh", "-c", "ls -A \"$0\" > \"$1\"; echo done >> \"$1\"", temporary, listing]),
                .type("correct horse\r"), .expect("Confirm passphrase"), .type("correct horse\r"),
            ])
            #expect(backup.status == 0, "\(backup)")
            #expect(try sandbox.readText(listing) == "done\n")
            #expect(sandbox.exists("p.age"))
            #expect(!String(decoding: try sandbox.read("p.age"), as: UTF8.self).contains("Explore"), "nothing readable")
            let wrong = try sandbox.runOnPseudoTerminal(["restore", sandbox.path("p.age"), sandbox.path("r")], directory: ".", environment: ["TMPDIR": temporary], steps: [
                .expect("passphrase"), .type("wrong horse\r"),
            ])
            #expect(wrong.status == 1, "\(wrong)")
            #expect(!sandbox.exists("r"))
            let right = try sandbox.runOnPseudoTerminal(["restore", sandbox.path("p.age"), sandbox.path("r")], directory: ".", environment: ["TMPDIR": temporary], steps: [
                .expect("passphrase"), .type("correct horse\r"),
            ])
            #expect(right.status == 0, "\(right)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
            let before = Self.snapshot(vault).mapValues(\.0), after = Self.snapshot(sandbox.path("r")).mapValues(\.0)
            Self.expectBackupLog(vault: before[Self.log], restored: after[Self.log])
            #expect(before.filter { $0.key != Self.log } == after.filter { $0.key != Self.log })
        }
    }

    static let log = ".afterflow/disclosures.log"

    /// The disclosure log in the archive is the vault's as tar read it: with the backup's own
    /// entry last, and without its outcome, appended once the archive was whole. So the vault's
    /// log is the restored one and one more line, the `done` outcome of that entry.
    static func expectBackupLog(vault: Data?, restored: Data?, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = { (data: Data?) in String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init) }
        let (kept, archived) = (lines(vault), lines(restored))
        #expect(kept.count == archived.count + 1 && Array(kept.prefix(archived.count)) == archived,
                "the vault's log is the archived one and one line more", sourceLocation: sourceLocation)
        guard let entry = archived.last, let outcome = kept.last,
              let id = entry.range(of: "\"disclosure\":\"").map({ String(entry[$0.upperBound...].prefix(36)) }) else {
            Issue.record("no backup entry in the archived log", sourceLocation: sourceLocation)
            return
        }
        #expect(entry.contains("\"command\":\"backup\""), "\(entry)", sourceLocation: sourceLocation)
        #expect(outcome.contains("\"outcome\":\"done\",\"disclosure\":\"\(id)\""), "\(outcome)", sourceLocation: sourceLocation)
    }
}
