import Foundation

/// How sessions read in a terminal: the moods and status of `list`'s lines, the page of `show`.
public struct SessionPage: Sendable {
    public var style: TextStyle
    /// The columns the page's sections are wrapped to (at most 100 are used).
    public var width: Int
    public var timeZone: TimeZone

    public init(style: TextStyle, width: Int, timeZone: TimeZone) {
        self.style = style
        self.width = width
        self.timeZone = timeZone
    }

    /// `🌤️ 5 → ☀️ 8`, with blanks where a mood is missing; always 11 columns wide.
    public func moods(before: Int?, after: Int?) -> String {
        func one(_ value: Int?) -> String {
            guard let value else { return "  ·  " }
            return MoodScale.emoji(value) + " " + (value < 10 ? " \(value)" : "\(value)")
        }
        return one(before) + " → " + one(after)
    }

    /// The status padded to 16 columns (`needs reflection`), or `short` to 10 (`to reflect`).
    public func status(_ status: SessionStatus, short: Bool = false) -> String {
        let words = short ? (status == .needsReflection ? "to reflect" : status.words).padded(to: 10) : status.words.padded(to: 16)
        switch status {
        case .needsReflection: return style.yellow(words)
        case .draft: return style.dim(words)
        case .complete: return words
        }
    }

    /// The whole session for reading: header, fields, then the sections rendered from Markdown.
    /// `path` is shown as given (see `Vault.shownPath`).
    public func page(_ session: Session, path: String) -> String {
        var lines: [String] = [style.bold(session.displayTitle)]
        var when: [String] = []
        if let date = session.date {
            var text = date.readable
            if let offset = date.resolved(in: timeZone).offset, !date.isDayOnly { text += " (\(SessionPage.offsetText(offset)))" }
            when.append(text)
        }
        if let administration = session.administration { when.append(administration.displayName) }
        if let dose = session.dose { when.append(dose.visible()) }
        lines.append(when.joined(separator: " · "))
        lines.append("")
        func field(_ name: String, _ value: String) {
            lines.append(style.dim(name.padded(to: 9)) + " " + value)
        }
        var mood = ""
        if let before = session.moodBefore {
            mood = "\(MoodScale.emoji(before)) \(before)/10 \(MoodScale.descriptor(before))"
        } else {
            mood = "not recorded"
        }
        if let after = session.moodAfter {
            mood += "  →  \(MoodScale.emoji(after)) \(after)/10 \(MoodScale.descriptor(after))"
            if let lift = session.moodLift { mood += lift == 0 ? "  (no change)" : "  (\(lift > 0 ? "+" : "")\(lift))" }
        }
        field("Mood", mood)
        field("Status", session.status == .needsReflection ? style.yellow(session.status.words) : session.status.words)
        if let reminder = session.reminder { field("Reminder", "\(reminder.mediumDay)\(reminder.clockTime.map { ", \($0)" } ?? "")") }
        if let music = session.music {
            field("Music", music.visible())
            let details = session.musicDetails
            let about = [details.title, details.author.map { "by " + $0 }, details.durationText].compactMap { $0 }
            if !about.isEmpty { field("", about.joined(separator: " · ").visible()) }
        }
        if !session.tags.isEmpty { field("Tags", session.tags.joined(separator: ", ").visible()) }
        field("File", path)
        if let id = session.id { field("Id", id.uuidString) }
        let width = min(width, 100)
        for section in SessionSection.allCases {
            let text = session.text(of: section)
            if text.isEmpty && (section == .environment || section == .music) { continue }
            lines.append("")
            lines.append(style.bold(section.rawValue))
            if text.isEmpty {
                lines.append(style.dim("  (empty)"))
            } else {
                // Shown before rendering: cmark makes line breaks of the line endings it keeps.
                lines.append(CmarkRenderer.terminal(text.visible(lines: true), width: width, indent: "  ", styled: style.colors))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `22 sessions: 17 complete, 4 need reflection, 1 draft`.
    public static func summary(_ counts: [SessionStatus: Int], shown: Int, limited: Bool) -> String {
        let parts = [SessionStatus.complete, .needsReflection, .draft].compactMap { status in counts[status].map { status.counted($0) } }
        let head = "\(shown) session\(shown == 1 ? "" : "s")\(limited ? " (limit reached)" : "")"
        return head + ": " + parts.joined(separator: ", ")
    }

    static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return sign + (magnitude / 3600).zeroPadded(2) + ":" + (magnitude % 3600 / 60).zeroPadded(2)
    }
}
