@testable import AfterflowKit
import Foundation
import Mustache
import PropertyBased
import Testing

/// The report's sessions rendered once per shape (`ReportSessions`) give, byte for byte, what
/// swift-mustache gives rendering the whole page with every session in it.
@Suite struct ReportSessionsTests {
    /// Texts that escaping, Markdown or the markers could get wrong: entities, quotes, a `<` and a
    /// `"` that a combining mark makes into other characters (swift-mustache leaves those alone),
    /// emoji, right-to-left text, the private-use characters the markers are made of.
    static let awkward = [
        "<b>2</b> & \"more\" 'x'", "<\u{301}b onclick=1>", "\"\u{308} & '\u{327}", "a > b && c", "🧘🏽‍♀️ & 🎧",
        "שלום <i>", "\u{F8FE}0&\u{F8FF} and \u{F8FE}1&amp;\u{F8FF}", "", " ", "&amp; already", "tab\there\nline",
    ]

    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    /// 150 sessions, of many shapes, with awkward texts in every field that takes text.
    static func sessions() throws -> (ReportFixture, [IndexedSession]) {
        let fixture = try ReportFixture()
        var many: [SessionValues] = []
        for i in 0..<150 {
            var values = SessionValues(date: LocalDate(year: 2023, month: 1 + i % 12, day: 1 + i % 28, time: .init(hour: i % 24, minute: i % 60, second: 0)),
                                       treatment: Treatment.allCases[i % 9], created: LocalDate(year: 2023, month: 1, day: 1))
            let odd = awkward[i % awkward.count]
            values.administration = i % 4 == 0 ? nil : Administration.allCases[i % 5]
            values.dose = i % 3 == 0 ? nil : "\(i) mg \(odd)"
            values.moodBefore = i % 7 == 0 ? nil : 1 + i % 10
            values.moodAfter = i % 5 == 0 ? nil : 1 + (i * 3) % 10
            values.intention = "Intention \(i) with *emphasis* & <b>html</b> \(odd)"
            values.environment = i % 3 == 1 ? "" : "A [link](javascript:alert(1)) \(odd)"
            values.reflections = i % 2 == 0 ? "" : "Reflection \(i)\n\n- a\n- b \(odd)"
            values.music = [nil, "https://example.org/mix-\(i)", "https://lowtideloops.bandcamp.com/album/salt-and-static",
                            "spotify:playlist:4vQX2r8Hn1TzJk7bWcP0dE", "javascript:alert(\(i))", "not a link \(odd)"][i % 6]
            values.tags = i % 8 == 0 ? [] : ["t\(i)", odd.isEmpty ? "x" : odd]
            many.append(values)
        }
        try fixture.add(many)
        return (fixture, try fixture.sessions())
    }

    func report() -> HTMLReport {
        var report = HTMLReport(timeZone: Self.losAngeles, now: ReportFixture.now)
        report.filters = ["tag x", "since <then> & \"now\""]
        return report
    }

    @Test func theBuiltInTemplateGivesWhatSwiftMustacheGives() throws {
        let (_, sessions) = try Self.sessions()
        #expect(sessions.count > 120)
        let report = report()
        let page = report.render(sessions)
        #expect(page == ReportTemplate.builtIn.render(report.context(sessions)))
        #expect(page.contains("<dd>11 mg &lt;b&gt;2&lt;/b&gt; &amp; &quot;more&quot; &#39;x&#39;</dd>"))
        #expect(page.contains("<dd>1 mg <\u{301}b onclick=1&gt;</dd>"), "swift-mustache leaves a < with a combining mark as it is")
    }

