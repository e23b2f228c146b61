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

            func run() throws {
                let vault = try withVaultErrors { try vaultOptions.locate() }
                let changed = try Self.configure(vaultRoot: vault.root)
                guard changed else {
                    emit("Git already merges this vault's documents with afterflow; nothing changed.")
                    return
                }
                emit("Git now merges this vault's documents with afterflow: the same session changed on two machines merges by itself; a key changed differently on both stays as a conflict that 'afterflow check' shows. Commit .gitattributes so that other clones have it, and run 'afterflow git setup' in each clone.")
            }

            /// Writes `.gitattributes`, the driver's config and the hook for the vault at
            /// `vaultRoot`, printing a line for each; whether anything changed.
            static func configure(vaultRoot: String) throws -> Bool {
                let setup = GitSetup(git: Git.at(vaultRoot), executable: executable())
                return try withVaultErrors { try setup.run(events: say) }
            }

            /// Prints a step of the setup.
            static func say(_ event: GitSetup.Event) {
                let line = GitAttributes.afterflowLine
                switch event {
                case .ignoreCreated(let path): emit("  + \(path) (keeps afterflow's own state out of git)")
                case .ignoreExtended(let path): emit("  ~ \(path) (added \(TemporaryFiles.gitignorePattern), afterflow's temporary files)")
                case .attributesPresent: emit("  = .gitattributes already has \(line)")
                case .attributesAdded: emit("  ~ .gitattributes (added \(line))")
                case .attributesCreated: emit("  + .gitattributes (\(line): git merges documents with afterflow)")
                case .overridden(let found):
                    let err = ErrorStream.current
                    err.write(err.style("warning:", "1;35") + " " + Afterflow.GitCommand.Sync.overrideWarning(found))
                case .configPresent(let key): emit("  = \(key) is already set")
                case .configSet(let key, let value, let top): emit("  + \(key) = \(value) (in \(top)/.git/config)")
                case .hookOwn(let path):
                    emit("  = \(path) is a hook of your own; kept (add 'afterflow git pre-commit' to it to check documents before each commit)")
                case .hookPresent: emit("  = the pre-commit hook is already there")
                case .hookWritten(let path): emit("  + \(path) (a pre-commit hook: afterflow check, and fmt --check on the staged documents)")
                }
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
                // Only the staged documents (and settings) are checked: a problem in a file this
                // commit leaves alone does not stop it.
                let plan = GitPreCommit(git: Git.at(vault.root))
                let checked = plan.checked, documents = plan.documents
                guard !checked.isEmpty else { return }
                // The files are checked as they are on disk: say so where that is not what is staged.
                for path in plan.unstaged {
                    let err = ErrorStream.current
                    err.write(err.style("note:", "1;36") + " \(path.visible()) has changes that are not staged; it was checked as it is on disk")
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
    struct Sync: DisclosingCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Commit the vault's changes, pull the other machines' and push.",
            discussion: """
                Commits every change in the vault with a neutral message ("afterflow sync", no personal text), fetches and merges the other machines' changes with afterflow's merge driver (see 'afterflow git setup'; the merge's message is neutral too), and pushes; a remote that has no branch yet gets this one. Before it pushes it runs 'afterflow check' on the documents the push would send, and pushes nothing while one has an error (as a merge git made without afterflow's driver can leave). Without a remote it commits and says so. Each push is logged as a disclosure to the remote first (see 'afterflow disclosures'); the log itself stays out of git. It says what happened in plain words. It refuses to run while a merge is unfinished, and says how to finish it. Exits 1 when something needs you: a conflict, a commit the pre-commit hook stopped, a remote that cannot be reached.

                Examples:
                  afterflow git sync
                """)

        @OptionGroup var vaultOptions: VaultOptions
        @OptionGroup var disclosureOptions: DisclosureOptions

        func run() throws {
            let vault = try withVaultErrors { try vaultOptions.locate() }
            // What git writes meanwhile (FETCH_HEAD, ORIG_HEAD, merged files) is the owner's alone.
            umask(umask(0o077) | 0o077)
            let sync = GitSync(git: Git.at(vault.root))
            // Each push is logged as a disclosure to the remote just before it is made.
            var pushing: PendingDisclosure?
            do {
                try sync.run(check: { files in SelfProgram.run(["check", "--vault", "."] + files, in: vault.root) == 0 },
                             beforePush: { (push) throws(VaultError) in
                                 let disclosure = disclosureOptions.disclosure(by: Self.self, vault: vault, now: CommandClock.now, what: "changed files",
                                                                               count: push.files.count, clients: push.clients,
                                                                               to: DisclosureDestination(.git, push.remote))
                                 try disclosure.log.record(disclosure.entry)
                                 pushing = disclosure
                             }, events: Self.say)
                pushing?.finish(.done)
            } catch {
                pushing?.finish(.failed)
                if let output = error.gitOutput { FileHandle.standardError.write(Data(output.utf8)) }
                var stop = error.error
                stop.details = error.overrides.map(Self.overrideWarning) + stop.details
                report(stop)
                throw Exit.dataProblem
            }
        }

        /// Prints what the sync did: what it did on standard output, warnings on standard error.
        static func say(_ event: GitSync.Event) {
            let err = ErrorStream.current
            switch event {
            case .driverMissing:
                err.write(err.style("warning:", "1;35") + " git does not merge documents with afterflow here yet; run 'afterflow git setup' once in this clone")
            case .overridden(let found):
                err.write(err.style("warning:", "1;35") + " " + overrideWarning(found))
            case .committed(let count):
                emit("Committed \(count) changed file\(count == 1 ? "" : "s").")
            case .nothingToCommit:
                emit("Nothing new here to commit.")
            case .noRemote:
                emit("There is no remote to pull from or push to; add one with: git remote add origin URL")
            case .pushedNewBranch(let remote, let branch):
                emit("Pushed: \(remote) had no \(branch) yet; it has this machine's now.")
            case .pulled(let any):
                emit(any ? "Pulled the other machines' changes and merged them." : "Nothing new to pull.")
            case .pushed:
                emit("Pushed: the remote is up to date.")
            }
        }

        /// A line of the vault's .gitattributes that turns afterflow's merge off, as a warning.
        static func overrideWarning(_ found: GitAttributes.Override) -> String {
            ".gitattributes line \(found.line), '\(found.text.visible())', comes after '\(GitAttributes.afterflowLine)' and overrides it: git does not merge documents with afterflow. Delete that line (or put afterflow's after it), commit, and sync."
        }
    }
}

/// Git in a vault's folder, found on afterflow's PATH.
enum Git {
    static func at(_ directory: String) -> GitRepository {
        GitRepository(directory: directory, searchPath: Programs.searchPath)
    }
}
