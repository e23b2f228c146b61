import Foundation
import Testing

/// Two clones of one vault (a bare repository as their remote), set up with `afterflow git setup`,
/// change the same documents; git merges them with `afterflow merge-driver` (#15).
@Suite("a vault shared through git merges by itself")
struct GitMergeTests {
    static let reflected = "sessions/2025/2025-03-25-psilocybin.md"
    static let keys = "sessions/2025/2025-03-20-psilocybin.md"
    static let sameKey = "sessions/2025/2025-03-21-psilocybin.md"
    static let trials = "clients/maya-t/sessions/2025/2025-03-25-1500.md"
    static let laptop = practiceAt("2025-03-26T09:00:00Z")
    static let desktop = practiceAt("2025-03-26T10:00:00Z")

    /// Runs git in `directory` with the sandbox as its home and nothing from the machine's config.
    @discardableResult
    static func git(_ arguments: [String], in directory: String, _ sandbox: Sandbox, expect: Int32? = 0,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int32, output: String) {
        let ran = try TestProgram.run("/usr/bin/env", ["git"] + arguments, environment: [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": sandbox.home, "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C", "TZ": "UTC",
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        ], directory: directory, mergingErrors: true)
        let text = ran.text
        if let expect {
            #expect(ran.status == expect, "git \(arguments.joined(separator: " ")) → \(ran.status)\n\(text)", sourceLocation: sourceLocation)
        }
        return (ran.status, text)
    }

    /// Clone `a` (where the vault was made) and clone `b` of a bare `remote.git`, both set up, with
    /// three sessions and a trial session committed.
    static func clones(_ sandbox: Sandbox) throws -> (a: String, b: String) {
        let a = try sandbox.initVault("a", timeZone: "UTC")
        let at = practiceAt("2025-03-25T15:00:00Z")
        try git(["init", "-q", "-b", "main"], in: a, sandbox)
        // An identity for the commits afterflow makes itself (git sync).
        try git(["config", "--global", "user.name", "Test"], in: a, sandbox)
        try git(["config", "--global", "user.email", "test@example.com"], in: a, sandbox)
        let setup = try sandbox.run(["git", "setup"], directory: a)
        expectStatus(setup, 0)
        #expect(setup.stdout.contains("merge.afterflow.driver"), "\(setup)")
        #expect(try sandbox.readText(a + "/.gitattributes") == "*.md merge=afterflow\n")
        for (date, intention) in [("2025-03-25 15:00", "Explore"), ("2025-03-20 10:00", "Two"), ("2025-03-21 10:00", "Three")] {
            expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", intention, "--date", date], directory: a, environment: at), 0)
        }
        expectStatus(try sandbox.run(["client", "add", "Maya Thompson"], directory: a, environment: at), 0)
        expectStatus(try sandbox.run(["goal", "add", "maya-t", "Produce /s/", "--short", "s-initial"], directory: a, environment: at), 0)
        let start = try sandbox.run(["trials", "start", "maya-t"], directory: a, environment: at)
        expectStatus(start, 0)
        #expect(start.stdout == trials + "\n")
        for path in [reflected, keys, sameKey, trials] { #expect(sandbox.exists(a + "/" + path), "\(path)") }
        try git(["add", "-A"], in: a, sandbox)
        try git(["commit", "-q", "-m", "vault"], in: a, sandbox)
        try git(["init", "-q", "--bare", "-b", "main", sandbox.path("remote.git")], in: sandbox.root, sandbox)
        try git(["remote", "add", "origin", sandbox.path("remote.git")], in: a, sandbox)
        try git(["push", "-q", "-u", "origin", "main"], in: a, sandbox)
        try git(["clone", "-q", sandbox.path("remote.git"), sandbox.path("b")], in: sandbox.root, sandbox)
        let b = sandbox.path("b")
        expectStatus(try sandbox.run(["git", "setup"], directory: b), 0)
        let again = try sandbox.run(["git", "setup"], directory: b)
        expectStatus(again, 0)
        #expect(again.stdout.contains("nothing changed"), "\(again)")
        return (a, b)
    }

    /// Commits on both clones, `b`'s also pushed as `b-side`; then each pulls the other's:
    /// `b` pulls `main` (a merge with `b` as ours), `a` pulls `b-side` (with `a` as ours).
    static func pullBothWays(_ a: String, _ b: String, _ sandbox: Sandbox, expect: Int32?) throws -> [(status: Int32, output: String)] {
        try git(["commit", "-q", "-a", "-m", "laptop"], in: a, sandbox)
        try git(["push", "-q"], in: a, sandbox)
        try git(["commit", "-q", "-a", "-m", "desktop"], in: b, sandbox)
        try git(["push", "-q", "origin", "main:b-side"], in: b, sandbox)
        return [
            try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: b, sandbox, expect: expect),
            try git(["pull", "--no-rebase", "--no-edit", "origin", "b-side"], in: a, sandbox, expect: expect),
        ]
    }