    @Test func everyShapeOfTheBuiltInTemplateIsRenderedOnce() throws {
        let (_, sessions) = try Self.sessions()
        let report = report()
        let details = sessions.map(report.sessionTexts)
        let section = try Self.sessionsSection(of: DefaultTemplates.report)
        let renderer = ReportSessions(template: try MustacheTemplate(string: section), text: section, root: report.context(sessions, details: false))
        #expect(renderer.markersAreUnique)
        let shapes = Set(details.map(\.names))
        #expect(shapes.count > 5 && shapes.count < details.count / 4)
        for shape in shapes { #expect(renderer.outline(for: shape) != nil, "\(shape.map(\.name))") }
        #expect(renderer.render(details) == details.map { renderer.template.render(SessionScope(session: $0.context, root: renderer.root)) }.joined())
    }

    /// Vault templates: each is rendered by `HTMLReport` exactly as swift-mustache renders it,
    /// whether the sessions go through `ReportSessions` or not.
    @Test(arguments: [
        "<h1>{{title}}</h1>{{#sessions}}<p>{{title}}: {{{reflections}}}</p>{{/sessions}}",
        "{{#sessions}}{{mood.mood_words}}|{{music.music_href}}|{{{music.music_text}}}|{{title.text}}\n{{/sessions}}",
        "{{#sessions}}{{#dose}}[{{.}}]{{/dose}}{{^dose}}none{{/dose}}{{#tags}}{{{.}}}{{&.}}{{/tags}}\n{{/sessions}}",
        "{{#sessions}}{{generated}} {{page_size}} {{count}} {{filters}} {{#cover}}cover{{/cover}}{{^empty}}some{{/empty}}{{/sessions}}",
        "{{#sessions}}{{#mood}}{{mood_numbers}} {{title}} {{#music}}{{music_service}}{{/music}}{{/mood}}{{^mood}}-{{/mood}}{{/sessions}}",
        "{{#title}}{{#cover}}{{#sessions}}{{title}} {{anchor}}\n{{/sessions}}{{/cover}}{{/title}}",
        "{{^chart}}no chart{{/chart}}\n{{#sessions}}\n  <li>{{ title }}</li>\n{{/sessions}}\n{{#sessions}}again {{size}}{{/sessions}}",
        "{{#sessions}}{{%CONTENT_TYPE:TEXT}}{{dose}}{{/sessions}}",
        "{{#overall}}{{#sessions}}{{name}} {{count}} {{title}}|{{/sessions}}{{/overall}}",
        "{{#treatments}}{{#sessions}}{{name}}/{{/sessions}}{{/treatments}}",
        "{{#sessions}}{{#first()}}first {{/first()}}{{title}}{{/sessions}}",
        "{{#reversed(sessions)}}{{title}}{{/reversed(sessions)}}",
        "{{=<% %>=}}<%#sessions%><%title%>|<%/sessions%>",
        "{{#sessions}}{{title}}{{/sessions}}{{^sessions}}none{{/sessions}}{{sessions.count}}",
        "{{#sessions}}\u{F8FE}0&\u{F8FF}{{title}}{{/sessions}}",
    ])
    func aVaultTemplateGivesWhatSwiftMustacheGives(_ text: String) throws {
        let (_, sessions) = try Self.sessions()
        let template = try ReportTemplate(text: text)
        let report = report()
        #expect(report.render(sessions, template: template) == template.render(report.context(sessions)))
    }

    @Test func pageValuesThatHoldAMarkerAreNotTakenForASessions() throws {
        let (_, sessions) = try Self.sessions()
        let template = try ReportTemplate(text: "{{#sessions}}{{filters}} {{title}}\n{{/sessions}}")
        var report = report()
        report.filters = ["\u{F8FE}0&\u{F8FF}", "\u{F8FE}1&amp;\u{F8FF}"]
        #expect(report.render(sessions, template: template) == template.render(report.context(sessions)))
    }

    @Test func aSessionWrittenOutWholeIsRenderedSessionBySession() throws {
        let (_, sessions) = try Self.sessions()
        let report = report()
        let details = sessions.map(report.sessionTexts)
        let root = report.context(sessions, details: false)
        let withMood = try #require(details.first { $0.names.contains { $0.group == "mood" } })
        for text in ["{{.}}", "{{#mood}}{{.}}{{/mood}}", "{{{mood}}}"] {
            let renderer = ReportSessions(template: try MustacheTemplate(string: text), text: text, root: root)
            #expect(renderer.outline(for: withMood.names) == nil, "\(text)")
        }
        let plain = "{{#mood}}{{mood_words}}{{/mood}}"
        #expect(ReportSessions(template: try MustacheTemplate(string: plain), text: plain, root: root).outline(for: withMood.names) != nil)
    }

    // MARK: - Which templates

    @Test(arguments: [
        ("{{#sessions}}{{title}}{{/sessions}}", Set<String>()),
        ("{{! {{#x}} }}{{^empty}}{{#cover}}{{/cover}}<main>{{#sessions}}{{{title}}}{{/sessions}}</main>{{/empty}}", []),
        ("{{#cover}}{{^chart}}{{# title }}{{#sessions}}{{.}}{{/sessions}}{{/ title }}{{/chart}}{{/cover}}", ["cover", "title"]),
        ("{{#overall.name}}{{#sessions}}{{/sessions}}{{/overall.name}}", nil),
        ("{{#sessions}}{{#sessions}}{{/sessions}}{{/sessions}}", nil),
        ("{{#sessions}}{{/sessions}}{{sessions}}", nil),
        ("{{#sessions}}{{/sessions}}{{^sessions}}{{/sessions}}", nil),
        ("{{#sessions}}{{my_sessions}}{{/sessions}}", nil),
        ("{{#sessions}}{{> part}}{{/sessions}}", nil),
        ("{{$block}}{{#sessions}}{{/sessions}}{{/block}}", nil),
        ("{{%CONTENT_TYPE:TEXT}}{{#sessions}}{{/sessions}}", nil),
        ("{{#sessions}}{{uppercased(title)}}{{/sessions}}", nil),
        ("{{=<% %>=}}", nil),
        ("{{#sessions}}{{title}", nil),
        ("{{#a}}{{/b}}", nil),
        ("no tags at all", []),
    ] as [(String, Set<String>?)])
    func sectionsAroundSessions(_ text: String, _ expected: Set<String>?) {
        #expect(ReportTemplate.sectionsAroundSessions(text) == expected)
    }

    // MARK: - Escaping

    @Test func escapingIsSwiftMustachesByteForByte() throws {
        let template = try MustacheTemplate(string: "{{value}}")
        for text in Self.awkward + ["plain", "<", ">", "&", "\"", "'", "<<&&>>", "e\u{301}<\u{301}&\u{20DD}"] {
            #expect(MustacheEscape.html(text) == template.render(["value": text]), "\(text)")
        }
    }

    @Test func escapingAgreesWithSwiftMustacheOnAnyText() async throws {
        let template = try MustacheTemplate(string: "{{value}}")
        let pieces = ["<", ">", "&", "\"", "'", "a", " ", "é", "\u{301}", "\u{20DD}", "\u{200D}", "🧘", "\u{1F3FD}", "\r", "\n", "ש", "&amp;"]
        await propertyCheck(input: Gen.element(of: pieces).array(of: 0...16).map { $0.compactMap { $0 }.joined() }) { text in
            #expect(MustacheEscape.html(text) == template.render(["value": text]))
        }
    }

    /// The text between the built-in template's `{{#sessions}}` and `{{/sessions}}`, as the lambda gets it.
    static func sessionsSection(of template: String) throws -> String {
        let open = try #require(template.range(of: "{{#sessions}}"))
        let close = try #require(template.range(of: "{{/sessions}}"))
        return String(template[open.upperBound..<close.lowerBound])
    }
}
