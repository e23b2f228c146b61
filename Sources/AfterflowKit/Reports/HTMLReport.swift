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

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// The whole page: the same text as `template.render(context(sessions))`, made faster on a
    /// large report by preparing and rendering the sessions on every core.
    ///
    /// The `{{#sessions}}` section is handed to a mustache lambda, which renders each session with
    /// that section's text: names are looked up in the session, then in the page, as mustache
    /// does. Templates with their own delimiters (`{{=…=}}`) or transforms (`{{#first()}}`), whose
    /// meaning inside the section depends on more than that, are rendered the ordinary way.
    public func render(_ sessions: [IndexedSession], template: ReportTemplate = .builtIn) -> String {
        let timer = PhaseTimer()
        var values = context(sessions, details: false)
        let details = ParallelMap.map(sessions, minimumChunk: 64, sessionContext)
        timer.mark("context")
        let plain = template.text.contains("{{=") || template.text.contains("()")
        if !details.isEmpty && !plain && details.count >= 64 {
            let root = values
            values["sessions"] = MustacheLambda { text in
                guard let section = try? MustacheTemplate(string: text) else { return nil }
                let parts = ParallelMap.map(details, minimumChunk: 64) { section.render(SessionScope(session: $0, root: root)) }
                return ReportText(parts.joined())
            }
        } else if !details.isEmpty {
            values["sessions"] = details
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
        let generated = SessionDate(now, in: timeZone)
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
        let points = sessions.compactMap { s in s.time.map { MoodChart.Point(time: $0, before: s.moodBefore, after: s.moodAfter) } }
        if let svg = MoodChart(points: points, timeZone: timeZone).svg() { context["chart"] = ReportText(svg) }
        context["treatments"] = HTMLReport.treatmentRows(sessions)
        context["overall"] = HTMLReport.figures(name: "All", sessions)
        if details { context["sessions"] = sessions.map(sessionContext) }
        return context
    }

    // MARK: - Summary

    static func treatmentRows(_ sessions: [IndexedSession]) -> [[String: Any]] {
        var groups: [Treatment: [IndexedSession]] = [:]
        for session in sessions { if let t = session.treatment { groups[t, default: []].append(session) } }
        return groups.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key.rawValue < $1.key.rawValue }
            .map { figures(name: $0.key.displayName, $0.value) }
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
            "before": ReportText(before.map { String(format: "%.1f", $0) } ?? "–"),
            "after": ReportText(after.map { String(format: "%.1f", $0) } ?? "–"),
            "lift": ReportText(lift.map(HTMLReport.signed) ?? "–"),
            "lifts": ReportText(lifts.count == 1 ? "1 with both moods" : "\(lifts.count) with both moods"),
        ]
    }

    /// `+2.3`, `−0.5` (a minus sign, not a hyphen), or `0.0`.
    static func signed(_ value: Double) -> String {
        let text = String(format: "%.1f", abs(value))
        if text == "0.0" { return text }
        return (value < 0 ? "−" : "+") + text
    }

    // MARK: - Sessions

    func sessionContext(_ session: IndexedSession) -> [String: Any] {
        var c: [String: Any] = [
            "title": ReportText(session.displayTitle),
            "anchor": ReportText("session-" + (session.id.map { String($0.prefix(8)).lowercased() }
                ?? String(UInt64(bitPattern: ContentHash.of(Array(session.path.utf8))) & 0xFFFF_FFFF, radix: 16))),
            "treatment": ReportText(session.treatment?.displayName ?? "Unknown"),
            "status": ReportText(session.status.words),
            "status_class": ReportText(session.status.rawValue),
        ]
        if let when = when(session) { c["when"] = ReportText(when) }
        if let administration = session.administration { c["administration"] = ReportText(administration.displayName) }
        if let dose = session.dose, !dose.isBlank { c["dose"] = ReportText(dose) }
        if session.moodBefore != nil || session.moodAfter != nil {
            let before = session.moodBefore.map { "\($0)" } ?? "–"
            let after = session.moodAfter.map { "\($0)" } ?? "–"
            var words = (session.moodBefore.map(Mood.descriptor) ?? "not recorded") + " → " + (session.moodAfter.map(Mood.descriptor) ?? "not recorded")
            if let lift = session.moodLift { words += lift == 0 ? ", no change" : ", " + String(format: "%+d", lift).replacingOccurrences(of: "-", with: "−") }
            c["mood"] = ["mood_numbers": ReportText("\(before) → \(after)"), "mood_words": ReportText(words)]
        }
        let tags = session.tags
        if !tags.isEmpty { c["tags"] = ReportText(tags.joined(separator: ", ")) }
        var length = 0
        for (key, text) in [("intention", session.intention), ("environment", session.environment),
                            ("music_notes", session.musicNotes), ("reflections", session.reflections)] where !text.isBlank {
            c[key] = ReportText(CmarkRenderer.offlineHTML(text))
            length += HTMLReport.estimatedLines(text)
        }
        if let link = session.music, !link.isBlank {
            let music = MusicLink(link)
            var m: [String: Any] = ["music_text": ReportText(link), "music_service": ReportText(music.service.rawValue)]
            if let href = music.webURL { m["music_href"] = ReportText(href) }
            if let title = music.title { m["music_title"] = ReportText(title) }
            c["music"] = m
            length += 2
        }
        // About 40 lines of text fill a page after the session's heading and facts.
        c["size"] = ReportText(length > 40 ? "long" : "short")
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
            text += String(format: " (UTC%@%02d:%02d)", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        }
        return text
    }

    static let weekdayNames = ["Sun": "Sunday", "Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday",
                               "Fri": "Friday", "Sat": "Saturday"]

    /// Printed lines a text takes at about 90 characters a line (UTF-8 bytes stand in for
    /// characters), with a heading's worth for the field.
    static func estimatedLines(_ text: String) -> Int {
        var lines = 2
        var run = 0
        for byte in text.utf8 {
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

/// Names inside one session's part of the template: the session's own values, then the page's.
struct SessionScope: MustacheParent {
    let session: [String: Any]
    let root: [String: Any]

    func child(named name: String) -> Any? { session[name] ?? root[name] }
}
