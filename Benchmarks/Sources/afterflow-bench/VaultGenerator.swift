import AfterflowKit
import Foundation

/// Writes a vault of realistic sessions: varied lengths, treatments and statuses, and the quirks of
/// hand-edited files (comments, unknown keys, keys out of order, CRLF, quoted values, block lists).
/// The same seed always gives the same vault.
struct VaultGenerator {
    var rng: SplitMix64

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    mutating func generate(into directory: String, count: Int) throws {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        _ = try VaultInitializer.initialize(at: directory, timeZone: zone)
        let start = 1_420_070_400  // 2015-01-01
        let span = 1_735_689_600 - start  // to 2025-01-01
        var written = 0
        var used = Set<String>()
        while written < count {
            let seconds = start + Int(rng.next() % UInt64(span)) / 60 * 60
            let date = LocalDate(Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
            let treatment = Treatment.allCases[pick(Treatment.allCases.count)]
            var values = SessionValues(date: date, treatment: treatment, created: LocalDate(Date(timeIntervalSince1970: TimeInterval(seconds + 90)), in: zone))
            values.id = UUID(uuid: uuidBytes())
            values.administration = Administration.allCases[pick(Administration.allCases.count)]
            if chance(0.8) { values.dose = ["3.5 g", "120 mg", "0.5 mg/kg", "100 µg", "2 g", "10 mg"][pick(6)] }
            let roll = pick(100)
            values.moodBefore = roll < 3 ? nil : 1 + pick(10)
            values.intention = roll < 5 && roll >= 3 ? "" : sentences(1 + pick(3))
            values.moodAfter = chance(0.85) ? 1 + pick(10) : nil
            values.environment = chance(0.9) ? sentences(1 + pick(4)) : ""
            values.musicNotes = chance(0.6) ? sentences(1 + pick(2)) : ""
            if chance(0.7) { values.music = "https://open.spotify.com/playlist/\(token(22))" }
            if chance(0.6) { values.tags = (0..<(1 + pick(3))).map { _ in Self.tags[pick(Self.tags.count)] } }
            if roll >= 25 {
                values.reflections = (0..<(1 + pick(5))).map { _ in "[\(date.dayString) \(String(format: "%02d", pick(24))):\(String(format: "%02d", pick(60)))] " + sentences(2 + pick(6)) }
                    .joined(separator: "\n\n")
            }
            var text = SessionTemplate.builtIn.render(values, timeZone: zone)
            text = quirk(text)
            var name = "\(date.dayString)-\(treatment.rawValue)"
            var n = 2
            while used.contains(name) {
                name = "\(date.dayString)-\(treatment.rawValue)-\(n)"
                n += 1
            }
            used.insert(name)
            let folder = "\(directory)/sessions/\(date.year)"
            try FileIO.createDirectories(folder)
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name).md"))
            written += 1
        }
    }

    /// Hand edits, each in a few percent of files.
    mutating func quirk(_ text: String) -> String {
        var text = text
        if chance(0.05) { text = text.replacingOccurrences(of: "\nmood_before:", with: "\n# felt shaky this morning\nmood_before:") }
        if chance(0.05) { text = text.replacingOccurrences(of: "\nstatus:", with: "\nfacilitator: Maya\nstatus:") }
        if chance(0.03), let range = text.range(of: "treatment: ") {
            let line = text[range.lowerBound...].prefix { $0 != "\n" }
            text = text.replacingOccurrences(of: "\n" + line, with: "")
            text = text.replacingOccurrences(of: "---\nid:", with: "---\n\(line)\nid:")
        }
        if chance(0.03), let start = text.range(of: "\ndose: ") {
            let end = text[start.upperBound...].firstIndex(of: "\n") ?? text.endIndex
            text.replaceSubrange(start.upperBound..<end, with: "\"" + text[start.upperBound..<end] + "\"")
        }
        if chance(0.02), let start = text.range(of: "tags: ["), let end = text[start.upperBound...].firstIndex(of: "]") {
            let items = text[start.upperBound..<end].split(separator: ",").map { "  - " + $0.trimmingCharacters(in: .whitespaces) }
            text.replaceSubrange(start.lowerBound...end, with: "tags:\n" + items.joined(separator: "\n"))
        }
        if chance(0.03) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return text
    }

    static let words = """
        breath light slow warm open quiet felt noticed water trees music chest heavy soft grief joy body \
        morning evening window garden ocean friend partner mother father held safe curious tender steady \
        space colour pattern memory forgive listen rest walk tears laughter gratitude home path river
        """.split(separator: " ").map(String.init)
    static let tags = ["integration", "nature", "grief", "family", "creativity", "work", "body", "music", "ceremony", "solo"]

    mutating func sentences(_ count: Int) -> String {
        (0..<count).map { _ in
            let words = (0..<(5 + pick(12))).map { _ in Self.words[pick(Self.words.count)] }
            return words.joined(separator: " ").prefix(1).uppercased() + words.joined(separator: " ").dropFirst() + "."
        }.joined(separator: " ")
    }

    mutating func token(_ length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<length).map { _ in alphabet[pick(alphabet.count)] })
    }

    mutating func uuidBytes() -> uuid_t {
        var b = (0..<16).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
    }

    mutating func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { Double(rng.next() % 1_000_000) / 1_000_000 < p }
}

/// A small, fast, seedable generator (Vigna's SplitMix64).
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
