import Foundation
import Testing
@testable import AfterflowKit

/// An instrument file's problems, each at the line and column of the value it is about.
@Suite("Instrument files")
struct InstrumentFileTests {
    @Test("a malformed instrument file: every problem located at its line and column")
    func malformed() {
        let text = """
            ---
            type: instrument
            id: broken
            title: Broken
            citation: ours
            licence: unknown
            scale: 5-1
            score: median
            ---

            ## Items

            1. First
            3. Third

            ## Subscales

            - one: 1, 9

            ## Thresholds

            - high: two >= 50%
            """
        let file = InstrumentFile(text: text, source: .vault("instruments/broken.md"))
        #expect(file.instrument == nil)
        // Columns: "scale: " and "score: " are 7 bytes, so their values start at 8; "- one: " puts
        // the list at 8, "- high: " the rule at 9.
        #expect(file.diagnostics.map(\.description) == [
            #"<input>:7:8: error: scale must be the lowest and highest answer as whole numbers, like 0-5 or 0-100, found "5-1""#,
            #"<input>:8:8: error: score must be one of sum, mean, percent_of_max, found "median""#,
            "<input>:14:1: error: items must be numbered 1, 2, 3 … in order: expected 2, found 3",
            "<input>:18:8: error: subscale one names item 9, which the items do not have (1-1)",
            #"<input>:22:9: error: threshold names "two", which is not total, every subscale or a subscale (one)"#,
        ])
    }

    @Test("required keys and the items section: missing ones named at the front matter's first line")
    func missing() {
        let file = InstrumentFile(text: "---\ntype: instrument\nid: x\ntitle: X\n---\n\nNo items here.\n", source: .builtIn)
        #expect(file.diagnostics.map(\.description) == [
            "<input>:1:1: error: citation is missing; add a line 'citation: …' (where it was published)",
            "<input>:1:1: error: licence is missing; add a line 'licence: …' (an SPDX id like CC-BY-4.0, or unknown)",
            "<input>:1:1: error: scale is missing; add a line 'scale: …' (the answers' range, like 0-5)",
            "<input>:1:1: error: the items are missing; add a section '## Items' with one line an item: '1. wording' (or '1.' where you have no wording)",
        ])
    }

    @Test("a line in a list section that is not a list line, and overlapping bands")
    func badLines() {
        let text = "---\nid: b\ntitle: B\ncitation: c\nlicence: unknown\nscale: 0-3\n---\n## Items\n1.\n2.\nthree\n## Bands\n- low: 0-3\n- high: 3-6\n"
        let file = InstrumentFile(text: text, source: .builtIn)
        #expect(file.diagnostics.map(\.description) == [
            #"<input>:11:1: error: an item must be its number and a full stop, then its wording: '3. …', found "three""#,
            "<input>:14:9: error: band high overlaps band low; each score belongs to one band",
        ])
    }

    @Test("docs/FORMAT.md's instrument example reads without a problem, as it says")
    func formatExample() throws {
        let format = try String(contentsOf: Fixtures.repository.appendingPathComponent("docs/FORMAT.md"), encoding: .utf8)
        let block = try #require(format.components(separatedBy: "```markdown\n").first { $0.hasPrefix("---\ntype: instrument\n") })
        let text = String(block[..<(try #require(block.range(of: "\n```\n"))).lowerBound]) + "\n"
        let file = InstrumentFile(text: text, source: .builtIn)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        let calm = try #require(file.instrument)
        #expect(calm.id == "calm4" && calm.itemCount == 4 && calm.items[3].text == nil && calm.items[1].reverse)
        #expect(calm.given == .after && calm.daysAfter == 1)
        // 1 + (1 + 5 − 5) + 5 + 5 = 12: high; body 1 + 5 = 6 of 2-10 → (6 − 2) ÷ 8 = 50 %, not settled.
        let score = calm.score(answers: [1, 5, 5, 5])
        #expect(score.total?.sum == 12 && score.band == "high")
        #expect(score.thresholds.first?.met == false)
    }
}
