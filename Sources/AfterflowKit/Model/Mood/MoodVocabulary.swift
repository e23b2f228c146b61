import Foundation

/// The words of a mood check-in (`moods.md`, after Apple's "state of mind" and the HL7 personal
/// health record guide): the two kinds, the seven valence classes, the 38 labels and the 18
/// associations; the score ↔ valence mapping; the labels a score gives when the user names none,
/// and the keywords that infer associations from the notes. The tables marked *ours* in
/// `docs/FORMAT.md` are these; keep them stable.
public enum MoodVocabulary {
    // MARK: - Score and valence

    /// `(score - 1) / 4.5 - 1`: 1 → -1.0, 5 → -0.11, 6 → +0.11, 10 → +1.0.
    public static func valence(forScore score: Int) -> Double {
        Double(score - 1) / 4.5 - 1
    }

    /// `round((valence + 1) * 4.5 + 1)`, kept within 1...10. Every score survives
    /// score → valence → score, also through the two decimals the file writes.
    public static func score(forValence valence: Double) -> Int {
        let score = Int(((valence + 1) * 4.5 + 1).rounded())
        return min(10, max(1, score))
    }

    /// A valence as the file writes it: two decimals, `-0.11`, `0.56`, `1.00`.
    public static func valenceText(_ valence: Double) -> String {
        let hundredths = Int((valence * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        return "\(sign)\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
    }

    /// A valence read from text: a number from -1 to +1 (`0.33`, `-1`, `+0.5`).
    public static func parseValence(_ text: String) -> Double? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ "0123456789.+-".unicodeScalars.contains($0) }),
              let value = Double(trimmed), value.isFinite, (-1.0...1.0).contains(value) else { return nil }
        return value
    }

    // MARK: - Labels

    /// Apple's 38 state-of-mind labels, alphabetical.
    public static let labels = [
        "amazed", "amused", "angry", "annoyed", "anxious", "ashamed", "brave", "calm", "confident", "content", "disappointed",
        "discouraged", "disgusted", "drained", "embarrassed", "excited", "frustrated", "grateful", "guilty", "happy",
        "hopeful", "hopeless", "indifferent", "irritated", "jealous", "joyful", "lonely", "overwhelmed", "passionate",
        "peaceful", "proud", "relieved", "sad", "satisfied", "scared", "stressed", "surprised", "worried",
    ]

    /// The labels a score gives when the user names none (*ours*): 1 includes sad, 8 happy.
    public static let labelsForScore: [Int: [String]] = [
        1: ["sad", "hopeless"],
        2: ["sad", "drained"],
        3: ["discouraged", "stressed"],
        4: ["worried", "disappointed"],
        5: ["indifferent"],
        6: ["calm", "content"],
        7: ["content", "peaceful"],
        8: ["happy", "confident"],
        9: ["joyful", "grateful"],
        10: ["joyful", "excited"],
    ]

    public static func defaultLabels(forScore score: Int) -> [String] {
        labelsForScore[min(10, max(1, score))] ?? []
    }

    // MARK: - Associations

    /// Apple's 18 state-of-mind associations, alphabetical.
    public static let associations = [
        "community", "current-events", "dating", "education", "family", "fitness", "friends", "health", "hobbies", "identity",
        "money", "partner", "self-care", "spirituality", "tasks", "travel", "weather", "work",
    ]

    /// The words that name each association in the notes (*ours*; a vault adds its own with
    /// `mood_keywords:` in its config). Whole words, compared without case; the association's
    /// own name counts too.
    public static let keywords: [String: [String]] = [
        "community": ["community", "neighbor", "neighbors", "neighbour", "neighbours", "volunteer", "volunteered", "volunteering", "charity"],
        "current-events": ["news", "politics", "political", "election", "headlines", "war", "protest"],
        "dating": ["dating", "crush", "tinder", "bumble"],
        "education": ["school", "class", "classes", "exam", "exams", "study", "studying", "studied", "homework", "university",
                      "college", "lecture", "teacher", "course"],
        "family": ["family", "mom", "mum", "mother", "dad", "father", "parents", "sister", "brother", "siblings", "kids", "kid",
                   "children", "son", "daughter", "grandma", "grandpa", "grandmother", "grandfather", "aunt", "uncle", "cousin"],
        "fitness": ["fitness", "workout", "gym", "run", "running", "yoga", "exercise", "exercised", "swim", "swimming",
                    "hike", "hiking", "cycling", "bike", "lifting", "pilates"],
        "friends": ["friend", "friends", "buddy", "buddies", "bestie"],
        "health": ["health", "doctor", "sick", "illness", "pain", "headache", "migraine", "medication", "meds", "hospital",
                   "flu", "injury", "insomnia"],
        "hobbies": ["hobby", "hobbies", "guitar", "piano", "painting", "drawing", "knitting", "gaming", "gardening",
                    "photography", "baking", "reading"],
        "identity": ["identity", "gender", "sexuality", "queer", "heritage", "culture"],
        "money": ["money", "rent", "bills", "bill", "salary", "debt", "budget", "paycheck", "finances", "mortgage", "savings"],
        "partner": ["partner", "husband", "wife", "boyfriend", "girlfriend", "spouse", "fiance", "fiancé", "fiancée"],
        "self-care": ["meditation", "meditate", "meditated", "bath", "therapy", "journaling", "massage", "nap", "spa", "breathwork"],
        "spirituality": ["spirituality", "spiritual", "church", "prayer", "pray", "prayed", "temple", "mosque", "synagogue",
                         "faith", "ceremony"],
        "tasks": ["tasks", "chores", "errands", "laundry", "cleaning", "dishes", "groceries", "paperwork", "todo"],
        "travel": ["travel", "traveling", "travelling", "trip", "flight", "vacation", "holiday", "airport", "hotel", "abroad"],
        "weather": ["weather", "rain", "rainy", "sunny", "snow", "storm", "cloudy", "heatwave", "windy"],
        "work": ["work", "job", "boss", "meeting", "meetings", "office", "deadline", "coworker", "coworkers", "colleague",
                 "colleagues", "shift", "project", "career", "interview"],
    ]

    /// Keyword → association: the standard keywords, then `extra` (a vault's, which win).
    public static func keywordTable(extra: [String: String] = [:]) -> [String: String] {
        var table: [String: String] = [:]
        for (association, words) in keywords {
            table[association] = association
            for word in words { table[word] = association }
        }
        for (word, association) in extra { table[word.lowercased()] = association }
        return table
    }

    /// The associations the notes name, in the order of `associations`: each whole word of the
    /// notes (letters and digits, `-` inside a word kept) looked up without case.
    public static func inferAssociations(from notes: String, extra: [String: String] = [:]) -> [String] {
        let table = keywordTable(extra: extra)
        var found = Set<String>()
        for word in words(of: notes) {
            if let association = table[word] { found.insert(association) }
        }
        return associations.filter(found.contains)
    }

    /// The whole words of a text, lower case: runs of letters and digits, joined by `-` or `'`
    /// between them (`self-care`); a word with `'` is also looked up without what follows it (`mom's`).
    static func words(of text: String) -> [String] {
        var out: [String] = []
        var current = ""
        func finish() {
            let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "-'’"))
            if !word.isEmpty {
                out.append(word)
                if let apostrophe = word.firstIndex(where: { $0 == "'" || $0 == "’" }) { out.append(String(word[..<apostrophe])) }
            }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || ((character == "-" || character == "'" || character == "’") && !current.isEmpty) {
                current.append(character)
            } else {
                finish()
            }
        }
        finish()
        return out
    }

    // MARK: - Names

    /// `name` as one of `names` (case-insensitive, `_` or space read as `-`, camelCase as the
    /// FHIR codes write it), or nil.
    public static func canonical(_ name: String, in names: [String]) -> String? {
        let key = normalized(name)
        return names.first { $0 == key }
    }

    static func normalized(_ name: String) -> String {
        var out = ""
        var previousWasLower = false
        for character in name.trimmingASCIIWhitespace() {
            if character.isUppercase && previousWasLower { out.append("-") }
            previousWasLower = character.isLowercase
            out.append(character == "_" || character == " " ? "-" : Character(character.lowercased()))
        }
        return out
    }

    /// A name given that is none of the vocabulary's, with the near ones (see `near`).
    public struct UnknownName: Error, Sendable, Equatable {
        public var name: String
        public var near: [String]
    }

    /// The names given (each may hold several, split at commas; empty ones skipped) as the
    /// vocabulary `names` writes them, each once, in the order given.
    public static func canonicalNames(_ given: [String], in names: [String]) throws(UnknownName) -> [String] {
        var out: [String] = []
        for item in given.flatMap({ $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }) where !item.isEmpty {
            guard let name = canonical(item, in: names) else { throw UnknownName(name: item, near: near(item, in: names)) }
            if !out.contains(name) { out.append(name) }
        }
        return out
    }

    /// The names near an unknown one, for messages: the nearest by spelling, then those that
    /// start with the same two letters; at most five.
    public static func near(_ name: String, in names: [String]) -> [String] {
        let key = normalized(name)
        var out: [String] = []
        if let nearest = Suggestion.nearest(to: key, among: names) { out.append(nearest) }
        if key.count >= 2 {
            for candidate in names where candidate.hasPrefix(String(key.prefix(2))) && !out.contains(candidate) { out.append(candidate) }
        }
        return Array(out.prefix(5))
    }
}

