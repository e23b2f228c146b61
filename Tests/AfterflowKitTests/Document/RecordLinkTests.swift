@testable import AfterflowKit
import Testing

/// The links of a body (`Document.links`): wiki and relative Markdown links, located; none in
/// the front matter, code spans, fences or indented code; embeds and web addresses are not links to records.
struct RecordLinkTests {
    static func links(_ text: String) -> [RecordLink] { Document(text).links }

    @Test func wikiLinksWithAliasAndHeading() {
        // Line 5 is the body's first line: "As on [[2025-01-10]], see [[maya-t/s-initial|the goal]]."
        let text = "---\ntype: mood\nscore: 5\n---\nAs on [[2025-01-10]], see [[maya-t/s-initial|the goal]] and [[ 2025-01-10-psilocybin#Reflections ]].\n"
        let found = Self.links(text)
        #expect(found.map(\.target) == ["2025-01-10", "maya-t/s-initial", "2025-01-10-psilocybin"])
        #expect(found.map(\.text) == [nil, "the goal", nil])
        #expect(found.allSatisfy { $0.style == .wiki && $0.location.line == 5 })
        // "As on " is 6 bytes: the first link starts at column 7, its target at 9 (after "[[");
        // "[[2025-01-10]]" is 14 bytes long.
        #expect(found[0].location.column == 7 && found[0].targetLocation.column == 9 && found[0].length == 14)
        // The third's target starts after "[[ " (a space trimmed): 60 bytes come before the link
        // (6 + 14 + 6 + 29 + 5: "As on ", "[[2025-01-10]]", ", see ", "[[maya-t/s-initial|the goal]]",
        // " and "), so it starts at column 61 and its target at 64.
        #expect(found[2].location.column == 61 && found[2].targetLocation.column == 64)
    }

    @Test func markdownLinksToRecordsOnly() {
        let text = """
            [as on the 10th](../2025/2025-01-10-psilocybin.md) and [notes](https://example.com/a.md),
            ![a picture](pic.md), [mail](mailto:a@b.md), [here](#reflections), [spaced](<my%20notes.md#top>).

            """
        let found = Self.links(text)
        #expect(found.map(\.target) == ["../2025/2025-01-10-psilocybin.md", "my notes.md"])
        #expect(found.map(\.style) == [.markdown, .markdown])
        #expect(found[0].text == "as on the 10th")
        // "[as on the 10th](" is 17 bytes: the destination starts at column 18.
        #expect(found[0].targetLocation == SourceLocation(line: 1, column: 18))
    }

    @Test func notInCodeSpansFencesOrEmbeds() {
        let text = """
            `[[2025-01-10]]` and ``code [[x]] `` then ![[embedded]]
            ```
            [[in-a-fence]]
            ```
            ~~~~
            [[also-fenced]]
            ```
            [[still-fenced]]
            ~~~~
            [[after]] and [[]] and [[unclosed

            """
        #expect(Self.links(text).map(\.target) == ["after"])
        #expect(Self.links(text).first?.location == SourceLocation(line: 10, column: 1))
    }

    @Test func notInIndentedCodeBlocks() {
        // Line 1 starts the text indented: a code block (nothing before it to continue).
        // Line 3, four spaces after a blank line: code; line 4, a tab: still the same block;
        // line 5, blank, and line 6 indented again: the block goes on. Line 7 at the margin ends
        // it: its link counts. Line 8 is indented right after text: a paragraph's continuation, a link.
        let text = "    [[first-code]]\n\n    [[spaces]]\n\t[[tab]]\n\n      [[deeper]]\n[[after-code]]\n    [[continuation]]\n"
        #expect(Self.links(text).map(\.target) == ["after-code", "continuation"])
        #expect(Self.links(text).map(\.location.line) == [7, 8])
    }

    @Test func indentedTextInAListItemOrAfterAHeadingIsNotCodeAndCodeInAFenceStaysCode() {
        // Line 3, indented four after a list item and a blank line: the item's second paragraph,
        // a link. Line 5 at the margin closes the list; line 7, indented after a blank line, is code.
        // Line 8 is a heading, and line 9 indented right after it is code (a heading is not a
        // paragraph to continue). Lines 11-13: a fence whose line is indented is fenced code all the same.
        // Line 16 is indented three, less than four: never code.
        let text = """
            - an item

                [[in-the-item]]

            Text again.

                [[code-after-text]]
            ## Heading
                [[code-after-heading]]

            ```
                [[fenced-and-indented]]
            ```
            1. numbered

               2. [[nested]]

            """
        #expect(Self.links(text).map(\.target) == ["in-the-item", "nested"])
        #expect(Self.links(text).map(\.location.line) == [3, 16])
    }

    @Test func aReportsTextLeavesLinksInIndentedCodeAsWritten() {
        // replacingLinks scans from the text's first line: the indented line is code and stays.
        let text = "See [[2025-01-10]].\n\n    [[2025-01-10]] in code\n"
        #expect(RecordLink.replacingLinks(in: text) { $0.plainText } == "See 2025\\-01\\-10.\n\n    [[2025-01-10]] in code\n")
    }

    @Test func frontMatterHoldsNoLinks() {
        #expect(Self.links("---\ntitle: \"[[2025-01-10]]\"\n---\n").isEmpty)
    }

    @Test func replacingLinksKeepsTheRestByteForByte() {
        let text = "a [[2025-01-10-psilocybin]] b [the day before](2025-01-09-other.md) c [[maya-t|Maya]] `[[x]]`\n"
        let replaced = RecordLink.replacingLinks(in: text) { $0.plainText }
        // The session file names give their day; the text given stays, with the day added; a
        // client link shows its alias. Markdown's punctuation is escaped so it stays text.
        #expect(replaced == "a psilocybin \\(2025\\-01\\-10\\) b the day before \\(2025\\-01\\-09\\) c Maya `[[x]]`\n")
    }

    @Test func dayOfAFileName() {
        #expect(RecordLink.day(of: "2025-01-10") == "2025-01-10")
        #expect(RecordLink.day(of: "2025-01-10-psilocybin") == "2025-01-10")
        #expect(RecordLink.day(of: "2025-01-101") == nil)
        #expect(RecordLink.day(of: "s-initial") == nil)
    }
}
