import Foundation

/// One goal's data over time, as an inline SVG for the progress report, drawn as the field draws
/// single-case graphs: session days across, the measure up (0-100 % for percent correct), a
/// dashed line at the criterion, a vertical line at each phase change (between the last session
/// of one phase and the first of the next) with the phase's name above, the data path broken at
/// each, a dotted trend line per phase (split-middle unless the goal or the command says least
/// squares), a dash-dot aim line from the baseline level to the criterion on the goal's
/// `target_date`, sessions under `min_trials` as hollow squares outside the path (and out of the
/// trend and aim), and the day the goal was mastered ringed. It reads in grey on paper (shapes
/// and dashes, not colours, tell the marks apart), fetches nothing and runs nothing. The data and
/// the lines' rules are `ChartSeries`'s; any measure's series draws the same way.
///
/// Each point carries `data-day` and `data-percent` (exact, one decimal) and a `<title>` that a
/// screen reader or a hover shows: `Jan 14, 2025: 65 % correct (13 of 20 trials)`. The chart's
/// `<desc>` says in words what the lines show (phases, trend, aim).
public struct ProgressChart: Sendable {
    public var series: ChartSeries
    /// Prefix of the ids of the chart's title and description, unique in the page.
    public var id: String
    /// What is measured: the goal's title.
    public var subject: String
    /// The goal line's meaning in words: `80 % correct in 3 consecutive sessions`; nil for `goal
    /// 80 %`.
    public var criterionText: String?
    /// The fewest trials for a point to count, named in the legend and the text; nil for a
    /// measure without one.
    public var minTrials: Int?
    /// The day the goal was mastered, ringed.
    public var mastered: LocalDate?
    /// The text alternative's last sentence (the mastery state).
    public var summary: String?

    static let width = 600.0, height = 314.0
    /// `top` holds two rows of legend and two rows of phase labels.
    static let left = 50.0, right = 66.0, top = 76.0, bottom = 38.0
    /// Room inside the plot before the first session and after the last.
    static let inset = 14.0

    /// `trend` overrides the goal's `trend`.
    public init(progress: GoalProgress, id: String, trend: TrendMethod? = nil) {
        let criterion = progress.criterion
        self.init(series: ChartSeries(progress: progress, trend: trend), id: id, subject: progress.goal.goal.title ?? progress.goal.short,
                  criterionText: "\(criterion.percent) % correct in \(criterion.sessions) consecutive sessions", minTrials: progress.minTrials,
                  mastered: progress.mastery.day, summary: progress.description.prefix(1).uppercased() + progress.description.dropFirst() + ".")
    }

    /// Any measure's chart: `series` and the words around it.
    public init(series: ChartSeries, id: String, subject: String, criterionText: String? = nil, minTrials: Int? = nil,
                mastered: LocalDate? = nil, summary: String? = nil) {
        self.series = series
        self.id = id
        self.subject = subject
        self.criterionText = criterionText
        self.minTrials = minTrials
        self.mastered = mastered
        self.summary = summary
    }

