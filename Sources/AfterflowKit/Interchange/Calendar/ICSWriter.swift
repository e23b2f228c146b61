import Foundation

/// Writes pending reminders as an iCalendar file (RFC 5545), so that any calendar app can remind.
///
/// One event a reminder, with a display alarm at its start. The text is neutral and the same for
/// every session (no treatment, intention or reflection); the only thing particular to a session
/// is the command that opens it. Each event's UID is `<session id>@afterflow`, so importing a newer
/// file updates the events instead of adding copies.
public struct ICSWriter: Sendable {
    /// The DTSTAMP of every event: when the file was made.
    public var now: Date

    public static let summary = "Time to Reflect"
    public static let body = "Add thoughts about your recent session."
    public static let productID = "-//Afterflow//Afterflow reminders//EN"
    /// How long each event lasts, in minutes (the alarm is at its start).
    public static let durationMinutes = 15

    public init(now: Date) {
        self.now = now
    }

    /// The whole file: CRLF line endings, lines folded at 75 octets.
    public func calendar(_ reminders: [PendingReminder]) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:" + ICSWriter.productID,
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:Afterflow",
        ]
        for reminder in reminders {
            let id = reminder.id.uuidString
            var event = [
                "BEGIN:VEVENT",
                "UID:\(id)@afterflow",
                "DTSTAMP:" + ICSWriter.utc(now),
            ]
            if let updated = reminder.session.updated?.date(in: TimeZone(identifier: "UTC") ?? .current) {
                event.append("LAST-MODIFIED:" + ICSWriter.utc(updated))
                // A later change gives a higher sequence, so calendars take the new version.
                event.append("SEQUENCE:\(max(0, Int(updated.timeIntervalSince1970) / 60))")
            }
            event += [
                "DTSTART:" + ICSWriter.utc(reminder.date),
                "DURATION:PT\(ICSWriter.durationMinutes)M",
                "SUMMARY:" + ICSWriter.escape(ICSWriter.summary),
                "DESCRIPTION:" + ICSWriter.escape("\(ICSWriter.body)\nOpen it with: " + Shell.command(["open", "\(id)"])),
                "CLASS:PRIVATE",
                "TRANSP:TRANSPARENT",
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                "DESCRIPTION:" + ICSWriter.escape(ICSWriter.summary),
                "TRIGGER;RELATED=START:PT0S",
                "END:VALARM",
                "END:VEVENT",
            ]
            lines += event
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICSWriter.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20241211T011200Z`.
    public static func utc(_ date: Date) -> String {
        let d = LocalDate(date, in: TimeZone(identifier: "UTC") ?? .current)
        let t = d.time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", d.year, d.month, d.day, t.hour, t.minute, t.second)
    }

    /// A TEXT value with `\`, `;`, `,` and line breaks escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Folds a content line into lines of at most 75 octets, each continuation starting with a
    /// space, never inside a UTF-8 sequence; joined with CRLF.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var pieces: [[UInt8]] = []
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Back up to the start of a UTF-8 sequence (continuation bytes are 10xxxxxx).
            while end < bytes.count && end > start && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            pieces.append(Array(bytes[start..<end]))
            start = end
            limit = 74
        }
        return pieces.enumerated()
            .map { index, piece in (index == 0 ? "" : " ") + String(decoding: piece, as: UTF8.self) }
            .joined(separator: "\r\n")
    }
}
