import Foundation

/// What a new assessment says.
public struct AssessmentValues: Sendable {
    public var id = UUID()
    public var date: LocalDate
    public var instrument: AssessmentInstrument
    /// Each item's answer, 0-3, in order.
    public var answers: [Int]
    public var created: LocalDate
    public var notes = ""
    /// The id of the session the answers are about (`session:`); no line when nil.
    public var session: String?

    public init(date: LocalDate, instrument: AssessmentInstrument, answers: [Int], created: LocalDate) {
        self.date = date
        self.instrument = instrument
        self.answers = answers
        self.created = created
    }

    public var total: Int { answers.reduce(0, +) }
    public var band: AssessmentBand { instrument.band(total: total) }
}

/// What a new answer to an instrument other than PHQ-9 and GAD-7 says.
public struct InstrumentAnswers: Sendable {
    public var id = UUID()
    public var date: LocalDate
    public var instrument: Instrument
    /// Each item's answer, on the instrument's scale, in order.
    public var answers: [Int]
    public var created: LocalDate
    public var notes = ""
    public var session: String?

    public init(date: LocalDate, instrument: Instrument, answers: [Int], created: LocalDate) {
        self.date = date
        self.instrument = instrument
        self.answers = answers
        self.created = created
    }

    public var score: InstrumentScore { instrument.score(answers: answers) }
}

/// New assessment files in their one canonical form, and where they go.
public enum AssessmentWriter {
    public static let folder = "assessments"

    public static func newDocument(_ values: AssessmentValues, timeZone: TimeZone) -> String {
        let stamp = values.created.canonical(in: timeZone)
        var lines = ["---", "type: assessment", "id: \(values.id.uuidString.uppercased())", "date: \(values.date.canonical(in: timeZone))",
                     "instrument: \(values.instrument.rawValue)", "items: \(itemsText(values.answers))",
                     "total: \(values.total)", "band: \(values.band.rawValue)"] + (values.session.map { ["session: \($0)"] } ?? [])
            + ["created: \(stamp)", "updated: \(stamp)", "---"]
        let notes = values.notes.trimmingCharacters(in: .whitespacesAndNewlines)
        if !notes.isEmpty { lines += ["", notes] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An answer to any other instrument: its id, the items and the session; no total or band,
    /// which are the instrument's scores of the items.
    public static func newDocument(_ values: InstrumentAnswers, timeZone: TimeZone) -> String {
        let stamp = values.created.canonical(in: timeZone)
        var lines = ["---", "type: assessment", "id: \(values.id.uuidString.uppercased())", "date: \(values.date.canonical(in: timeZone))",
                     "instrument: \(values.instrument.id)", "items: \(itemsText(values.answers))"]
        if let session = values.session { lines.append("session: \(session)") }
        lines += ["created: \(stamp)", "updated: \(stamp)", "---"]
        let notes = values.notes.trimmingCharacters(in: .whitespacesAndNewlines)
        if !notes.isEmpty { lines += ["", notes] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[1, 0, 2]`.
    public static func itemsText(_ answers: [Int]) -> String {
        "[" + answers.map(String.init).joined(separator: ", ") + "]"
    }

    /// `assessments/2025/2025-03-04-0815-phq9.md`, the day and time in the vault's time zone;
    /// `-2`, `-3` … before `.md` for a second one of the instrument within the same minute.
    public static func path(for date: LocalDate, instrument: AssessmentInstrument, timeZone: TimeZone, attempt: Int = 1) -> String {
        DocumentStore.Placement.assessment(date: date, instrument: instrument, timeZone: timeZone).path(attempt: attempt)
    }
}

/// Rewrites an assessment's file into canonical form for `fmt`: a missing or empty `id` gets a
/// new one, a missing `total` or `band` is added from the items; every other line stays as
/// written.
public struct AssessmentFormatter: Sendable {
    public init() {}

    /// The canonical document, or nil when the assessment has errors (fix those first).
    public func format(_ assessment: Assessment, newID: () -> UUID = { UUID() }) -> Document? {
        guard let frontMatter = assessment.document.frontMatter, !assessment.diagnostics.hasErrors else { return nil }
        var document = GoalFormatter.fillingID(assessment.document, id: assessment.id, newID: newID)
        if frontMatter.entry("total") == nil, assessment.isComplete, let total = assessment.total {
            document = document.settingFrontMatter("total", to: ["total: \(total)"], order: Assessment.keys)
        }
        if frontMatter.entry("band") == nil, assessment.isComplete, let band = assessment.band {
            document = document.settingFrontMatter("band", to: ["band: \(band.rawValue)"], order: Assessment.keys)
        }
        return document
    }
}
