#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What git's attributes say about merging documents: afterflow's line, and the lines that
/// override it.
public enum GitAttributes {
    /// The line `git setup` writes.
    public static let afterflowLine = "*.md merge=afterflow"

    /// A line of `.gitattributes` that sets another merge for documents after afterflow's line (git
    /// takes the last line that matches, so this one wins): its number from 1 and its text.
    public struct Override: Equatable, Sendable {
        public let line: Int
        public let text: String
    }

    /// The lines of `text` (a `.gitattributes`) after the last `*.md merge=afterflow` that set the
    /// `merge` attribute otherwise (`merge=union`, `-merge`, `!merge`, `merge`) for a pattern
    /// that matches a Markdown file (`*.md`, `*`, `sessions/**/*.md`). Empty when afterflow's line
    /// is not there (then nothing of afterflow's is overridden: it is missing).
    public static func overrides(in text: String) -> [Override] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard let ours = lines.lastIndex(where: { $0.trimmingCharacters(in: .whitespaces) == afterflowLine }) else { return [] }
        var found: [Override] = []
        for index in lines.indices where index > ours {
            let words = lines[index].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let pattern = words.first, !pattern.hasPrefix("#"), matchesMarkdown(pattern) else { continue }
            let setsMerge = words.dropFirst().contains { word in
                word == "merge" || word == "-merge" || word == "!merge" || (word.hasPrefix("merge=") && word != "merge=afterflow")
            }
            if setsMerge { found.append(Override(line: index + 1, text: lines[index].trimmingCharacters(in: .whitespaces))) }
        }
        return found
    }

    /// Whether a `.gitattributes` pattern can match a Markdown document.
    static func matchesMarkdown(_ pattern: String) -> Bool {
        let last = String(pattern.split(separator: "/").last ?? "")
        return last.hasSuffix(".md") || last.hasSuffix("*") || fnmatch(last, "a.md", 0) == 0
    }
}

/// Files git left unmerged, and what happened to each on the two sides.
public enum GitConflicts {
    /// How a file is in conflict.
    public enum Kind: Equatable, Sendable {
        /// Changed on both sides: the file holds conflict markers.
        case bothChanged
        /// Deleted on this machine, changed on the other: the other's version is in the folder.
        case deletedHere
        /// Changed on this machine, deleted on the other: this machine's version is in the folder.
        case deletedThere
        /// Added on both, or another case git names.
        case other
    }

    public struct Conflict: Equatable, Sendable {
        public let path: String
        public let kind: Kind
    }

    /// The conflicts in the output of `git ls-files -u -z` (`<mode> <object> <stage>\t<path>`, one
    /// line per side present: stage 1 the common ancestor, 2 this machine's, 3 the other's).
    public static func parse(_ output: String) -> [Conflict] {
        var stages: [String: Set<Character>] = [:]
        var order: [String] = []
        for record in output.split(separator: "\0") {
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let path = String(record[record.index(after: tab)...])
            guard let stage = record[..<tab].split(separator: " ").last?.first else { continue }
            if stages[path] == nil { order.append(path) }
            stages[path, default: []].insert(stage)
        }
        return order.map { path in
            let present = stages[path] ?? []
            let kind: Kind
            switch (present.contains("1"), present.contains("2"), present.contains("3")) {
            case (true, true, true): kind = .bothChanged
            case (true, false, true): kind = .deletedHere
            case (true, true, false): kind = .deletedThere
            default: kind = .other
            }
            return Conflict(path: path, kind: kind)
        }
    }

    /// What the conflict is and how to settle it, in a sentence (for `check` and `git sync`).
    public static func advice(_ conflict: Conflict) -> String {
        let path = Shell.quote(conflict.path)
        switch conflict.kind {
        case .deletedHere:
            return "deleted on this machine and changed on the other (the other's version is in the folder): keep it with 'git add \(path)', or delete it with 'git rm \(path)'; then 'git commit --no-edit'"
        case .deletedThere:
            return "changed on this machine and deleted on the other (this machine's version is in the folder): keep it with 'git add \(path)', or delete it with 'git rm \(path)'; then 'git commit --no-edit'"
        case .bothChanged:
            return "changed differently on both machines: keep the lines you want, delete the marker lines, then 'git add \(path)' and 'git commit --no-edit'"
        case .other:
            return "added or renamed differently on both machines: keep the version you want, then 'git add \(path)' and 'git commit --no-edit'"
        }
    }

    /// A `check` problem for each conflict that holds no conflict markers (a file deleted on one
    /// side, changed on the other), at its first line; those with markers are named already.
    /// `prefix` is the vault's folder inside the repository (`git rev-parse --show-prefix`).
    public static func diagnostics(_ conflicts: [Conflict], prefix: String) -> [Diagnostic] {
        conflicts.compactMap { conflict in
            guard conflict.kind == .deletedHere || conflict.kind == .deletedThere, conflict.path.hasPrefix(prefix) else { return nil }
            let inVault = Conflict(path: String(conflict.path.dropFirst(prefix.count)), kind: conflict.kind)
            return Diagnostic(.error, "a merge conflict: " + advice(inVault), at: SourceLocation(line: 1, column: 1), path: inVault.path)
        }
    }

    /// Whether the repository that holds `folder` is in the middle of a merge (its MERGE_HEAD is
    /// there), found by reading the folders above it, without running git.
    public static func isMerging(_ folder: String) -> Bool {
        var current = folder
        while true {
            let dotGit = current + "/.git"
            var info = stat()
            if stat(dotGit, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFDIR { return access(dotGit + "/MERGE_HEAD", F_OK) == 0 }
                // A worktree's or a submodule's `.git` file: `gitdir: PATH`.
                guard let text = try? String(contentsOfFile: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return false }
                var dir = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
                if !dir.hasPrefix("/") { dir = current + "/" + dir }
                return access(dir + "/MERGE_HEAD", F_OK) == 0
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return false }
            current = parent
        }
    }
}
