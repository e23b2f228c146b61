import AfterflowKit

/// `list`'s table, one line a session, built as bytes:
/// `2024-12-10 14:30  Psilocybin  🌤️  5 → ☀️  8  complete          To explore creativity…`
///
/// Every column but the intention is one of a few values, made once; a listing of 10,000
/// sessions is then mostly copying SQLite's bytes into one buffer.
struct ListingTable {
    let term: Terminal
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0
    /// Sessions by status, in `SessionStatus.allCases` order.
    private var statusCounts: [Int]
    var counts: [SessionStatus: Int] {
        Dictionary(uniqueKeysWithValues: zip(SessionStatus.allCases, statusCounts).filter { $0.1 > 0 })
    }

    /// Columns with the gaps around them, made once: `  Psilocybin  ` in `allCases` order, then
    /// one for no treatment; `🌤️  5 → ☀️  8` for every pair of moods (0 for none, then 1 to 10);
    /// `  complete            ` in `allCases` order.
    private let treatmentCases = Treatment.allCases
    private let treatments: [[UInt8]]
    private let moodPairs: [[UInt8]]
    private let statusCases = SessionStatus.allCases
    private let statuses: [[UInt8]]
    private let noDate = Array("no date".padded(to: 16).utf8)

    init(term: Terminal) {
        self.term = term
        treatments = (Treatment.allCases.map(\.displayName) + ["?"]).map { Array(("  " + $0.padded(to: 10) + "  ").utf8) }
        let text = SessionText(term: term, timeZone: .current)
        statuses = SessionStatus.allCases.map { Array(("  " + text.status($0) + "  ").utf8) }
        statusCounts = Array(repeating: 0, count: SessionStatus.allCases.count)
        let moods = ["  ·  "] + (1...10).map { Mood.emoji($0) + " " + ($0 < 10 ? " \($0)" : "\($0)") }
        moodPairs = moods.flatMap { before in moods.map { after in Array((before + " → " + after).utf8) } }
        bytes.reserveCapacity(1 << 16)
    }

    /// The columns before the intention: 16 + 2 + 10 + 2 + 13 (moods, emoji two columns each) + 2 + 16 + 2.
    static let used = 63

    mutating func append(_ row: ListingRow) {
        if count > 0 { bytes.append(UInt8(ascii: "\n")) }
        count += 1
        let status = statusCases.firstIndex(of: row.status) ?? 0
        statusCounts[status] += 1
        appendDate(row.dateText)
        bytes += treatments[row.treatment.flatMap { treatmentCases.firstIndex(of: $0) } ?? treatmentCases.count]
        bytes += moodPairs[ListingTable.mood(row.moodBefore) * 11 + ListingTable.mood(row.moodAfter)]
        bytes += statuses[status]
        appendIntention(row.intention)
    }

    /// 0 for no mood, then 1 to 10.
    private static func mood(_ value: Int?) -> Int {
        guard let value else { return 0 }
        return min(max(value, 1), 10)
    }

    /// `2024-12-10 14:30` (the time as written) or `2024-12-10`, padded to 16 columns.
    private mutating func appendDate(_ text: UnsafeBufferPointer<UInt8>) {
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { text[$0] >= 0x30 && text[$0] <= 0x39 } }
        let isDay = text.count >= 10 && digits(0..<4) && text[4] == UInt8(ascii: "-") && digits(5..<7)
            && text[7] == UInt8(ascii: "-") && digits(8..<10)
        if isDay && text.count == 10 {
            bytes += text
            for _ in 0..<6 { bytes.append(0x20) }
        } else if isDay && text.count >= 16 && text[10] == UInt8(ascii: "T") && digits(11..<13)
                    && text[13] == UInt8(ascii: ":") && digits(14..<16) {
            bytes += text[0..<10]
            bytes.append(0x20)
            bytes += text[11..<16]
        } else if let date = SessionDate.parse(String(decoding: text, as: UTF8.self)) {
            bytes += Array(date.shortString.padded(to: 16).utf8)
        } else {
            bytes += noDate
        }
    }

    /// The intention's first line, its control characters shown; on a terminal, cut to what is
    /// left of its width.
    private mutating func appendIntention(_ text: UnsafeBufferPointer<UInt8>) {
        var end = text.firstIndex(of: UInt8(ascii: "\n")) ?? text.count
        if end > 0 && text[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = UnsafeBufferPointer(rebasing: text[0..<end])
        let room = max(10, term.width - ListingTable.used)
        // Only a line longer than `room` bytes can be wider than `room` characters.
        if term.stdoutIsTTY && line.count > room {
            let string = VisibleText.escape(String(decoding: line, as: UTF8.self))
            if string.count > room {
                bytes += Array((String(string.prefix(room - 1)) + "…").utf8)
                return
            }
        }
        VisibleText.append(line, to: &bytes)
    }
}