    /// The `<svg>` element, or nil when the goal has no rows.
    public func svg() -> String? {
        let points = series.points
        guard let first = points.first, let last = points.last else { return nil }
        let plotWidth = ProgressChart.width - ProgressChart.left - ProgressChart.right
        let plotHeight = ProgressChart.height - ProgressChart.top - ProgressChart.bottom
        let aim = series.aim
        let start = first.day.dayNumber, end = max(last.day.dayNumber, aim?.to.dayNumber ?? 0)
        func x(_ day: Int) -> Double {
            let inner = plotWidth - 2 * ProgressChart.inset
            return end == start ? ProgressChart.left + plotWidth / 2
                : ProgressChart.left + ProgressChart.inset + Double(day - start) / Double(end - start) * inner
        }
        let axis = ChartAxis(series: series)
        func y(_ value: Double) -> Double {
            ProgressChart.top + (axis.high - axis.position(value, scale: series.scale)) / (axis.high - axis.low) * plotHeight
        }
        let bottomY = ProgressChart.top + plotHeight
        let changes = series.phaseLines
        let mastered = self.mastered.flatMap { day in day.dayNumber >= start && day.dayNumber <= last.day.dayNumber ? day : nil }

        var out = "<svg class=\"progress-chart\" viewBox=\"0 0 \(Int(ProgressChart.width)) \(Int(ProgressChart.height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        out += "<title id=\"\(id)-title\">\(esc(series.title)): \(esc(subject)), \(range(first.day, last.day))</title>\n"
        out += "<desc id=\"\(id)-desc\">\(esc(description(changes: changes, mastered: mastered)))</desc>\n"
        out += "<g class=\"grid\">\n"
        for tick in axis.ticks {
            let ty = y(series.scale.untransformed(tick.value))
            out += "<line x1=\"\(f(ProgressChart.left))\" y1=\"\(f(ty))\" x2=\"\(f(ProgressChart.left + plotWidth))\" y2=\"\(f(ty))\" stroke=\"#d5d9de\" stroke-width=\"\(tick.major ? "0.8" : "0.4")\"/>\n"
            out += "<text x=\"\(f(ProgressChart.left - 8))\" y=\"\(f(ty + 5))\" text-anchor=\"end\" font-size=\"13\" fill=\"#5b6470\">\(tick.label)</text>\n"
        }
        for tick in ticks(start, end) {
            let tx = x(tick.day)
            out += "<line x1=\"\(f(tx))\" y1=\"\(f(bottomY))\" x2=\"\(f(tx))\" y2=\"\(f(bottomY + 5))\" stroke=\"#8a929c\" stroke-width=\"0.8\"/>\n"
            out += "<text x=\"\(f(tx))\" y=\"\(f(bottomY + 22))\" text-anchor=\"middle\" font-size=\"13\" fill=\"#5b6470\">\(tick.label)</text>\n"
        }
        out += "</g>\n"
        // The criterion (the goal line).
        let cy = series.criterion.map(y) ?? -100
        if let criterion = series.criterion {
            out += "<g class=\"criterion\"><line x1=\"\(f(ProgressChart.left))\" y1=\"\(f(cy))\" x2=\"\(f(ProgressChart.left + plotWidth))\" y2=\"\(f(cy))\" stroke=\"#2b3038\" stroke-width=\"1\" stroke-dasharray=\"6 4\"/>"
            out += "<text x=\"\(f(ProgressChart.left + plotWidth + 6))\" y=\"\(f(cy + 4))\" font-size=\"12\" fill=\"#2b3038\">\(criterionText == nil ? "goal" : "criterion")</text><text x=\"\(f(ProgressChart.left + plotWidth + 6))\" y=\"\(f(cy + 18))\" font-size=\"12\" fill=\"#2b3038\">\(esc(series.scale.text(criterion)))</text></g>\n"
        }
        // Phase changes, between sessions; labels above the plot, none over another.
        out += phaseMarks(changes, x: x, bottomY: bottomY)
        let drawn = lineCoordinates(aim: aim, axis: axis, x: x, y: y)
        out += lines(drawn, aim: aim)
        // The data path, one per phase, through the sessions that count.
        let paths = series.segments
        let radius = points.count > 120 ? 2.0 : points.count > 40 ? 3.0 : 4.0
        out += "<g class=\"series\">\n"
        for path in paths where path.count > 1 {
            let coordinates = path.map { "\(f(x($0.day.dayNumber))),\(f(y($0.value)))" }.joined(separator: " ")
            out += "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
        }
        out += pointMarks(x: x, y: y, radius: radius)
        out += "</g>\n"
        if let mastered {
            let mx = x(mastered.dayNumber)
            if let point = points.first(where: { $0.day.dayNumber == mastered.dayNumber }) {
                out += "<g class=\"mastered\" data-day=\"\(mastered.dayString)\"><circle cx=\"\(f(mx))\" cy=\"\(f(y(point.value)))\" r=\"\(f(radius + 4))\" fill=\"none\" stroke=\"#2b3038\" stroke-width=\"1.4\"/>"
                let (lx, ly, anchor) = masteredLabel(at: mx, y(point.value), radius: radius, criterionY: cy,
                                                     segments: paths.map { $0.map { (x($0.day.dayNumber), y($0.value)) } } + drawn.map { [$0.from, $0.to] },
                                                     verticals: changes.map { (x($0.before) + x($0.after)) / 2 })
                out += "<text x=\"\(f(lx))\" y=\"\(f(ly))\" text-anchor=\"\(anchor)\" font-size=\"12\" font-weight=\"bold\" fill=\"#2b3038\">mastered</text></g>\n"
            } else {
                out += "<g class=\"mastered\" data-day=\"\(mastered.dayString)\"><line x1=\"\(f(mx))\" y1=\"\(f(ProgressChart.top))\" x2=\"\(f(mx))\" y2=\"\(f(bottomY))\" stroke=\"#2b3038\" stroke-width=\"1\" stroke-dasharray=\"2 3\"/>"
                out += "<text x=\"\(f(mx))\" y=\"\(f(bottomY - 6))\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\" fill=\"#2b3038\">mastered</text></g>\n"
            }
        }
        out += legend(aim: aim != nil)
        out += "</svg>"
        return out
    }

