/// A mood check-in's keys and values, for an editor (docs/FORMAT.md, "Mood check-ins").
extension MoodCheckIn {
    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "score": return "How you feel, 1 to 10, the same scale as a session's moods."
        case "valence": return "The score as a valence from -1 to +1, two decimals, for other tools."
        case "valence_class": return "One of seven bands of the valence, very-unpleasant to very-pleasant."
        case "kind": return "momentary-emotion (how you feel now) or daily-mood (how the day was)."
        case "labels": return "A list of Apple's 38 state-of-mind labels: [calm, grateful]."
        case "suggested_labels": return "Labels afterflow suggested from the score and you did not choose."
        case "associations": return "A list of Apple's 18 associations: [family, work]."
        case "source": return "user, or import for a check-in another app made."
        case "source_value": return "For an import: the mood as the other app wrote it (meh)."
        case "source_scale": return "For an import: the other app's scale, each word with the score it gave ([awful=1, meh=5, rad=9])."
        case "source_scales": return "For an import: the other app's own measures (Daylio's scales column), as written."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }

    public static func valueChoices(forKey key: String) -> [FieldChoice] {
        switch key {
        case "score":
            return MoodScale.range.map { score in
                FieldChoice(String(score), "\(MoodScale.emoji(score)) \(MoodScale.descriptor(score)); valence \(MoodVocabulary.valenceText(MoodVocabulary.valence(forScore: score)))")
            }
        case "labels", "suggested_labels": return MoodVocabulary.labels.map { FieldChoice($0, "One of Apple's 38 state-of-mind labels.") }
        case "associations": return MoodVocabulary.associations.map { FieldChoice($0, "One of Apple's 18 state-of-mind associations.") }
        case "kind": return [FieldChoice("momentary-emotion", "How you feel now."), FieldChoice("daily-mood", "How the day was.")]
        case "valence_class": return ValenceClass.allCases.map { FieldChoice($0.rawValue, "A band of the valence.") }
        case "source": return MoodSource.allCases.map { FieldChoice($0.rawValue, $0 == .user ? "You made it." : "Another app made it.") }
        default: return []
        }
    }
}
