import Foundation

/// One goal's percent correct over time, as an inline SVG for the progress report, drawn as the
/// established tools draw it: session days across, 0-100 % up, a dashed line at the mastery
/// criterion, a vertical line at each phase change (between the last session of one phase and
/// the first of the next), the data path broken at each, sessions under `min_trials` as hollow
/// squares outside the path, and the day the goal was mastered ringed. It reads in grey on paper
/// (shapes, not colours, tell the marks apart), fetches nothing and runs nothing.
///
/// Each point carries `data-day` and `data-percent` (exact, one decimal) and a `<title>` that a
/// screen reader or a hover shows: `Jan 14, 2025: 65 % correct (13 of 20 trials)`.
public struct ProgressChart: Sendable {
    public var progress: GoalProgress
    /// Prefix of the ids of the chart's title and description, unique in the page.
    public var id: String

    static let width = 600.0, height = 280.0
    /// `top` holds the legend and two rows of phase labels.
    static let left = 50.0, right = 66.0, top = 60.0, bottom = 38.0
    /// Room inside the plot before the first session and after the last.
    static let inset = 14.0

    public init(progress: GoalProgress, id: String) {
        self.progress = progress
        self.id = id
    }

    /// The `<svg>` element, or nil when the goal has no rows.
    public func svg() -> String? {
        let rows = progress.rows
        guard let first = rows.first, let last = rows.last else { return nil }
        let plotWidth = ProgressChart.width - ProgressChart.left - ProgressChart.right
        let plotHeight = ProgressChart.height - ProgressChart.top - ProgressChart.bottom
        let start = first.day.dayNumber, end = last.day.dayNumber
        func x(_ day: Int) -> Double {
            let inner = plotWidth - 2 * ProgressChart.inset
            return end == start ? ProgressChart.left + plotWidth / 2
                : ProgressChart.left + ProgressChart.inset + Double(day - start) / Double(end - start) * inner
        }
        func y(_ percent: Double) -> Double { ProgressChart.top + (100 - percent) / 100 * plotHeight }
        let bottomY = ProgressChart.top + plotHeight
        let title = progress.goal.goal.title ?? progress.goal.short
        let criterion = progress.criterion
        let changes = phaseLines(rows)
        let mastered = progress.mastery.day.flatMap { day in day.dayNumber >= start && day.dayNumber <= end ? day : nil }

        var out = "<svg class=\"progress-chart\" viewBox=\"0 0 \(Int(ProgressChart.width)) \(Int(ProgressChart.height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        out += "<title id=\"\(id)-title\">Percent correct per session: \(esc(title)), \(range(first.day, last.day))</title>\n"
        out += "<desc id=\"\(id)-desc\">\(esc(description(rows: rows, changes: changes, mastered: mastered)))</desc>\n"
        out += "<g class=\"grid\">\n"
        for percent in stride(from: 0, through: 100, by: 25) {
            let major = percent % 50 == 0
            out += "<line x1=\"\(f(ProgressChart.left))\" y1=\"\(f(y(Double(percent))))\" x2=\"\(f(ProgressChart.left + plotWidth))\" y2=\"\(f(y(Double(percent))))\" stroke=\"#d5d9de\" stroke-width=\"\(major ? "0.8" : "0.4")\"/>\n"
            out += "<text x=\"\(f(ProgressChart.left - 8))\" y=\"\(f(y(Double(percent)) + 5))\" text-anchor=\"end\" font-size=\"13\" fill=\"#5b6470\">\(percent) %</text>\n"
        }
        for tick in ticks(start, end) {
            let tx = x(tick.day)
            out += "<line x1=\"\(f(tx))\" y1=\"\(f(bottomY))\" x2=\"\(f(tx))\" y2=\"\(f(bottomY + 5))\" stroke=\"#8a929c\" stroke-width=\"0.8\"/>\n"
            out += "<text x=\"\(f(tx))\" y=\"\(f(bottomY + 22))\" text-anchor=\"middle\" font-size=\"13\" fill=\"#5b6470\">\(tick.label)</text>\n"
        }
        out += "</g>\n"
        // The criterion.
        let cy = y(Double(criterion.percent))
        out += "<g class=\"criterion\"><line x1=\"\(f(ProgressChart.left))\" y1=\"\(f(cy))\" x2=\"\(f(ProgressChart.left + plotWidth))\" y2=\"\(f(cy))\" stroke=\"#2b3038\" stroke-width=\"1\" stroke-dasharray=\"6 4\"/>"
        out += "<text x=\"\(f(ProgressChart.left + plotWidth + 6))\" y=\"\(f(cy + 4))\" font-size=\"12\" fill=\"#2b3038\">criterion</text><text x=\"\(f(ProgressChart.left + plotWidth + 6))\" y=\"\(f(cy + 18))\" font-size=\"12\" fill=\"#2b3038\">\(criterion.percent) %</text></g>\n"
        // Phase changes, between sessions; labels above the plot, none over another.
        out += phaseMarks(changes, x: x, bottomY: bottomY)
        // The data path, one per phase, through the sessions that count.
        let paths = ProgressChart.paths(rows, changes: changes)
        let radius = rows.count > 120 ? 2.0 : rows.count > 40 ? 3.0 : 4.0
        out += "<g class=\"series\">\n"
        for path in paths where path.count > 1 {
            let points = path.map { "\(f(x($0.day.dayNumber))),\(f(y($0.percentCorrect)))" }.joined(separator: " ")
            out += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
        }
        for row in rows {
            let px = x(row.day.dayNumber), py = y(row.percentCorrect)
            let label = "\(row.day.mediumDay): \(Percent.text(row.correct, of: row.trials)) correct (\(row.correct) of \(row.trials) trials)"
                + (row.counts ? "" : ", under the \(progress.minTrials) trials that count")
            let data = "data-day=\"\(row.day.dayString)\" data-percent=\"\(Percent.json(row.correct, of: row.trials).serialized())\""
            if row.counts {
                out += "<circle class=\"point\" \(data) cx=\"\(f(px))\" cy=\"\(f(py))\" r=\"\(f(radius))\" fill=\"#1f5fbf\" stroke=\"#1f5fbf\" stroke-width=\"1.2\"><title>\(esc(label))</title></circle>\n"
            } else {
                let side = radius * 1.8
                out += "<rect class=\"point short\" \(data) x=\"\(f(px - side / 2))\" y=\"\(f(py - side / 2))\" width=\"\(f(side))\" height=\"\(f(side))\" fill=\"#ffffff\" stroke=\"#5b6470\" stroke-width=\"1.2\"><title>\(esc(label))</title></rect>\n"
            }
        }
        out += "</g>\n"
        if let mastered {
            let mx = x(mastered.dayNumber)
            if let row = rows.first(where: { $0.day.dayNumber == mastered.dayNumber }) {
                out += "<g class=\"mastered\" data-day=\"\(mastered.dayString)\"><circle cx=\"\(f(mx))\" cy=\"\(f(y(row.percentCorrect)))\" r=\"\(f(radius + 4))\" fill=\"none\" stroke=\"#2b3038\" stroke-width=\"1.4\"/>"
                let (lx, ly, anchor) = masteredLabel(at: mx, y(row.percentCorrect), radius: radius, criterionY: cy,
                                                     segments: paths.map { $0.map { (x($0.day.dayNumber), y($0.percentCorrect)) } },
                                                     verticals: changes.map { (x($0.before) + x($0.after)) / 2 })
                out += "<text x=\"\(f(lx))\" y=\"\(f(ly))\" text-anchor=\"\(anchor)\" font-size=\"12\" font-weight=\"bold\" fill=\"#2b3038\">mastered</text></g>\n"
            } else {
                out += "<g class=\"mastered\" data-day=\"\(mastered.dayString)\"><line x1=\"\(f(mx))\" y1=\"\(f(ProgressChart.top))\" x2=\"\(f(mx))\" y2=\"\(f(bottomY))\" stroke=\"#2b3038\" stroke-width=\"1\" stroke-dasharray=\"2 3\"/>"
                out += "<text x=\"\(f(mx))\" y=\"\(f(bottomY - 6))\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\" fill=\"#2b3038\">mastered</text></g>\n"
            }
        }
        out += legend()
        out += "</svg>"
        return out
    }

