import AfterflowKit
import Foundation

/// Writes ten years of moods between sessions: three check-ins a day (morning, afternoon,
/// evening; about 11,000), a PHQ-9 and a GAD-7 each month, and a therapy session each month, in
/// the vault layout (`moods/YYYY/`, `assessments/YYYY/`, `sessions/YYYY/`). Scores drift with the
/// seasons and lift after sessions; notes name associations now and then. The same seed always
/// gives the same files.
struct MoodGenerator {
    var rng: SplitMix64
    let zone = TimeZone(identifier: "America/Los_Angeles")!

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    struct Summary {
        var checkIns = 0
        var assessments = 0
        var sessions = 0
    }

    static let notes = [
        "Long day at work", "Gym before breakfast", "Called my mum", "Rent is due", "Quiet evening reading",
        "Rainy walk", "Meditation helped", "Dinner with a friend", "Deadline stress", "Good talk with my partner",
        "", "", "", "",
    ]

    mutating func generate(into directory: String, years: Int = 10) throws -> Summary {
        _ = try VaultInitializer.initialize(at: directory, timeZone: zone)
        var summary = Summary()
        let firstDay = 16_436  // 2015-01-01, days since 1970
        let days = years * 365 + years / 4
        var lastSession = -100
        for d in 0..<days {
            let dayStart = (firstDay + d) * 86_400 + 8 * 3_600  // 00:00 Los Angeles in winter
            let season = sin(Double(d) / 365.25 * 2 * .pi)
            // A session each month, on the 10th day of the month's first fortnight.
            if d % 30 == 10 {
                lastSession = d
                let when = LocalDate(Date(timeIntervalSince1970: TimeInterval(dayStart + 10 * 3_600)), in: zone)
                var values = SessionValues(date: when, treatment: [.psilocybin, .ketamine, .mdma][pick(3)], created: when)
                values.id = UUID(uuid: uuidBytes())
                values.moodBefore = 4 + pick(3)
                values.moodAfter = 6 + pick(4)
                values.intention = "Notice what the weeks between sessions are like."
                try write("\(directory)/sessions/\(when.year)/\(when.dayString)-\(values.treatment.rawValue).md",
                          SessionTemplate.builtIn.render(values, timeZone: zone))
                summary.sessions += 1
            }
            // PHQ-9 and GAD-7 each month, two days before the session.
            if d % 30 == 8 {
                for instrument in AssessmentInstrument.allCases {
                    let when = LocalDate(Date(timeIntervalSince1970: TimeInterval(dayStart + 19 * 3_600 + (instrument == .phq9 ? 0 : 300))), in: zone)
                    let level = max(0, min(3, Int((1.2 - season * 0.6).rounded())))
                    let answers = (0..<instrument.itemCount).map { i in
                        i == 8 ? 0 : max(0, min(3, level + pick(3) - 1))
                    }
                    var values = AssessmentAnswer(date: when, instrument: instrument, answers: answers, created: when)
                    values.id = UUID(uuid: uuidBytes())
                    try write("\(directory)/\(AssessmentWriter.path(for: when, instrument: instrument, timeZone: zone))",
                              AssessmentWriter.newDocument(values, timeZone: zone))
                    summary.assessments += 1
                }
            }
            for (hour, minute) in [(8, pick(60)), (13, pick(60)), (21, pick(60))] {
                let when = LocalDate(Date(timeIntervalSince1970: TimeInterval(dayStart + hour * 3_600 + minute * 60)), in: zone)
                let lift = d - lastSession < 7 ? 1.0 : 0.0
                let score = max(1, min(10, Int((5.5 + season * 1.5 + lift + Double(pick(5)) - 2).rounded())))
                var values = MoodValues(date: when, score: score, created: when)
                values.id = UUID(uuid: uuidBytes())
                values.kind = hour == 21 && chance(0.3) ? .dailyMood : .momentaryEmotion
                values.notes = Self.notes[pick(Self.notes.count)]
                values.labels = MoodVocabulary.defaultLabels(forScore: score)
                values.associations = MoodVocabulary.inferAssociations(from: values.notes, extra: [:])
                try write("\(directory)/\(MoodWriter.path(for: when, timeZone: zone))", MoodWriter.newDocument(values, timeZone: zone))
                summary.checkIns += 1
            }
        }
        return summary
    }

    func write(_ path: String, _ text: String) throws {
        try FileIO.createDirectories(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    mutating func uuidBytes() -> uuid_t {
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<16 { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])
    }

    mutating func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { Double(rng.next() % 1_000_000) / 1_000_000 < p }
}
