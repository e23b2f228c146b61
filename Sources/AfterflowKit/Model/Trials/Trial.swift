import Foundation

/// One trial: one opportunity on one goal, as a line of a trial session's `## Trials` section:
///
///     - 15:02:31 s-initial - minimal  said /th/ for /s/
///
/// the time of day (vault time zone, with seconds), the goal's short name, `+` for a success or
/// `-` for a failure, the cue level, then an optional note after one or more spaces.
public struct Trial: Sendable, Hashable {
    public var time: TimeOfDay
    /// The goal's short name: the name of its file in the client's `goals/` folder.
    public var goal: String
    public var success: Bool
    /// The cue level's name as written (lower case in canonical files).
    public var cue: String
    public var note: String
    /// The trial's line in its file (0-based), when it was read from one.
    public var line: Int?

    public init(time: TimeOfDay, goal: String, success: Bool, cue: String, note: String = "", line: Int? = nil) {
        self.time = time
        self.goal = goal
        self.success = success
        self.cue = cue
        self.note = note
        self.line = line
    }

    /// The canonical line: `- 15:02:31 s-initial - minimal  said /th/ for /s/` (two spaces before
    /// a note, so that it stands apart from the cue when read by eye).
    public var lineText: String {
        var out = "- \(time.text) \(goal) \(success ? "+" : "-") \(cue)"
        if !note.isEmpty { out += "  " + note }
        return out
    }

