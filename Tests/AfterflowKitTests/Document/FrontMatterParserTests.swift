@testable import AfterflowKit
import Testing

@Suite struct FrontMatterParserTests {
    private func value(_ yaml: String, _ key: String = "k") -> YAMLValue? {
        let document = Document("---\n\(yaml)\n---\n")
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
        return document.frontMatter?[key]
    }

    private func text(_ yaml: String) -> String? {
        value(yaml)?.scalar?.text
    }

    @Test(arguments: [
        ("k: plain text", "plain text"),
        ("k: plain   # a comment", "plain"),
        ("k: a#b", "a#b"),
        ("k: http://x.y/z?a=b#c", "http://x.y/z?a=b#c"),
        ("k: 'it''s'", "it's"),
        ("k: \"tab\\there\"", "tab\there"),
        ("k: \"caf\\u00e9 \\\"q\\\" \\\\\"", "café \"q\" \\"),
        ("k: \"\\x41\\U0001F600\"", "A😀"),
        ("k: 'a: b'", "a: b"),
        ("k: \"\"  # empty", ""),
        ("k: no", "no"),
        ("k: 10:00", "10:00"),
        ("k: 1e3", "1e3"),
        ("k: 3.5 g", "3.5 g"),
        ("k: µg über", "µg über"),
    ])
    func scalars(_ yaml: String, _ expected: String) {
        #expect(text(yaml) == expected)
    }

    @Test(arguments: [
        ("k: |\n  one\n  two\n", "one\ntwo\n"),
        ("k: |-\n  one\n\n  two\n\n", "one\n\ntwo"),
        ("k: |+\n  one\n", "one\n\n"),
        ("k: >\n  folded\n  line\n\n  para\n", "folded line\npara\n"),
        ("k: >-\n  a\n    more\n  b\n", "a\n  more\nb"),
        ("k: |2\n    indented\n  base\n", "  indented\nbase\n"),
        ("k: # nothing here\n  continued plain\n  text\n", "continued plain text"),
        ("k: first\n  second\n\n  third\n", "first second\nthird"),
    ])
    func multiLineScalars(_ yaml: String, _ expected: String) {
        #expect(text(yaml) == expected)
    }

    @Test func styleIsKept() {
        #expect(value("k: '5'")?.scalar?.style == .singleQuoted)
        #expect(value("k: \"5\"")?.scalar?.style == .doubleQuoted)
        #expect(value("k: 5")?.scalar?.style == .plain)
        #expect(value("k: |\n  x\n")?.scalar?.style == .literal)
    }

    @Test func nulls() {
        #expect(value("k:") == .null)
        #expect(value("k: ~")?.isNull == true)
        #expect(value("k: null")?.isNull == true)
        #expect(value("k: \"null\"")?.isNull == false)
    }

    @Test func lists() throws {
        guard case .list(let flow, flow: true) = try #require(value("k: [a, 'b c', \"d,e\", ]")) else {
            Issue.record("expected a flow list")
            return
        }
        #expect(flow.map(\.text) == ["a", "b c", "d,e"])
        guard case .list(let block, flow: false) = try #require(value("k:\n  - a\n  - 'b'\n  # comment\n  - c d\n")) else {
            Issue.record("expected a block list")
            return
        }
        #expect(block.map(\.text) == ["a", "b", "c d"])
        guard case .list(let zeroIndent, flow: false) = try #require(value("k:\n- a\n- b\n")) else {
            Issue.record("expected a block list at indentation 0")
            return
        }
        #expect(zeroIndent.map(\.text) == ["a", "b"])
        #expect(value("k: []") == .list([], flow: true))
    }

    @Test func entriesKnowTheirLinesAndLocations() throws {
        let document = Document("---\na: 1\n# c\nb:\n  - x\n  - y\n\nc: |\n  t\n---\nbody\n")
        let frontMatter = try #require(document.frontMatter)
        #expect(frontMatter.entries.map(\.key) == ["a", "b", "c"])
        #expect(frontMatter.entries.map(\.lines) == [1..<2, 3..<6, 7..<9])
        #expect(frontMatter.entry("a")?.valueLocation == SourceLocation(line: 2, column: 4))
        #expect(frontMatter.entry("b")?.blockIndent == "  ")
        #expect(frontMatter.closingLine == 9)
        #expect(document.bodyStartLine == 10)
    }

    @Test func dotsCloseTheFrontMatterToo() {
        let document = Document("---\na: 1\n...\nbody\n")
        #expect(document.frontMatter?.closingLine == 2)
    }

    @Test func noFrontMatterIsAPlainNote() {
        let entry = VaultEntry(path: "note.md", bytes: Array("# Notes\n\nsome text\n".utf8))
        #expect(entry.isPlainNote)
        #expect(entry.document.frontMatter == nil)
    }
}
