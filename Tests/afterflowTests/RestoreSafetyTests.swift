import Foundation
import Testing

/// `restore` interrupted and given a hostile archive, and `backup` told to write into its own
/// vault through a link (#20). Real age, real tar.
@Suite("restore leaves nothing decrypted and trusts no archive's metadata")
struct RestoreSafetyTests {
    static let age = BackupTests.age

    /// The example vault with a large file (so that unpacking it takes many reads), backed up to
    /// `b.age` for `key.txt`.
    static func backedUp(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault()
        var bytes = [UInt8](repeating: 0, count: 2_000_000)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
        try sandbox.write(vault + "/attachments-big.bin", Data(bytes))
        let key = try BackupTests.keygen(sandbox, "key.txt")
        expectStatus(try sandbox.run(["backup", "-o", sandbox.path("b.age"), "--recipient", key], directory: vault), 0)
        return vault
    }

    /// A folder with an `age` that runs the real one and passes its output on, but holds the rest
    /// back after the first 64 kB (touching `ready`), so that a restore is caught half-way with
    /// decrypted files on disk.
    static func slowAge(_ sandbox: Sandbox) throws -> String {
        let bin = sandbox.path("slow")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let real = BrowserTests.onPath(["age"])!
        try sandbox.write(bin + "/age", """
            #!/bin/sh
            exec 2>/dev/null
            '\(real)' "$@" | { head -c 65536; : > '\(sandbox.path("ready"))'; sleep 20; cat; }

            """)
        chmod(bin + "/age", 0o755)
        return bin
    }

