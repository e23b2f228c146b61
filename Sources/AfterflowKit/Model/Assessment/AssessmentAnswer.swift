import Foundation

/// One set of answers to any instrument, as `afterflow assess ID` and the journal page save it
/// (`DocumentStore.create(_: AssessmentAnswer)`): PHQ-9 and GAD-7 with their total and band in
/// the file, every other instrument with its items alone (the scores are the instrument's). The
/// one value of a new answer, and the one place that rule lives.
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

    /// PHQ-9 or GAD-7 given by its enum: the built-in instrument.
    public init(date: LocalDate, instrument standard: AssessmentInstrument, answers: [Int], created: LocalDate) {
        self.init(date: date, instrument: BuiltInInstruments.instrument(standard), answers: answers, created: created)
    }

    /// PHQ-9's or GAD-7's total, the sum of the items, which its file carries; nil for another.
    public var total: Int? { standard.map { _ in answers.reduce(0, +) } }

    /// PHQ-9's or GAD-7's band of the total, which its file carries; nil for another.
    public var band: AssessmentBand? {
        guard let standard, let total else { return nil }
        return standard.band(total: total)
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
