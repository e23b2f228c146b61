import Foundation

/// `git sync`'s rules: what is committed, and the fetch, merge and push sequence with its
/// decisions. It prints nothing: what happens is told to a sink in order, and a stop is thrown
/// with what git said. The caller runs `check` on the files a push would send.
public struct GitSync {
    /// Something that happened, in the order it happened.
    public enum Event: Equatable, Sendable {
        /// git does not merge documents with afterflow in this clone (no driver is set).
        case driverMissing
        /// A `.gitattributes` line that overrides afterflow's merge.
        case overridden(GitAttributes.Override)
        /// The vault's changes were committed: how many files.
        case committed(Int)
        case nothingToCommit
        /// The repository has no remote: the sync ends here.
        case noRemote
        /// The remote had no branch of this name: this push made it, and the sync ends here.
        case pushedNewBranch(remote: String, branch: String)
        /// The other machines' changes were merged (true) or there were none (false).
        case pulled(Bool)
        case pushed
    }

    /// A push about to be made: the remote's name and the documents (and settings) it sends,
    /// relative to the vault; every tracked one when the remote has no branch yet.
    public struct Push: Equatable, Sendable {
        public var remote: String
        public var files: [String]

        /// The clients whose files it sends, by short name (`clients/SHORT/…`), sorted.
        public var clients: [String] {
            Array(Set(files.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count > 2 && parts[0] == "clients" ? String(parts[1]) : nil
            })).sorted()
        }
    }

    /// Why the sync stopped: the error, what git wrote (to show first) when it is git's, and the
    /// `.gitattributes` lines that override afterflow's merge when they may be the cause (to
    /// show before the error's details).
    public struct Stop: Error, Equatable {
        public var error: VaultError
        public var gitOutput: String?
        public var overrides: [GitAttributes.Override]

        public init(_ error: VaultError, gitOutput: String? = nil, overrides: [GitAttributes.Override] = []) {
            self.error = error
            self.gitOutput = gitOutput
            self.overrides = overrides
        }
    }

    /// The commit's message (no personal text) and the merge's.
    public static let commitMessage = "afterflow sync"
    public static let mergeMessage = "afterflow sync: merged the other machines' changes"
    /// afterflow's own state, kept out of the commit even without `.afterflow/.gitignore`.
    public static let excluded = ["index.sqlite*", "lock", "drafts", "trash", "queue", "*.tmp", "disclosures.log"].map { ":(exclude).afterflow/" + $0 }

    public var git: GitRepository
    /// The vault's folder (git's `directory`).
    public var vaultRoot: String { git.directory }

    public init(git: GitRepository) {
        self.git = git
    }

    /// Commits, fetches, merges, checks and pushes; `check` is given the files (relative to the
    /// vault) the push would send and says whether they have no error. `beforePush` is told of
    /// each push just before it is made (to log it as a disclosure); when it throws, nothing is
    /// pushed.
    public func run(check: ([String]) -> Bool, beforePush: (Push) throws(VaultError) -> Void = { _ in },
                    events: (Event) -> Void) throws(Stop) {
        try prepare(events: events)
        try commit(events: events)
        guard !(git.output(["remote"]) ?? "").isEmpty else {
            events(.noRemote)
            return
        }
        let before = git.output(["rev-parse", "HEAD"])
        // Fetch and merge rather than pull, so that the merge commit's message is neutral too
        // (git's own names the remote's address).
        let fetch = git.run(["fetch", "-q"])
        guard fetch.status == 0 else {
            throw stop("could not reach the remote (see git's message above); your changes are committed here, nothing was pulled or pushed", output: fetch.output)
        }
        git.keepPrivate(["FETCH_HEAD"])
        guard try follow(beforePush: beforePush, events: events) else { return }
        try merge()
        let pulled = before.flatMap { git.output(["rev-list", "--count", "\($0)..HEAD"]) }.flatMap { Int($0) } ?? 0
        events(.pulled(pulled != 0))
        try checkBeforePush(check)
        let branch = git.output(["branch", "--show-current"]) ?? ""
        let remote = git.output(["config", "--get", "branch.\(branch).remote"]) ?? "origin"
        do { try beforePush(Push(remote: remote, files: filesToPush())) } catch { throw Stop(error) }
        let push = git.run(["push", "-q"])
        guard push.status == 0 else { throw Self.pushFailed(push.output) }
        events(.pushed)
    }

    /// Stops outside a repository or in an unfinished merge; warns when the driver is missing or
    /// overridden.
    func prepare(events: (Event) -> Void) throws(Stop) {
        guard git.output(["rev-parse", "--show-toplevel"]) != nil else {
            throw Stop(VaultError(.notFound, "\(vaultRoot) is not in a git repository", details: [
                "Make it one with 'afterflow init --git' or 'git init' in the vault, then run 'afterflow git setup'.",
            ]))
        }
        let busy = ["MERGE_HEAD", "rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD"].contains { name in
            git.gitPath(name).map { FileManager.default.fileExists(atPath: $0) } ?? false
        }
        if busy {
            let files = git.unmerged()
            throw stop("a merge is not finished yet, so nothing was synced", details: (files.isEmpty ? [] : ["Still in conflict: " + files.joined(separator: ", ")]) + [
                "Fix each file ('afterflow check' shows the lines between <<<<<<< and >>>>>>>), then: git add -A && git commit --no-edit",
                "Then run 'afterflow git sync' again.",
            ])
        }
        if git.output(["config", "--get", "merge.afterflow.driver"]) == nil {
            events(.driverMissing)
        }
        for found in Self.overrides(vaultRoot: vaultRoot) { events(.overridden(found)) }
    }

    /// Stages every change but afterflow's own state and commits it with the neutral message.
    func commit(events: (Event) -> Void) throws(Stop) {
        _ = git.run(["add", "-A", "--", "."] + Self.excluded)
        let changed = (git.output(["diff", "--cached", "--name-only"]) ?? "").split(separator: "\n").count
        guard changed > 0 else {
            events(.nothingToCommit)
            return
        }
        let commit = git.run(["commit", "-q", "-m", Self.commitMessage])
        guard commit.status == 0 else {
            throw stop("the commit was stopped, so nothing was synced", details: ["Fix what is shown above, then run 'afterflow git sync' again."], output: commit.output)
        }
        events(.committed(changed))
    }

    /// Makes a branch that follows none follow the remote's branch of the same name (with one
    /// remote), pushing it there when the remote has none; false when that push ended the sync.
    func follow(beforePush: (Push) throws(VaultError) -> Void, events: (Event) -> Void) throws(Stop) -> Bool {
        guard git.output(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"]) == nil else { return true }
        let remotes = (git.output(["remote"]) ?? "").split(separator: "\n").map(String.init)
        guard remotes.count == 1, let branch = git.output(["branch", "--show-current"]), !branch.isEmpty else {
            throw stop("this branch does not follow a branch of a remote yet, so nothing was pulled or pushed",
                       details: ["Push it once with: git push -u REMOTE BRANCH", "Then 'afterflow git sync' does the rest."])
        }
        guard git.output(["rev-parse", "--verify", "-q", "refs/remotes/\(remotes[0])/\(branch)"]) == nil else {
            _ = git.run(["branch", "-q", "--set-upstream-to=\(remotes[0])/\(branch)"])
            return true
        }
        let tracked = (git.output(["ls-files", "-z", "--", "*.md", ".afterflow/config.yml"]) ?? "").split(separator: "\0").map(String.init)
        do { try beforePush(Push(remote: remotes[0], files: tracked.filter(Self.isChecked))) } catch { throw Stop(error) }
        let push = git.run(["push", "-q", "-u", remotes[0], branch])
        guard push.status == 0 else { throw Self.pushFailed(push.output) }
        events(.pushedNewBranch(remote: remotes[0], branch: branch))
        return false
    }

    /// Merges the upstream branch with the neutral message; a conflict stops with advice.
    func merge() throws(Stop) {
        let pull = git.run(["merge", "--no-edit", "-m", Self.mergeMessage, "@{upstream}"])
        guard pull.status != 0 else { return }
        let files = git.unmerged()
        if !files.isEmpty { throw stop(Self.conflictMessage(files), details: Self.conflictAdvice(git.conflicts())) }
        throw stop("could not pull the other machines' changes (see git's message above); nothing was pushed", output: pull.output)
    }

    /// The documents (and settings) the push would change on the remote, relative to the vault,
    /// that are on disk.
    public func filesToPush() -> [String] {
        let listed = git.output(["diff", "--name-only", "--relative", "-z", "@{upstream}", "HEAD", "--", "*.md", ".afterflow/config.yml"]) ?? ""
        return listed.split(separator: "\0").map(String.init).filter { path in
            Self.isChecked(path) && FileManager.default.fileExists(atPath: vaultRoot + "/" + path)
        }
    }

    /// Stops before the push when `check` finds an error in a file it would send (a merge that
    /// went wrong, as a remote's .gitattributes can make it): the merge stays here to be fixed.
    func checkBeforePush(_ check: ([String]) -> Bool) throws(Stop) {
        let files = filesToPush()
        guard !files.isEmpty, !check(files) else { return }
        var stop = stop("the merged vault has errors (shown above) in files this push would send, so nothing was pushed", details: [
            "Fix the files named above ('afterflow check' shows each error; a key twice: keep the line you want), then run 'afterflow git sync' again: it commits the fix and pushes.",
        ])
        stop.overrides = Self.overrides(vaultRoot: vaultRoot)
        throw stop
    }

    /// Whether `check` looks at a staged or pushed file: the settings, and every file outside
    /// `Templates/` and `.afterflow/`.
    public static func isChecked(_ path: String) -> Bool {
        path == ".afterflow/config.yml" || (!path.hasPrefix("Templates/") && !path.hasPrefix(".afterflow/"))
    }

    public static func conflictMessage(_ files: [String]) -> String {
        "the other machine's changes are pulled, and \(files.count) file\(files.count == 1 ? " has" : "s have") a conflict left: " + files.joined(separator: ", ")
    }

    /// How to settle each conflict: markers to edit, or a file deleted on one side and changed
    /// on the other, to keep (git add) or delete (git rm).
    public static func conflictAdvice(_ conflicts: [GitConflicts.Conflict]) -> [String] {
        var lines = conflicts.map { "\($0.path): " + GitConflicts.advice($0) }
        if conflicts.contains(where: { $0.kind == .bothChanged }) {
            lines.append("A conflict is the same key, or the same lines, changed differently on both machines; 'afterflow check' shows where.")
        }
        lines.append("Then run 'afterflow git sync' again.")
        return lines
    }

    /// The lines of the vault's .gitattributes that turn afterflow's merge off.
    public static func overrides(vaultRoot: String) -> [GitAttributes.Override] {
        guard let data = FileManager.default.contents(atPath: vaultRoot + "/.gitattributes") else { return [] }
        return GitAttributes.overrides(in: String(decoding: data, as: UTF8.self))
    }

    static func pushFailed(_ output: String) -> Stop {
        Stop(VaultError(.invalid, "could not push (see git's message above); your changes are committed here and go out with the next sync"), gitOutput: output)
    }

    func stop(_ message: String, details: [String] = [], output: String? = nil) -> Stop {
        Stop(VaultError(.invalid, message, details: details), gitOutput: output)
    }
}
