import Foundation

/// What git's pre-commit hook looks at: the staged files `check` reads, the staged documents
/// `fmt --check` reads, and the checked files whose changes are not all staged (they are read as
/// they are on disk).
public struct GitPreCommit: Equatable, Sendable {
    /// The staged documents and settings, relative to the vault: a problem in a file this commit
    /// leaves alone does not stop it.
    public var checked: [String]
    /// The staged documents with front matter, for `fmt --check`.
    public var documents: [String]
    /// The checked files with changes that are not staged.
    public var unstaged: [String]

    public init(checked: [String], documents: [String], unstaged: [String]) {
        self.checked = checked
        self.documents = documents
        self.unstaged = unstaged
    }

    /// The plan for the vault at `git.directory`.
    public init(git: GitRepository) {
        let listed = git.output(["diff", "--cached", "--name-only", "--relative", "--diff-filter=ACMR", "-z", "--", "*.md", ".afterflow/config.yml"]) ?? ""
        let staged = listed.split(separator: "\0").map(String.init)
        documents = staged.filter { path in
            guard path.hasSuffix(".md"), !path.hasPrefix("Templates/"), !path.hasPrefix(".afterflow/"),
                  let data = FileManager.default.contents(atPath: git.directory + "/" + path) else { return false }
            return Document(bytes: Array(data)).frontMatter != nil
        }
        checked = staged.filter(GitSync.isChecked)
        unstaged = checked.isEmpty ? [] : (git.output(["diff", "--name-only", "--relative", "-z", "--"] + checked) ?? "").split(separator: "\0").map(String.init)
    }
}
