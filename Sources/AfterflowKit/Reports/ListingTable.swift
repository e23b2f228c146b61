/// `list`'s table, one line a session, built as bytes:
/// `2024-12-10 14:30  Psilocybin  🌤️  5 → ☀️  8  complete          To explore creativity…`
///
/// Every column but the intention is one of a few values, made once; a listing of 10,000
/// sessions is then mostly copying SQLite's bytes into one buffer. On a terminal every line fits
/// its width (see `ListingLayout`); piped, lines are whole. Pure: the front end says the width
/// and how each status is shown.
package struct ListingTable {
    package let layout: ListingLayout
    /// The terminal's columns; nil when piped.
    package let width: Int?
    /// The vault's treatments, for the display names of those the app has not (or the vault
    /// names anew).
    package var catalog = TreatmentCatalog.builtIn {
        didSet { renamed = Set(Treatment.allCases.filter { catalog.displayName(of: $0) != $0.displayName }) }
    }
    /// The app's treatments the vault gives another display name.
    private var renamed: Set<Treatment> = []
    package private(set) var bytes: [UInt8] = []
    package private(set) var count = 0
    /// Sessions by status, in `SessionStatus.allCases` order.
    private var statusCounts: [Int]
    package var counts: [SessionStatus: Int] {
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
    private let noDate: [UInt8]
    /// Columns left for the intention on a terminal; nil when piped (lines are whole).
    private let room: Int?

    /// `width`: the terminal's columns, nil when piped (the full layout, lines whole);
    /// `statuses`: each status as shown in `layout` (`SessionStatus.allCases` order).
    package init(width: Int?, layout: ListingLayout, statuses: [String]) {
        self.width = width
        self.layout = layout
        let gap = String(repeating: " ", count: layout.gap)
        treatments = (Treatment.allCases.map(\.displayName) + ["?"]).map { Array((gap + $0.padded(to: 10) + gap).utf8) }
        self.statuses = statuses.map { Array((gap + $0 + gap).utf8) }
        statusCounts = Array(repeating: 0, count: SessionStatus.allCases.count)
        let moods: [String]
        if layout.moodEmoji {
            moods = ["  ·  "] + (1...10).map { MoodScale.emoji($0) + " " + ($0 < 10 ? " \($0)" : "\($0)") }
        } else {
            moods = [" ·"] + (1...10).map { $0 < 10 ? " \($0)" : "\($0)" }
        }
        moodPairs = moods.flatMap { before in moods.map { after in Array((before + " → " + after).utf8) } }
        noDate = Array("no date".padded(to: layout.dateWidth).utf8)
        room = width.map { max(1, $0 - layout.used) }
        bytes.reserveCapacity(1 << 16)
    }

    package mutating func append(_ row: ListingRow) {
        if count > 0 { bytes.append(UInt8(ascii: "\n")) }
        let start = bytes.count
        count += 1
        let status = statusCases.firstIndex(of: row.status) ?? 0
        statusCounts[status] += 1
        appendDate(row.dateText)
        if let treatment = row.treatment, !treatment.isAppTreatment || renamed.contains(treatment) {
            // A treatment afterflow or the vault adds, or names anew: its display name, made for this row.
            let gap = String(repeating: " ", count: layout.gap)
            // The column is 10 wide: a longer name is cut, with an ellipsis.
            let name = catalog.displayName(of: treatment)
            let shown = DisplayWidth.of(name) > 10 ? DisplayWidth.prefix(name, fitting: 9).text.trimmingCharacters(in: .whitespaces) + "…" : name
            bytes += Array((gap + shown.padded(to: 10) + gap).utf8)
        } else {
            bytes += treatments[row.treatment.flatMap { treatmentCases.firstIndex(of: $0) } ?? treatmentCases.count]
        }
        bytes += moodPairs[ListingTable.mood(row.moodBefore) * 11 + ListingTable.mood(row.moodAfter)]
        bytes += statuses[status]
        appendIntention(row.intention)
        if layout.cutsWholeLines { cutLine(from: start) }
    }

    /// 0 for no mood, then 1 to 10.
    private static func mood(_ value: Int?) -> Int {
        guard let value else { return 0 }
        return min(max(value, 1), 10)
    }

    /// `2024-12-10 14:30` (the time as written) or `2024-12-10`, padded to 16 columns; the day
    /// alone in a layout without times.
    private mutating func appendDate(_ text: UnsafeBufferPointer<UInt8>) {
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { text[$0] >= 0x30 && text[$0] <= 0x39 } }
        let isDay = text.count >= 10 && digits(0..<4) && text[4] == UInt8(ascii: "-") && digits(5..<7)
            && text[7] == UInt8(ascii: "-") && digits(8..<10)
        if isDay && (text.count == 10 || layout.dateWidth == 10) {
            bytes += text[0..<10]
            for _ in 10..<layout.dateWidth { bytes.append(0x20) }
        } else if isDay && text.count >= 16 && text[10] == UInt8(ascii: "T") && digits(11..<13)
                    && text[13] == UInt8(ascii: ":") && digits(14..<16) {
            bytes += text[0..<10]
            bytes.append(0x20)
            bytes += text[11..<16]
        } else if let date = LocalDate.parse(String(decoding: text, as: UTF8.self)) {
            bytes += Array(String(date.shortString.prefix(layout.dateWidth)).padded(to: layout.dateWidth).utf8)
        } else {
            bytes += noDate
        }
    }

    /// The intention's first line, its control characters shown; on a terminal, cut to what is
    /// left of its width, measured in columns (`DisplayWidth`), with tabs shown as spaces.
    private mutating func appendIntention(_ text: UnsafeBufferPointer<UInt8>) {
        var end = text.firstIndex(of: UInt8(ascii: "\n")) ?? text.count
        if end > 0 && text[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = UnsafeBufferPointer(rebasing: text[0..<end])
        guard let room else {
            VisibleText.append(line, to: &bytes)
            return
        }
        // A character takes no more columns than it has UTF-8 bytes; only control characters,
        // shown as `^[` or `<U+009B>`, and tabs take more.
        if line.count <= room && !VisibleText.needsEscaping(line, lines: false) && !line.contains(0x09) {
            bytes += line
            return
        }
        // Printable ASCII, the common case: a column a byte.
        if line.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            bytes += line[0..<(room - 1)]
            bytes += ListingTable.ellipsis
            return
        }
        var string = VisibleText.escape(String(decoding: line, as: UTF8.self))
        if line.contains(0x09) { string = string.replacingOccurrences(of: "\t", with: " ") }
        // Measured only as far as the room: a long intention costs no more than a short one.
        let cut = DisplayWidth.fit(string, columns: room)
        if cut.whole {
            bytes += Array(string.utf8)
        } else {
            bytes += string.utf8.prefix(cut.bytesBeforeLast)
            bytes += ListingTable.ellipsis
        }
    }

    private static let ellipsis = Array("…".utf8)

    /// Cuts the line that starts at `start` to the terminal's width, for terminals narrower than
    /// the narrowest layout.
    private mutating func cutLine(from start: Int) {
        guard let width else { return }
        let line = String(decoding: bytes[start...], as: UTF8.self)
        guard DisplayWidth.of(line) > width else { return }
        bytes.removeSubrange(start...)
        bytes += Array((String(DisplayWidth.prefix(line, fitting: max(0, width - 1)).text) + "…").utf8)
    }
}