    /// A filled dot for each point that counts, a hollow square for each other, a diamond for a
    /// probe day's point (hollow when it does not count); each with its day, its exact value and
    /// its words.
    func pointMarks(x: (Int) -> Double, y: (Double) -> Double, radius: Double) -> String {
        var out = ""
        let attribute = series.scale == .percent ? "data-percent" : "data-value"
        for point in series.points {
            let px = x(point.day.dayNumber), py = y(point.value)
            let data = "data-day=\"\(point.day.dayString)\" \(attribute)=\"\(JSONValue.rounded(point.value, places: 1).serialized())\""
            if point.counts && series.scale.isLogarithmic && point.value <= 0 {
                // 0 has no place on a log axis: drawn below the floor, on the row marked 0, as a
                // triangle pointing down, and its words say it is 0.
                let s = radius * 1.3
                out += "<path class=\"point zero\" \(data) d=\"M\(f(px - s)),\(f(py - s)) L\(f(px + s)),\(f(py - s)) L\(f(px)),\(f(py + s)) Z\" fill=\"#1f5fbf\" stroke=\"#1f5fbf\" stroke-width=\"1.2\"><title>\(esc(point.label + ProgressChart.zeroNote))</title></path>\n"
            } else if point.probe {
                // A diamond: filled when it counts, hollow when under min_trials.
                let d = radius * 1.4
                let corners = [(px, py - d), (px + d, py), (px, py + d), (px - d, py)].map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
                out += "<polygon class=\"point probe\(point.counts ? "" : " short")\" \(data) points=\"\(corners)\" fill=\"\(point.counts ? "#1f5fbf" : "#ffffff")\" stroke=\"#1f5fbf\" stroke-width=\"1.2\"><title>\(esc(point.label))</title></polygon>\n"
            } else if point.counts {
                out += "<circle class=\"point\" \(data) cx=\"\(f(px))\" cy=\"\(f(py))\" r=\"\(f(radius))\" fill=\"#1f5fbf\" stroke=\"#1f5fbf\" stroke-width=\"1.2\"><title>\(esc(point.label))</title></circle>\n"
            } else {
                let side = radius * 1.8
                out += "<rect class=\"point short\" \(data) x=\"\(f(px - side / 2))\" y=\"\(f(py - side / 2))\" width=\"\(f(side))\" height=\"\(f(side))\" fill=\"#ffffff\" stroke=\"#5b6470\" stroke-width=\"1.2\"><title>\(esc(point.label))</title></rect>\n"
            }
        }
        return out
    }

