import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files a killed command leaves (`.name.md.XXXXXX.tmp`): removed by the next write
/// once a minute old, and ignored by git.
@Suite("temporary files")
struct TemporaryFilesTests {
    /// Sets the modification time of `path` (not following a link) `seconds` into the past.
    func age(_ path: String, by seconds: Int) throws {
        var times = [timespec(tv_sec: time(nil) - seconds, tv_nsec: 0), timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)]
        guard utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0 else { throw CLIError(description: "cannot age \(path)") }
    }

    @Test("a write removes afterflow's stale temporary files in the folder it wrote, and all its refresh noticed; nothing else; a read removes nothing")
    func sweep() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let year = "vault/sessions/2024/"
            let stale = [year + ".2024-12-10-psilocybin.md.Ab12Cd.tmp", year + ".2024-03-01-lsd.md.000000.tmp",
                         "vault/.afterflow/drafts/.2024-12-11-mdma.md.xYz789.tmp", "vault/sessions/.a.md.QQQQQQ.tmp"]
            let fresh = [year + ".2024-12-10-psilocybin.md.Zz99Yy.tmp"]
            // Old, but not afterflow's: another program's swap file, the wrong number of letters,
            // no leading dot, a link and a folder with afterflow's form.
            let others = [year + ".2024-12-10-psilocybin.md.swp", year + ".x.md.ABCDE.tmp", year + "x.md.ABCDEF.tmp",
                          year + ".x.md.ABCDEF.tmp.bak"]
            for file in stale + fresh + others { try sandbox.write(file, "---\nid: left over\n---\n") }
            #expect(symlink(sandbox.path("vault/" + path), sandbox.path(year + ".link.md.ABCDEF.tmp")) == 0)
            try FileManager.default.createDirectory(atPath: sandbox.path(year + ".folder.md.ABCDEF.tmp"), withIntermediateDirectories: true)
            for file in stale + others + [year + ".link.md.ABCDEF.tmp", year + ".folder.md.ABCDEF.tmp"] {
                try age(sandbox.path(file), by: 120)
            }
            try age(sandbox.path(fresh[0]), by: 30)

            expectStatus(try sandbox.run(["list"], directory: "vault"), 0)
            for file in stale + fresh + others { #expect(sandbox.exists(file), "a read command removes nothing: \(file)") }

            // `set` on a file reads no index: it looks only in the folder it wrote into, where a
            // killed write of the same file left its temporary file.
            let result = try sandbox.run(["set", path, "mood_after=8"], directory: "vault")
            expectStatus(result, 0)
            let sameFolder = stale.filter { $0.hasPrefix(year) }
            #expect(sameFolder.count == 2)
            for file in sameFolder { #expect(!sandbox.exists(file), "stale, afterflow's, in the folder written: \(file)") }
            for file in stale where !sameFolder.contains(file) { #expect(sandbox.exists(file), "another folder, no refresh: \(file)") }
            for file in fresh + others { #expect(sandbox.exists(file), "kept: \(file)") }

            // A command that refreshes the index and then writes (an export notes itself in the
            // disclosure log) removes those its refresh noticed, wherever they are.
            expectStatus(try sandbox.run(["export", "csv", "--output", sandbox.path("out.csv")], directory: "vault"), 0)
            for file in stale { #expect(!sandbox.exists(file), "stale and afterflow's: \(file)") }
            for file in fresh + others { #expect(sandbox.exists(file), "kept: \(file)") }
            #expect(FileManager.default.fileExists(atPath: sandbox.path(year + ".folder.md.ABCDEF.tmp")))
            var info = stat()
            #expect(lstat(sandbox.path(year + ".link.md.ABCDEF.tmp"), &info) == 0, "the link is kept")
            #expect(frontMatterValue(try sandbox.readText("vault/" + path), "mood_after") == "8")
        }
    }

    static let git = ["/usr/bin/git", "/usr/local/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("init writes a .gitignore that keeps them out of git",
          .enabled(if: git != nil, "git is not installed, so there is nothing to ask what it ignores"))
    func gitIgnoresThem() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            #expect(try sandbox.readText(vault + "/.gitignore").hasSuffix("\n.*.tmp\n"))
            try #require(try TestProgram.run(try #require(Self.git), ["-C", vault, "init", "-q"]).succeeded)
            for (file, ignored) in [("sessions/2024/.2024-12-10-psilocybin.md.Ab12Cd.tmp", true), (".Templates.md.000000.tmp", true),
                                    ("sessions/2024/2024-12-10-psilocybin.md", false)] {
                let check = try TestProgram.run(try #require(Self.git), ["-C", vault, "check-ignore", "-q", file])
                #expect((check.status == 0) == ignored, "\(file)")
            }
        }
    }

    @Test("init adds the pattern to a .gitignore of the user's, keeping what is there, and only once")
    func extendsAnExistingGitignore() throws {
        try withSandbox { sandbox in
            try sandbox.write("journal/.gitignore", "# mine\r\n*.bak")
            let result = try sandbox.run(["init", "journal", "--no-git", "--time-zone", "UTC"])
            expectStatus(result, 0)
            #expect(result.stdoutLines.contains("  ~ .gitignore (added .*.tmp, afterflow's temporary files)"), "\(result)")
            let expected = "# mine\r\n*.bak\r\n# Afterflow's temporary files (.name.md.XXXXXX.tmp), left only by an interrupted write.\r\n.*.tmp\r\n"
            #expect(try sandbox.readText("journal/.gitignore") == expected)

            let again = try sandbox.run(["init", "journal", "--no-git", "--time-zone", "UTC"])
            expectStatus(again, 0)
            #expect(again.stdoutLines.first == "journal is already a vault; nothing to do.")
            #expect(try sandbox.readText("journal/.gitignore") == expected)
        }
    }
}
