import Foundation

/// A break in a trial session (`pauses: [15:20-15:25]`): clock times on the session's day, or on
/// the next day when earlier than the session's start (a session past midnight).
public struct SessionPause: Sendable, Hashable {
    public var start: TimeOfDay
    public var end: TimeOfDay
    /// Where the item is written.
    public var location: SourceLocation

    /// `15:20-15:25` or `15:20:10-15:25:00`; nil for anything else.
    public static func parse(_ text: String) -> (TimeOfDay, TimeOfDay)? {
        let parts = text.trimmingASCIIWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = TimeOfDay.parse(String(parts[0]).trimmingASCIIWhitespace()),
              let end = TimeOfDay.parse(String(parts[1]).trimmingASCIIWhitespace()) else { return nil }
        return (start, end)
    }

    /// The pauses of a `pauses:` entry; an item that is not a pair of times is an error there.
    static func read(_ entry: FrontMatterEntry, reader: inout FrontMatterReader) -> [SessionPause] {
        reader.list(entry).compactMap { item in
            guard let (start, end) = parse(item.text) else {
                reader.error("each of pauses must be a start and an end time, like 15:20-15:25, found \(quoted(item.text))", at: item.location)
                return nil
            }
            return SessionPause(start: start, end: end, location: item.location)
        }
    }

    /// Seconds from the session's start (`date`) to the pause's start and end: a time earlier
    /// than the start's is on the next day.
    func offsets(after date: LocalDate) -> (start: Int, end: Int) {
        let origin = date.time.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
        func offset(_ t: TimeOfDay) -> Int { t.secondsOfDay >= origin ? t.secondsOfDay - origin : t.secondsOfDay + 86_400 - origin }
        let start = offset(start)
        var end = offset(end)
        if end < start { end += 86_400 }
        return (start, end)
    }

    /// The pause's length in seconds.
    func seconds(after date: LocalDate) -> Int {
        let o = offsets(after: date)
        return o.end - o.start
    }
}

extension TrialSession {
    /// `service: 97153`: five digits or capital letters.
    static func readService(_ entry: FrontMatterEntry, reader: inout FrontMatterReader) -> String? {
        guard let text = reader.text(entry)?.trimmingASCIIWhitespace() else { return nil }
        guard ServiceCode.isCodeShaped(text.uppercased()) else {
            if let s = entry.value.scalar { reader.error("service must be a CPT code of five digits or letters, like 97153 or 92507, found \(quoted(text))", at: s.location) }
            return nil
        }
        return text.uppercased()
    }

    /// Pauses that end before they start, fall outside the session or overlap another.
    func pauseProblems() -> [Diagnostic] {
        guard let date, !pauses.isEmpty else { return [] }
        let length = end.map { $0.epochSeconds(in: .gmt) - date.epochSeconds(in: .gmt) }
        var found: [Diagnostic] = []
        var previous: (start: Int, end: Int)?
        for pause in pauses {
            let o = pause.offsets(after: date)
            if let length, o.end > length {
                found.append(.error("pause \(pause.start.text)-\(pause.end.text) goes past the session's end (\(end?.clockTime ?? "")); a pause is within the session", at: pause.location))
            } else if let previous, o.start < previous.end {
                found.append(.error("pause \(pause.start.text)-\(pause.end.text) overlaps the pause before it; write each break once, in order", at: pause.location))
            }
            previous = o
        }
        return found
    }
}