    /// The rows that count, split into one path per phase: a phase change breaks the path.
    private static func paths(_ rows: [ProgressRow], changes: [PhaseLine]) -> [[ProgressRow]] {
        var segment: [ProgressRow] = []
        var paths: [[ProgressRow]] = []
        // A change to the phase already in force (the first change, after history from before it) does not break the path.
        let breaks = Set(changes.filter(\.splits).map(\.after))
        for row in rows {
            if breaks.contains(row.day.dayNumber), !segment.isEmpty {
                paths.append(segment)
                segment = []
            }
            if row.counts { segment.append(row) }
        }
        paths.append(segment)
        return paths
    }

    /// The legend, above the plot.
    private func legend() -> String {
        var out = ""
        out += "<g class=\"legend\" font-size=\"12\" fill=\"#2b3038\">"
        out += "<circle cx=\"\(f(ProgressChart.left + 5))\" cy=\"12\" r=\"4\" fill=\"#1f5fbf\"/><text x=\"\(f(ProgressChart.left + 14))\" y=\"16\">session of \(progress.minTrials)+ trials</text>"
        out += "<rect x=\"\(f(ProgressChart.left + 178))\" y=\"8.4\" width=\"7.2\" height=\"7.2\" fill=\"#ffffff\" stroke=\"#5b6470\" stroke-width=\"1.2\"/><text x=\"\(f(ProgressChart.left + 191))\" y=\"16\">fewer trials (not counted)</text>"
        out += "<line x1=\"\(f(ProgressChart.left + 372))\" y1=\"12\" x2=\"\(f(ProgressChart.left + 398))\" y2=\"12\" stroke=\"#2b3038\" stroke-dasharray=\"6 4\"/><text x=\"\(f(ProgressChart.left + 404))\" y=\"16\">mastery criterion</text>"
        out += "</g>\n"
        return out
    }

