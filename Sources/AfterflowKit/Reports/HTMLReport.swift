import Dispatch
import Foundation
import Mustache

/// The print-ready report: a cover, a summary (a mood chart and figures per treatment) and every
/// session, laid out by a mustache template (`Templates/report.html`, or the built-in one).
///
/// What the user wrote in Markdown (intention, environment, music notes, reflections) is rendered
/// by cmark with raw HTML omitted, unsafe links blanked and images turned into links; every other
/// value is plain text, which the template's `{{…}}` escapes. The page fetches nothing.
public struct HTMLReport: Sendable {
    public enum PageSize: String, Sendable, CaseIterable {
        case letter, a4

        /// The CSS `@page` size.
        public var css: String { self == .letter ? "Letter" : "A4" }
    }

    public var timeZone: TimeZone
    /// When the report was made: the cover's "Generated on".
    public var now: Date
    public var pageSize: PageSize = .letter
    public var cover = true
    /// The filters in words (`since 2024-01-01`, `treatment ketamine`); empty for every session.
    public var filters: [String] = []
    public var title = "Session Export"
    /// The check-ins to draw on the mood chart and list (`--include moods`); nil to leave them out.
    public var checkIns: [MoodListing]?
    /// The measures (PHQ-9, GAD-7) to list (`--include measures`); nil to leave them out. A
    /// section appears only when there are some.
    public var measures: [ReportMeasure]?
    /// With the measures: the instruments given around each session, by the session's path, one
    /// line each (`SessionInstruments.lines`), shown beside its mood.
    public var sessionInstruments: [String: [String]] = [:]
    /// How many threads prepare and render the sessions: the caller's core count (the library
    /// asks the system for none); 1, the default, does it on the caller's thread.
    public var cores = 1
    /// The vault's treatments, for their display names (`VaultConfig.treatments`).
    public var treatments = TreatmentCatalog.builtIn
    /// The vault's routes, for their display names (`VaultConfig.routes`).
    public var routes = RouteCatalog.builtIn

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// The whole page: the same text as `template.render(context(sessions))`, made faster by
    /// preparing the sessions on every core and rendering their part of the page once per shape
    /// of session rather than once per session.
    ///
    /// The `{{#sessions}}` section is handed to a mustache lambda, which renders it with
    /// `ReportSessions`: names are looked up in the session, then in the page, as mustache does
    /// for a section outside any other. Templates where that is not the whole story (their own
    /// delimiters, partials, transforms such as `{{#first()}}`, `sessions` named elsewhere; see
    /// `ReportTemplate.sectionsAroundSessions(_:)`) are rendered by swift-mustache in one go.
    public func render(_ sessions: [IndexedSession], template: ReportTemplate = .builtIn) -> String {
        let timer = PhaseTimer()
        var values = context(sessions, details: false)
        let details = ParallelMap.map(sessions, cores: cores, minimumChunk: 64, sessionTexts)
        timer.mark("context")
        if !details.isEmpty, let around = template.sectionsAroundSessions,
           around.allSatisfy({ values[$0] == nil || values[$0] is Bool || values[$0] is ReportText }) {
            let root = values
            values["sessions"] = MustacheLambda { text in
                guard let section = try? MustacheTemplate(string: text) else { return nil }
                return ReportText(ReportSessions(template: section, text: text, root: root, cores: cores).render(details))
            }
        } else if !details.isEmpty {
            values["sessions"] = details.map(\.context)
        }
        let page = template.render(values)
        timer.mark("template")
        timer.report()
        return page
    }

    /// The values the template sees (see `Templates/report.html` for their names): texts are
    /// `ReportText`, flags `true`, lists arrays of dictionaries; a key is missing when empty.
    public func context(_ sessions: [IndexedSession]) -> [String: Any] {
        context(sessions, details: true)
    }

    func context(_ sessions: [IndexedSession], details: Bool) -> [String: Any] {
        let generated = LocalDate(now, in: timeZone)
        var context: [String: Any] = [
            "title": ReportText(title),
            "generated": ReportText(AppDate.format(generated)),
            "page_size": ReportText(pageSize.css),
            "count": ReportText(sessions.count == 1 ? "1 session" : "\(sessions.count) sessions"),
            "number": ReportText(String(sessions.count)),
            "filters": ReportText(filters.isEmpty ? "none: every session in the journal" : filters.joined(separator: "; ")),
        ]
        if cover { context["cover"] = true }
        guard !sessions.isEmpty else {
            context["empty"] = true
            return context
        }
        let days = sessions.compactMap(\.date).sorted { ($0.year, $0.month, $0.day) < ($1.year, $1.month, $1.day) }
        if let first = days.first, let last = days.last {
            context["range"] = ReportText(first.dayString == last.dayString ? first.mediumDay : "\(first.mediumDay) to \(last.mediumDay)")
        }
        // Placed at the day and time each file writes, as the sessions below are dated: the
        // wall-clock seconds read in UTC.
        let points = sessions.compactMap { s in s.date.map { MoodChart.Point(time: $0.wallClockSeconds, before: s.moodBefore, after: s.moodAfter) } }
        let checkIns = (self.checkIns ?? []).filter { $0.date != nil && $0.score != nil }
        let marks = checkIns.compactMap { m in m.date.flatMap { date in m.score.map { MoodChart.CheckIn(time: date.wallClockSeconds, score: $0) } } }
        if let svg = MoodChart(points: points, checkIns: marks, timeZone: .gmt).svg() { context["chart"] = ReportText(svg) }
        if !checkIns.isEmpty { context["checkins"] = HTMLReport.checkInContext(checkIns) }
        if let measures, !measures.isEmpty { context["measures"] = HTMLReport.measureContext(measures) }
        context["treatments"] = HTMLReport.treatmentRows(sessions, treatments: treatments)
        context["overall"] = HTMLReport.figures(name: "All", sessions)
        if details { context["sessions"] = sessions.map(sessionContext) }
        return context
    }

