/// An assessment's keys and values, for an editor (docs/FORMAT.md, "Assessments").
extension Assessment {
    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "instrument": return "The questionnaire: phq9 or gad7."
        case "items": return "Every item's answer, 0 to 3, in the questionnaire's order: [1, 0, 2]."
        case "total": return "The sum of the items; 'afterflow fmt' adds it."
        case "band": return "The severity band of the total; 'afterflow fmt' adds it."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }

    public static func valueChoices(forKey key: String) -> [FieldChoice] {
        key == "instrument" ? AssessmentInstrument.allCases.map { FieldChoice($0.rawValue, $0.title) } : []
    }
}
