import AfterflowKit
import Foundation

/// How sessions read in a terminal: one line for `list`, a page for `show`.
struct SessionText {
    let term: Terminal
    let timeZone: TimeZone

    /// `🌤️ 5 → ☀️ 8`, with blanks where a mood is missing; always 11 columns wide.
    func moods(before: Int?, after: Int?) -> String {
        func one(_ value: Int?) -> String {
            guard let value else { return "  ·  " }
            return MoodScale.emoji(value) + " " + (value < 10 ? " \(value)" : "\(value)")
        }
        return one(before) + " → " + one(after)
    }

    /// The status padded to 16 columns (`needs reflection`), or `short` to 10 (`to reflect`).
    func status(_ status: SessionStatus, short: Bool = false) -> String {
        let words = short ? (status == .needsReflection ? "to reflect" : status.words).padded(to: 10) : status.words.padded(to: 16)
        switch status {
        case .needsReflection: return term.yellow(words)
        case .draft: return term.dim(words)
        case .complete: return words
        }
    }

    /// The whole session for reading: header, fields, then the sections rendered from Markdown.
    /// `path` is shown as given (see `Vault.shownPath`).
    func page(_ session: Session, path: String) -> String {
        var lines: [String] = [term.bold(session.displayTitle)]
        var when: [String] = []
        if let date = session.date {
            var text = "\(date.weekday) \(date.mediumDay)"
            if let clock = date.clockTime { text += ", \(clock)" }
            if let offset = date.resolved(in: timeZone).offset, !date.isDayOnly { text += " (\(SessionText.offsetText(offset)))" }
            when.append(text)
        }
        if let administration = session.administration { when.append(administration.displayName) }
        if let dose = session.dose { when.append(dose.visible()) }
        lines.append(when.joined(separator: " · "))
        lines.append("")
        func field(_ name: String, _ value: String) {
            lines.append(term.dim(name.padded(to: 9)) + " " + value)
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
        field("Status", session.status == .needsReflection ? term.yellow(session.status.words) : session.status.words)
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
        let width = min(term.width, 100)
        for section in SessionSection.allCases {
            let text = session.text(of: section)
            if text.isEmpty && (section == .environment || section == .music) { continue }
            lines.append("")
            lines.append(term.bold(section.rawValue))
            if text.isEmpty {
                lines.append(term.dim("  (empty)"))
            } else {
                // Shown before rendering: cmark makes line breaks of the line endings it keeps.
                lines.append(CmarkRenderer.terminal(text.visible(lines: true), width: width, indent: "  ", styled: term.colors))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `22 sessions: 17 complete, 4 need reflection, 1 draft`.
    static func summary(_ counts: [SessionStatus: Int], shown: Int, limited: Bool) -> String {
        let parts = [SessionStatus.complete, .needsReflection, .draft].compactMap { status in counts[status].map { status.counted($0) } }
        let head = "\(shown) session\(shown == 1 ? "" : "s")\(limited ? " (limit reached)" : "")"
        return head + ": " + parts.joined(separator: ", ")
    }

    /// `Wed Nov 25, 2026, 6:00 PM`, or the day alone.
    static func when(_ date: LocalDate) -> String {
        "\(date.weekday) \(date.mediumDay)" + (date.clockTime.map { ", " + $0 } ?? "")
    }

    static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return String(format: "%@%02d:%02d", sign, magnitude / 3600, magnitude % 3600 / 60)
    }
}

extension String {
    /// Space-padded on the right to `width` characters (not cut); for ASCII-width columns.
    func padded(to width: Int) -> String {
        let length = utf8.allSatisfy { $0 < 0x80 } ? utf8.count : count
        return length >= width ? self : self + String(repeating: " ", count: width - length)
    }

}
