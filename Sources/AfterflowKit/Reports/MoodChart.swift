import Foundation

/// Mood before and after over time, as an inline SVG for the report: time across, the 1 to 10
/// scale up, a dashed line with hollow dots for before and a solid line with filled dots for
/// after, so that it reads in grey on paper too; check-ins between sessions, when given, as small
/// orange diamonds behind them (a third shape, so that it too reads in grey). It fetches nothing
/// and runs nothing.
public struct MoodChart: Sendable {
    /// A check-in: its time (seconds since 1970) and score.
    public struct CheckIn: Sendable, Equatable {
        public var time: Int
        public var score: Int

        public init(time: Int, score: Int) {
            self.time = time
            self.score = score
        }
    }

    public struct Point: Sendable, Equatable {
        /// Seconds since 1970.
        public var time: Int
        public var before: Int?
        public var after: Int?

        public init(time: Int, before: Int?, after: Int?) {
            self.time = time
            self.before = before
            self.after = after
        }
    }

    public var points: [Point]
    public var checkIns: [CheckIn]
    public var timeZone: TimeZone

    static let width = 720.0, height = 250.0
    static let left = 40.0, right = 86.0, top = 30.0, bottom = 34.0

    /// `points` in any order; those without a mood are left out.
    public init(points: [Point], checkIns: [CheckIn] = [], timeZone: TimeZone) {
        self.points = points.filter { $0.before != nil || $0.after != nil }.sorted { $0.time < $1.time }
        self.checkIns = checkIns.filter { (1...10).contains($0.score) }.sorted { $0.time < $1.time }
        self.timeZone = timeZone
    }