    /// The restore folders beside the target.
    static func leftovers(_ sandbox: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.root).filter { $0.hasPrefix(".afterflow-restore-") }
    }

    /// Starts a restore through the slow age and returns it once decrypted files are on disk.
    static func caughtHalfWay(_ sandbox: Sandbox) throws -> Sandbox.Running {
        let bin = try slowAge(sandbox)
        let running = try sandbox.start(["restore", sandbox.path("b.age"), sandbox.path("r"), "--identity", sandbox.path("key.txt")],
                                        directory: nil, environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")], stdin: nil)
        let deadline = Date().addingTimeInterval(60)
        // Waits for the condition (decrypted files unpacked), not for a time.
        while Date() < deadline {
            let folders = try leftovers(sandbox)
            if sandbox.exists("ready"), let folder = folders.first, !sandbox.files(under: folder + "/vault").isEmpty { break }
            usleep(10_000)
        }
        return running
    }

    @Test("SIGINT and SIGTERM during a restore leave no decrypted file", .enabled(if: age != nil),
          arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        try withSandbox { sandbox in
            _ = try Self.backedUp(sandbox)
            let running = try Self.caughtHalfWay(sandbox)
            #expect(try Self.leftovers(sandbox).count == 1, "decrypted files were on disk when the signal came")
            kill(running.process.processIdentifier, signal)
            let result = running.finish(timeout: 30)
            let left = try Self.leftovers(sandbox)
            #expect(left == [] && !sandbox.exists("r") && result.status == 128 + signal, "\(left) \(result)")
        }
    }

    @Test("a restore killed with SIGKILL: the next command that writes to a vault beside it removes what it left", .enabled(if: age != nil))
    func killed() throws {
        try withSandbox { sandbox in
            _ = try Self.backedUp(sandbox)
            let other = try sandbox.initVault("other", timeZone: "UTC")
            let running = try Self.caughtHalfWay(sandbox)
            kill(running.process.processIdentifier, SIGKILL)
            _ = running.finish(timeout: 30)
            #expect(try Self.leftovers(sandbox).count == 1, "the killed restore left its folder")
            // tar and age, orphaned by the kill, may still be writing into the folder for a moment
            // (a power cut would have stopped them too): wait, bounded, until none works in it.
            // The slow age holds its output back 20 seconds and then lets it through, so on a busy
            // machine they outlive the kill by more than 20 seconds (a CI run saw it): the bound is
            // well past that.
            let deadline = Date().addingTimeInterval(90)
            while Date() < deadline, Self.someoneWorksIn(sandbox.path("")) { usleep(20_000) }
            #expect(!Self.someoneWorksIn(sandbox.path("")), "tar or age still worked in the folder 90 seconds after the kill")
            expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", "Explore"], directory: other,
                                         environment: practiceAt("2025-03-25T15:00:00Z")), 0)
            #expect(try Self.leftovers(sandbox) == [])
        }
    }

    /// Whether a process other than this one has its current folder, or a file open, under
    /// `folder` (read from /proc).
    static func someoneWorksIn(_ folder: String) -> Bool {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for pid in pids where Int32(pid) != nil && Int32(pid) != getpid() {
            var links = ["/proc/\(pid)/cwd"]
            links += ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).map { "/proc/\(pid)/fd/" + $0 }
            for link in links where (try? FileManager.default.destinationOfSymbolicLink(atPath: link))?.hasPrefix(real + "/") == true {
                return true
            }
        }
        return false
    }

    /// Encrypts the tar that `python` writes (tarfile, as `t`) to `key.txt`'s key, as `name`.
    static func hostileArchive(_ sandbox: Sandbox, _ name: String, _ python: String) throws {
        let key = try BackupTests.keygen(sandbox, "key.txt")
        let script = """
            import tarfile, io, sys
            t = tarfile.open(sys.argv[1], 'w')
            def add(name, data=b'x', **kw):
                ti = tarfile.TarInfo(name)
                for k, v in kw.items(): setattr(ti, k, v)
                if ti.type == tarfile.REGTYPE:
                    ti.size = len(data); t.addfile(ti, io.BytesIO(data))
                else:
                    t.addfile(ti)
            add('.', type=tarfile.DIRTYPE, mode=0o777)
            add('./a.md', b'hello\\n', mode=0o644)
            \(python)
            t.close()
            """
        for arguments in [["python3", "-c", script, sandbox.path("h.tar")], ["age", "-r", key, "-o", sandbox.path(name), sandbox.path("h.tar")]] {
            let ran = try TestProgram.run("/usr/bin/env", arguments)
            #expect(ran.succeeded, "\(arguments[0]): \(ran)")
        }
    }

    /// Each entry under `root`: its type, owner-ness and permission bits (`f 0600 mine a.md`).
    static func listing(_ root: String) -> [String] {
        var out: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)!
        while let relative = enumerator.nextObject() as? String {
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0 else { continue }
            let kind: String
            switch info.st_mode & S_IFMT {
            case S_IFDIR: kind = "d"
            case S_IFREG: kind = "f"
            case S_IFLNK: kind = "l"
            default: kind = "?"
            }
            let mine = info.st_uid == getuid() ? "mine" : "uid \(info.st_uid)"
            out.append("\(kind) \(String(format: "%04o", Int(info.st_mode & 0o7777))) \(mine) \(relative)")
        }
        return out.sorted { $0.split(separator: " ").last! < $1.split(separator: " ").last! }
    }

    @Test("as root, a restore makes no device node, setuid file, open folder or foreign owner, keeps no link out, and says what it left out",
          .enabled(if: age != nil && PseudoTerminal.python != nil && getuid() == 0, Comment(rawValue: "needs age, and root (as the archive's metadata only matters to root)")))
    func hostileMetadata() throws {
        try withSandbox { sandbox in
            try Self.hostileArchive(sandbox, "h.age", """
                add('./dev', type=tarfile.CHRTYPE, devmajor=1, devminor=3)
                add('./fifo', type=tarfile.FIFOTYPE)
                add('./suid', b'#!/bin/sh\\n', mode=0o4777)
                add('./open', type=tarfile.DIRTYPE, mode=0o777)
                add('./open/owned.md', b'o\\n', uid=1234, gid=1234, mode=0o666)
                add('./out', type=tarfile.SYMTYPE, linkname='/etc/passwd')
                add('./up', type=tarfile.SYMTYPE, linkname='../outside')
                add('./open/in', type=tarfile.SYMTYPE, linkname='../a.md')
                """)
            let restore = try sandbox.run(["restore", sandbox.path("h.age"), sandbox.path("r"), "--identity", sandbox.path("key.txt")])
            let expected = [
                "f 0600 mine a.md", "d 0700 mine open", "l 0777 mine open/in", "f 0600 mine open/owned.md", "f 0700 mine suid",
            ]
            #expect(restore.status == 0 && Self.listing(sandbox.path("r")) == expected
                    && restore.stderr.contains("dev: a device node, pipe or socket, left out")
                    && restore.stderr.contains("out: a link out of the vault (to /etc/passwd), left out"), "\(restore)\n\(Self.listing(sandbox.path("r")))")
        }
    }

    @Test("an archive tar refuses (a member with ../) is reported as tar's refusal, not as a wrong key; nothing is written",
          .enabled(if: age != nil && PseudoTerminal.python != nil))
    func tarRefusal() throws {
        try withSandbox { sandbox in
            try Self.hostileArchive(sandbox, "h.age", "add('./sub/../../up.md', b'up')")
            let restore = try sandbox.run(["restore", sandbox.path("h.age"), sandbox.path("r"), "--identity", sandbox.path("key.txt")])
            let left = try Self.leftovers(sandbox)
            #expect(restore.status == 1 && restore.stderr.contains("tar refused part of it") && restore.stderr.contains("Member name contains '..'")
                    && !restore.stderr.contains("cannot decrypt") && !sandbox.exists("r") && !sandbox.exists("up.md") && left == [], "\(restore)")
        }
    }

    @Test("backup refuses an archive inside the vault named through a link", .enabled(if: age != nil))
    func backupThroughLink() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            try FileManager.default.createSymbolicLink(atPath: sandbox.path("link"), withDestinationPath: vault)
            let key = try BackupTests.keygen(sandbox, "key.txt")
            let backup = try sandbox.run(["backup", "-o", sandbox.path("link/x.age"), "--recipient", key], directory: vault)
            #expect(backup.status == 1 && !sandbox.exists(vault + "/x.age"), "\(backup)")
        }
    }

    @Test("README says what backup --dry-run prints piped: one path a line, no sizes")
    func dryRunAsReadmeSays() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let dry = try sandbox.run(["backup", "-o", sandbox.path("b.age"), "--dry-run"], directory: vault)
            let readme = try String(contentsOfFile: ReadmeTests.readmePath, encoding: .utf8)
            let line = readme.split(separator: "\n").first { $0.hasPrefix("afterflow backup -o j.age --dry-run") } ?? ""
            let pipedHasSizes = dry.stdoutLines.contains { $0.hasSuffix(" kB") || $0.contains(" B  ") || $0.contains(" kB  ") }
            #expect(line.contains("piped") && line.contains("one path a line") == !pipedHasSizes, "\(line)\n\(dry)")
        }
    }
}
