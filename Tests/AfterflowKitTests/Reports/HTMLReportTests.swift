@testable import AfterflowKit
import Foundation
import Testing

@Suite struct HTMLReportTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    func report(_ configure: (inout HTMLReport) -> Void = { _ in }) -> HTMLReport {
        var report = HTMLReport(timeZone: Self.losAngeles, now: ReportFixture.now)
        configure(&report)
        return report
    }

    @Test func theFixtureReport() throws {
        let fixture = try ReportFixture()
        let html = report { $0.filters = ["since 2024-01-01"] }.render(try fixture.sessions())
        assertSnapshot(html, named: "fixture-report.html")
        #expect(html.contains("Generated on Jan 1, 2025 at 7:04 PM"))
        #expect(html.contains("<dt>Sessions</dt><dd>5</dd>"))
        #expect(html.contains("<dt>Dates</dt><dd>Jan 15, 2024 to Dec 10, 2024</dd>"))
        #expect(html.contains("<dt>Filters</dt><dd>since 2024-01-01</dd>"))
        #expect(html.contains("size: Letter;"))
        #expect(html.contains("<h2>Psilocybin • Dec 10, 2024</h2>"))
        #expect(html.contains("<p class=\"when\">Tuesday, Dec 10, 2024 at 2:30 PM</p>"))
        #expect(html.contains("<p class=\"when\">Friday, Mar 8, 2024 at 9:15 PM (UTC−05:00)</p>"), "another offset is shown")
        #expect(html.contains("4 → 7 <span class=\"mood-words\">(Reflective → Uplifted, +3)</span>"))
        #expect(html.contains("9 → 3 <span class=\"mood-words\">(Radiant → Reflective, −6)</span>"))
        #expect(html.contains("<div><dt>Dose</dt><dd>3.5 g</dd></div>"))
        #expect(html.contains("<a href=\"https://lowtideloops.bandcamp.com/album/salt-and-static\" rel=\"noopener noreferrer\">Salt And Static</a> <span class=\"mood-words\">· Bandcamp</span>"))
        #expect(html.contains("<a href=\"https://open.spotify.com/playlist/4vQX2r8Hn1TzJk7bWcP0dE\""), "a Spotify URI links to the web player")
        #expect(html.contains("<em>creativity</em>"), "Markdown is rendered")
        #expect(html.contains("<svg class=\"mood-chart\""))
    }

    @Test func onA4WithoutACover() throws {
        let fixture = try ReportFixture(files: ["2024-12-10-psilocybin.md"])
        let html = report {
            $0.pageSize = .a4
            $0.cover = false
        }.render(try fixture.sessions())
        #expect(html.contains("size: A4;"))
        #expect(!html.contains("<section class=\"cover\">"))
        #expect(html.contains("<header class=\"masthead\">"))
        #expect(html.contains("Generated on Jan 1, 2025 at 7:04 PM · 1 session · Dec 10, 2024 · Filters: none: every session in the journal"))
    }

    @Test func noSessionsFound() {
        let html = report { $0.filters = ["treatment dmt"] }.render([])
        assertSnapshot(html, named: "empty-report.html")
        #expect(html.contains("<h2>No sessions found</h2>"))
        #expect(html.contains("<p>Adjust filters or add sessions to export.</p>"))
        #expect(!html.contains("<svg"))
    }

    @Test func whatAUserWroteCannotRunFetchOrInjectAnything() throws {
        let fixture = try ReportFixture()
        let html = report().render(try fixture.sessions())
        let lower = html.lowercased()
        #expect(!lower.contains("<script"))
        for tag in LiveHTML.tags(in: html) {
            for forbidden in ["onerror", "onclick", "src=", "javascript:"] {
                #expect(!tag.attributes.lowercased().contains(forbidden), "\(tag)")
            }
        }
        #expect(!lower.contains("href=\"javascript"))
        #expect(lower.components(separatedBy: "javascript:").count == 2, "only the music link's text, which is no link")
        #expect(html.contains("A <a href=\"\">bad link</a> and"), "the unsafe link is blanked")
        #expect(!lower.contains("<img"))
        #expect(!lower.contains("<iframe"))
        #expect(!lower.contains("<b onclick"))
        #expect(!lower.contains("<div style"))
        // Raw HTML is the user's text: shown escaped, so nothing in the file is hidden from the reader.
        #expect(html.contains("&lt;div style=&quot;display:none&quot;&gt;hidden raw html&lt;/div&gt;"))
        #expect(!lower.contains("<link"))
        #expect(!lower.contains("@import"))
        #expect(!lower.contains("url("))
        // The image became a link to it, which nothing follows on its own.
        #expect(html.contains("<a href=\"https://tracker.example/pixel.png\">tracking pixel</a>"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"))
        // The javascript: music link is shown as text, not as a link.
        #expect(html.contains("<div class=\"wide\"><dt>Music</dt><dd>javascript:alert(1)</dd></div>"))
    }

    @Test func everyOtherValueIsEscaped() throws {
        let fixture = try ReportFixture(files: [])
        var values = SessionValues(date: LocalDate(year: 2024, month: 2, day: 2, time: .init(hour: 2, minute: 2, second: 0)),
                                   treatment: .dmt, created: LocalDate(year: 2024, month: 2, day: 2))
        values.dose = "<b>2</b> & \"more\""
        values.tags = ["<i>x</i>"]
        values.music = "https://example.org/\"><script>alert(1)</script>"
        values.intention = "ok"
        values.moodBefore = 5
        try fixture.add([values])
        let html = report().render(try fixture.sessions())
        #expect(html.contains("<dd>&lt;b&gt;2&lt;/b&gt; &amp; &quot;more&quot;</dd>"))
        #expect(html.contains("<dd>&lt;i&gt;x&lt;/i&gt;</dd>"))
        #expect(!html.lowercased().contains("<script"))
    }

    @Test func shortSessionsKeepTogetherAndLongOnesStartAPage() throws {
        let fixture = try ReportFixture(files: [])
        var long = SessionValues(date: LocalDate(year: 2024, month: 4, day: 4, time: .init(hour: 4, minute: 4, second: 0)),
                                 treatment: .lsd, created: LocalDate(year: 2024, month: 4, day: 4))
        long.intention = "Long."
        long.moodBefore = 5
        long.reflections = (1...30).map { "Paragraph \($0) of a long reflection that goes on for a while, line after line." }.joined(separator: "\n\n")
        var short = long
        short.date.day = 5
        short.reflections = "Brief."
        try fixture.add([long, short])
        let html = report().render(try fixture.sessions())
        #expect(html.contains("<article class=\"session short\""))
        #expect(html.contains("<article class=\"session long\""))
        #expect(html.contains(".session.short { break-inside: avoid;"))
        #expect(html.contains(".session.long { break-before: page;"))
        #expect(html.contains("h1, h2, h3 { break-after: avoid;"))
    }

    @Test func theSummaryCountsAndAveragesPerTreatment() throws {
        let fixture = try ReportFixture()
        let context = report().context(try fixture.sessions())
        let rows = try #require(context["treatments"] as? [[String: Any]])
        #expect(rows.map { ($0["name"] as? ReportText)?.text } == ["Ketamine", "LSD", "MDMA", "Other", "Psilocybin"])
        #expect(rows.map { ($0["lift"] as? ReportText)?.text } == ["+3.0", "−6.0", "–", "–", "+3.0"])
        let overall = try #require(context["overall"] as? [String: Any])
        #expect((overall["count"] as? ReportText)?.text == "5")
        #expect((overall["lift"] as? ReportText)?.text == "0.0", "+3, −6 and +3 average to nothing")
    }

    @Test func aLargeReportRenderedOnEveryCoreIsTheSameAsPlainMustache() throws {
        let fixture = try ReportFixture()
        var many: [SessionValues] = []
        for i in 0..<150 {
            var values = SessionValues(date: LocalDate(year: 2023, month: 1 + i % 12, day: 1 + i % 28, time: .init(hour: i % 24, minute: i % 60, second: 0)),
                                       treatment: Treatment.allCases[i % 9], created: LocalDate(year: 2023, month: 1, day: 1))
            values.administration = i % 4 == 0 ? nil : Administration.allCases[i % 5]
            values.dose = i % 3 == 0 ? nil : "\(i) mg"
            values.moodBefore = i % 7 == 0 ? nil : 1 + i % 10
            values.moodAfter = i % 5 == 0 ? nil : 1 + (i * 3) % 10
            values.intention = "Intention \(i) with *emphasis* & <b>html</b>"
            values.reflections = i % 2 == 0 ? "" : "Reflection \(i)\n\n- a\n- b"
            values.music = i % 6 == 0 ? "https://example.org/mix-\(i)" : nil
            values.tags = i % 8 == 0 ? ["t\(i)"] : []
            many.append(values)
        }
        try fixture.add(many)
        let sessions = try fixture.sessions()
        #expect(sessions.count == 133, "the 22 without a mood before are drafts, kept out")
        let report = report { $0.filters = ["tag x"] }
        let plain = ReportTemplate.builtIn.render(report.context(sessions))
        #expect(report.render(sessions) == plain)
        #expect(plain.components(separatedBy: "<article class=\"session").count == 134)
        // A vault's template that uses its own delimiters is rendered the ordinary way, and right.
        let custom = try ReportTemplate(text: "{{=<% %>=}}<%#sessions%><%title%>|<%/sessions%>")
        #expect(report.render(sessions, template: custom) == custom.render(report.context(sessions)))
    }

    // MARK: - The template

    @Test func theRepositoryTemplateIsTheBuiltInOne() throws {
        let onDisk = try String(contentsOf: Fixtures.repository.appendingPathComponent("Templates/report.html"), encoding: .utf8)
        #expect(onDisk == DefaultTemplates.report)
        #expect(DefaultTemplates.all.map(\.name) == ["session.md", "report.html", "progress.html"])
        let progress = try String(contentsOf: Fixtures.repository.appendingPathComponent("Templates/progress.html"), encoding: .utf8)
        #expect(progress == DefaultTemplates.progress)
    }

    @Test func aVaultsTemplateReplacesTheBuiltInOne() throws {
        let fixture = try ReportFixture(files: ["2024-12-10-psilocybin.md"])
        #expect(try ReportTemplate.of(fixture.vault).path != nil, "init writes a copy to edit")
        try fixture.temp.write("Templates/report.html", "<h1>{{title}}</h1>{{#sessions}}<p>{{title}}: {{{reflections}}}</p>{{/sessions}}")
        let html = report().render(try fixture.sessions(), template: try ReportTemplate.of(fixture.vault))
        #expect(html.hasPrefix("<h1>Session Export</h1><p>Psilocybin • Dec 10, 2024: <p>[2024-12-11 09:12] Felt peaceful"))
        try FileManager.default.removeItem(atPath: fixture.temp.root + "/Templates/report.html")
        #expect(try ReportTemplate.of(fixture.vault).path == nil)
    }

    @Test func aBrokenTemplateSaysWhere() throws {
        let fixture = try ReportFixture(files: [])
        try fixture.temp.write("Templates/report.html", "<p>\n{{#sessions}}\n")
        #expect {
            _ = try ReportTemplate.of(fixture.vault)
        } throws: { error in
            let message = (error as? VaultError)?.message ?? ""
            return message.hasPrefix(fixture.temp.root + "/Templates/report.html:") && message.contains("not a valid mustache template")
        }
    }

    // MARK: - Markdown

    @Test(arguments: [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "![x](https://example.org/i.png \"title\")",
        "![](javascript:alert(1))",
        "[click](javascript:alert(1))",
        "<iframe src=\"https://example.org\"></iframe>",
        "text <b onclick=\"x\">bold</b>",
    ])
    func offlineMarkdownHasNoImageScriptOrRawHTML(_ markdown: String) {
        let html = CmarkRenderer.offlineHTML(markdown)
        let tags = LiveHTML.tags(in: html)
        #expect(tags.allSatisfy { LiveHTML.markdownTags.contains($0.name) }, "\(tags) in \(html)")
        for tag in tags {
            for forbidden in ["onerror", "onclick", "javascript:", "src="] {
                #expect(!tag.attributes.lowercased().contains(forbidden), "\(forbidden) in <\(tag.name)\(tag.attributes)>")
            }
        }
        #expect(!html.lowercased().contains("javascript:"), "\(html)")
    }

    @Test(arguments: [
        ("<sigh> and then the tears came.", "<p>&lt;sigh&gt; and then the tears came.</p>\n"),
        ("It felt <numb> all day.", "<p>It felt &lt;numb&gt; all day.</p>\n"),
        ("<sigh>\n\nThen quiet.", "<p>&lt;sigh&gt;</p>\n<p>Then quiet.</p>\n"),
        ("<div onclick=\"x\">\nline two\n</div>", "<p>&lt;div onclick=&quot;x&quot;&gt;<br />\nline two<br />\n&lt;/div&gt;</p>\n"),
        ("<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"),
    ])
    func rawHTMLIsShownAsTheTextItIs(_ markdown: String, _ expected: String) {
        #expect(CmarkRenderer.offlineHTML(markdown) == expected)
        #expect(CmarkRenderer.html(markdown) == expected)
    }

    @Test func anImageBecomesALinkToIt() {
        #expect(CmarkRenderer.offlineHTML("See ![the view](https://example.org/v.png).")
            == "<p>See <a href=\"https://example.org/v.png\">the view</a>.</p>\n")
        #expect(CmarkRenderer.offlineHTML("![](https://example.org/v.png)")
            == "<p><a href=\"https://example.org/v.png\">https://example.org/v.png</a></p>\n")
    }
}
