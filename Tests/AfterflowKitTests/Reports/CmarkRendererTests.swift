import AfterflowKit
import Testing

@Suite struct CmarkRendererTests {
    @Test func cmarkIsLinked() {
        #expect(CmarkRenderer.version.split(separator: ".").count == 3)
    }

    @Test func markdownBecomesHTML() {
        #expect(CmarkRenderer.html("Felt *calm* and **open**.") == "<p>Felt <em>calm</em> and <strong>open</strong>.</p>\n")
    }

    @Test(arguments: [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[click](javascript:alert(1))",
        "text <b onclick=\"x\">bold</b>",
    ])
    func whatAUserWroteCannotRunOrInjectHTML(_ markdown: String) {
        let html = CmarkRenderer.html(markdown)
        let tags = LiveHTML.tags(in: html)
        #expect(tags.allSatisfy { LiveHTML.markdownTags.contains($0.name) }, "\(tags) in \(html)")
        #expect(tags.allSatisfy { !$0.attributes.lowercased().contains("onclick") })
        #expect(!html.lowercased().contains("javascript:"))
    }

    @Test func terminalTextWrapsAndListsReadWell() {
        let text = CmarkRenderer.terminal("One two three four five six.\n\n- first item\n- second [link](https://x.y)\n", width: 16, indent: "  ", styled: false)
        #expect(text == "  One two three\n  four five six.\n\n  • first item\n  • second link\n    (https://x.y)")
        // Raw HTML is the user's text: shown as written, never dropped.
        #expect(CmarkRenderer.terminal("<b>raw</b> text", styled: false) == "<b>raw</b> text")
        #expect(CmarkRenderer.terminal("<sigh>\n\nIt felt <numb>.", styled: false) == "<sigh>\n\nIt felt <numb>.")
    }
}
