@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

/// `fmt` never makes a valid file invalid, and never changes what a file says: on generated session
/// files with every kind of value, comment, block scalar and empty key, the formatted file has no
/// errors when the input had none, reads to the same typed fields, keeps the user's own keys'
/// values, and is its own format.
@Suite struct FormatterPropertyTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    let formatter = SessionFormatter(timeZone: zone)

    /// Draws choices from a list of numbers, so that a failing file is reproduced by its numbers.
    struct Choices {
        var numbers: [Int]
        var next = 0
        mutating func pick(_ count: Int) -> Int {
            defer { next += 1 }
            return numbers.isEmpty ? 0 : numbers[next % numbers.count] % count
        }
        mutating func one<T>(_ options: [T]) -> T { options[pick(options.count)] }
        mutating func chance(_ percent: Int) -> Bool { pick(100) < percent }
    }

    static let texts = ["3.5 g", "0.5 mg/kg", "yes", "10", "a: b", "#x", "it's", "é 😀", "  padded ", "", "null", "~", "- dash",
                        "[x]", "2024-12-10", "line\nbreak", "tab\there", "a, b", "trailing:", "x # y"]
    static let comments = ["# a", "#", "# first time at this dose", "# ü: [x], 'y'"]

    /// A value for `key`, as the lines after `key:` (the first is on the key's line).
    static func value(_ c: inout Choices, for key: String) -> [String] {
        func text() -> String { c.one(texts) }
        switch key {
        case "id": return [c.one(["6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", "6f1c2a8e-5b3d-4c1a-9f0e-2d7b8c9a1e34", "'6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34'", "", "~"])]
        case "date", "reminder", "created", "updated":
            return [c.one(["2024-12-10T14:30:00-08:00", "2024-12-10 14:30", "2024-12-10", "'2024-03-10 02:30'", "2024-11-03T01:30:00",
                           "\"2024-12-10T22:30:00Z\"", "2024-12-10t14:30:00.25+05:30", "", "null"])]
        case "treatment": return [c.one(["psilocybin", "LSD", "'MDMA'", "\"Ketamine\"", "other", "", "~"])]
        case "administration": return [c.one(["oral", "Intravenous (IV)", "IM", "'nasal'", "intranasal", "", "~"])]
        case "mood_before", "mood_after": return [c.one(["5", "'7'", "\"10\"", "1", "", "~", " 3"])]
        case "status": return [c.one(["draft", "needs reflection", "complete", "'complete'", "", "needs-reflection"])]
        case "type": return [c.one(["session", "Session", "'SESSION'", "", "~"])]
        case "tags":
            switch c.pick(5) {
            case 0: return ["[" + (0..<c.pick(4)).map { _ in c.one(["a", "'b c'", "\"d,e\"", "~", "x y"]) }.joined(separator: ", ") + "]"]
            case 1: return [""] + (0..<(1 + c.pick(3))).map { _ in "  - " + c.one(["a", "'b c'", "\"d,e\"", "null", "x # y"]) }
            case 2: return [c.one(["solo", "'a, b'", "", "~"])]
            case 3: return [""] + (0..<(1 + c.pick(3))).map { _ in c.chance(50) ? "  # between" : "  - " + c.one(["a", "b # note"]) }.sorted { $0.contains("-") && !$1.contains("-") ? false : $0 < $1 }
            default: return ["[]"]
            }
        default:
            // dose, music and the user's own keys: any text, in any style.
            let t = text()
            switch c.pick(8) {
            case 0: return [YAMLWriter.scalar(t)]
            case 1: return ["'" + t.replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\n", with: " ") + "'"]
            case 2: return [YAMLWriter.doubleQuoted(t)]
            case 3, 4:
                let header = c.one(["|", "|-", "|+", ">", ">-", ">+", "|2"])
                let body = (0..<(1 + c.pick(3))).map { _ in "  " + c.one(["one", "two words", "  more indented", "# not a comment", "x: y"]) }
                let blanks = Array(repeating: "", count: c.pick(3))
                return [header] + body + (header.hasSuffix("+") ? blanks : [])
            case 5: return ["", "  " + c.one(["folded", "on the next line"]), "  " + c.one(["and more", "x"])]
            case 6: return [""]
            default: return [c.one(["~", "null", "''", "\"\""])]
            }
        }
    }

    static let knownKeys = SessionKey.order
    static let ownKeys = ["facilitator", "notes", "integration_call", "Setting-2"]

    /// A whole session file: keys in any order, comments and blank lines between and after them.
    static func file(_ numbers: [Int]) -> String {
        var c = Choices(numbers: numbers)
        var keys = knownKeys.filter { _ in c.chance(55) } + ownKeys.filter { _ in c.chance(40) }
        for i in keys.indices.reversed() { keys.swapAt(i, c.pick(i + 1)) }
        if !keys.contains("date") { keys.append("date") }
        if !keys.contains("treatment") { keys.insert("treatment", at: c.pick(keys.count + 1)) }
        var lines = ["---"]
        for key in keys {
            if c.chance(15) { lines.append(c.one(["", "  ", "# about \(key)", "   # indented, about \(key)"])) }
            var value = value(&c, for: key)
            let first = value.removeFirst()
            var line = first.isEmpty ? "\(key):" : "\(key): \(first)"
            // A comment after the value on the key's line, where YAML allows one.
            if c.chance(30) && !first.hasSuffix(":") {
                line += c.one([" ", "  ", "\t", "   "]) + c.one(comments)
            }
            lines.append(line)
            lines += value
        }
        if c.chance(30) { lines.append(c.one(["# the end", "", "  # indented at the end"])) }
        lines.append("---")
        lines.append("# Title")
        lines.append("")
        for section in ["Intention", "Environment", "Music", "Reflections"] where c.chance(70) {
            lines += ["## \(section)", ""] + (c.chance(70) ? [c.one(["Rest.", "To see\nand listen.", "```\n## not a heading\n```"]), ""] : [])
        }
        return lines.joined(separator: c.chance(20) ? "\r\n" : "\n") + "\n"
    }

    /// A value without its place: what the user's own keys must keep.
    static func shape(_ value: YAMLValue?) -> String {
        switch value {
        case nil: return "absent"
        case .null: return "null"
        case .scalar(let s): return "\(s.style):\(s.text)"
        case .list(let items, let flow): return "\(flow ? "flow" : "block")" + items.map { "|\($0.style):\($0.text)" }.joined()
        }
    }

    static func canonical(_ date: LocalDate?) -> String? { date?.canonical(in: zone) }

    @Test func formattingAValidFileGivesAValidFileThatSaysTheSame() async {
        let numbers = Gen.int(in: 0...9_999).array(of: 40...160)
        await propertyCheck(count: 1500, input: numbers) { numbers in
            let text = Self.file(numbers)
            let before = Session(parsing: text)
            guard !before.diagnostics.hasErrors else { return }
            guard let formatted = formatter.format(before, newID: { UUID(uuidString: "00000000-0000-4000-8000-000000000001")! }) else {
                Issue.record("a file without errors was not formatted:\n\(text)")
                return
            }
            let after = Session(document: formatted)
            let output = String(decoding: formatted.bytes, as: UTF8.self)
            let context = "input:\n\(text)\noutput:\n\(output)"
            #expect(!after.diagnostics.hasErrors, "\(after.diagnostics)\n\(context)")
            #expect(after.id == before.id || (before.id == nil && after.id != nil), "\(context)")
            #expect(Self.canonical(after.date) == Self.canonical(before.date), "\(context)")
            #expect(after.treatment == before.treatment, "\(context)")
            #expect(after.administration == before.administration, "\(context)")
            #expect(after.dose == before.dose, "\(context)")
            #expect(after.moodBefore == before.moodBefore, "\(context)")
            #expect(after.moodAfter == before.moodAfter, "\(context)")
            #expect(after.status == before.status, "\(context)")
            #expect(after.recordedStatus == before.status, "fmt writes the status the content gives\n\(context)")
            #expect(Self.canonical(after.reminder) == Self.canonical(before.reminder), "\(context)")
            #expect(after.music == before.music, "\(context)")
            #expect(after.tags == before.tags, "\(context)")
            #expect(Self.canonical(after.created) == Self.canonical(before.created), "\(context)")
            #expect(Self.canonical(after.updated) == Self.canonical(before.updated), "\(context)")
            #expect(after.intention == before.intention && after.environment == before.environment, "\(context)")
            #expect(after.musicNotes == before.musicNotes && after.reflections == before.reflections, "\(context)")
            for entry in before.document.frontMatter?.entries ?? [] where SessionKey(rawValue: entry.key) == nil {
                #expect(Self.shape(after.document.frontMatter?[entry.key]) == Self.shape(entry.value), "\(entry.key)\n\(context)")
            }
            let again = formatter.format(after)
            #expect(again?.bytes == formatted.bytes, "formatting twice changes nothing\n\(context)")
        }
    }

    @Test func theGeneratorMakesValidFilesOfEveryKind() {
        // Enough of the generated files are valid for the property above to mean something, and
        // they hold what it is about.
        var valid = 0
        var withComments = 0
        var withKeptBlanks = 0
        var rng = SeededRandom("FormatterPropertyTests")
        for _ in 0..<500 {
            let text = Self.file((0..<120).map { _ in Int.random(in: 0...9_999, using: &rng) })
            let session = Session(parsing: text)
            guard !session.diagnostics.hasErrors else { continue }
            valid += 1
            if session.document.frontMatter?.entries.contains(where: { !$0.comments.isEmpty }) == true { withComments += 1 }
            if text.contains("|+\n  ") || text.contains(">+\n  ") { withKeptBlanks += 1 }
        }
        #expect(valid >= 100, "\(valid) of 500 generated files are valid")
        #expect(withComments >= 30)
        #expect(withKeptBlanks >= 5)
    }
}