    /// The trend lines (dotted, one per phase, across its own sessions, cut at the axis) and the
    /// aim line (dash-dot).
    func lines(_ drawn: [(trend: ChartSeries.PhaseTrend?, from: (Double, Double), to: (Double, Double))], aim: ChartSeries.AimLine?) -> String {
        var out = ""
        for line in drawn {
            let coordinates = "x1=\"\(f(line.from.0))\" y1=\"\(f(line.from.1))\" x2=\"\(f(line.to.0))\" y2=\"\(f(line.to.1))\""
            if let trend = line.trend {
                out += "<g class=\"trend\" data-phase=\"\(trend.phase.rawValue)\" data-method=\"\(series.trend.rawValue)\">"
                out += "<line \(coordinates) stroke=\"#2b3038\" stroke-width=\"1.4\" stroke-dasharray=\"1.5 3\" stroke-linecap=\"round\"/></g>\n"
            } else if let aim {
                out += "<g class=\"aim\" data-from=\"\(aim.from.dayString)\" data-to=\"\(aim.to.dayString)\">"
                out += "<line \(coordinates) stroke=\"#5b6470\" stroke-width=\"1.2\" stroke-dasharray=\"9 3 2 3\"/>"
                out += "<circle cx=\"\(f(line.to.0))\" cy=\"\(f(line.to.1))\" r=\"3\" fill=\"#5b6470\"/></g>\n"
            }
        }
        return out
    }

    /// Where the trend lines (one per phase, across its own sessions, cut at the axis) and the
    /// aim line (no trend) go, in the chart's units.
    func lineCoordinates(aim: ChartSeries.AimLine?, axis: ChartAxis, x: (Int) -> Double,
                         y: (Double) -> Double) -> [(trend: ChartSeries.PhaseTrend?, from: (Double, Double), to: (Double, Double))] {
        var drawn: [(trend: ChartSeries.PhaseTrend?, from: (Double, Double), to: (Double, Double))] = []
        let scale = series.scale
        for trend in series.trends {
            let a = trend.from.dayNumber, b = trend.to.dayNumber
            guard let cut = axis.clip(Double(a), trend.line.y(at: Double(a)), Double(b), trend.line.y(at: Double(b))) else { continue }
            func px(_ day: Double) -> Double { x(a) + (day - Double(a)) / Double(max(b - a, 1)) * (x(b) - x(a)) }
            drawn.append((trend, (px(cut.x1), y(scale.untransformed(cut.y1))), (px(cut.x2), y(scale.untransformed(cut.y2)))))
        }
        if let aim { drawn.append((nil, (x(aim.from.dayNumber), y(aim.start)), (x(aim.to.dayNumber), y(aim.end)))) }
        return drawn
    }

    /// The legend, above the plot: the marks, then (on a second row) the lines drawn and how
    /// same-day sessions were combined.
    private func legend(aim: Bool) -> String {
        let l = ProgressChart.left
        let zeros = zeroCount
        var out = "<g class=\"legend\" font-size=\"12\" fill=\"#2b3038\">"
        out += "<circle cx=\"\(f(l + 5))\" cy=\"12\" r=\"4\" fill=\"#1f5fbf\"/><text x=\"\(f(l + 14))\" y=\"16\">\(minTrials.map { "session of \($0)+ trials" } ?? "session")</text>"
        // The hollow square only where a point can be one; else, off the percent scale, the
        // axis's unit. The goal line only where there is one.
        if minTrials != nil || series.points.contains(where: { !$0.counts }) {
            out += "<rect x=\"\(f(l + 178))\" y=\"8.4\" width=\"7.2\" height=\"7.2\" fill=\"#ffffff\" stroke=\"#5b6470\" stroke-width=\"1.2\"/><text x=\"\(f(l + 191))\" y=\"16\">\(minTrials == nil ? "not counted" : "fewer trials (not counted)")</text>"
        } else if series.scale != .percent {
            out += "<text class=\"unit\" x=\"\(f(l + 178))\" y=\"16\">axis: \(esc(series.scale.unit))\(series.scale.isLogarithmic ? " (log scale)" : "")</text>"
        }
        if series.criterion != nil {
            out += "<line x1=\"\(f(l + 372))\" y1=\"12\" x2=\"\(f(l + 398))\" y2=\"12\" stroke=\"#2b3038\" stroke-dasharray=\"6 4\"/><text x=\"\(f(l + 404))\" y=\"16\">\(criterionText == nil ? "goal" : "mastery criterion")</text>"
        }
        var at = l
        if !series.trends.isEmpty {
            out += "<line x1=\"\(f(at))\" y1=\"30\" x2=\"\(f(at + 26))\" y2=\"30\" stroke=\"#2b3038\" stroke-width=\"1.4\" stroke-dasharray=\"1.5 3\" stroke-linecap=\"round\"/><text x=\"\(f(at + 32))\" y=\"34\">trend (\(series.trend.rawValue))</text>"
            at += 196
        }
        if aim {
            out += "<line x1=\"\(f(at))\" y1=\"30\" x2=\"\(f(at + 26))\" y2=\"30\" stroke=\"#5b6470\" stroke-width=\"1.2\" stroke-dasharray=\"9 3 2 3\"/><text x=\"\(f(at + 32))\" y=\"34\">aim line</text>"
            at += 100
        }
        if zeros > 0 {
            out += "<path d=\"M\(f(at)),25 L\(f(at + 10)),25 L\(f(at + 5)),35 Z\" fill=\"#1f5fbf\"/><text x=\"\(f(at + 16))\" y=\"34\">0 (below the floor)</text>"
            at += 146
        }
        if series.points.contains(where: \.probe) {
            out += "<polygon points=\"\(f(at + 6)),24.4 \(f(at + 11.6)),30 \(f(at + 6)),35.6 \(f(at + 0.4)),30\" fill=\"#1f5fbf\"/><text x=\"\(f(at + 16))\" y=\"34\">probe session</text>"
            at += 112
        }
        // The note on same-day sessions only where it fits (the text alternative says it too).
        if series.combinedNote != nil, at + 160 <= ProgressChart.width - 2 {
            out += "<text x=\"\(f(at))\" y=\"34\" fill=\"#5b6470\">same-day sessions combined</text>"
        }
        out += "</g>\n"
        return out
    }

