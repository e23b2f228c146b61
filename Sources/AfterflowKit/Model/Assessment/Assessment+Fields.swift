/// An assessment's keys and values, for an editor (docs/FORMAT.md, "Assessments").
extension Assessment {
    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "instrument": return "The questionnaire: phq9, gad7, another built-in (meq30, ceq, edi, ebi) or one defined in instruments/."
        case "items": return "Every item's answer in the questionnaire's order, on its scale (0 to 3 for phq9 and gad7): [1, 0, 2]."
        case "session": return "The id of the session the answers are about; 'afterflow assess --session' writes it."
        case "total": return "The sum of the items; 'afterflow fmt' adds it."
        case "band": return "The severity band of the total; 'afterflow fmt' adds it."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }

    public static func valueChoices(forKey key: String) -> [FieldChoice] {
        key == "instrument" ? BuiltInInstruments.all.map { FieldChoice($0.id, "\($0.title): \($0.measures)") } : []
    }
}
