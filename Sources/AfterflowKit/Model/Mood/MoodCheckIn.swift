import Foundation

/// A mood check-in (`type: mood`): how one felt at a moment, or how a day was, between sessions.
/// `moods/2025/2025-03-04-0815.md`; the notes are the body. A typed view onto a `Document`:
/// reading never fails, problems become `diagnostics`, each at the value it is about.
///
/// `score` (1-10) is the truth; `valence` (-1...+1) and `valence_class` are written for other
/// tools and checked against it. A file with a valence and no score reads its score from the
/// valence.
public struct MoodCheckIn: Sendable {
    public let document: Document
    public var id: UUID?
    public var date: LocalDate?
    public var score: Int?
    /// The valence as written, or the score's when the file has none.
    public var valence: Double?
    /// The class as written, or the valence's when the file has none.
    public var valenceClass: ValenceClass?
    /// As written; `momentary-emotion` when absent (see `effectiveKind`).
    public var kind: MoodKind?
    /// The labels the person chose.
    public var labels: [String] = []
    /// Labels afterflow suggested (from the score, or an imported app's mood word) and the person
    /// did not choose: shown apart, and not exported as theirs (FHIR) unless asked.
    public var suggestedLabels: [String] = []
    public var associations: [String] = []
    /// Free words of the check-in's own (an imported app's activities that name no association),
    /// trimmed, as written, each once.
    public var tags: [String] = []
    /// As written; `user` when absent (see `effectiveSource`).
    public var source: MoodSource?
    /// The mood as the app it came from wrote it (`meh`), when imported.
    public var sourceValue: String?
    /// The app's scale as the import read it: each of its words and the score it gave
    /// (`[awful=1, bad=3, meh=5, good=7, rad=9]`).
    public var sourceScale: [String] = []
    public var created: LocalDate?
    public var updated: LocalDate?
    /// The body after the front matter, trimmed.
    public var notes = ""
    public var diagnostics: [Diagnostic]

    public static let keys = ["type", "id", "date", "score", "valence", "valence_class", "kind", "labels", "suggested_labels",
                              "associations", "tags", "source", "source_value", "source_scale", "source_scales", "created", "updated"]

    public var effectiveKind: MoodKind { kind ?? .momentaryEmotion }
    public var effectiveSource: MoodSource { source ?? .user }

    public init(document: Document) {
        self.document = document
        diagnostics = []
        var reader = FrontMatterReader(document: document)
        var seen = Seen()
        if let frontMatter = document.frontMatter {
            for entry in frontMatter.entries { read(entry, reader: &reader, seen: &seen) }
            let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
            if !seen.date { reader.error("date is missing; add a line like 'date: 2025-03-04T08:15:00'", at: top) }
            if !seen.id { reader.warning("id is missing; 'afterflow fmt' adds one", at: top) }
            reconcileValence(seen, reader: &reader)
            if !seen.score && seen.valence == nil {
                reader.error("score is missing; add a line like 'score: 7' (1 to 10)", at: top)
            }
            reconcileClass(seen, reader: &reader)
        } else if document.diagnostics.isEmpty {
            reader.error("expected front matter: the file must start with a line '---'", at: SourceLocation(line: 1, column: 1))
        }
        diagnostics = document.diagnostics + reader.diagnostics
        let bodyStart = document.frontMatter.map { $0.closingLine + 1 } ?? 0
        notes = document.text(of: Document.Section(heading: Document.Heading(level: 2, title: "", line: bodyStart - 1),
                                                   content: bodyStart..<document.lines.count))
        if let warning = document.unclosedFenceWarning { diagnostics.append(warning) }
        diagnostics += document.controlCharacterErrors(sections: [("notes", bodyStart..<document.lines.count)])
        diagnostics.sort { $0.location < $1.location }
    }

    /// What the reading of the entries saw, for the checks that need all of them.
    private struct Seen {
        var date = false, id = false, score = false
        var valence: (value: Double, location: SourceLocation)?
        var valenceClass: (value: ValenceClass, location: SourceLocation)?
    }

