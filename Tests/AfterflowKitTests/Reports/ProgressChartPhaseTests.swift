import AfterflowKit
import Foundation
import Testing

/// The chart of a goal whose history was imported from before the goal was written, with phase
/// changes a week apart (#20, item 25).
@Suite struct ProgressChartPhaseTests {
    /// Sessions on Dec 2, 2024 and Mar 3, 2025 (imported, before the goal's first phase), Mar 10,
    /// 17 and 24, 10 trials each, all correct; phases: baseline Mar 10, active Mar 17, maintenance
    /// Mar 24. Across 112 days, a week is 456 / 112 * 7 = 28.5 units: less than a label is wide.
    static func svg() throws -> String {
        let sessions = Dictionary(uniqueKeysWithValues: ["2024-12-02", "2025-03-03", "2025-03-10", "2025-03-17", "2025-03-24"].map { day in
            ("\(day.prefix(4))/\(day)-1500.md", TrialFixture.session("\(day)T15:00:00", TrialFixture.times(10, "g + independent")))
        })
        let record = TrialFixture.record(client: TrialFixture.clientText, goals: [
            "g": TrialFixture.goal("g", ["phase: maintenance", "phases: [baseline 2025-03-10, active 2025-03-17, maintenance 2025-03-24]"]),
        ], sessions: sessions)
        let progress = try #require(GoalProgress.make(record: record, cues: .standard).first)
        return try #require(ProgressChart(progress: progress, id: "g").svg())
    }

    /// Attribute `name` of every element that holds `marker`.
    static func values(_ svg: String, _ marker: String, _ name: String) -> [String] {
        svg.components(separatedBy: "<").filter { $0.contains(marker) }.compactMap { element in
            element.range(of: "\(name)=\"").map { String(element[$0.upperBound...].prefix { $0 != "\"" }) }
        }
    }

    @Test("the first phase change after imported history does not split the data path: Dec 2, Mar 3 and 10 are one polyline")
    func noSplit() throws {
        let svg = try Self.svg()
        // By hand: baseline covers Dec 2, Mar 3 and 10 (the first change's phase holds before
        // it); the path breaks at active (Mar 17) and maintenance (Mar 24): [Dec 2, Mar 3, 10],
        // [17], [24]; only a path of two or more points is drawn.
        #expect(Self.values(svg, "polyline", "points").map { $0.split(separator: " ").count } == [3])
    }

    @Test("it is drawn as where the goal's phases start, not as a phase change")
    func startMark() throws {
        let svg = try Self.svg()
        #expect(Self.values(svg, "class=\"phase-change\"", "data-day") + Self.values(svg, "class=\"phases-start\"", "data-day")
                == ["2025-03-17", "2025-03-24", "2025-03-10"])
    }

    @Test("the three labels, a week apart, do not overlap each other (at 7 units a character of 12-unit text)")
    func labelsApart() throws {
        let svg = try Self.svg()
        let texts = svg.components(separatedBy: "<g class=\"phase").dropFirst().compactMap { group -> (x: Double, y: Double, from: Double, to: Double)? in
            guard let t = group.range(of: "<text ") else { return nil }
            let element = String(group[t.lowerBound...])
            func attribute(_ name: String) -> String { element.range(of: "\(name)=\"").map { String(element[$0.upperBound...].prefix { $0 != "\"" }) } ?? "" }
            let word = element.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
            let x = Double(attribute("x")) ?? 0, width = Double(word.count) * 7
            return attribute("text-anchor") == "end" ? (x, Double(attribute("y")) ?? 0, x - width, x) : (x, Double(attribute("y")) ?? 0, x, x + width)
        }
        let clashes = texts.indices.flatMap { i in texts.indices.filter { $0 > i }.map { (i, $0) } }.filter { i, j in
            texts[i].y == texts[j].y && texts[i].from < texts[j].to && texts[j].from < texts[i].to
        }
        #expect(texts.count == 3 && clashes.isEmpty, "\(texts)")
    }
}
