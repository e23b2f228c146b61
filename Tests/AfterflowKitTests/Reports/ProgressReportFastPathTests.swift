@testable import AfterflowKit
import Foundation
import Mustache
import Testing

/// The progress report's rows rendered once per shape (`ProgressReport.withRowSections`,
/// `ReportRows`) give, byte for byte, what swift-mustache gives rendering the built-in template
/// (`Templates/progress.html`) with every row in it. The template is read as it is at test time:
/// a change to it that the fast path does not follow fails here.
@Suite struct ProgressReportFastPathTests {
    static let cues = CueLevels.standard

    /// The page through `ProgressReport.html` (the fast path for the built-in template) and the
    /// page swift-mustache renders from the same values and the same template text alone.
    static func bothPages(_ record: ClientRecord, today: LocalDate, notes: Bool = true, fullNames: Bool = false,
                          period: ProgressReport.Period? = nil, progress: [GoalProgress]? = nil) throws -> (fast: String, plain: String) {
        let progress = progress ?? GoalProgress.make(record: record, cues: cues)
        let fast = try ProgressReport.html(record: record, progress: progress, cues: cues, clinician: "J. Rivera, CCC-SLP",
                                           practice: "Bright Path", includeNotes: notes, fullNames: fullNames, today: today, period: period)
        let values = ProgressReport.context(record: record, progress: progress, cues: cues, clinician: "J. Rivera, CCC-SLP",
                                            practice: "Bright Path", includeNotes: notes, fullNames: fullNames, today: today, period: period)
        let plain = try MustacheTemplate(string: DefaultTemplates.progress).render(values)
        return (fast, plain)
    }

    static var exampleVault: String { Fixtures.repository.appendingPathComponent("ExampleVault").path }