/// How wide `list`'s columns are for a terminal's width: the intention is cut first, down to
/// `minimumIntention` columns, then the other columns narrow one step at a time: the mood emoji
/// go (`🌦️  4 → 🌤️  6` becomes ` 4 →  6`), the status is shortened (`needs reflection` becomes
/// `to reflect`), the time goes from the date, and the gaps become one space. At 50 columns that
/// leaves 9 for the intention.
public struct ListingLayout: Equatable, Sendable {
    public var moodEmoji = true
    public var shortStatus = false
    public var dateWidth = 16
    public var gap = 2
    /// Set for terminals narrower than the narrowest layout needs: lines are cut whole.
    public var cutsWholeLines = false

    public static let full = ListingLayout()
    /// Columns the intention keeps before the others narrow.
    public static let minimumIntention = 12

    /// The columns before the intention: date, treatment (10), moods (13 with emoji, which take
    /// two columns each, else 7), status (16, or 10 short) and the gaps around treatment and status.
    public var used: Int { dateWidth + 10 + (moodEmoji ? 13 : 7) + (shortStatus ? 10 : 16) + 4 * gap }

    /// The widest layout that leaves the intention `minimumIntention` columns of `width`.
    public init(width: Int) {
        let steps: [(inout ListingLayout) -> Void] = [
            { $0.moodEmoji = false }, { $0.shortStatus = true }, { $0.dateWidth = 10 }, { $0.gap = 1 },
        ]
        for step in steps where width - used < ListingLayout.minimumIntention {
            step(&self)
        }
        // The intention and its `…` need two columns at least.
        cutsWholeLines = width - used < 2
    }

    private init() {}
}
