@testable import AfterflowKit
import Foundation
import Testing

@Suite struct GitStateTests {
    @Test("a later line that sets merge for documents overrides afterflow's; earlier ones, other files and comments do not")
    func overrides() {
        let text = "*.md merge=union\n*.md merge=afterflow\n*.txt merge=union\n# *.md merge=union\n*.md text\n*.md -merge\nsessions/**/*.md merge=binary\n"
        #expect(GitAttributes.overrides(in: text) == [
            GitAttributes.Override(line: 6, text: "*.md -merge"),
            GitAttributes.Override(line: 7, text: "sessions/**/*.md merge=binary"),
        ])
    }

    @Test("git ls-files -u: both sides, deleted here, deleted there")
    func conflicts() {
        let output = [
            "100644 aaa 1\ta.md", "100644 bbb 2\ta.md", "100644 ccc 3\ta.md",
            "100644 aaa 1\tb.md", "100644 ccc 3\tb.md",
            "100644 aaa 1\tc d.md", "100644 bbb 2\tc d.md",
        ].joined(separator: "\0") + "\0"
        #expect(GitConflicts.parse(output) == [
            GitConflicts.Conflict(path: "a.md", kind: .bothChanged),
            GitConflicts.Conflict(path: "b.md", kind: .deletedHere),
            GitConflicts.Conflict(path: "c d.md", kind: .deletedThere),
        ])
    }
}
