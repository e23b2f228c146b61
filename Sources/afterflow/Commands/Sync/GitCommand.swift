import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct GitCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "git",
            abstract: "Use a vault shared through git.",
            discussion: """
                Examples:
                  afterflow git setup        once per clone: merge documents with afterflow
                  afterflow git sync         commit, pull the other machines' work, push
                """,
            subcommands: [Setup.self, Sync.self, PreCommit.self])

        struct Setup: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "setup",
                abstract: "Make git merge this vault's documents with afterflow (for a vault already in a git repository).",
                discussion: """
                    Writes .gitattributes in the vault (*.md merge=afterflow; a line added to the file when it is there) and sets merge.afterflow.driver and merge.afterflow.name in the repository's own config (git config), so that two machines that changed the same session merge by themselves; and a pre-commit hook that stops a commit while 'afterflow check' finds an error in a staged document or one is not in canonical form (a pre-commit hook of your own is kept). It warns when a later .gitattributes line sets another merge for documents (git takes the last line). Running it again changes nothing.

                    Examples:
                      afterflow git setup
                    """)

            @OptionGroup var vaultOptions: VaultOptions

            static let attributesLine = "*.md merge=afterflow"
            static let driverName = "afterflow: merges vault documents key by key, reflections and trials as a union"

            func run() throws {
                let vault = try withVaultErrors { try vaultOptions.locate() }
                let changed = try Self.configure(vaultRoot: vault.root)
                guard changed else {
                    emit("Git already merges this vault's documents with afterflow; nothing changed.")
                    return
                }
                emit("Git now merges this vault's documents with afterflow: the same session changed on two machines merges by itself; a key changed differently on both stays as a conflict that 'afterflow check' shows. Commit .gitattributes so that other clones have it, and run 'afterflow git setup' in each clone.")
            }

            /// Writes `.gitattributes` and the driver's config for the vault at `vaultRoot`,
            /// printing a line for each; whether anything changed.
            static func configure(vaultRoot: String) throws -> Bool {
                let git = Git(directory: vaultRoot)
                guard let top = git.output(["rev-parse", "--show-toplevel"]) else {
                    report(VaultError(.notFound, "\(vaultRoot) is not in a git repository", details: [
                        "Make it one with 'git init' in the vault (or clone the shared repository), then run 'afterflow git setup' again.",
                    ]))
                    throw Exit.dataProblem
                }
                var changed = false
                // afterflow's own state (the index, drafts, the trash) stays out of git.
                let ignores = try withVaultErrors { try VaultInitializer.addGitignores(root: vaultRoot) }
                for path in ignores.created { emit("  + \(path) (keeps afterflow's own state out of git)") }
                for path in ignores.extended { emit("  ~ \(path) (added \(TemporaryFiles.gitignorePattern), afterflow's temporary files)") }
                if !ignores.created.isEmpty || !ignores.extended.isEmpty { changed = true }
                let attributes = vaultRoot + "/.gitattributes"
                let bytes = FileManager.default.contents(atPath: attributes).map { Array($0) }
                let existing = bytes.map { String(decoding: $0, as: UTF8.self) }
                let has = existing?.split(whereSeparator: \.isNewline).contains { $0.trimmingCharacters(in: .whitespaces) == attributesLine } ?? false
                if has {
                    emit("  = .gitattributes already has \(attributesLine)")
                } else if let bytes, let existing {
                    // Added at the end, in the file's own line ending; the rest is kept byte for byte.
                    let ending = existing.contains("\r\n") ? "\r\n" : "\n"
                    let added = (bytes.isEmpty || bytes.last == 0x0A ? "" : ending) + attributesLine + ending
                    try withVaultErrors { try FileIO.replace(attributes, expecting: bytes, with: bytes + Array(added.utf8)) }
                    changed = true
                    emit("  ~ .gitattributes (added \(attributesLine))")
                } else {
                    try withVaultErrors { try FileIO.create(attributes, contents: Array((attributesLine + "\n").utf8)) }
                    changed = true
                    emit("  + .gitattributes (\(attributesLine): git merges documents with afterflow)")
                }

                // A later line for documents wins over afterflow's: said, not changed (it is the user's).
                Afterflow.GitCommand.Sync.warnOverrides(vaultRoot: vaultRoot)

                let driver = executable() + " merge-driver %O %A %B %P"
                for (key, value) in [("merge.afterflow.name", driverName), ("merge.afterflow.driver", driver)] {
                    if git.output(["config", "--local", "--get", key]) == value {
                        emit("  = \(key) is already set")
                        continue
                    }
                    guard git.output(["config", "--local", key, value]) != nil else {
                        report(VaultError(.io, "git config \(key) failed in \(top)"))
                        throw Exit.dataProblem
                    }
                    changed = true
                    emit("  + \(key) = \(value) (in \(top)/.git/config)")
                }
                if try installHook(git: git, vaultRoot: vaultRoot) { changed = true }
                return changed
            }

            static let hookMark = "# afterflow pre-commit hook"

            /// Writes the pre-commit hook that runs `afterflow git pre-commit`, unless the
            /// repository has a hook of its own; whether it wrote one.
            static func installHook(git: Git, vaultRoot: String) throws -> Bool {
                guard var path = git.output(["rev-parse", "--git-path", "hooks/pre-commit"]) else { return false }
                if !path.hasPrefix("/") { path = vaultRoot + "/" + path }
                let prefix = git.output(["rev-parse", "--show-prefix"]) ?? ""
                let vault = prefix.isEmpty ? "." : String(prefix.dropLast(prefix.hasSuffix("/") ? 1 : 0))
                let text = """
                    #!/bin/sh
                    \(hookMark), written by 'afterflow git setup': checks the documents staged, and
                    # their form, before each commit. Delete this file to commit without it.
                    exec \(executable()) git pre-commit --vault \(Shell.quote(vault))

                    """
                let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
                if let existing, !existing.contains(hookMark) {
                    emit("  = \(path) is a hook of your own; kept (add 'afterflow git pre-commit' to it to check documents before each commit)")
                    return false
                }
                if existing == text {
                    emit("  = the pre-commit hook is already there")
                    return false
                }
                try withVaultErrors {
                    try FileIO.createDirectories((path as NSString).deletingLastPathComponent)
                    try FileIO.overwrite(path, contents: Array(text.utf8))
                }
                chmod(path, 0o700)
                emit("  + \(path) (a pre-commit hook: afterflow check, and fmt --check on the staged documents)")
                return true
            }

            /// How git should call this program: its path as it was started when that has a folder
            /// (quoted for the shell git runs the driver with), else `afterflow` from PATH.
            static func executable() -> String {
                let first = CommandLine.arguments.first ?? "afterflow"
                guard first.contains("/") else { return "afterflow" }
                return Shell.quote(LocalPaths.absolute(first, from: FileManager.default.currentDirectoryPath))
            }
        }

        struct PreCommit: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "pre-commit",
                abstract: "Check the staged documents and their form (git's pre-commit hook runs this).",
                shouldDisplay: false)

            @OptionGroup var vaultOptions: VaultOptions

            func run() throws {
                let vault = try withVaultErrors { try vaultOptions.locate() }
                let git = Git(directory: vault.root)
                let listed = git.output(["diff", "--cached", "--name-only", "--relative", "--diff-filter=ACMR", "-z", "--", "*.md", ".afterflow/config.yml"]) ?? ""
                let staged = listed.split(separator: "\0").map(String.init)
                let documents = staged.filter { path in
                    guard path.hasSuffix(".md"), !path.hasPrefix("Templates/"), !path.hasPrefix(".afterflow/"),
                          let data = FileManager.default.contents(atPath: vault.root + "/" + path) else { return false }
                    return Document(bytes: Array(data)).frontMatter != nil
                }
                // Only the staged documents (and settings) are checked: a problem in a file this
                // commit leaves alone does not stop it.
                let checked = staged.filter { path in
                    path == ".afterflow/config.yml" || (!path.hasPrefix("Templates/") && !path.hasPrefix(".afterflow/"))
                }
                guard !checked.isEmpty else { return }
                // The files are checked as they are on disk: say so where that is not what is staged.
                let unstaged = (git.output(["diff", "--name-only", "--relative", "-z", "--"] + checked) ?? "").split(separator: "\0")
                for path in unstaged {
                    let err = ErrorStream.current
                    err.write(err.style("note:", "1;36") + " \(String(path).visible()) has changes that are not staged; it was checked as it is on disk")
                }
                func run(_ arguments: [String]) -> Int32 { SelfProgram.run(arguments, in: vault.root) }
                var failed = run(["check", "--vault", "."] + checked) != 0
                // The form is looked at once the errors are fixed (fmt would name the same errors again).
                if !failed && !documents.isEmpty && run(["fmt", "--check", "--vault", "."] + documents) != 0 { failed = true }
                guard failed else { return }
                let err = ErrorStream.current
                err.write("afterflow: the commit was stopped; fix what is shown above (afterflow fmt puts files in canonical form), or commit with --no-verify")
                throw Exit.dataProblem
            }
        }
    }
}