    /// A phase change drawn between the last row before it (`before`, a day number) and the
    /// first row on or after it (`after`).
    struct PhaseLine {
        var change: PhaseChange
        var before: Int
        var after: Int
        /// Whether the phase before it differs. The phase before the first change is the first
        /// change's own, so the first change after history from before it (sessions imported
        /// from before the goal was written) changes nothing: it is drawn as where the goal's
        /// phases start, without breaking the data path.
        var splits: Bool
    }

    /// The goal's phase changes that fall between two of `rows`.
    func phaseLines(_ rows: [ProgressRow]) -> [PhaseLine] {
        var lines: [PhaseLine] = []
        let phases = progress.goal.goal.phases
        for (i, change) in phases.enumerated() {
            let day = change.day.dayNumber
            guard let after = rows.firstIndex(where: { $0.day.dayNumber >= day }), after > 0 else { continue }
            let splits = change.phase != (i == 0 ? change.phase : phases[i - 1].phase)
            lines.append(PhaseLine(change: change, before: rows[after - 1].day.dayNumber, after: rows[after].day.dayNumber, splits: splits))
        }
        return lines
    }

    /// The vertical lines of the phase changes and their labels. A label goes next to its line,
    /// right of it (or left, when that is the only way), on the first of two rows above the plot
    /// where it overlaps no other label; the lines start below both rows.
    func phaseMarks(_ changes: [PhaseLine], x: (Int) -> Double, bottomY: Double) -> String {
        let marks = changes.map { change in
            (change: change, cx: (x(change.before) + x(change.after)) / 2,
             text: change.splits ? change.change.phase.rawValue : "goal started")
        }
        let labels = marks.map { (cx: $0.cx, width: Double($0.text.count) * 7) }
        let spots = labelSpots(labels, rightFirst: true) ?? labelSpots(labels, rightFirst: false)
            ?? labels.map { (row: 0, from: $0.cx + 4, anchor: "start") }
        var out = ""
        for (mark, spot) in zip(marks, spots) {
            let ty = ProgressChart.top - 10 - Double(spot.row) * 16
            let tx = spot.anchor == "start" ? spot.from : mark.cx - 4
            let (kind, dash) = mark.change.splits ? ("phase-change", "") : ("phases-start", " stroke-dasharray=\"2 3\"")
            out += "<g class=\"\(kind)\" data-day=\"\(mark.change.change.day.dayString)\"><line x1=\"\(f(mark.cx))\" y1=\"\(f(ProgressChart.top - 6))\" x2=\"\(f(mark.cx))\" y2=\"\(f(bottomY))\" stroke=\"#5b6470\" stroke-width=\"1.2\"\(dash)/>"
            out += "<text x=\"\(f(tx))\" y=\"\(f(ty))\" text-anchor=\"\(spot.anchor)\" font-size=\"12\" fill=\"#2b3038\">\(mark.text)</text></g>\n"
        }
        return out
    }

    /// A row and a side for each label (`cx` its line, `width` its estimated width), in order,
    /// none overlapping another on its row; nil when some label finds no place.
    func labelSpots(_ labels: [(cx: Double, width: Double)], rightFirst: Bool) -> [(row: Int, from: Double, anchor: String)]? {
        var placed: [(row: Int, from: Double, anchor: String)] = []
        for label in labels {
            var found: (row: Int, from: Double, anchor: String)?
            search: for row in 0..<2 {
                for right in rightFirst ? [true, false] : [false, true] {
                    let from = right ? label.cx + 4 : label.cx - 4 - label.width
                    guard from >= 2, from + label.width <= ProgressChart.width - 2 else { continue }
                    let clear = !zip(placed, labels).contains { spot, other in
                        spot.row == row && spot.from < from + label.width + 6 && from < spot.from + other.width + 6
                    }
                    if clear {
                        found = (row, from, right ? "start" : "end")
                        break search
                    }
                }
            }
            guard let found else { return nil }
            placed.append(found)
        }
        return placed
    }