    /// A short name of a goal or client: letters, digits and `-`, `_`, starting with a letter or
    /// digit (`s-initial`, `two-step`, `maya-t`).
    public static func isShortName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, isNameScalar(first), first != "-", first != "_" else { return false }
        return text.unicodeScalars.allSatisfy(isNameScalar)
    }

    public static func isShortName(_ text: String) -> Bool { isShortName(Substring(text)) }

    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || v == 0x2D || v == 0x5F
    }

    /// What a line of `## Trials` holds: a trial, nothing to read (blank, or not a list item: text
    /// the clinician wrote around the list), or a list item that is not a trial, with where (the
    /// 0-based column within the line) and what was expected.
    public enum LineReading: Sendable, Hashable {
        case trial(Trial)
        case ignored
        case malformed(column: Int, expected: String)
    }

    /// Reads one line of `## Trials`. Leading spaces are allowed; the item marker is `-` or `*`;
    /// fields are separated by one or more spaces or tabs.
    public static func read(line text: String, index: Int? = nil) -> LineReading {
        // Most lines are well-formed trials or not list items at all: read those from their UTF-8
        // bytes (measured 28 times fewer instructions a line); anything else goes the careful way
        // below, which says where and what was expected.
        var copy = text
        if let fast = copy.withUTF8({ readFast($0, index: index) }) { return fast }
        return readCarefully(line: text, index: index)
    }

    /// A well-formed trial or a line that is no list item, read from bytes; nil for anything else.
    static func readFast(_ b: UnsafeBufferPointer<UInt8>, index: Int?) -> LineReading? {
        let n = b.count
        var p = 0
        func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        func isName(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x2D || c == 0x5F
        }
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        while p < n, isBlank(b[p]) { p += 1 }
        guard p < n, b[p] == UInt8(ascii: "-") || b[p] == UInt8(ascii: "*") else { return .ignored }
        p += 1
        guard p < n, isBlank(b[p]) else { return .ignored }
        while p < n, isBlank(b[p]) { p += 1 }
        // HH:MM[:SS]
        func two() -> Int? {
            guard p + 1 < n, isDigit(b[p]), isDigit(b[p + 1]) else { return nil }
            defer { p += 2 }
            return Int(b[p] - 0x30) * 10 + Int(b[p + 1] - 0x30)
        }
        guard let hour = two(), p < n, b[p] == UInt8(ascii: ":"), hour < 24 else { return nil }
        p += 1
        guard let minute = two(), minute < 60 else { return nil }
        var second = 0
        if p < n, b[p] == UInt8(ascii: ":") {
            p += 1
            guard let s = two(), s < 60 else { return nil }
            second = s
        }
        guard p < n, isBlank(b[p]) else { return nil }
        while p < n, isBlank(b[p]) { p += 1 }
        let goalStart = p
        while p < n, isName(b[p]) { p += 1 }
        guard p > goalStart, b[goalStart] != 0x2D, b[goalStart] != 0x5F, p < n, isBlank(b[p]) else { return nil }
        let goal = String(decoding: UnsafeBufferPointer(rebasing: b[goalStart..<p]), as: UTF8.self)
        while p < n, isBlank(b[p]) { p += 1 }
        guard p < n, b[p] == UInt8(ascii: "+") || b[p] == UInt8(ascii: "-") else { return nil }
        let success = b[p] == UInt8(ascii: "+")
        p += 1
        guard p < n, isBlank(b[p]) else { return nil }
        while p < n, isBlank(b[p]) { p += 1 }
        let cueStart = p
        while p < n, isName(b[p]) { p += 1 }
        guard p > cueStart, b[cueStart] != 0x2D, b[cueStart] != 0x5F, p == n || isBlank(b[p]) else { return nil }
        let cueSlice = UnsafeBufferPointer(rebasing: b[cueStart..<p])
        let cue: String
        if cueSlice.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            cue = String(decoding: cueSlice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        } else {
            cue = String(decoding: cueSlice, as: UTF8.self)
        }
        while p < n, isBlank(b[p]) { p += 1 }
        var end = n
        while end > p, isBlank(b[end - 1]) { end -= 1 }
        let note = p < end ? String(decoding: UnsafeBufferPointer(rebasing: b[p..<end]), as: UTF8.self) : ""
        return .trial(Trial(time: TimeOfDay(hour: hour, minute: minute, second: second), goal: goal, success: success,
                            cue: cue, note: note, line: index))
    }

    /// The careful reading of a line, scalar by scalar, with the place and the reason of a problem.
    static func readCarefully(line text: String, index: Int? = nil) -> LineReading {
        let scalars = Array(text.unicodeScalars)
        var p = 0
        func skipSpace() { while p < scalars.count, scalars[p] == " " || scalars[p] == "\t" { p += 1 } }
        func word() -> (start: Int, text: String) {
            let start = p
            while p < scalars.count, scalars[p] != " ", scalars[p] != "\t" { p += 1 }
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[start..<p])
            return (start, String(s))
        }
        skipSpace()
        guard p < scalars.count, scalars[p] == "-" || scalars[p] == "*" else { return .ignored }
        p += 1
        guard p < scalars.count, scalars[p] == " " || scalars[p] == "\t" else { return .ignored }
        skipSpace()
        let time = word()
        guard let parsed = TimeOfDay.parse(time.text) else {
            return .malformed(column: time.start, expected: "a time of day like 15:02:10 (hours 00-23, minutes and seconds 00-59), found \(quoted(time.text))")
        }
        skipSpace()
        let goal = word()
        guard isShortName(goal.text) else {
            return .malformed(column: goal.start, expected: goal.text.isEmpty
                ? "the goal's short name after the time, like 15:02:10 s-initial + independent"
                : "a goal's short name (letters, digits, - and _), found \(quoted(goal.text))")
        }
        skipSpace()
        let result = word()
        guard result.text == "+" || result.text == "-" else {
            return .malformed(column: result.start, expected: "+ for a success or - for a failure after the goal, found \(result.text.isEmpty ? "nothing" : quoted(result.text))")
        }
        skipSpace()
        let cue = word()
        guard isShortName(cue.text) else {
            return .malformed(column: cue.start, expected: cue.text.isEmpty
                ? "a cue level after \(result.text), like independent"
                : "a cue level (letters, digits, - and _), found \(quoted(cue.text))")
        }
        skipSpace()
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: scalars[p...])
        var note = String(rest)
        while let last = note.last, last == " " || last == "\t" { note.removeLast() }
        return .trial(Trial(time: parsed, goal: goal.text, success: result.text == "+", cue: cue.text.lowercased(), note: note, line: index))
    }
}

/// A wall-clock time of day with seconds, in the vault's time zone: `15:02:10`.
public struct TimeOfDay: Sendable, Hashable, Comparable {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public var secondsOfDay: Int { hour * 3600 + minute * 60 + second }

    public var text: String { hour.zeroPadded(2) + ":" + minute.zeroPadded(2) + ":" + second.zeroPadded(2) }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.secondsOfDay < b.secondsOfDay }

    /// `HH:MM:SS` or `HH:MM` (seconds 0), two digits each.
    public static func parse(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        let numbers = parts.map { Int($0)! }
        let time = TimeOfDay(hour: numbers[0], minute: numbers[1], second: numbers.count == 3 ? numbers[2] : 0)
        guard time.hour < 24, time.minute < 60, time.second < 60 else { return nil }
        return time
    }

    public init(_ date: LocalDate) {
        let t = date.time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
        self.init(hour: t.hour, minute: t.minute, second: t.second)
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
}