    /// Every client of ExampleVault (trial goals, a behaviour goal, combined days, short sessions,
    /// signed notes with addenda), with and without notes and full names.
    @Test(arguments: ["leo-o", "maya-t", "sam-r"])
    func everyExampleVaultClient(short: String) throws {
        let record = try DocumentStore(vault: try Vault(root: Self.exampleVault)).load(short)
        let today = LocalDate(year: 2025, month: 6, day: 30)
        for (notes, fullNames) in [(true, false), (false, false), (true, true)] {
            let (fast, plain) = try Self.bothPages(record, today: today, notes: notes, fullNames: fullNames)
            #expect(fast == plain, "\(short), notes \(notes), full names \(fullNames)")
        }
        // Not an empty comparison: one `<th scope="row">` a row of each table (sessions and cue
        // levels for a trial goal, sessions for a behaviour goal), as many as the library has rows.
        let progress = GoalProgress.make(record: record, cues: Self.cues)
        let behaviour = BehaviourProgress.of(progress, record: record, cues: Self.cues)
        let trialRows = progress.filter { p in !behaviour.contains { $0.goal.short == p.goal.short } }.reduce(0) { $0 + $1.rows.count }
        let behaviourRows = behaviour.reduce(0) { $0 + $1.rows.count }
        let page = try Self.bothPages(record, today: today).fast
        #expect(trialRows + behaviourRows > 0)
        #expect(page.components(separatedBy: "<tr><th scope=\"row\">").count - 1 + page.components(separatedBy: "<tr class=\"short\"><th scope=\"row\">").count - 1
                == 2 * trialRows + behaviourRows)
    }

    /// A period's report adds per goal its change, verdict and whether it is on track.
    @Test func aPeriodReport() throws {
        let record = try DocumentStore(vault: try Vault(root: Self.exampleVault)).load("maya-t")
        let today = LocalDate(year: 2025, month: 3, day: 31)
        let period = ProgressReport.Period(record: record, cues: Self.cues, start: LocalDate(year: 2025, month: 2, day: 1), end: today,
                                           lastReport: LocalDate(year: 2025, month: 1, day: 31), yearEnd: LocalDate(year: 2025, month: 6, day: 30))
        let progress = GoalProgress.make(record: record, cues: Self.cues, since: period.start, until: period.end)
        let (fast, plain) = try Self.bothPages(record, today: today, period: period, progress: progress)
        #expect(fast.contains("<dt>Report period</dt><dd>Feb 1, 2025 to Mar 31, 2025, since the report of Jan 31, 2025</dd>"))
        #expect(fast.contains("<dt>Progress</dt>"))
        #expect(fast == plain)
    }

    /// The benchmark's practice (`afterflow-bench practice DIR 2 520`: two clients, ten years of
    /// weekly sessions, built next to the tests): the long report the fast path is for.
    @Test func aGeneratedPracticeClient() throws {
        let bench = try #require(BenchProgram.path, "afterflow-bench is built with the tests (swift build --build-tests)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("progress-fast-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try TestProgram.run(bench, ["practice", directory, "2", "520"], timeout: 600)
        #expect(run.succeeded, "\(run.errorText)")
        let store = DocumentStore(vault: try Vault(root: directory))
        let shorts = store.clientShorts()
        #expect(shorts.count == 2)
        for short in shorts {
            let record = try store.load(short)
            let progress = GoalProgress.make(record: record, cues: Self.cues)
            // Ten years of weekly sessions: hundreds of rows a goal.
            #expect(progress.contains { $0.rows.count > 100 })
            let (fast, plain) = try Self.bothPages(record, today: LocalDate(year: 2036, month: 1, day: 1), progress: progress)
            #expect(fast == plain, "\(short)")
        }
    }

    /// The fast path is taken for the built-in template: each goal's non-empty lists of rows are
    /// handed to a lambda, the page's other values are left as they are.
    @Test func theRowsGoThroughTheFastPath() throws {
        let record = try DocumentStore(vault: try Vault(root: Self.exampleVault)).load("maya-t")
        let values = ProgressReport.context(record: record, progress: GoalProgress.make(record: record, cues: Self.cues), cues: Self.cues,
                                            clinician: nil, practice: nil, includeNotes: true, fullNames: false,
                                            today: LocalDate(year: 2025, month: 6, day: 30))
        let fast = ProgressReport.withRowSections(values)
        let goals = try #require(fast["goals"] as? [[String: Any]])
        let withRows = goals.filter { $0["has_rows"] as? Bool == true }
        #expect(!withRows.isEmpty)
        for goal in withRows {
            #expect(goal["rows"] is MustacheLambda && goal["cue_rows"] is MustacheLambda)
            #expect(goal["title"] is ReportText)
        }
        let notes = try #require(fast["notes"] as? [String: Any])
        #expect(notes["sessions"] is MustacheLambda)
        // A text with a marker's character anywhere in the page: the fast path steps aside.
        var marked = values
        marked["clinician"] = ReportText("Dr \u{F8FE}0&\u{F8FF}")
        let untouched = try #require(ProgressReport.withRowSections(marked)["goals"] as? [[String: Any]])
        #expect(untouched.allSatisfy { !($0["rows"] is MustacheLambda) })
    }

    /// `ReportRows` on sections that show more than the rows' texts, or look names up in the
    /// parents: the same text as swift-mustache, whether a shape's outline is used or not.
    @Test(arguments: [
        "{{#rows}}<p>{{day}}{{#combined}} ({{combined}}){{/combined}}{{^counts}} short{{/counts}} {{title}}</p>\n{{/rows}}",
        "{{#rows}}{{#cells}}[{{.}}]{{/cells}}{{#bar}}<{{width}} {{day}} {{title}}>{{/bar}}\n{{/rows}}",
        "{{#rows}}{{{day}}} & {{day}}\n{{/rows}}",
        // A row written out whole: no outline stands for it, each row rendered by swift-mustache.
        "{{#rows}}{{#bar}}{{.}}{{/bar}};{{/rows}}",
    ])
    func rowsAgainstSwiftMustache(section: String) throws {
        let rows: [[String: Any]] = [
            ["day": ReportText("Jan 2 <b>"), "counts": true, "cells": [ReportText("1"), ReportText("2")],
             "bar": [["width": ReportText("50.0")] as [String: Any]]],
            ["day": ReportText("Jan 9 & \"x\""), "counts": false, "combined": ReportText("2 sessions"),
             "cells": [ReportText("3"), ReportText("4")], "bar": [] as [Any]],
            ["day": ReportText("Jan 16"), "counts": true, "cells": [ReportText("0"), ReportText("5")],
             "bar": [["width": ReportText("40.0")] as [String: Any], ["width": ReportText("60.0"), "title": ReportText("own")] as [String: Any]]],
        ]
        let goal: [String: Any] = ["title": ReportText("Goal <one>"), "rows": rows]
        let plain = try MustacheTemplate(string: "{{#goals}}" + section + "{{/goals}}").render(["goals": [goal]])
        let fastGoal: [String: Any] = ["title": ReportText("Goal <one>"), "rows": MustacheLambda { text in
            guard let template = try? MustacheTemplate(string: text) else { return nil }
            return ReportText(ReportRows(template: template, text: text, parents: [goal], parentsHoldMarker: false).render(rows))
        }]
        let fast = try MustacheTemplate(string: "{{#goals}}" + section + "{{/goals}}").render(["goals": [fastGoal]])
        #expect(!plain.isEmpty)
        #expect(fast == plain)
    }
}