    /// The `<svg>` element, or nil when no session has a mood and there is no check-in.
    public func svg() -> String? {
        let times = [points.first?.time, points.last?.time, checkIns.first?.time, checkIns.last?.time].compactMap { $0 }
        guard let start = times.min(), let end = times.max() else { return nil }
        let first = Point(time: start, before: nil, after: nil), last = Point(time: end, before: nil, after: nil)
        let marks = points.count + checkIns.count
        let plotWidth = MoodChart.width - MoodChart.left - MoodChart.right
        let plotHeight = MoodChart.height - MoodChart.top - MoodChart.bottom
        let span = Double(max(last.time - first.time, 1))
        func x(_ time: Int) -> Double {
            marks == 1 || last.time == first.time ? MoodChart.left + plotWidth / 2
                : MoodChart.left + Double(time - first.time) / span * plotWidth
        }
        func y(_ mood: Int) -> Double { MoodChart.top + Double(10 - mood) / 9 * plotHeight }

        let from = LocalDate(Date(timeIntervalSince1970: TimeInterval(first.time)), in: timeZone)
        let to = LocalDate(Date(timeIntervalSince1970: TimeInterval(last.time)), in: timeZone)
        let range = from.year == to.year && from.month == to.month ? MoodChart.monthYear(from) : "\(MoodChart.monthYear(from)) to \(MoodChart.monthYear(to))"
        let what = checkIns.isEmpty ? "Mood before and after each session" : "Mood before and after each session, and check-ins between sessions"

        var out = "<svg class=\"mood-chart\" viewBox=\"0 0 \(Int(MoodChart.width)) \(Int(MoodChart.height))\" role=\"img\" aria-labelledby=\"mood-chart-title mood-chart-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        out += "<title id=\"mood-chart-title\">\(what), \(range)</title>\n"
        out += "<desc id=\"mood-chart-desc\">\(summary())</desc>\n"
        // The scale: a line at each value, labels at 1, 5 and 10, the words of each band at the right.
        out += "<g class=\"grid\">\n"
        for mood in 1...10 {
            let major = mood == 1 || mood == 5 || mood == 10
            out += "<line x1=\"\(f(MoodChart.left))\" y1=\"\(f(y(mood)))\" x2=\"\(f(MoodChart.left + plotWidth))\" y2=\"\(f(y(mood)))\" class=\"\(major ? "major" : "minor")\" stroke=\"#d5d9de\" stroke-width=\"\(major ? "0.8" : "0.4")\"/>\n"
            if major {
                out += "<text x=\"\(f(MoodChart.left - 8))\" y=\"\(f(y(mood) + 4))\" text-anchor=\"end\" font-size=\"12\" fill=\"#5b6470\">\(mood)</text>\n"
            }
        }
        for (low, word) in [(1, "Tender"), (3, "Reflective"), (5, "Centered"), (7, "Uplifted"), (9, "Radiant")] {
            out += "<text x=\"\(f(MoodChart.left + plotWidth + 8))\" y=\"\(f((y(low) + y(low + 1)) / 2 + 4))\" font-size=\"11\" fill=\"#5b6470\">\(word)</text>\n"
        }
        // Time: ticks at the start of each year, or of each month (or quarter) over a shorter span.
        for tick in ticks(from: first.time, to: last.time) where marks > 1 && last.time > first.time {
            let tx = x(tick.time)
            out += "<line x1=\"\(f(tx))\" y1=\"\(f(MoodChart.top + plotHeight))\" x2=\"\(f(tx))\" y2=\"\(f(MoodChart.top + plotHeight + 5))\" stroke=\"#8a929c\" stroke-width=\"0.8\"/>\n"
            out += "<text x=\"\(f(tx))\" y=\"\(f(MoodChart.top + plotHeight + 20))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#5b6470\">\(tick.label)</text>\n"
        }
        out += "</g>\n"
        // Check-ins first, behind the sessions: a diamond each, smaller and fainter when many.
        if !checkIns.isEmpty {
            let size = checkIns.count > 400 ? 1.8 : checkIns.count > 100 ? 2.6 : 3.6
            let opacity = checkIns.count > 400 ? "0.55" : "0.8"
            out += "<g class=\"series checkins\" fill=\"#d9772b\" fill-opacity=\"\(opacity)\">\n"
            for checkIn in checkIns {
                let cx = x(checkIn.time), cy = y(checkIn.score)
                out += "<path d=\"M\(f(cx)) \(f(cy - size))L\(f(cx + size)) \(f(cy))L\(f(cx)) \(f(cy + size))L\(f(cx - size)) \(f(cy))Z\"/>\n"
            }
            out += "</g>\n"
        }
        let radius = points.count > 200 ? 1.6 : points.count > 60 ? 2.4 : 3.6
        let lineWidth = points.count > 200 ? 0.7 : 1.4
        for (name, values, dashed) in [("before", points.compactMap { p in p.before.map { (p.time, $0) } }, true),
                                       ("after", points.compactMap { p in p.after.map { (p.time, $0) } }, false)] {
            guard !values.isEmpty else { continue }
            let color = name == "before" ? "#7a8594" : "#1f5fbf"
            out += "<g class=\"series \(name)\">\n"
            if values.count > 1 {
                let path = values.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " ")
                out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(f(lineWidth))\"\(dashed ? " stroke-dasharray=\"4 3\"" : "") stroke-linejoin=\"round\"/>\n"
            }
            for (time, mood) in values {
                out += "<circle cx=\"\(f(x(time)))\" cy=\"\(f(y(mood)))\" r=\"\(f(radius))\" fill=\"\(dashed ? "#ffffff" : color)\" stroke=\"\(color)\" stroke-width=\"1.2\"/>\n"
            }
            out += "</g>\n"
        }
        out += legend()
        out += "</svg>"
        return out
    }

    /// The chart's description for a screen reader: the sessions' average moods before and
    /// after, and the check-ins'.
    private func summary() -> String {
        let befores = points.compactMap(\.before), afters = points.compactMap(\.after)
        var description = "\(points.count) session\(points.count == 1 ? "" : "s")"
        if !befores.isEmpty { description += "; mood before \(MoodChart.average(befores)) on average" }
        if !afters.isEmpty { description += ", after \(MoodChart.average(afters))" }
        description += "."
        if !checkIns.isEmpty {
            description += " \(checkIns.count) check-in\(checkIns.count == 1 ? "" : "s") between sessions, \(MoodChart.average(checkIns.map(\.score))) on average"
            description += ", lowest \(checkIns.map(\.score).min() ?? 0), highest \(checkIns.map(\.score).max() ?? 0)."
        }
        return description
    }

    /// The legend, above the plot on the left; each key in the group of its series, so that the
    /// page's styles (dark mode) colour both alike.
    private func legend() -> String {
        var out = ""
        out += "<g class=\"legend\" font-size=\"12\" fill=\"#2b3038\">\n"
        out += "<g class=\"before\"><line x1=\"\(f(MoodChart.left))\" y1=\"12\" x2=\"\(f(MoodChart.left + 26))\" y2=\"12\" stroke=\"#7a8594\" stroke-width=\"1.4\" stroke-dasharray=\"4 3\"/>"
        out += "<circle cx=\"\(f(MoodChart.left + 13))\" cy=\"12\" r=\"3.6\" fill=\"#ffffff\" stroke=\"#7a8594\" stroke-width=\"1.2\"/></g>"
        out += "<text x=\"\(f(MoodChart.left + 32))\" y=\"16\">Before</text>\n"
        out += "<g class=\"after\"><line x1=\"\(f(MoodChart.left + 90))\" y1=\"12\" x2=\"\(f(MoodChart.left + 116))\" y2=\"12\" stroke=\"#1f5fbf\" stroke-width=\"1.4\"/>"
        out += "<circle cx=\"\(f(MoodChart.left + 103))\" cy=\"12\" r=\"3.6\" fill=\"#1f5fbf\" stroke=\"#1f5fbf\" stroke-width=\"1.2\"/></g>"
        out += "<text x=\"\(f(MoodChart.left + 122))\" y=\"16\">After</text>\n"
        if !checkIns.isEmpty {
            let cx = MoodChart.left + 180
            out += "<g class=\"checkins\" fill=\"#d9772b\"><path d=\"M\(f(cx)) 8.4L\(f(cx + 3.6)) 12L\(f(cx)) 15.6L\(f(cx - 3.6)) 12Z\"/></g>"
            out += "<text x=\"\(f(cx + 8))\" y=\"16\">Check-in</text>\n"
        }
        out += "</g>\n"
        return out
    }

    struct Tick {
        var time: Int
        var label: String
    }

    /// Year starts over more than two years; else month starts, every third month past eight.
    func ticks(from start: Int, to end: Int) -> [Tick] {
        let first = LocalDate(Date(timeIntervalSince1970: TimeInterval(start)), in: timeZone)
        let months = (LocalDate(Date(timeIntervalSince1970: TimeInterval(end)), in: timeZone).year - first.year) * 12
            + LocalDate(Date(timeIntervalSince1970: TimeInterval(end)), in: timeZone).month - first.month
        var ticks: [Tick] = []
        var year = first.year, month = first.month
        let yearly = months > 24
        let step = yearly ? 12 : months > 8 ? 3 : 1
        if yearly {
            year += 1
            month = 1
        } else {
            month += 1
            if month > 12 { month = 1; year += 1 }
            while step > 1 && (month - 1) % step != 0 {
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
        }
        while ticks.count < 40 {
            let day = LocalDate(year: year, month: month, day: 1, time: LocalDate.Time(hour: 0, minute: 0, second: 0))
            let time = day.epochSeconds(in: timeZone)
            guard time <= end else { break }
            if time >= start {
                ticks.append(Tick(time: time, label: yearly ? String(year) : (month == 1 || ticks.isEmpty ? MoodChart.monthYear(day) : LocalDate.monthNames[month - 1])))
            }
            month += step
            while month > 12 { month -= 12; year += 1 }
        }
        return ticks
    }

    static func monthYear(_ date: LocalDate) -> String {
        "\(LocalDate.monthNames[date.month - 1]) \(date.year)"
    }

    static func average(_ values: [Int]) -> String {
        (Double(values.reduce(0, +)) / Double(values.count)).oneDecimal
    }

    /// A coordinate with at most one decimal, without a trailing `.0`.
    private func f(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? sign + String(magnitude / 10) : sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }
}
