import Foundation

/// New assessment files in their one canonical form, and where they go.
public enum AssessmentWriter {
    public static let folder = "assessments"

    /// A new answer's file: its id, date, instrument and items; PHQ-9 and GAD-7 also carry
    /// `total:` and `band:`, any other instrument's scores are computed from the items; then the
    /// session it is about, if any, and the notes as the body.
    public static func newDocument(_ answer: AssessmentAnswer, timeZone: TimeZone) -> String {
        let stamp = answer.created.canonical(in: timeZone)
        var lines = ["---", "type: assessment", "id: \(answer.id.uuidString.uppercased())", "date: \(answer.date.canonical(in: timeZone))",
                     "instrument: \(answer.instrument.id)", "items: \(itemsText(answer.answers))"]
        if let total = answer.total, let band = answer.band { lines += ["total: \(total)", "band: \(band.rawValue)"] }
        if let session = answer.session { lines.append("session: \(session)") }
        lines += ["created: \(stamp)", "updated: \(stamp)", "---"]
        let notes = answer.notes.trimmingCharacters(in: .whitespacesAndNewlines)
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
