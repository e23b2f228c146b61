import Foundation

extension MoodValues {
    /// A check-in as `afterflow mood` and the phone's journal make it: the score, the notes, the
    /// labels chosen (none: the score's as suggestions), the associations chosen (none: those
    /// found in the notes' words, with the vault's `mood_keywords`), at `date`, created at `created`.
    ///
    /// The labels and associations are expected canonical already (`MoodVocabulary.canonicalNames`).
    public static func checkIn(score: Int, notes: String, labels: [String], associations: [String], kind: MoodKind = .momentaryEmotion,
                               valence: Double? = nil, date: LocalDate, created: LocalDate, keywords: [String: String]) -> MoodValues {
        var values = MoodValues(date: date, score: score, created: created)
        values.valence = valence
        values.kind = kind
        values.setLabels(chosen: labels)
        values.associations = associations.isEmpty ? MoodVocabulary.inferAssociations(from: notes, extra: keywords) : associations
        values.notes = notes
        return values
    }
}
