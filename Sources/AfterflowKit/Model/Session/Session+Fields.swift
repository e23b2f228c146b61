/// A session's keys and values, for an editor (docs/FORMAT.md, "Keys").
extension Session {
    public static var keys: [String] { SessionKey.order }

    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "treatment": return "What was taken: one of \(TreatmentCatalog.builtIn.expectedList), or one the vault adds under treatments: in .afterflow/config.yml."
        case "administration": return "How it was taken: \(Administration.expectedList) (sublingual is under the tongue, inhaled vaporised or smoked), or one the vault adds under routes: in .afterflow/config.yml."
        case "dose": return "The dose as free text (3.5 g, 0.5 mg/kg)."
        case "mood_before": return "The mood before the session, a whole number from 1 to 10."
        case "mood_after": return "The mood after the session, a whole number from 1 to 10."
        case "status": return "Where the session stands (draft, needs-reflection, complete), derived from its content by Afterflow."
        case "reminder": return "When to be reminded to reflect; a date like date."
        case "music": return "A link to the music, as entered (https://…, spotify:playlist:…)."
        default: return FieldChoice.sharedMeaning(ofKey: key)
        }
    }

    public static func valueChoices(forKey key: String) -> [FieldChoice] {
        switch key {
        case "treatment":
            return TreatmentCatalog.builtIn.entries.map { FieldChoice($0.treatment.rawValue, $0.displayName + ($0.isAppTreatment ? "" : " (the app's CSV writes Other)")) }
        case "administration":
            return RouteCatalog.builtIn.entries.map { FieldChoice($0.route.rawValue, $0.displayName + ($0.isAppRoute ? "" : " (the app's CSV writes Other)")) }
        case "mood_before", "mood_after":
            return MoodScale.range.map { FieldChoice(String($0), "\(MoodScale.emoji($0)) \(MoodScale.descriptor($0))") }
        case "status":
            return [
                FieldChoice("draft", "The intention is blank, or mood_before is missing or not 1 to 10."),
                FieldChoice("needs-reflection", "Otherwise, when the reflections are blank."),
                FieldChoice("complete", "Otherwise: the intention, mood_before and reflections are there."),
            ]
        default: return []
        }
    }
}