    // MARK: - Check-ins and measures

    /// `count`, `summary` and `rows` (oldest first: `date`, `score`, `words`, `labels`,
    /// `associations`, `notes`, all plain text).
    static func checkInContext(_ checkIns: [MoodListing]) -> [String: Any] {
        let ordered = checkIns.sorted { ($0.date?.wallClockSeconds ?? 0, $0.path) < ($1.date?.wallClockSeconds ?? 0, $1.path) }
        let scores = ordered.compactMap(\.score)
        let average = scores.isEmpty ? "–" : (Double(scores.reduce(0, +)) / Double(scores.count)).oneDecimal
        var summary = "\(ordered.count) check-in\(ordered.count == 1 ? "" : "s")"
        if let first = ordered.first?.date, let last = ordered.last?.date {
            summary += first.dayString == last.dayString ? " on \(first.mediumDay)" : " from \(first.mediumDay) to \(last.mediumDay)"
        }
        summary += ", \(average) on average (1 to 10)."
        let rows: [[String: Any]] = ordered.map { m in
            var row: [String: Any] = [
                "date": ReportText(m.date.map { $0.mediumDay + ($0.clockTime.map { " " + $0 } ?? "") } ?? ""),
                "score": ReportText(m.score.map(String.init) ?? "–"),
                "words": ReportText(m.score.map(MoodScale.descriptor) ?? ""),
            ]
            if !m.labels.isEmpty { row["labels"] = ReportText(m.labels.joined(separator: ", ")) }
            if !m.associations.isEmpty { row["associations"] = ReportText(m.associations.joined(separator: ", ")) }
            let notes = DaylioNoteText.shown(m.notes, source: m.source)
            if !notes.isBlank { row["notes"] = ReportText(notes) }
            return row
        }
        return ["count": ReportText(String(ordered.count)), "summary": ReportText(summary), "rows": rows]
    }

    /// `rows` (oldest first: `name`, `date`, `total`, `band`).
    static func measureContext(_ measures: [ReportMeasure]) -> [String: Any] {
        let rows: [[String: Any]] = measures.sorted { $0.date.wallClockSeconds < $1.date.wallClockSeconds }.map { m in
            ["name": ReportText(m.name), "date": ReportText(m.date.mediumDay), "total": ReportText("\(m.total) of \(m.maximum)"),
             "band": ReportText(m.band)]
        }
        return ["count": ReportText(String(rows.count)), "rows": rows]
    }

    // MARK: - Summary