    static func count(_ text: String, _ part: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test("reflections, trials and different keys changed on both clones merge with no conflict, each once")
    func cleanMerges() throws {
        try withSandbox { sandbox in
            let (a, b) = try Self.clones(sandbox)
            for (clone, env, words, trials, key) in [
                (a, Self.laptop, "laptop words", [("+", "15:01:00"), ("-", "15:03:00")], "dose=2 g"),
                (b, Self.desktop, "desktop words", [("-", "15:02:00"), ("+", "15:01:00")], "music=Bach"),
            ] {
                expectStatus(try sandbox.run(["reflect", Self.reflected, words], directory: clone, environment: env), 0)
                for (result, time) in trials {
                    expectStatus(try sandbox.run(["trial", "maya-t", "s-initial", result, "--at", time, "--session", "maya-t"], directory: clone, environment: env), 0)
                }
                expectStatus(try sandbox.run(["set", Self.keys, key], directory: clone, environment: env), 0)
            }
            // Each clone's index is up to date before the pull; it must notice what the pull changed.
            for clone in [a, b] { expectStatus(try sandbox.run(["list"], directory: clone), 0) }
            for pull in try Self.pullBothWays(a, b, sandbox, expect: 0) {
                #expect(!pull.output.contains("CONFLICT"), "\(pull.output)")
            }
            for clone in [a, b] {
                #expect(try Self.git(["status", "--porcelain"], in: clone, sandbox).output == "")
                let reflected = try sandbox.readText(clone + "/" + Self.reflected)
                #expect(Self.count(reflected, "[2025-03-26 09:00] laptop words\n") == 1, "\(reflected)")
                #expect(Self.count(reflected, "[2025-03-26 10:00] desktop words") == 1, "\(reflected)")
                #expect(reflected.hasSuffix("## Reflections\n\n[2025-03-26 09:00] laptop words\n\n[2025-03-26 10:00] desktop words\n"), "\(reflected)")
                #expect(frontMatterValue(reflected, "status") == "complete")
                #expect(frontMatterValue(reflected, "updated") == "2025-03-26T10:00:00+00:00")

                let trials = try sandbox.readText(clone + "/" + Self.trials)
                #expect(trials.hasSuffix("## Trials\n\n- 15:01:00 s-initial + independent\n- 15:02:00 s-initial - independent\n- 15:03:00 s-initial - independent\n"), "\(trials)")

                let keys = try sandbox.readText(clone + "/" + Self.keys)
                #expect(frontMatterValue(keys, "dose") == "2 g", "\(keys)")
                #expect(frontMatterValue(keys, "music") == "Bach", "\(keys)")
                #expect(Set(frontMatterKeys(keys)).count == frontMatterKeys(keys).count, "each key once: \(keys)")
                #expect(frontMatterValue(keys, "updated") == "2025-03-26T10:00:00+00:00")

                expectStatus(try sandbox.run(["check"], directory: clone), 0)
            }
            for (clone, other) in [(a, "desktop words"), (b, "laptop words")] {
                let found = try sandbox.run(["search", other], directory: clone)
                expectStatus(found, 0)
                #expect(found.stdout.contains(Self.reflected), "the index noticed the pull: \(found)")
                let listed = try sandbox.run(["list"], directory: clone)
                #expect(listed.stdout.split(separator: "\n").first { $0.contains("Explore") }?.contains("complete") == true, "\(listed)")
            }
            // Both merges hold the same documents.
            for path in [Self.reflected, Self.trials, Self.keys] {
                #expect(try sandbox.readText(a + "/" + path) == sandbox.readText(b + "/" + path), "\(path)")
            }
        }
    }

    @Test("the same key changed differently is one conflict confined to its line, which check reports")
    func sameKeyConflict() throws {
        try withSandbox { sandbox in
            let (a, b) = try Self.clones(sandbox)
            let before = try sandbox.readText(a + "/" + Self.sameKey)
            expectStatus(try sandbox.run(["set", Self.sameKey, "mood_after=7"], directory: a, environment: Self.laptop), 0)
            expectStatus(try sandbox.run(["set", Self.sameKey, "mood_after=3"], directory: b, environment: Self.desktop), 0)
            let pulls = try Self.pullBothWays(a, b, sandbox, expect: nil)
            for (clone, pull, ours, theirs) in [(b, pulls[0], "3", "7"), (a, pulls[1], "7", "3")] {
                #expect(pull.status != 0, "\(pull.output)")
                #expect(pull.output.contains("CONFLICT (content): Merge conflict in \(Self.sameKey)"), "\(pull.output)")
                #expect(Self.count(pull.output, "CONFLICT") == 1, "\(pull.output)")
                #expect(pull.output.contains("\(Self.sameKey): 1 conflict left"), "\(pull.output)")
                let text = try sandbox.readText(clone + "/" + Self.sameKey)
                // Every other line is the merged file's: only mood_after is between the markers.
                let expected = before.replacingOccurrences(
                    of: "mood_before: 5\n",
                    with: "mood_before: 5\n<<<<<<< ours\nmood_after: \(ours)\n=======\nmood_after: \(theirs)\n>>>>>>> theirs\n")
                    .replacingOccurrences(of: "updated: 2025-03-25T15:00:00+00:00", with: "updated: 2025-03-26T10:00:00+00:00")
                #expect(text == expected)
                let line = text.components(separatedBy: "\n").firstIndex(of: "<<<<<<< ours")! + 1
                let check = try sandbox.run(["check"], directory: clone)
                expectStatus(check, 1)
                #expect(check.stdout.contains("\(Self.sameKey):\(line):1: error: an unresolved merge conflict"), "\(check)")
                #expect(check.stdout.contains("1 error"), "\(check)")
            }
        }
    }

    @Test("a conflict left in a section is an error check names by its line")
    func bodyConflict() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            let at = practiceAt("2025-03-25T15:00:00Z")
            expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", "Explore", "--date", "2025-03-25 15:00"], directory: vault, environment: at), 0)
            let file = vault + "/" + Self.reflected
            let text = try sandbox.readText(file).replacingOccurrences(
                of: "Explore\n", with: "<<<<<<< ours\nExplore\n=======\nExplore more\n>>>>>>> theirs\n")
            try sandbox.write(file, text)
            let line = text.components(separatedBy: "\n").firstIndex(of: "<<<<<<< ours")! + 1
            let check = try sandbox.run(["check"], directory: vault)
            expectStatus(check, 1)
            #expect(check.stdout.contains("\(Self.reflected):\(line):1: error: an unresolved merge conflict"), "\(check)")
        }
    }

    @Test("init --git sets the merge driver up as git setup does")
    func initGit() throws {
        try withSandbox { sandbox in
            let made = try sandbox.run(["init", "j", "--git", "--time-zone", "UTC"])
            expectStatus(made, 0)
            #expect(made.stdout.contains("  + .gitattributes (*.md merge=afterflow"), "\(made)")
            #expect(try sandbox.readText("j/.gitattributes") == "*.md merge=afterflow\n")
            #expect(try sandbox.mode("j/.gitattributes") == 0o600)
            let driver = try Self.git(["config", "--get", "merge.afterflow.driver"], in: sandbox.path("j"), sandbox).output
            #expect(driver.hasSuffix(" merge-driver %O %A %B %P\n"), "\(driver)")
            let again = try sandbox.run(["git", "setup"], directory: "j")
            expectStatus(again, 0)
            #expect(again.stdout.hasSuffix("nothing changed.\n"), "\(again)")
        }
    }

    @Test("git setup outside a git repository says how to make one and changes nothing")
    func setupWithoutRepository() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            let result = try sandbox.run(["git", "setup"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stderr.contains("is not in a git repository"), "\(result)")
            #expect(!sandbox.exists(vault + "/.gitattributes"))
        }
    }

    @Test("the pre-commit hook stops a commit with an error or a staged file out of canonical form, and lets a clean one through")
    func preCommitHook() throws {
        try withSandbox { sandbox in
            expectStatus(try sandbox.run(["init", "j", "--git", "--time-zone", "UTC"]), 0)
            let j = sandbox.path("j")
            #expect(try sandbox.mode("j/.git/hooks/pre-commit") == 0o700)
            expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", "Explore", "--date", "2025-03-25 15:00"], directory: j,
                                         environment: practiceAt("2025-03-25T15:00:00Z")), 0)
            try Self.git(["add", "-A"], in: j, sandbox)
            let clean = try Self.git(["commit", "-q", "-m", "first"], in: j, sandbox)
            #expect(clean.output == "", "quiet when all is well: \(clean.output)")
            let file = j + "/" + Self.reflected
            let original = try sandbox.readText(file)
            try sandbox.write(file, original.replacingOccurrences(of: "mood_before: 5", with: "mood_before: 11"))
            let bad = try Self.git(["commit", "-q", "-a", "-m", "bad"], in: j, sandbox, expect: 1)
            #expect(bad.output.contains("\(Self.reflected):6:14: error: mood_before must be a whole number from 1 to 10"), "\(bad.output)")
            #expect(bad.output.contains("the commit was stopped"), "\(bad.output)")
            try sandbox.write(file, original.replacingOccurrences(of: "mood_before: 5", with: "mood_before:   6"))
            let form = try Self.git(["commit", "-q", "-a", "-m", "form"], in: j, sandbox, expect: 1)
            #expect(form.output.contains("1 file is not in canonical form"), "\(form.output)")
            expectStatus(try sandbox.run(["fmt"], directory: j), 0)
            try Self.git(["commit", "-q", "-a", "-m", "fixed"], in: j, sandbox)
        }
    }

    @Test("git setup on an existing vault adds its lines at the end of the user's own files, byte for byte, and changes nothing the second time")
    func setupKeepsOwnFiles() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            try Self.git(["init", "-q", "-b", "main"], in: vault, sandbox)
            // A vault from before .afterflow/.gitignore, with files of the user's own (CRLF, no final line feed).
            try FileManager.default.removeItem(atPath: vault + "/.afterflow/.gitignore")
            let attributes = "*.pdf binary\r\n*.png -diff"
            try sandbox.write(vault + "/.gitattributes", attributes)
            try sandbox.write(vault + "/.gitignore", "mine/")
            #expect(chmod(vault + "/.gitattributes", 0o644) == 0)
            let setup = try sandbox.run(["git", "setup"], directory: vault)
            expectStatus(setup, 0)
            #expect(setup.stdout.contains("  + .afterflow/.gitignore (keeps afterflow's own state out of git)"), "\(setup)")
            #expect(setup.stdout.contains("  ~ .gitattributes (added *.md merge=afterflow)"), "\(setup)")
            #expect(try sandbox.readText(vault + "/.gitattributes") == attributes + "\r\n*.md merge=afterflow\r\n")
            #expect(try sandbox.mode(vault + "/.gitattributes") == 0o644)
            #expect(try sandbox.readText(vault + "/.gitignore").hasPrefix("mine/\n# Afterflow's temporary files"))
            #expect(try sandbox.readText(vault + "/.gitignore").hasSuffix("\n.*.tmp\n"))
            let files = [".gitattributes", ".gitignore", ".afterflow/.gitignore", ".git/config", ".git/hooks/pre-commit"]
            let before = try files.map { try sandbox.read(vault + "/" + $0) }
            let again = try sandbox.run(["git", "setup"], directory: vault)
            expectStatus(again, 0)
            #expect(again.stdout.hasSuffix("nothing changed.\n"), "\(again)")
            #expect(try files.map { try sandbox.read(vault + "/" + $0) } == before)

            // The index stays out of git, with the state's .gitignore or without it.
            expectStatus(try sandbox.run(["list"], directory: vault), 0)
            #expect(sandbox.exists(vault + "/.afterflow/index.sqlite"))
            try Self.git(["config", "--global", "user.name", "Test"], in: vault, sandbox)
            try Self.git(["config", "--global", "user.email", "test@example.com"], in: vault, sandbox)
            try FileManager.default.removeItem(atPath: vault + "/.afterflow/.gitignore")
            let sync = try sandbox.run(["git", "sync"], directory: vault)
            expectStatus(sync, 0)
            #expect(sync.stdout.hasSuffix("There is no remote to pull from or push to; add one with: git remote add origin URL\n"), "\(sync)")
            let tracked = try Self.git(["ls-files"], in: vault, sandbox).output
            #expect(tracked.contains(".afterflow/config.yml\n"), "\(tracked)")
            #expect(!tracked.contains("index.sqlite"), "\(tracked)")

            // A remote on a USB drive, empty: the first sync gives it the branch and follows it.
            try Self.git(["init", "-q", "--bare", "-b", "main", sandbox.path("usb/journal.git")], in: sandbox.root, sandbox)
            try Self.git(["remote", "add", "origin", sandbox.path("usb/journal.git")], in: vault, sandbox)
            let first = try sandbox.run(["git", "sync"], directory: vault)
            expectStatus(first, 0)
            #expect(first.stdout == "Nothing new here to commit.\nPushed: origin had no main yet; it has this machine's now.\n", "\(first)")
            let second = try sandbox.run(["git", "sync"], directory: vault)
            #expect(second.stdout == "Nothing new here to commit.\nNothing new to pull.\nPushed: the remote is up to date.\n", "\(second)")
            #expect(try Self.git(["rev-parse", "main"], in: sandbox.path("usb/journal.git"), sandbox).output
                    == Self.git(["rev-parse", "HEAD"], in: vault, sandbox).output)
        }
    }

    @Test("the pre-commit hook checks the staged documents only: a problem in a file left out of the commit does not stop it")
    func preCommitStagedOnly() throws {
        try withSandbox { sandbox in
            expectStatus(try sandbox.run(["init", "j", "--git", "--time-zone", "UTC"]), 0)
            let j = sandbox.path("j")
            let at = practiceAt("2025-03-25T15:00:00Z")
            for (date, intention) in [("2025-03-25 15:00", "Explore"), ("2025-03-20 10:00", "Two")] {
                expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", intention, "--date", date], directory: j, environment: at), 0)
            }
            try Self.git(["add", "-A"], in: j, sandbox)
            try Self.git(["commit", "-q", "-m", "first"], in: j, sandbox)
            // A bad file, not staged; a good change, staged.
            let bad = j + "/" + Self.keys
            try sandbox.write(bad, try sandbox.readText(bad).replacingOccurrences(of: "mood_before: 5", with: "mood_before: 11"))
            expectStatus(try sandbox.run(["set", Self.reflected, "mood_after=7"], directory: j, environment: at), 0)
            try Self.git(["add", Self.reflected], in: j, sandbox)
            let good = try Self.git(["commit", "-q", "-m", "good"], in: j, sandbox)
            #expect(good.output == "", "\(good.output)")
            // A staged document changed again on disk: checked as it is on disk, and said so.
            expectStatus(try sandbox.run(["set", Self.reflected, "mood_after=8"], directory: j, environment: at), 0)
            try Self.git(["add", Self.reflected], in: j, sandbox)
            expectStatus(try sandbox.run(["set", Self.reflected, "mood_after=9"], directory: j, environment: at), 0)
            let partly = try Self.git(["commit", "-q", "-m", "partly"], in: j, sandbox)
            #expect(partly.output == "note: \(Self.reflected) has changes that are not staged; it was checked as it is on disk\n", "\(partly.output)")
            try Self.git(["add", Self.reflected], in: j, sandbox)
            try Self.git(["commit", "-q", "-m", "rest"], in: j, sandbox)
            // The bad one staged: stopped, named at its line and column.
            try Self.git(["add", Self.keys], in: j, sandbox)
            let stopped = try Self.git(["commit", "-q", "-m", "bad"], in: j, sandbox, expect: 1)
            #expect(stopped.output.contains("\(Self.keys):6:14: error: mood_before must be a whole number from 1 to 10"), "\(stopped.output)")
            #expect(stopped.output.contains("Checked 1 file: 1 error"), "\(stopped.output)")
            #expect(stopped.output.contains("afterflow: the commit was stopped"), "\(stopped.output)")
            #expect(Self.count(stopped.output, "error: mood_before") == 1, "each error once: \(stopped.output)")
        }
    }

    @Test("check with files names only their problems")
    func checkSomeFiles() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("v", timeZone: "UTC")
            let at = practiceAt("2025-03-25T15:00:00Z")
            for (date, intention) in [("2025-03-25 15:00", "Explore"), ("2025-03-20 10:00", "Two")] {
                expectStatus(try sandbox.run(["new", "--mood-before", "5", "--intention", intention, "--date", date], directory: vault, environment: at), 0)
            }
            let bad = vault + "/" + Self.keys
            try sandbox.write(bad, try sandbox.readText(bad).replacingOccurrences(of: "mood_before: 5", with: "mood_before: 11"))
            let other = try sandbox.run(["check", Self.reflected], directory: vault)
            expectStatus(other, 0)
            #expect(other.stdout == "Checked 1 file: no problems.\n", "\(other)")
            // A path from elsewhere names the same file.
            let fromOutside = try sandbox.run(["check", "--vault", "v", "v/" + Self.keys, "v/" + Self.reflected], directory: sandbox.root)
            expectStatus(fromOutside, 1)
            #expect(fromOutside.stdout.contains("\(Self.keys):6:14: error: mood_before"), "\(fromOutside)")
            #expect(fromOutside.stdout.hasSuffix("Checked 2 files: 1 error, 1 warning in 1 file.\n"), "\(fromOutside)")
        }
    }

    @Test("git sync commits, pulls with the driver and pushes; a conflict stops it, and it refuses to run mid-merge")
    func sync() throws {
        try withSandbox { sandbox in
            let (a, b) = try Self.clones(sandbox)
            expectStatus(try sandbox.run(["reflect", Self.reflected, "laptop words"], directory: a, environment: Self.laptop), 0)
            expectStatus(try sandbox.run(["set", Self.sameKey, "mood_after=7"], directory: a, environment: Self.laptop), 0)
            let first = try sandbox.run(["git", "sync"], directory: a)
            expectStatus(first, 0)
            #expect(first.stdout == "Committed 2 changed files.\nNothing new to pull.\nPushed: the remote is up to date.\n", "\(first)")
            #expect(try Self.git(["log", "-1", "--format=%s"], in: a, sandbox).output == "afterflow sync\n")

            expectStatus(try sandbox.run(["reflect", Self.reflected, "desktop words"], directory: b, environment: Self.desktop), 0)
            expectStatus(try sandbox.run(["set", Self.sameKey, "mood_after=3"], directory: b, environment: Self.desktop), 0)
            let conflicted = try sandbox.run(["git", "sync"], directory: b)
            expectStatus(conflicted, 1)
            #expect(conflicted.stderr.contains("1 file has a conflict left: \(Self.sameKey)"), "\(conflicted)")
            let again = try sandbox.run(["git", "sync"], directory: b)
            expectStatus(again, 1)
            #expect(again.stderr.contains("a merge is not finished yet, so nothing was synced"), "\(again)")
            #expect(again.stderr.contains("Still in conflict: \(Self.sameKey)"), "\(again)")

            // Resolved by keeping this machine's value.
            let file = b + "/" + Self.sameKey
            let text = try sandbox.readText(file)
            try sandbox.write(file, text.replacingOccurrences(of: "<<<<<<< ours\nmood_after: 3\n=======\nmood_after: 7\n>>>>>>> theirs\n", with: "mood_after: 3\n"))
            expectStatus(try sandbox.run(["check"], directory: b), 0)
            try Self.git(["add", "-A"], in: b, sandbox)
            try Self.git(["commit", "-q", "--no-edit"], in: b, sandbox)
            let resolved = try sandbox.run(["git", "sync"], directory: b)
            expectStatus(resolved, 0)
            #expect(try Self.git(["log", "--merges", "--format=%s"], in: b, sandbox).output == "afterflow sync: merged the other machines' changes\n",
                    "a neutral message, without the remote's address")
            #expect(resolved.stdout.hasSuffix("Pushed: the remote is up to date.\n"), "\(resolved)")

            let back = try sandbox.run(["git", "sync"], directory: a)
            expectStatus(back, 0)
            #expect(back.stdout == "Nothing new here to commit.\nPulled the other machines' changes and merged them.\nPushed: the remote is up to date.\n", "\(back)")
            for path in [Self.reflected, Self.sameKey] {
                #expect(try sandbox.readText(a + "/" + path) == sandbox.readText(b + "/" + path), "\(path)")
            }
            let reflected = try sandbox.readText(a + "/" + Self.reflected)
            #expect(reflected.hasSuffix("[2025-03-26 09:00] laptop words\n\n[2025-03-26 10:00] desktop words\n"), "\(reflected)")
        }
    }
}