extension Afterflow.GitCommand {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Commit the vault's changes, pull the other machines' and push.",
            discussion: """
                Commits every change in the vault with a neutral message ("afterflow sync", no personal text), fetches and merges the other machines' changes with afterflow's merge driver (see 'afterflow git setup'; the merge's message is neutral too), and pushes; a remote that has no branch yet gets this one. Before it pushes it runs 'afterflow check' on the documents the push would send, and pushes nothing while one has an error (as a merge git made without afterflow's driver can leave). Without a remote it commits and says so. It says what happened in plain words. It refuses to run while a merge is unfinished, and says how to finish it. Exits 1 when something needs you: a conflict, a commit the pre-commit hook stopped, a remote that cannot be reached.

                Examples:
                  afterflow git sync
                """)

        @OptionGroup var vaultOptions: VaultOptions

        static let mergeMessage = "afterflow sync: merged the other machines' changes"

        func run() throws {
            let vault = try withVaultErrors { try vaultOptions.locate() }
            // What git writes meanwhile (FETCH_HEAD, ORIG_HEAD, merged files) is the owner's alone.
            umask(umask(0o077) | 0o077)
            let git = Git(directory: vault.root)
            guard git.output(["rev-parse", "--show-toplevel"]) != nil else {
                report(VaultError(.notFound, "\(vault.root) is not in a git repository", details: [
                    "Make it one with 'afterflow init --git' or 'git init' in the vault, then run 'afterflow git setup'.",
                ]))
                throw Exit.dataProblem
            }
            func stop(_ message: String, _ details: [String] = []) -> ExitCode {
                report(VaultError(.invalid, message, details: details))
                return Exit.dataProblem
            }
            func unfinished() -> [String] {
                (git.output(["diff", "--name-only", "--diff-filter=U", "--relative"]) ?? "").split(separator: "\n").map(String.init)
            }
            let busy = ["MERGE_HEAD", "rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD"].contains { name in
                guard var path = git.output(["rev-parse", "--git-path", name]) else { return false }
                if !path.hasPrefix("/") { path = vault.root + "/" + path }
                return FileManager.default.fileExists(atPath: path)
            }
            if busy {
                let files = unfinished()
                throw stop("a merge is not finished yet, so nothing was synced", (files.isEmpty ? [] : ["Still in conflict: " + files.joined(separator: ", ")]) + [
                    "Fix each file ('afterflow check' shows the lines between <<<<<<< and >>>>>>>), then: git add -A && git commit --no-edit",
                    "Then run 'afterflow git sync' again.",
                ])
            }
            if git.output(["config", "--get", "merge.afterflow.driver"]) == nil {
                let err = ErrorStream.current
                err.write(err.style("warning:", "1;35") + " git does not merge documents with afterflow here yet; run 'afterflow git setup' once in this clone")
            }
            Self.warnOverrides(vaultRoot: vault.root)

            // afterflow's own state stays out, even in a vault without .afterflow/.gitignore.
            _ = git.run(["add", "-A", "--", "."] + ["index.sqlite*", "lock", "drafts", "trash", "queue", "*.tmp"].map { ":(exclude).afterflow/" + $0 })
            let changed = (git.output(["diff", "--cached", "--name-only"]) ?? "").split(separator: "\n").count
            if changed > 0 {
                let commit = git.run(["commit", "-q", "-m", "afterflow sync"])
                guard commit.status == 0 else {
                    FileHandle.standardError.write(Data(commit.output.utf8))
                    throw stop("the commit was stopped, so nothing was synced", ["Fix what is shown above, then run 'afterflow git sync' again."])
                }
                emit("Committed \(changed) changed file\(changed == 1 ? "" : "s").")
            } else {
                emit("Nothing new here to commit.")
            }
            guard !(git.output(["remote"]) ?? "").isEmpty else {
                emit("There is no remote to pull from or push to; add one with: git remote add origin URL")
                return
            }
            let before = git.output(["rev-parse", "HEAD"])
            // Fetch and merge rather than pull, so that the merge commit's message is neutral too
            // (git's own names the remote's address).
            let fetch = git.run(["fetch", "-q"])
            guard fetch.status == 0 else {
                FileHandle.standardError.write(Data(fetch.output.utf8))
                throw stop("could not reach the remote (see git's message above); your changes are committed here, nothing was pulled or pushed")
            }
            Self.keepPrivate(git: git, vaultRoot: vault.root, ["FETCH_HEAD"])
            if git.output(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"]) == nil {
                // A branch that follows none yet: with one remote, it follows that remote's branch
                // of the same name, made by this push when the remote has none.
                let remotes = (git.output(["remote"]) ?? "").split(separator: "\n").map(String.init)
                guard remotes.count == 1, let branch = git.output(["branch", "--show-current"]), !branch.isEmpty else {
                    throw stop("this branch does not follow a branch of a remote yet, so nothing was pulled or pushed",
                               ["Push it once with: git push -u REMOTE BRANCH", "Then 'afterflow git sync' does the rest."])
                }
                if git.output(["rev-parse", "--verify", "-q", "refs/remotes/\(remotes[0])/\(branch)"]) == nil {
                    let push = git.run(["push", "-q", "-u", remotes[0], branch])
                    guard push.status == 0 else {
                        FileHandle.standardError.write(Data(push.output.utf8))
                        throw stop("could not push (see git's message above); your changes are committed here and go out with the next sync")
                    }
                    emit("Pushed: \(remotes[0]) had no \(branch) yet; it has this machine's now.")
                    return
                }
                _ = git.run(["branch", "-q", "--set-upstream-to=\(remotes[0])/\(branch)"])
            }
            let pull = git.run(["merge", "--no-edit", "-m", Self.mergeMessage, "@{upstream}"])
            if pull.status != 0 {
                let files = unfinished()
                if !files.isEmpty { throw stop(Self.conflictMessage(files), Self.conflictAdvice(git: git)) }
                FileHandle.standardError.write(Data(pull.output.utf8))
                throw stop("could not pull the other machines' changes (see git's message above); nothing was pushed")
            }
            let pulled = before.flatMap { git.output(["rev-list", "--count", "\($0)..HEAD"]) }.flatMap { Int($0) } ?? 0
            emit(pulled == 0 ? "Nothing new to pull." : "Pulled the other machines' changes and merged them.")
            try Self.checkBeforePush(git: git, vaultRoot: vault.root)
            let push = git.run(["push", "-q"])
            guard push.status == 0 else {
                FileHandle.standardError.write(Data(push.output.utf8))
                throw stop("could not push (see git's message above); your changes are committed here and go out with the next sync")
            }
            emit("Pushed: the remote is up to date.")
        }

        static func conflictMessage(_ files: [String]) -> String {
            "the other machine's changes are pulled, and \(files.count) file\(files.count == 1 ? " has" : "s have") a conflict left: " + files.joined(separator: ", ")
        }

        /// How to settle each conflict: markers to edit, or a file deleted on one side and changed
        /// on the other, to keep (git add) or delete (git rm).
        static func conflictAdvice(git: Git) -> [String] {
            let conflicts = git.conflicts()
            var lines = conflicts.map { "\($0.path): " + GitConflicts.advice($0) }
            if conflicts.contains(where: { $0.kind == .bothChanged }) {
                lines.append("A conflict is the same key, or the same lines, changed differently on both machines; 'afterflow check' shows where.")
            }
            lines.append("Then run 'afterflow git sync' again.")
            return lines
        }

        /// Makes git's files in the repository owner-only where they are not (one written under a
        /// looser umask by an earlier run keeps its mode when git rewrites it).
        static func keepPrivate(git: Git, vaultRoot: String, _ names: [String]) {
            for name in names {
                guard var path = git.output(["rev-parse", "--git-path", name]) else { continue }
                if !path.hasPrefix("/") { path = vaultRoot + "/" + path }
                var info = stat()
                if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o077 != 0 {
                    chmod(path, mode_t(info.st_mode & 0o700))
                }
            }
        }

        /// The lines of the vault's .gitattributes that turn afterflow's merge off, as warnings.
        static func overrideWarnings(vaultRoot: String) -> [String] {
            guard let data = FileManager.default.contents(atPath: vaultRoot + "/.gitattributes") else { return [] }
            return GitAttributes.overrides(in: String(decoding: data, as: UTF8.self)).map { found in
                ".gitattributes line \(found.line), '\(found.text.visible())', comes after '\(GitAttributes.afterflowLine)' and overrides it: git does not merge documents with afterflow. Delete that line (or put afterflow's after it), commit, and sync."
            }
        }

        static func warnOverrides(vaultRoot: String) {
            let err = ErrorStream.current
            for line in overrideWarnings(vaultRoot: vaultRoot) { err.write(err.style("warning:", "1;35") + " " + line) }
        }

        /// Runs `check` on the documents the push would change on the remote, and stops before the
        /// push when one has an error (a merge that went wrong, as a remote's .gitattributes can make
        /// it): the errors are shown, and the merge stays here to be fixed.
        static func checkBeforePush(git: Git, vaultRoot: String) throws {
            let listed = git.output(["diff", "--name-only", "--relative", "-z", "@{upstream}", "HEAD", "--", "*.md", ".afterflow/config.yml"]) ?? ""
            let files = listed.split(separator: "\0").map(String.init).filter { path in
                (path == ".afterflow/config.yml" || (!path.hasPrefix("Templates/") && !path.hasPrefix(".afterflow/")))
                    && FileManager.default.fileExists(atPath: vaultRoot + "/" + path)
            }
            guard !files.isEmpty, SelfProgram.run(["check", "--vault", "."] + files, in: vaultRoot) != 0 else { return }
            report(VaultError(.invalid, "the merged vault has errors (shown above) in files this push would send, so nothing was pushed", details: overrideWarnings(vaultRoot: vaultRoot) + [
                "Fix the files named above ('afterflow check' shows each error; a key twice: keep the line you want), then run 'afterflow git sync' again: it commits the fix and pushes.",
            ]))
            throw Exit.dataProblem
        }
    }
}