    static func treatmentRows(_ sessions: [IndexedSession], treatments: TreatmentCatalog = .builtIn) -> [[String: Any]] {
        var groups: [Treatment: [IndexedSession]] = [:]
        for session in sessions { if let t = session.treatment { groups[t, default: []].append(session) } }
        return groups.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key.rawValue < $1.key.rawValue }
            .map { figures(name: treatments.displayName(of: $0.key), $0.value) }
    }

    static func figures(name: String, _ sessions: [IndexedSession]) -> [String: Any] {
        func mean(_ values: [Int]) -> Double? { values.isEmpty ? nil : Double(values.reduce(0, +)) / Double(values.count) }
        let before = mean(sessions.compactMap(\.moodBefore))
        let after = mean(sessions.compactMap(\.moodAfter))
        let lifts = sessions.compactMap(\.moodLift)
        let lift = mean(lifts)
        return [
            "name": ReportText(name),
            "count": ReportText(String(sessions.count)),
            "before": ReportText(before.map(\.oneDecimal) ?? "–"),
            "after": ReportText(after.map(\.oneDecimal) ?? "–"),
            "lift": ReportText(lift.map(HTMLReport.signed) ?? "–"),
            "lifts": ReportText(lifts.count == 1 ? "1 with both moods" : "\(lifts.count) with both moods"),
        ]
    }

    /// `+2.3`, `−0.5` (a minus sign, not a hyphen), or `0.0`.
    static func signed(_ value: Double) -> String {
        let text = abs(value).oneDecimal
        if text == "0.0" { return text }
        return (value < 0 ? "−" : "+") + text
    }

    // MARK: - Sessions

    func sessionContext(_ session: IndexedSession) -> [String: Any] {
        sessionTexts(session).context
    }

    func sessionTexts(_ session: IndexedSession) -> SessionTexts {
        var c = SessionTexts()
        c.add("title", session.displayTitle(treatments: treatments))
        c.add("anchor", "session-" + (session.id.map { String($0.prefix(8)).lowercased() }
            ?? String(UInt64(bitPattern: ContentHash.of(Array(session.path.utf8))) & 0xFFFF_FFFF, radix: 16)))
        c.add("treatment", session.treatment.map(treatments.displayName(of:)) ?? "Unknown")
        c.add("status", session.status.words)
        c.add("status_class", session.status.rawValue)
        if let when = when(session) { c.add("when", when) }
        if let administration = session.administration { c.add("administration", routes.displayName(of: administration)) }
        if let dose = session.dose, !dose.isBlank { c.add("dose", dose) }
        if session.moodBefore != nil || session.moodAfter != nil {
            let before = session.moodBefore.map { "\($0)" } ?? "–"
            let after = session.moodAfter.map { "\($0)" } ?? "–"
            var words = (session.moodBefore.map(MoodScale.descriptor) ?? "not recorded") + " → " + (session.moodAfter.map(MoodScale.descriptor) ?? "not recorded")
            if let lift = session.moodLift { words += lift == 0 ? ", no change" : ", " + (lift > 0 ? "+" + String(lift) : "−" + String(-lift)) }
            c.add("mood_numbers", "\(before) → \(after)", in: "mood")
            c.add("mood_words", words, in: "mood")
        }
        if let lines = sessionInstruments[session.path], !lines.isEmpty {
            c.add("instrument_lines", lines.joined(separator: "; "), in: "instruments")
        }
        let tags = session.tags
        if !tags.isEmpty { c.add("tags", tags.joined(separator: ", ")) }
        var length = 0
        for (key, text) in [("intention", session.intention), ("environment", session.environment),
                            ("music_notes", session.musicNotes), ("reflections", session.reflections)] where !text.isBlank {
            // A link to another record reads as its text and day: the page shows no path.
            c.add(key, RecordMarkdown.offlineHTML(text))
            length += HTMLReport.estimatedLines(text)
        }
        if let link = session.music, !link.isBlank {
            let music = MusicLink(link)
            c.add("music_text", link, in: "music")
            c.add("music_service", music.service.rawValue, in: "music")
            if let href = music.webURL { c.add("music_href", href, in: "music") }
            // What `music fetch` learnt, else a title from the link itself.
            let details = session.musicDetails
            if let title = details.title ?? music.title { c.add("music_title", title, in: "music") }
            if let author = details.author { c.add("music_author", author, in: "music") }
            if let length = details.durationText { c.add("music_length", length, in: "music") }
            length += 2
        }
        // About 40 lines of text fill a page after the session's heading and facts.
        c.add("size", length > 40 ? "long" : "short")
        return c
    }

    /// `Tuesday, Dec 10, 2024 at 2:30 PM`, the time as the file has it, with its offset when that
    /// is not the vault's own at that moment.
    func when(_ session: IndexedSession) -> String? {
        guard let date = session.date else { return nil }
        var text = HTMLReport.weekdayNames[date.weekday] ?? date.weekday
        text += ", " + date.mediumDay
        guard let clock = date.clockTime else { return text }
        text += " at " + clock
        if let offset = date.offset, let time = session.time,
           offset != timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(time))) {
            let sign = offset < 0 ? "−" : "+"
            text += " (UTC" + sign + (abs(offset) / 3600).zeroPadded(2) + ":" + (abs(offset) % 3600 / 60).zeroPadded(2) + ")"
        }
        return text
    }

    static let weekdayNames = ["Sun": "Sunday", "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday",
                               "Fri": "Friday", "Sat": "Saturday"]

    /// Printed lines a text takes at about 90 characters a line (UTF-8 bytes stand in for
    /// characters), with a heading's worth for the field.
    static func estimatedLines(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var lines = 2
            var run = 0
            for byte in bytes {
                if byte == 0x0A {
                    lines += max(1, (run + 89) / 90)
                    run = 0
                } else if byte & 0xC0 != 0x80 {
                    run += 1
                }
            }
            return lines + max(1, (run + 89) / 90)
        }
    }
}

/// One standard measure for the report (a PHQ-9 or GAD-7): what `--include measures` lists.
public struct ReportMeasure: Sendable {
    /// `PHQ-9`, `GAD-7`.
    public var name: String
    public var date: LocalDate
    public var total: Int
    /// The highest total (27, 21).
    public var maximum: Int
    /// `mild`, `moderately severe`.
    public var band: String

    public init(name: String, date: LocalDate, total: Int, maximum: Int, band: String) {
        self.name = name
        self.date = date
        self.total = total
        self.maximum = maximum
        self.band = band
    }
}
