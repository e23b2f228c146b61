import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `init` in a folder that already exists: the vault folder is made private to its owner unless it
/// is shared on purpose, and `--git` starts a repository that is private to its owner
/// (`core.sharedRepository=0600`), whatever the umask. Runs the real git.
@Suite("init keeps the vault private")
struct InitPrivacyTests {
    static let git = BrowserTests.onPath(["git"])
    static let missingGit = "needs git (make test-deps installs it: apt-get install -y git)"

    /// Runs `script` with /bin/sh under umask 022 in `directory` (relative to the sandbox), with
    /// `$AF` the afterflow binary, the sandbox's HOME and an identity for git.
    @discardableResult
    static func shell(_ sandbox: Sandbox, _ script: String, directory: String = ".",
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int32, stdout: String, stderr: String) {
        let binary = try #require(afterflowBinary, "the afterflow binary", sourceLocation: sourceLocation)
        let ran = try TestProgram.run("/bin/sh", ["-c", "umask 022 && " + script], environment: [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home, "TZ": "UTC",
            "NO_COLOR": "1", "LANG": "C.UTF-8", "AF": binary,
            "GIT_AUTHOR_NAME": "Sam", "GIT_AUTHOR_EMAIL": "sam@example.org",
            "GIT_COMMITTER_NAME": "Sam", "GIT_COMMITTER_EMAIL": "sam@example.org", "GIT_CONFIG_NOSYSTEM": "1",
        ], directory: sandbox.path(directory))
        return (ran.status, ran.text, ran.errorText)
    }

    /// `folder` and everything under it whose permission bits let the group or others in, as
    /// `0644 path` (symbolic links, whose bits mean nothing, left out).
    static func openToOthers(_ folder: String) -> [String] {
        var found: [String] = []
        var paths = [folder]
        if let enumerator = FileManager.default.enumerator(atPath: folder) {
            while let next = enumerator.nextObject() as? String { paths.append(folder + "/" + next) }
        }
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { continue }
            if info.st_mode & 0o077 != 0 { found.append(String(info.st_mode & 0o7777, radix: 8) + " " + path) }
        }
        return found
    }

    @Test("init --git in an existing 0755 folder: the folder becomes 0700, and after a commit nothing in .git is open to others",
          .enabled(if: git != nil, Comment(rawValue: missingGit)))
    func gitInExistingFolder() throws {
        try withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("journal"), withIntermediateDirectories: true)
            #expect(chmod(sandbox.path("journal"), 0o755) == 0)
            let made = try Self.shell(sandbox, "\"$AF\" init journal --git --time-zone UTC")
            #expect(made.status == 0, "\(made)")
            #expect(made.stdout.contains("\n  ~ the vault folder is now private to you (0700; it was 0755)\n"), "\(made)")
            #expect(made.stdout.contains("\n  + .git (a new repository, private to you; commit when you like)\n"), "\(made)")

            let committed = try Self.shell(sandbox, """
                "$AF" new --treatment psilocybin --mood-before 5 --intention "Listen inward." >/dev/null \
                && git add -A && git commit -q -m "First session" && git log --oneline && git config core.sharedRepository
                """, directory: "journal")
            #expect(committed.status == 0, "\(committed)")
            #expect(committed.stdout.hasSuffix(" First session\n0600\n"), "\(committed)")
            #expect(try sandbox.mode("journal") == 0o700)
            #expect(Self.openToOthers(sandbox.path("journal/.git")) == [])
            #expect(Self.openToOthers(sandbox.path("journal")) == [], "the whole vault is its owner's")
        }
    }

    @Test("a folder shared on purpose keeps its permissions, and init says so; the repository is still private",
          .enabled(if: git != nil, Comment(rawValue: missingGit)),
          arguments: [(0o775, "is group-writable"), (0o2750, "is setgid"), (0o1777, "is writable by everyone")])
    func sharedFolder(mode: Int, reason: String) throws {
        try withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("shared"), withIntermediateDirectories: true)
            #expect(chmod(sandbox.path("shared"), mode_t(mode)) == 0)
            let made = try Self.shell(sandbox, "\"$AF\" init shared --git --time-zone UTC")
            #expect(made.status == 0, "\(made)")
            #expect(try sandbox.mode("shared") == mode, "the mode is left as it was")
            let octal = "0" + String(mode, radix: 8)
            #expect(made.stderr == "warning: the vault folder \(reason), so it looks shared on purpose and afterflow left its "
                    + "permissions (\(octal)) as they are; if the journal should be private, run: chmod 700 shared\n", "\(made)")
            #expect(Self.openToOthers(sandbox.path("shared/.git")) == [])
        }
    }

    @Test("init without git also makes an existing folder private; a folder already private is not mentioned")
    func withoutGit() throws {
        try withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("open"), withIntermediateDirectories: true)
            #expect(chmod(sandbox.path("open"), 0o750) == 0)
            let made = try Self.shell(sandbox, "\"$AF\" init open --no-git --time-zone UTC")
            #expect(made.status == 0, "\(made)")
            #expect(made.stdout.contains("\n  ~ the vault folder is now private to you (0700; it was 0750)\n"), "\(made)")
            #expect(try sandbox.mode("open") == 0o700)

            let again = try Self.shell(sandbox, "\"$AF\" init open --no-git --time-zone UTC")
            #expect(again.status == 0 && !again.stdout.contains("private"), "\(again)")
            #expect(again.stderr == "", "\(again)")

            // A vault whose folder was opened up again is made private again.
            #expect(chmod(sandbox.path("open"), 0o755) == 0)
            let reopened = try Self.shell(sandbox, "\"$AF\" init open --no-git --time-zone UTC")
            #expect(reopened.stdout.hasPrefix("open is already a vault.\n  ~ the vault folder is now private to you (0700; it was 0755)\n"),
                    "\(reopened)")
            #expect(try sandbox.mode("open") == 0o700)
        }
    }

    @Test("init in the home folder leaves its permissions and says so")
    func homeFolder() throws {
        try withSandbox { sandbox in
            #expect(chmod(sandbox.home, 0o755) == 0)
            let made = try Self.shell(sandbox, "\"$AF\" init --no-git --time-zone UTC", directory: "home")
            #expect(made.status == 0, "\(made)")
            #expect(try sandbox.mode("home") == 0o755)
            #expect(made.stderr == "warning: the vault folder is your home folder, so afterflow left its permissions (0755) as "
                    + "they are; if the journal should be private, run: chmod 700 ., or keep the vault in a folder of its own\n", "\(made)")
        }
    }

    @Test("a folder of another user keeps its permissions, and init says so",
          .enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func otherOwner() throws {
        try withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("theirs"), withIntermediateDirectories: true)
            #expect(chmod(sandbox.path("theirs"), 0o755) == 0)
            #expect(chown(sandbox.path("theirs"), 65534, 65534) == 0)
            let made = try Self.shell(sandbox, "\"$AF\" init theirs --no-git --time-zone UTC")
            #expect(made.status == 0, "\(made)")
            #expect(try sandbox.mode("theirs") == 0o755)
            #expect(made.stderr == "warning: the vault folder belongs to another user, so afterflow left its permissions (0755) as "
                    + "they are; if the journal should be private, keep it in a folder of your own\n", "\(made)")
        }
    }
}
