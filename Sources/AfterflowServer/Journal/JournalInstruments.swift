import AfterflowKit

/// A questionnaire as the journal page asks it: item by item, each answered on its scale.
struct JournalInstrument: Sendable {
    /// The name the files and `afterflow assess` use (`phq9`).
    var name: String
    /// `PHQ-9`.
    var title: String
    /// What it measures, for the list (`depression`).
    var measures: String
    /// The question before the items.
    var stem: String
    var items: [String]
    /// The answers' words, their values 0, 1, 2 … in order.
    var answers: [String]
    /// The item (1-based) whose answer above 0 brings the crisis line, as `assess` shows it.
    var safetyItem: Int?

    var json: JSONValue {
        .object([("name", .string(name)), ("title", .string(title)), ("measures", .string(measures)), ("stem", .string(stem)),
                 ("items", .array(items.map { .string($0) })), ("answers", .array(answers.map { .string($0) })),
                 ("safety_item", safetyItem.map { .int($0) } ?? .null)])
    }
}

enum JournalInstruments {
    /// Every instrument the journal offers, in the order listed: the one place the page's
    /// questionnaires come from (point it at the instruments' catalogue when they become files).
    static func all() -> [JournalInstrument] {
        AssessmentInstrument.allCases.map { instrument in
            JournalInstrument(name: instrument.rawValue, title: instrument.title, measures: instrument.measures,
                              stem: AssessmentInstrument.stem, items: instrument.items, answers: AssessmentInstrument.answers,
                              safetyItem: instrument.safetyItem)
        }
    }
}
