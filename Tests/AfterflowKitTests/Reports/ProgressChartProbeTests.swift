import AfterflowKit
import Foundation
import Testing

/// Probe days on the chart: a diamond (hollow under min_trials) where a teaching day is a dot,
/// and the words of the point's title and of the chart's text alternative say probe.
///
/// Goal `g`: mastery 80% x 1, min_trials 5. Sessions: Mar 3 15:00 teaching 5 of 5 (100 %),
/// Mar 3 17:00 probe 2 of 5 (40 %), Mar 10 15:00 probe 1 of 3 (33.3 %, under min_trials).
/// The frame (as in ProgressChartLinesTests): the days run from Mar 3 (d0) to Mar 10 (d7), so
/// x(d) = 64 + 456 · d ÷ 7: Mar 3 → 64, Mar 10 → 520; y(p) = 76 + (100 − p) · 2. Three points
/// give the radius 4, and a diamond's corners lie 4 × 1.4 = 5.6 from its centre.
@Suite struct ProgressChartProbeTests {
    static func progress() throws -> GoalProgress {
        let sessions = [
            "2025/2025-03-03-1500.md": MasteryOptionsTests.session("2025-03-03T15:00:00", MasteryOptionsTests.trials(5, of: 5)),
            "2025/2025-03-03-1700.md": MasteryOptionsTests.session("2025-03-03T17:00:00", MasteryOptionsTests.trials(2, of: 5), keys: ["probe: true"]),
            "2025/2025-03-10-1500.md": MasteryOptionsTests.session("2025-03-10T15:00:00", MasteryOptionsTests.trials(1, of: 3), keys: ["probe: true"]),
        ]
        return try MasteryOptionsTests.progress(["mastery: 80% x 1", "min_trials: 5"], sessions)
    }

    @Test func probeDaysAreDiamonds() throws {
        let svg = try #require(ProgressChart(progress: try Self.progress(), id: "g").svg())
        // The teaching day: a filled dot at (64, 76).
        #expect(svg.contains(#"<circle class="point" data-day="2025-03-03" data-percent="100" cx="64" cy="76" r="4""#), "\(svg)")
        // Mar 3's probe, 40 %: y = 76 + 60 · 2 = 196; corners 196 ∓ 5.6 and 64 ± 5.6; filled, it counts.
        #expect(svg.contains(##"<polygon class="point probe" data-day="2025-03-03" data-percent="40" points="64,190.4 69.6,196 64,201.6 58.4,196" fill="#1f5fbf""##), "\(svg)")
        #expect(svg.contains("<title>Mar 3, 2025, probe: 40 % correct (2 of 5 trials)</title></polygon>"))
        // Mar 10's probe, 1 of 3 = 33.3 %: y = 76 + 66.67 · 2 = 209.3; hollow, under min_trials.
        #expect(svg.contains(##"<polygon class="point probe short" data-day="2025-03-10" data-percent="33.3" points="520,203.7 525.6,209.3 520,214.9 514.4,209.3" fill="#ffffff""##), "\(svg)")
        #expect(svg.contains("<title>Mar 10, 2025, probe: 33 % correct (1 of 3 trials), under the 5 trials that count</title></polygon>"))
        // No hollow square: the only point under min_trials is a probe's diamond.
        #expect(!svg.contains("<rect class=\"point short\""))
        #expect(svg.contains(">probe session</text>"), "the legend names the diamond")
        #expect(svg.contains("<desc id=\"g-desc\">3 sessions, 2 of them probe sessions (diamonds, 1 hollow: under 5 trials, not counted); "
                             + "the last that counts: Mar 3, 2025, probe: 40 % correct (2 of 5 trials)."), "\(svg)")
    }

    /// The report's table of sessions says which rows are probes: Mar 3 has a teaching row and a
    /// probe row, and without the word the two rows of that day read alike.
    @Test func theSessionsTableNamesProbeRows() throws {
        let sessions = [
            "2025/2025-03-03-1500.md": MasteryOptionsTests.session("2025-03-03T15:00:00", MasteryOptionsTests.trials(5, of: 5)),
            "2025/2025-03-03-1700.md": MasteryOptionsTests.session("2025-03-03T17:00:00", MasteryOptionsTests.trials(2, of: 5), keys: ["probe: true"]),
            "2025/2025-03-10-1500.md": MasteryOptionsTests.session("2025-03-10T15:00:00", MasteryOptionsTests.trials(1, of: 3), keys: ["probe: true"]),
        ]
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: ["g": TrialFixture.goal("g", ["mastery: 80% x 1", "min_trials: 5"])],
                                         sessions: sessions)
        let html = try ProgressReport.html(record: record, progress: GoalProgress.make(record: record, cues: .standard), cues: .standard,
                                           clinician: nil, practice: nil, includeNotes: false, fullNames: false, today: LocalDate(year: 2025, month: 3, day: 20))
        let heads = html.components(separatedBy: "<th scope=\"row\">").dropFirst().compactMap { $0.components(separatedBy: "</th>").first }
            .filter { $0.hasPrefix("Mar") }
        // The sessions table's three rows (the cue table's rows come after, by day only).
        #expect(Array(heads.prefix(3)) == ["Mar 3, 2025", "Mar 3, 2025, probe", "Mar 10, 2025, probe (not counted)"], "\(heads)")
    }

    @Test func withoutProbesNothingChanges() throws {
        let sessions = ["2025/2025-03-03-1500.md": MasteryOptionsTests.session("2025-03-03T15:00:00", MasteryOptionsTests.trials(5, of: 5))]
        let progress = try MasteryOptionsTests.progress(["mastery: 80% x 1", "min_trials: 5"], sessions)
        let svg = try #require(ProgressChart(progress: progress, id: "g").svg())
        #expect(!svg.contains("probe"), "\(svg)")
    }
}