    typealias PhaseLine = ChartSeries.PhaseLine

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

    /// The text alternative: the sessions, the last that counts, the criterion, the phase
    /// changes, the trend and aim lines and the summary (the mastery state).
    func description(changes: [PhaseLine], mastered: LocalDate?) -> String {
        let points = series.points
        let counting = points.filter(\.counts)
        var text = "\(points.count) session\(points.count == 1 ? "" : "s")"
        let short = points.filter { !$0.counts && !$0.probe }.count
        if short > 0 {
            text += ", \(short) of them " + (minTrials.map { "under \($0) trials (hollow squares, not counted)" } ?? "not counted (hollow squares)")
        }
        let probes = points.filter(\.probe)
        if !probes.isEmpty {
            let hollow = probes.filter { !$0.counts }.count
            text += ", \(probes.count) of them probe sessions (diamonds"
                + (hollow == 0 ? "" : ", \(hollow) hollow: " + (minTrials.map { "under \($0) trials, not counted" } ?? "not counted")) + ")"
        }
        if let last = counting.last { text += "; the last that counts: \(last.label)" }
        if let criterion = series.criterion {
            text += ". " + (criterionText.map { "Criterion: \($0)" } ?? "Goal: \(series.scale.text(criterion))") + " (dashed line)."
        } else {
            text += "."
        }
        if !changes.isEmpty {
            text += " Phase changes (vertical lines, the data path broken at each): " + changes.map { "\($0.change.phase.rawValue) from \($0.change.day.mediumDay)" }.joined(separator: ", ") + "."
        }
        let zeros = zeroCount
        if zeros > 0 {
            text += " \(zeros == 1 ? "1 session" : "\(zeros) sessions") at 0 \(series.scale.unit), which a log scale cannot show, "
                + "\(zeros == 1 ? "is" : "are") drawn below its floor, on a row marked 0 (triangles pointing down)"
                + (series.trends.isEmpty ? "." : " and left out of the trend lines, which are fitted on log₁₀ of the values above 0.")
        }
        for fact in series.facts { text += " " + fact }
        if let summary { text += " " + summary }
        return text
    }

    /// Points at 0 or below on a log scale, drawn below its floor.
    var zeroCount: Int {
        series.scale.isLogarithmic ? series.points.filter { $0.counts && $0.value <= 0 }.count : 0
    }

    /// What a zero point's title adds after its words.
    static let zeroNote = "; 0 cannot sit on a log scale: drawn below its floor, on the row marked 0"

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
