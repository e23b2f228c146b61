@testable import AfterflowKit
import Testing

/// The editor's scratch file of `reflect`: a comment that says which session, removed on reading (#10).
@Suite struct ReflectionScratchTests {
    @Test("the file starts with a line to write on, then the comment, which reads back as nothing")
    func emptyFile() {
        let text = ReflectionScratch.text(describing: ["Psilocybin • Dec 10, 2024 · id 6F1C2A8E", "sessions/2024/x.md"])
        #expect(text.hasPrefix("\n<!-- afterflow: your reflection for\n     Psilocybin • Dec 10, 2024 · id 6F1C2A8E\n"))
        #expect(text.hasSuffix("saves nothing. -->\n"))
        #expect(ReflectionScratch.reflection(from: text).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    @Test("what is written above, below or in place of the comment is kept as written", arguments: [
        ("Felt held.\n# COMMENT", "Felt held."),
        ("First.\n\n# COMMENT\nAfter.", "First.\n\nAfter."),
        ("// not a comment\n# just text", "// not a comment\n# just text"),
        ("Text.\n<!-- afterflow: left open\nnever closed", "Text."),
        ("Text.\r\n# COMMENT\r\nMore.", "Text.\nMore."),
        ("<!-- my own comment -->\nText.", "<!-- my own comment -->\nText."),
    ])
    func kept(_ written: String, _ expected: String) {
        let comment = ReflectionScratch.text(describing: ["A session"]).dropFirst().dropLast()
        let file = written.replacingOccurrences(of: "# COMMENT", with: String(comment))
        #expect(ReflectionScratch.reflection(from: file) == expected)
    }

    @Test("a description cannot end the comment early")
    func safeDescription() {
        let text = ReflectionScratch.text(describing: ["Intention: a --> b", "two\nlines"])
        #expect(ReflectionScratch.reflection(from: "Mine.\n" + text.dropFirst()) == "Mine.\n")
    }

    @Test("scratch files are the state folder's reflection-XXXXXXXX.md", arguments: [
        ("/home/a/.local/state/afterflow/reflection-1A2B3C4D.md", true),
        ("/home/a/.local/state/afterflow/../afterflow/reflection-1A2B3C4D.md", true),
        ("/home/a/.local/state/afterflow/reflection-1a2b3c4d.md", false),
        ("/home/a/.local/state/afterflow/queue/reflection-1A2B3C4D.md", false),
        ("/home/a/notes/reflection-1A2B3C4D.md", false),
        ("/home/a/.local/state/afterflow/reflection-1A2B3C4D.txt", false),
    ])
    func scratchNames(_ path: String, _ expected: Bool) {
        #expect(ReflectionScratch.isScratch(path, in: "/home/a/.local/state/afterflow") == expected)
        #expect(ReflectionScratch.isScratchName(ReflectionScratch.fileName()))
    }
}