    /// Where the word `mastered` goes by its ringed point at (`px`, `py`): below, above or beside
    /// it, the first place that crosses neither the criterion line, the data path nor a phase
    /// line (at `verticals`); inside the plot.
    func masteredLabel(at px: Double, _ py: Double, radius: Double, criterionY: Double, segments: [[(Double, Double)]],
                       verticals: [Double]) -> (x: Double, y: Double, anchor: String) {
        let width = 58.0, plotRight = ProgressChart.width - ProgressChart.right
        func clear(_ x0: Double, _ baseline: Double) -> Bool {
            let x1 = x0 + width, top = baseline - 10, bottom = baseline + 3
            guard x0 >= ProgressChart.left, x1 <= plotRight, top >= ProgressChart.top - 4,
                  bottom <= ProgressChart.height - ProgressChart.bottom else { return false }
            if criterionY >= top - 1 && criterionY <= bottom + 1 { return false }
            if verticals.contains(where: { $0 >= x0 - 2 && $0 <= x1 + 2 }) { return false }
            for path in segments {
                for (a, b) in zip(path, path.dropFirst()) {
                    let from = max(min(a.0, b.0), x0), to = min(max(a.0, b.0), x1)
                    guard from <= to else { continue }
                    let ya = a.0 == b.0 ? a.1 : a.1 + (b.1 - a.1) * (from - a.0) / (b.0 - a.0)
                    let yb = a.0 == b.0 ? b.1 : a.1 + (b.1 - a.1) * (to - a.0) / (b.0 - a.0)
                    if max(ya, yb) >= top - 1 && min(ya, yb) <= bottom + 1 { return false }
                }
            }
            return true
        }
        let below = [py + radius + 16, py - radius - 8, py + radius + 30, py - radius - 22, py + radius + 44]
        let beside = [py + 4, py - radius - 8, py + radius + 16]
        // Centred under or over the point (or flush with the plot's right edge), then beside it.
        // Or moved aside, still over the point, to clear a phase line.
        let centred = min(px - width / 2, plotRight - width)
        var xs: [Double] = [centred]
        for line in verticals {
            for x0 in [line + 4, line - 4 - width] where abs(x0 + width / 2 - px) < width / 2 { xs.append(x0) }
        }
        var candidates: [(Double, Double)] = []
        for y in below { candidates += xs.map { ($0, y) } }
        for y in beside { candidates += [(px - radius - 4 - width, y), (px + radius + 4, y)] }
        let (x0, baseline) = candidates.first { clear($0.0, $0.1) } ?? candidates[0]
        return (x0, baseline, "start")
    }

    func description(rows: [ProgressRow], changes: [PhaseLine], mastered: LocalDate?) -> String {
        let counting = rows.filter(\.counts)
        var text = "\(rows.count) session\(rows.count == 1 ? "" : "s")"
        if counting.count < rows.count {
            let short = rows.count - counting.count
            text += ", \(short) of them under \(progress.minTrials) trials (hollow squares, not counted)"
        }
        if let last = counting.last { text += "; the last that counts: \(Percent.text(last.correct, of: last.trials)) correct on \(last.day.mediumDay)" }
        text += ". Criterion: \(progress.criterion.percent) % correct in \(progress.criterion.sessions) consecutive sessions (dashed line)."
        if !changes.isEmpty {
            text += " Phase changes (vertical lines): " + changes.map { "\($0.change.phase.rawValue) from \($0.change.day.mediumDay)" }.joined(separator: ", ") + "."
        }
        text += " " + progress.description.prefix(1).uppercased() + progress.description.dropFirst() + "."
        return text
    }

    struct Tick {
        var day: Int
        var label: String
    }

    /// Month starts (each month's first day) within the range, every third month past eight;
    /// the first and last days when no month starts inside it.
    func ticks(_ start: Int, _ end: Int) -> [Tick] {
        guard end > start else { return [Tick(day: start, label: short(LocalDate.civil(fromDays: start)))] }
        let mood = MoodChart(points: [], timeZone: .gmt)
        let months = mood.ticks(from: start * 86_400, to: end * 86_400).map { Tick(day: $0.time / 86_400, label: $0.label) }
        if !months.isEmpty { return months }
        return [Tick(day: start, label: short(LocalDate.civil(fromDays: start))), Tick(day: end, label: short(LocalDate.civil(fromDays: end)))]
    }

    private func short(_ civil: (year: Int, month: Int, day: Int)) -> String {
        "\(LocalDate.monthNames[civil.month - 1]) \(civil.day)"
    }

    private func range(_ a: LocalDate, _ b: LocalDate) -> String {
        a == b ? a.mediumDay : "\(a.mediumDay) to \(b.mediumDay)"
    }

    private func esc(_ text: String) -> String { MustacheEscape.html(text) }

    /// A coordinate with at most one decimal, without a trailing `.0`.
    private func f(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? sign + String(magnitude / 10) : sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }
}
