import AfterflowKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct ProgressReportTests {
    static let today = LocalDate(year: 2025, month: 2, day: 20)

    static func html(fullNames: Bool = false, notes: Bool = true, record: ClientRecord = TrialFixture.maya(), template: String? = nil,
                     pageSize: HTMLReport.PageSize = .letter) throws -> String {
        let progress = GoalProgress.make(record: record, cues: .standard)
        let html = try ProgressReport.html(record: record, progress: progress, cues: .standard, clinician: "Jordan Rivera, CCC-SLP",
                                           practice: "Bright Path Speech", includeNotes: notes, fullNames: fullNames, today: today,
                                           template: template, pageSize: pageSize)
        if !fullNames, notes, template == nil, pageSize == .letter, let dump = ProcessInfo.processInfo.environment["AFTERFLOW_DUMP"] { try? html.write(toFile: dump, atomically: true, encoding: .utf8) }
        return html
    }

    /// The marks of one chart: its points (`data-day` → `data-percent`, and whether hollow), its
    /// phase-change lines and mastered mark.
    final class ChartReader: NSObject, XMLParserDelegate {
        var points: [(day: String, percent: String, counts: Bool)] = []
        var phaseChanges: [String] = []
        var mastered: [String] = []
        var titles = 0
        var root: [String: String] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "svg" { root = attributes }
            if name == "title" { titles += 1 }
            let classes = (attributes["class"] ?? "").split(separator: " ")
            if classes.contains("point"), let day = attributes["data-day"], let percent = attributes["data-percent"] {
                points.append((day, percent, name == "circle"))
            }
            if classes.contains("phase-change"), let day = attributes["data-day"] { phaseChanges.append(day) }
            if classes.contains("mastered"), let day = attributes["data-day"] { mastered.append(day) }
        }
    }

    static func charts(in html: String) -> [String] {
        html.components(separatedBy: "<svg class=\"progress-chart\"").dropFirst().compactMap { part in
            part.range(of: "</svg>").map { "<svg class=\"progress-chart\"" + part[..<$0.upperBound] }
        }
    }

    static func read(_ svg: String) throws -> ChartReader {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = ChartReader()
        parser.delegate = reader
        #expect(parser.parse(), "the chart is well-formed XML")
        return reader
    }

    @Test func theChartsPointsAreTheData() throws {
        let html = try Self.html()
        let progress = GoalProgress.make(record: TrialFixture.maya(), cues: .standard)
        let charts = Self.charts(in: html)
        #expect(charts.count == progress.count)
        for (svg, goal) in zip(charts, progress) {
            let chart = try Self.read(svg)
            #expect(chart.points.map(\.day) == goal.rows.map(\.day.dayString))
            #expect(chart.points.map(\.percent) == goal.rows.map { Percent.value($0.correct, of: $0.trials).map { String(format: "%g", ($0 * 10).rounded() / 10) } ?? "" })
            #expect(chart.points.map(\.counts) == goal.rows.map(\.counts), "sessions under min_trials are hollow squares")
            #expect(chart.root["role"] == "img")
            #expect(chart.root["aria-labelledby"] == "goal-\(goal.goal.short)-chart-title goal-\(goal.goal.short)-chart-desc")
            #expect(svg.contains("<title id=\"goal-\(goal.goal.short)-chart-title\">Percent correct per session: "))
        }
        // s-initial: 50, 65, 85, 80, 25 (hollow), 80, 85; active from Jan 14; mastered Feb 11.
        let sInitial = try Self.read(charts[0])
        #expect(sInitial.points.map(\.percent) == ["50", "65", "85", "80", "25", "80", "85"])
        #expect(sInitial.phaseChanges == ["2025-01-14"])
        #expect(sInitial.mastered == ["2025-02-11"])
        #expect(charts[0].contains(">criterion</text>") && charts[0].contains(">80 %</text></g>"))
        // wh-questions: its first change (active) is before its first session: only mastered is drawn.
        let wh = try Self.read(charts[3])
        #expect(wh.phaseChanges == ["2025-02-11"] && wh.mastered == ["2025-02-11"])
        let turnTaking = try Self.read(charts[1])
        #expect(turnTaking.points.count == 1 && turnTaking.phaseChanges.isEmpty && turnTaking.mastered.isEmpty)
    }

    @Test func neverTheFullNameOrTheBirthDateUnlessAskedFor() throws {
        let html = try Self.html()
        #expect(!html.contains("Thompson"))
        #expect(!html.contains("2018"), "no date of birth in any form")
        #expect(html.contains("<title>Progress Report: Maya T.</title>"))
        #expect(html.contains("<dt>Age</dt><dd>6 years</dd>"))
        #expect(html.contains("Maya T.’s mother watched"), "a note that writes the full name shows the short one")
        let full = try Self.html(fullNames: true)
        #expect(full.contains("<p class=\"client\">Maya Thompson</p>"))
        #expect(full.contains("<dt>Born</dt><dd>Mar 2, 2018</dd>"))
        #expect(full.contains("Maya Thompson’s mother"))
    }

    @Test func coverTablesAndNotes() throws {
        let html = try Self.html()
        #expect(html.contains("<dt>Period</dt><dd>Jan 7, 2025 to Feb 18, 2025</dd>"))
        #expect(html.contains("<dt>Clinician</dt><dd>Jordan Rivera, CCC-SLP</dd>"))
        #expect(html.contains("<dt>Practice</dt><dd>Bright Path Speech</dd>"))
        #expect(html.contains("size: Letter;"))
        #expect(html.components(separatedBy: "<section class=\"goal\"").count == 5)
        #expect(html.contains("<tr class=\"short\"><th scope=\"row\">Feb 4, 2025 (not counted)</th><td class=\"number\">8</td><td class=\"number\">2</td><td class=\"number\">25 %</td>"))
        #expect(html.contains("<th scope=\"row\">Jan 28, 2025 (2 sessions)</th><td class=\"number\">10</td><td class=\"number\">8</td><td class=\"number\">80 %</td><td class=\"number\">70 %</td><td><span class=\"band good\">Good</span></td><td>active</td>"))
        #expect(html.contains("<dt>Baseline</dt><dd>50 % correct (baseline phase: 1 session, Jan 7, 2025)</dd>"))
        #expect(html.contains("<dt>Current</dt><dd>85 % correct on Feb 18, 2025, 70 % independent</dd>"))
        #expect(html.contains("<dd class=\"mastered\">Mastered on 2025-02-11: 80 %+ in 3 consecutive sessions of 10+ trials</dd>"))
        // Cue levels of s-initial on Jan 28: 9 independent, 1 minimal; no maximal in any of its sessions.
        #expect(html.contains("<tr><th scope=\"row\">Jan 28, 2025</th><td class=\"number\">9</td><td class=\"number\">1</td><td class=\"number\">0</td><td>"))
        #expect(html.contains("<div class=\"definition md\"><p>An undistorted /s/ at the start of a single word named from a picture card.</p>"))
        #expect(html.contains("<h2 id=\"notes-heading\">Session notes</h2>"))
        #expect(html.contains("<h3>Tuesday, Feb 4, 2025 at 3:00 PM</h3>"))
        #expect(!(try Self.html(notes: false)).contains("Session notes"))
        #expect(try Self.html(pageSize: .a4).contains("size: A4;"))
    }

    /// ExampleVault's Leo O.: his session of 2025-03-13 is signed, with one addendum; his
    /// sessions of January have notes and no signature.
    @Test func eachNoteShowsItsSignatureAndAddendaOrThatItIsADraft() throws {
        let vault = try Vault(root: Fixtures.repository.appendingPathComponent("ExampleVault").path)
        let record = try DocumentStore(vault: vault).load("leo-o")
        let html = try ProgressReport.html(record: record, progress: GoalProgress.make(record: record, cues: .standard), cues: .standard,
                                           clinician: nil, practice: nil, includeNotes: true, fullNames: false,
                                           today: LocalDate(year: 2025, month: 3, day: 20))
        #expect(html.contains("<p class=\"signature\">Signed Thu Mar 13, 2025 at 11:02 AM by J. Rivera, CCC-SLP</p>"))
        #expect(html.contains("<p class=\"addendum\"><span class=\"addendum-label\">Addendum, Fri Mar 14, 2025 at 9:10 AM, J. Rivera, CCC-SLP:</span> "
                              + "Correction: the 10:35:43 request was made with minimal cues, not moderate.</p>"))
        // Jan 9, 16 and 23 have a note ("Tired after school; two short breaks."), none signed.
        #expect(html.components(separatedBy: "<p class=\"signature draft\">Draft: not signed</p>").count - 1 == 3)
    }

    /// An addendum's link reads as the note's links do: its text with the day, no brackets, no
    /// path (`[[2025-03-11]]` is "2025-03-11"; `[[clients/leo-o/sessions/2025/2025-03-11-1030|the
    /// visit before]]` is "the visit before (2025-03-11)").
    @Test func anAddendumsLinksAreText() throws {
        let vault = try Vault(root: Fixtures.repository.appendingPathComponent("ExampleVault").path)
        var record = try DocumentStore(vault: vault).load("leo-o")
        let index = try #require(record.sessions.firstIndex { $0.path.hasSuffix("2025-03-13-1030.md") })
        let text = String(decoding: record.sessions[index].session.document.bytes, as: UTF8.self)
        let correction = "Correction: the 10:35:43 request was made with minimal cues, not moderate."
        #expect(text.contains(correction))
        record.sessions[index].session = TrialSession(document: Document(text.replacingOccurrences(
            of: correction, with: "See [[2025-03-11]] and [[clients/leo-o/sessions/2025/2025-03-11-1030|the visit before]].")))
        let html = try ProgressReport.html(record: record, progress: GoalProgress.make(record: record, cues: .standard), cues: .standard,
                                           clinician: nil, practice: nil, includeNotes: true, fullNames: false,
                                           today: LocalDate(year: 2025, month: 3, day: 20))
        #expect(html.contains("J. Rivera, CCC-SLP:</span> See 2025-03-11 and the visit before (2025-03-11).</p>"), "\(html)")
        #expect(!html.contains("[["))
    }

    @Test func selfContainedAndSafe() throws {
        var record = TrialFixture.maya()
        let index = try #require(record.sessions.firstIndex { $0.path.hasSuffix("2025-02-04-1500.md") })
        let text = String(decoding: record.sessions[index].session.document.bytes, as: UTF8.self)
            .replacingOccurrences(of: "Tired; a short probe only.", with: "Tired <script>alert(1)</script> ![x](https://example.org/x.png)")
        record.sessions[index].session = TrialSession(document: Document(text))
        let html = try Self.html(record: record)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img") && !html.contains("src="))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let allowed: Set<String> = ["html", "head", "meta", "title", "style", "body", "section", "p", "h1", "h2", "h3", "dl", "dt", "dd", "main",
                                    "div", "figure", "figcaption", "svg", "desc", "g", "line", "text", "polyline", "circle", "rect", "table",
                                    "thead", "tbody", "tr", "th", "td", "span", "article", "a", "em", "strong", "ul", "li"]
        let unexpected = LiveHTML.tags(in: html).filter { !allowed.contains($0.name) }
        #expect(unexpected.isEmpty, "\(unexpected)")
    }

    /// A `[[…]]` in a goal's definition or a session's note reads as its text and day, as in the
    /// session report: no path, no `[[`, no link.
    @Test func linksToOtherRecordsReadAsTextWithTheirDay() throws {
        var record = TrialFixture.maya()
        let session = try #require(record.sessions.firstIndex { $0.path.hasSuffix("2025-02-04-1500.md") })
        let note = String(decoding: record.sessions[session].session.document.bytes, as: UTF8.self)
            .replacingOccurrences(of: "Tired; a short probe only.", with: "Tired, as [[2025-01-28-1500|the week before]]; see [[maya-t/two-step]].")
        record.sessions[session].session = TrialSession(document: Document(note))
        let goal = try #require(record.goals.firstIndex { $0.short == "s-initial" })
        let definition = String(decoding: record.goals[goal].goal.document.bytes, as: UTF8.self)
            .replacingOccurrences(of: "named from a picture card.", with: "named from a picture card (baseline in [[2025-01-07]]).")
        record.goals[goal].goal = Goal(document: Document(definition))
        let html = try Self.html(record: record)
        // The alias has no day of its own: the target's day follows it, in brackets. A goal's
        // link shows its short name (the part after the client's). A day shows as the day.
        #expect(html.contains("<p>Tired, as the week before (2025-01-28); see two-step.</p>"))
        #expect(html.contains("<p>An undistorted /s/ at the start of a single word named from a picture card (baseline in 2025-01-07).</p>"))
        #expect(!html.contains("[["))
        #expect(!html.contains("maya-t/two-step") && !html.contains("2025-01-28-1500"))
    }

    @Test func anEmptyPeriod() throws {
        let record = TrialFixture.maya()
        let html = try ProgressReport.html(record: record, progress: GoalProgress.make(record: record, cues: .standard, since: LocalDate.parse("2026-01-01")),
                                           cues: .standard, clinician: nil, practice: nil, includeNotes: true, fullNames: false, today: Self.today)
        #expect(html.contains("<h2>No trial data</h2>"))
        #expect(html.contains("<dt>Period</dt><dd>no sessions with trials</dd>"))
        #expect(!html.contains("Clinician") && !html.contains("<svg"))
    }

    @Test func theRepositoryTemplateIsTheBuiltInOne() throws {
        let onDisk = try String(contentsOf: Fixtures.repository.appendingPathComponent("Templates/progress.html"), encoding: .utf8)
        #expect(onDisk == DefaultTemplates.progress)
    }

    @Test func aTemplateOfTheVault() throws {
        let html = try Self.html(template: "{{client}}|{{#goals}}{{short}}:{{#rows}}{{percent}};{{/rows}}|{{/goals}}")
        #expect(html == "Maya T.|s-initial:50 %;65 %;85 %;80 %;25 %;80 %;85 %;|turn-taking:69 %;|two-step:75 %;60 %;80 %;100 %;84 %;|wh-questions:80 %;90 %;70 %;|")
        #expect(throws: VaultError.self) { try Self.html(template: "{{#goals}}never closed") }
    }
}
