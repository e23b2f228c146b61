import AfterflowKit
import Foundation
import Testing

/// The chart's phase line, broken path, trend lines and aim line, their coordinates worked out by
/// hand on one goal.
///
/// The goal: phases [baseline 2025-03-03, active 2025-03-15], target_date 2025-04-29, criterion
/// 80 % x 3, min_trials 5. Sessions (day d counted from Mar 3), 10 trials unless said:
///   baseline d0 Mar 3 20 %, d3 Mar 6 40 %, d6 Mar 9 30 %, d9 Mar 12 50 %;
///   active d12 Mar 15 50 %, d15 Mar 18 70 %, d16 Mar 19 0 of 3 (under min_trials),
///   d18 Mar 21 60 %, d21 Mar 24 8 of 10 at 15:00 and 1 of 2 at 16:00 (pooled: 9 of 12 = 75 %,
///   not the 65 % an average of the two would give), d24 Mar 27 90 %.
///
/// The frame: 600 × 314, plot from x = 50 to 534 (484 wide, 14 inset each side: 456 inside) and
/// from y = 76 to 276 (200 high). The days run from d0 to the target date, d57 (Apr 29), so
/// x(d) = 64 + 456 · d ÷ 57 = 64 + 8d, and y(p) = 76 + (100 − p) · 2.
@Suite struct ProgressChartLinesTests {
    static func progress(goalKeys: [String] = []) throws -> GoalProgress {
        var sessions: [String: String] = [:]
        let days: [(String, Int, Int)] = [("03", 2, 10), ("06", 4, 10), ("09", 3, 10), ("12", 5, 10), ("15", 5, 10), ("18", 7, 10),
                                          ("19", 0, 3), ("21", 6, 10), ("24", 8, 10), ("27", 9, 10)]
        for (day, correct, trials) in days {
            sessions["2025/2025-03-\(day)-1500.md"] = TrialFixture.session("2025-03-\(day)T15:00:00",
                TrialFixture.times(correct, "g + independent") + TrialFixture.times(trials - correct, "g - independent"))
        }
        sessions["2025/2025-03-24-1600.md"] = TrialFixture.session("2025-03-24T16:00:00", ["g + independent", "g - independent"])
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: [
            "g": TrialFixture.goal("g", ["phases: [baseline 2025-03-03, active 2025-03-15]", "target_date: 2025-04-29"] + goalKeys),
        ], sessions: sessions)
        return try #require(GoalProgress.make(record: record, cues: .standard).first)
    }

    static func svg(goalKeys: [String] = [], trend: TrendMethod? = nil) throws -> String {
        try #require(ProgressChart(progress: try progress(goalKeys: goalKeys), id: "g", trend: trend).svg())
    }

    /// The `<line>` of each element whose start holds `marker`: x1,y1 x2,y2.
    static func lines(_ svg: String, _ marker: String) -> [String] {
        svg.components(separatedBy: "<g ").filter { $0.hasPrefix(marker) }.compactMap { group in
            guard let start = group.range(of: "<line ") else { return nil }
            let line = group[start.upperBound...].prefix { $0 != ">" }
            func value(_ name: String) -> String { line.range(of: "\(name)=\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) } ?? "?" }
            return "\(value("x1")),\(value("y1")) \(value("x2")),\(value("y2"))"
        }
    }

    @Test("one phase line midway between Mar 12 (x 136) and Mar 15 (x 160): x = 148, from under the labels (70) to the axis (276)")
    func phaseLine() throws {
        #expect(Self.lines(try Self.svg(), "class=\"phase-change\" data-day=\"2025-03-15\"") == ["148,70 148,276"])
    }

    @Test("the path is broken at the phase line, and the day under min_trials (Mar 19) is in neither part; Mar 24 is pooled to 75 %")
    func brokenPath() throws {
        let svg = try Self.svg()
        // Baseline: (64, 236) (88, 196) (112, 216) (136, 176); active: d12 50 % (160, 176),
        // d15 70 % (184, 136), d18 60 % (208, 156), d21 75 % (232, 126), d24 90 % (256, 96).
        #expect(ProgressChartPhaseTests.values(svg, "polyline", "points")
                == ["64,236 88,196 112,216 136,176", "160,176 184,136 208,156 232,126 256,96"])
    }

    @Test("split-middle trend lines, by default: baseline y = 27.5 + 5d/3 from d0 to d9, active y = 22.5 + 2.5d from d12 to d24")
    func splitMiddle() throws {
        // Baseline (0, 20) (3, 40) (6, 30) (9, 50): half medians (1.5, 30) and (7.5, 40), slope
        // 10 ÷ 6, intercept 30 − 2.5 = 27.5; residuals −7.5, 7.5, −7.5, 7.5, median 0. At d0
        // 27.5 % → y 221; at d9 42.5 % → y 191.
        // Active (12, 50) (15, 70) (18, 60) (21, 75) (24, 90), d18 left out of both halves: half
        // medians (13.5, 60) and (22.5, 82.5), slope 22.5 ÷ 9 = 2.5, intercept 60 − 33.75 =
        // 26.25; residuals −6.25, 6.25, −11.25, −3.75, 3.75, median −3.75 → 22.5. At d12 52.5 %
        // → y 171; at d24 82.5 % → y 111.
        #expect(Self.lines(try Self.svg(), "class=\"trend\"") == ["64,221 136,191", "160,171 256,111"])
    }

    @Test("least squares with --trend (the command's option) over the goal's trend: key")
    func leastSquares() throws {
        // Baseline: x̄ 4.5, ȳ 35, Σ(x − x̄)(y − ȳ) = 67.5 − 7.5 − 7.5 + 67.5 = 120, Σ(x − x̄)² = 45,
        // slope 8 ÷ 3, intercept 35 − 12 = 23: d0 23 % → y 230, d9 47 % → y 182.
        // Active: x̄ 18, ȳ 69, Σ = 114 − 3 + 0 + 18 + 126 = 255, Σ(x − x̄)² = 90, slope 17 ÷ 6,
        // intercept 69 − 51 = 18: d12 52 % → y 172, d24 86 % → y 104.
        let svg = try Self.svg(goalKeys: ["trend: split-middle"], trend: .leastSquares)
        #expect(Self.lines(svg, "class=\"trend\"") == ["64,230 136,182", "160,172 256,104"])
    }

    @Test("the goal's trend: least-squares key chooses least squares")
    func goalKeyChooses() throws {
        #expect(Self.lines(try Self.svg(goalKeys: ["trend: least-squares"]), "class=\"trend\"") == ["64,230 136,182", "160,172 256,104"])
    }

    @Test("the aim line: from the median of the last 3 baseline days (40, 30, 50 → 40 %) on Mar 12 to 80 % on Apr 29")
    func aimLine() throws {
        // (x(9), y(40)) = (136, 196) to (x(57), y(80)) = (520, 116).
        #expect(Self.lines(try Self.svg(), "class=\"aim\"") == ["136,196 520,116"])
    }

    @Test("the text alternative says what the phase, trend and aim lines show, and the four-point rule")
    func textAlternative() throws {
        let svg = try Self.svg()
        let desc = try #require(svg.range(of: "<desc id=\"g-desc\">").map { String(svg[$0.upperBound...].prefix { $0 != "<" }) })
        // Aim on the last four days after Mar 12: d15 45 %, d18 47.5 %, d21 50 %, d24 52.5 %
        // (40 + 40 · (d − 9) ÷ 48); the data 70, 60, 75, 90 are all above it.
        for sentence in ["Phase changes (vertical lines, the data path broken at each): active from Mar 15, 2025.",
                         "Trend line (split-middle) in baseline, Mar 3, 2025 to Mar 12, 2025 (4 sessions): up 11.7 percentage points a week, from 27.5 % to 42.5 %.",
                         "Trend line (split-middle) in active, Mar 15, 2025 to Mar 27, 2025 (5 sessions): up 17.5 percentage points a week, from 52.5 % to 82.5 %.",
                         "Aim line from 40 % (the median of the last 3 baseline sessions, the last on Mar 12, 2025) to 80 % by Apr 29, 2025.",
                         "The last 4 sessions are above the aim line: by the four-point rule, consider raising the goal.",
                         "Same-day sessions combined: the percent of all the trials of the day."] {
            #expect(desc.contains(sentence), "\(sentence)")
        }
    }

    @Test("no target date, no aim line")
    func noTarget() throws {
        var progress = try Self.progress()
        progress.goal.goal.targetDate = nil
        let svg = try #require(ProgressChart(progress: progress, id: "g").svg())
        #expect(Self.lines(svg, "class=\"aim\"").isEmpty && !svg.contains("aim line"))
    }

    @Test("another measure plugs in: a rate per hour on a linear axis, its goal line at 5 per hour")
    func anotherMeasure() throws {
        // Rates 40, 30, 20, 10 per hour on Mar 3, 10, 17, 24; goal 5. The axis: a fifth of the
        // largest value is 8, rounded up to a step of 10, so 0 to 40; y(v) = 76 + (40 − v) · 5,
        // and the goal line is at y(5) = 251, across the plot from x = 50 to 534.
        let points = [40.0, 30, 20, 10].enumerated().map { i, value in
            ChartPoint(day: LocalDate(year: 2025, month: 3, day: 3 + 7 * i), value: value, phase: .active, counts: true, label: "")
        }
        let series = ChartSeries(title: "Hitting per hour", scale: .linear(unit: "per hour"), points: points, phases: [], criterion: 5,
                                 targetDate: nil, trend: .splitMiddle)
        let svg = try #require(ProgressChart(series: series, id: "hitting", subject: "Hitting").svg())
        #expect(Self.lines(svg, "class=\"criterion\"") == ["50,251 534,251"])
    }
}
