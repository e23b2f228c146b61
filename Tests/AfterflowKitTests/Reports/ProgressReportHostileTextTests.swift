import AfterflowKit
import Foundation
import Testing

/// Every text a clinician types that reaches the progress report (the client's name, a goal's
/// title and definition, a session's notes, the clinician's and the practice's names) holding a
/// script, an event handler, a `javascript:` link and raw HTML at once: the report shows them as
/// text and has no live element or attribute from any of them.
@Suite struct ProgressReportHostileTextTests {
    static let payload = #"<script>alert(1)</script> <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">a</a> [b](javascript:alert(4)) <iframe src="https://example.org"></iframe> <b onmouseover=alert(5)>x</b>"#

    static func record() -> ClientRecord {
        let p = payload
        let client = """
            ---
            type: client
            id: 20A27F88-B36F-5EE2-9359-5199D6FBF1EA
            name: "Maya \(p.replacingOccurrences(of: "\"", with: "\\\""))"
            born: 2018-03-02
            ---

            ## Notes

            \(p)

            """
        let goal = TrialFixture.goal("s-initial", []).replacingOccurrences(of: "title: Goal s-initial", with: "title: 'Goal \(p.replacingOccurrences(of: "'", with: "''"))'")
            + "\n## Definition\n\n\(p)\n"
        let session = TrialFixture.session("2025-02-04T15:00:00", TrialFixture.times(10, "s-initial + independent  \(p)"), notes: p)
        return TrialFixture.record(client: client, goals: ["s-initial": goal], sessions: ["2025/2025-02-04-1500.md": session])
    }

    @Test(arguments: [false, true])
    func everyFieldIsShownAsText(_ fullNames: Bool) throws {
        let record = Self.record()
        #expect(record.goals.first?.goal.title?.contains("<script>") == true, "the payload is in the goal's title")
        let progress = GoalProgress.make(record: record, cues: .standard)
        let html = try ProgressReport.html(record: record, progress: progress, cues: .standard, clinician: "Jo \(Self.payload)",
                                           practice: "Path \(Self.payload)", includeNotes: true, fullNames: fullNames,
                                           today: LocalDate(year: 2025, month: 2, day: 20))
        let allowed: Set<String> = ["html", "head", "meta", "title", "style", "body", "section", "p", "h1", "h2", "h3", "dl", "dt", "dd", "main",
                                    "div", "figure", "figcaption", "svg", "desc", "g", "line", "text", "polyline", "circle", "rect", "table",
                                    "thead", "tbody", "tr", "th", "td", "span", "article", "a", "em", "strong", "ul", "li"]
        let tags = LiveHTML.tags(in: html)
        let unexpected = tags.filter { !allowed.contains($0.name) }
        #expect(unexpected.isEmpty, "\(unexpected)")
        let attributes = tags.flatMap { tag in Self.attributes(tag.attributes).map { (tag: tag.name, name: $0.name, value: $0.value) } }
        let handlers = attributes.filter { $0.name.hasPrefix("on") || $0.name == "src" || $0.name == "srcdoc" }
        #expect(handlers.isEmpty, "\(handlers)")
        let scripted = attributes.filter { $0.value.lowercased().contains("javascript:") && ($0.name == "href" || $0.name == "action") }
        #expect(scripted.isEmpty, "\(scripted)")
        // Shown, escaped, where each field is: the goal's title, its definition, the session's
        // notes, the clinician and the practice (and the client's name with full names).
        let shown = html.components(separatedBy: "&lt;script&gt;alert(1)&lt;/script&gt;").count - 1
        #expect(shown >= 5, "the payload is shown as text \(shown) times")
        #expect(!html.lowercased().contains("<script"))
    }

    /// The attributes of a tag as a browser reads them: a name, then `=` and a value quoted with
    /// `"` or `'` (which may hold spaces and `>`-free text such as `onerror=`) or unquoted.
    static func attributes(_ text: String) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            let name = rest.prefix { $0 != "=" && $0 != " " && $0 != "\n" && $0 != "\t" }
            guard !name.isEmpty else { return out }
            rest = rest.dropFirst(name.count)
            var value = Substring("")
            if rest.first == "=" {
                rest = rest.dropFirst()
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    rest = rest.dropFirst()
                    value = rest.prefix { $0 != quote }
                    rest = rest.dropFirst(value.count + 1)
                } else {
                    value = rest.prefix { $0 != " " }
                    rest = rest.dropFirst(value.count)
                }
            }
            out.append((name.lowercased(), String(value)))
        }
    }
}
