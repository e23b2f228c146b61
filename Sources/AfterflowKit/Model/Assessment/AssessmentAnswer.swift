import Foundation

/// One set of answers to any instrument, as `afterflow assess ID` and the journal page save it
/// (`DocumentStore.create(_: AssessmentAnswer)`): PHQ-9 and GAD-7 as `AssessmentValues` (their
/// file carries `total:` and `band:`), every other instrument as `InstrumentAnswers` (the items
/// alone; the scores are the instrument's). The one place that rule lives.
public struct AssessmentAnswer: Sendable {
    public var id = UUID()
    public var date: LocalDate
    public var instrument: Instrument
    /// Each item's answer, on the instrument's scale, in order.
    public var answers: [Int]
    public var created: LocalDate
    public var notes = ""
    /// The id of the session the answers are about (`session:`); no line when nil.
    public var session: String?

    public init(date: LocalDate, instrument: Instrument, answers: [Int], created: LocalDate) {
        self.date = date
        self.instrument = instrument
        self.answers = answers
        self.created = created
    }

    /// PHQ-9 or GAD-7 (by the instrument's id, a vault copy of them included), nil for another.
    public var standard: AssessmentInstrument? { AssessmentInstrument(rawValue: instrument.id) }

    /// What a PHQ-9 or GAD-7 file says; nil for another instrument.
    public var standardValues: AssessmentValues? {
        guard let standard else { return nil }
        var values = AssessmentValues(date: date, instrument: standard, answers: answers, created: created)
        (values.id, values.notes, values.session) = (id, notes, session)
        return values
    }

    /// What any other instrument's file says.
    public var instrumentValues: InstrumentAnswers {
        var values = InstrumentAnswers(date: date, instrument: instrument, answers: answers, created: created)
        (values.id, values.notes, values.session) = (id, notes, session)
        return values
    }

    /// The scores, as the instrument computes them.
    public var score: InstrumentScore { instrument.score(answers: answers) }

    /// Why the answers cannot be saved (too few or too many, one off the scale), nil when they can.
    public var problem: String? {
        let scale = instrument.minimum...instrument.maximum
        if let index = answers.firstIndex(where: { !scale.contains($0) }) {
            return "item \(index + 1) of \(instrument.title) must be a whole number from \(instrument.scaleText), found \(answers[index])"
        }
        guard answers.count == instrument.itemCount else {
            return "\(instrument.title) needs \(instrument.itemCount) answers (\(instrument.scaleText)), one for each item in order, found \(answers.count)"
        }
        return nil
    }

    /// Whether the crisis message is due (PHQ-9 with item 9 above 0; never another instrument).
    public var needsSafetyMessage: Bool {
        guard let standard else { return false }
        return AssessmentSafety.applies(instrument: standard, answers: answers)
    }
}