/// The seven valence classes: equal bands of width 2/7 over -1...+1, a boundary belonging to the
/// band nearer zero (*ours*; names from the HL7 guide).
public enum ValenceClass: String, Sendable, CaseIterable, Hashable {
    case veryUnpleasant = "very-unpleasant"
    case unpleasant
    case slightlyUnpleasant = "slightly-unpleasant"
    case neutral
    case slightlyPleasant = "slightly-pleasant"
    case pleasant
    case veryPleasant = "very-pleasant"

    public init(valence: Double) {
        switch valence {
        case ..<(-5.0 / 7): self = .veryUnpleasant
        case ..<(-3.0 / 7): self = .unpleasant
        case ..<(-1.0 / 7): self = .slightlyUnpleasant
        case ...(1.0 / 7): self = .neutral
        case ...(3.0 / 7): self = .slightlyPleasant
        case ...(5.0 / 7): self = .pleasant
        default: self = .veryPleasant
        }
    }

    public static var names: [String] { allCases.map(\.rawValue) }
}

/// `momentary-emotion` (how one feels now) or `daily-mood` (how the day was).
public enum MoodKind: String, Sendable, CaseIterable, Hashable {
    case momentaryEmotion = "momentary-emotion"
    case dailyMood = "daily-mood"

    public static var names: [String] { allCases.map(\.rawValue) }

    /// `momentary` (or `now`, `emotion`, `momentary-emotion`) or `daily` (`day`, `daily-mood`),
    /// case and spaces aside; nil for anything else.
    public init?(typed text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "momentary", "momentary-emotion", "momentaryemotion", "now", "emotion": self = .momentaryEmotion
        case "daily", "daily-mood", "dailymood", "day": self = .dailyMood
        default: return nil
        }
    }
}

/// Where a check-in came from.
public enum MoodSource: String, Sendable, CaseIterable, Hashable {
    case user
    case `import`

    public static var names: [String] { allCases.map(\.rawValue) }
}

/// How chosen and suggested labels are told apart where they are shown together.
public enum MoodLabels {
    /// The chosen labels, joined with `, `; when none were chosen, the suggested ones in
    /// parentheses (`(content, peaceful)`), so that a suggestion never reads as a choice.
    public static func shown(_ chosen: [String], suggested: [String]) -> String {
        if !chosen.isEmpty || suggested.isEmpty { return chosen.joined(separator: ", ") }
        return "(" + suggested.joined(separator: ", ") + ")"
    }
}