    /// Reads one front-matter entry into its field; a key the check-in does not know is left alone.
    private mutating func read(_ entry: FrontMatterEntry, reader: inout FrontMatterReader, seen: inout Seen) {
        switch entry.key {
        case "id":
            seen.id = true
            id = reader.documentID(entry)
        case "date":
            seen.date = true
            if reader.required(entry, example: "when you checked in, like 2025-03-04T08:15:00") != nil { date = reader.date(entry) }
        case "score":
            seen.score = true
            if reader.required(entry, example: "how you felt from 1 to 10, like 7") != nil { score = reader.integer(entry, in: 1...10) }
        case "valence":
            guard let s = reader.scalar(entry) else { return }
            if let value = MoodVocabulary.parseValence(s.text) {
                seen.valence = (value, s.location)
            } else {
                reader.error("valence must be a number from -1 to 1, like 0.33, found \(quoted(s.text))", at: s.location)
            }
        case "valence_class":
            guard let s = reader.scalar(entry) else { return }
            if let name = MoodVocabulary.canonical(s.text, in: ValenceClass.names), let value = ValenceClass(rawValue: name) {
                seen.valenceClass = (value, s.location)
            } else {
                reader.error("valence_class must be one of \(ValenceClass.names.joined(separator: ", ")), found \(quoted(s.text))", at: s.location)
            }
        case "kind":
            guard let s = reader.scalar(entry) else { return }
            if let name = MoodVocabulary.canonical(s.text, in: MoodKind.names) {
                kind = MoodKind(rawValue: name)
            } else {
                reader.error("kind must be momentary-emotion (how you feel now) or daily-mood (how the day was), found \(quoted(s.text))", at: s.location)
            }
        case "source":
            guard let s = reader.scalar(entry) else { return }
            if let name = MoodVocabulary.canonical(s.text, in: MoodSource.names) {
                source = MoodSource(rawValue: name)
            } else {
                reader.error("source must be user or import, found \(quoted(s.text))", at: s.location)
            }
        default:
            readList(entry, reader: &reader)
        }
    }

    /// Reads the entries of names and free words (labels, associations, tags, the source's scale)
    /// and the dates of the file itself.
    private mutating func readList(_ entry: FrontMatterEntry, reader: inout FrontMatterReader) {
        switch entry.key {
        case "labels":
            labels = MoodCheckIn.names(reader.list(entry), of: entry.key, from: MoodVocabulary.labels, reader: &reader)
        case "suggested_labels":
            suggestedLabels = MoodCheckIn.names(reader.list(entry), of: entry.key, from: MoodVocabulary.labels, reader: &reader)
        case "associations":
            associations = MoodCheckIn.names(reader.list(entry), of: entry.key, from: MoodVocabulary.associations, reader: &reader)
        case "tags":
            for item in reader.list(entry) {
                let tag = item.text.trimmingASCIIWhitespace()
                if !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
            }
        case "source_value":
            if let s = reader.scalar(entry), !s.text.isBlank { sourceValue = s.text.trimmingASCIIWhitespace() }
        case "source_scale":
            sourceScale = reader.list(entry).map { $0.text.trimmingASCIIWhitespace() }.filter { !$0.isEmpty }
        case "created": created = reader.date(entry)
        case "updated": updated = reader.date(entry)
        default: return
        }
    }

    /// The valence from the score, the one written checked against it; a file without a score
    /// reads it from its valence.
    private mutating func reconcileValence(_ seen: Seen, reader: inout FrontMatterReader) {
        if let written = seen.valence {
            let derived = MoodVocabulary.score(forValence: written.value)
            if let score, derived != score {
                reader.warning("valence \(MoodVocabulary.valenceText(written.value)) is score \(derived), not \(score); the score counts (its valence is \(MoodVocabulary.valenceText(MoodVocabulary.valence(forScore: score))))", at: written.location)
                valence = MoodVocabulary.valence(forScore: score)
            } else {
                valence = written.value
                if score == nil && !seen.score { score = derived }
            }
        } else if let score {
            valence = MoodVocabulary.valence(forScore: score)
        }
    }

    /// The valence class as written, checked against the valence, or the valence's.
    private mutating func reconcileClass(_ seen: Seen, reader: inout FrontMatterReader) {
        if let written = seen.valenceClass {
            valenceClass = written.value
            if let valence, ValenceClass(valence: valence) != written.value {
                reader.warning("valence_class \(written.value.rawValue) does not match valence \(MoodVocabulary.valenceText(valence)), which is \(ValenceClass(valence: valence).rawValue)", at: written.location)
            }
        } else if let valence {
            valenceClass = ValenceClass(valence: valence)
        }
    }

    /// The items of a list of names (labels, associations), each as `names` writes it, once;
    /// an unknown one is an error naming the near ones.
    static func names(_ items: [YAMLScalar], of key: String, from names: [String], reader: inout FrontMatterReader) -> [String] {
        var out: [String] = []
        for item in items {
            guard !item.text.isBlank else { continue }
            if let name = MoodVocabulary.canonical(item.text, in: names) {
                if out.contains(name) {
                    reader.warning("\(key) names \(name) twice", at: item.location)
                } else {
                    out.append(name)
                }
            } else {
                let near = MoodVocabulary.near(item.text, in: names)
                let hint = near.isEmpty ? "; 'afterflow mood --help' lists them" : "; near ones: \(near.joined(separator: ", "))"
                reader.error("\(quoted(item.text)) is not one of the \(names.count) \(key)\(hint)", at: item.location)
            }
        }
        return out
    }
}