/// Runs git in a folder.
struct Git {
    var directory: String

    /// Runs git; its status and what it wrote (standard output and error together).
    func run(_ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let ended = try Programs.child(["git", "-C", directory] + arguments).runCapturing(mergingErrors: true)
            return (ended.termination.status, String(decoding: ended.output, as: UTF8.self))
        } catch {
            return (127, "cannot run git: \(error.reason)\n")
        }
    }

    /// Git's standard output without its final line feed, or nil when git fails or cannot run.
    func output(_ arguments: [String]) -> String? {
        guard var child = try? Programs.child(["git", "-C", directory] + arguments) else { return nil }
        child.error = .null
        guard let ended = try? child.runCapturing(), ended.termination.status == 0 else { return nil }
        var text = String(decoding: ended.output, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The files git left unmerged, relative to the repository's top, and how each is in conflict.
    func conflicts() -> [GitConflicts.Conflict] {
        GitConflicts.parse(output(["ls-files", "-u", "-z", "--full-name"]) ?? "")
    }

    /// `check`'s problems for the conflicts without markers in the vault at `vaultRoot`, while its
    /// repository is in the middle of a merge (git is run only then).
    static func conflictDiagnostics(vaultRoot: String) -> [Diagnostic] {
        guard GitConflicts.isMerging(vaultRoot) else { return [] }
        let git = Git(directory: vaultRoot)
        return GitConflicts.diagnostics(git.conflicts(), prefix: git.output(["rev-parse", "--show-prefix"]) ?? "")
    }
}
