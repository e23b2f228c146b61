import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct MoodCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mood",
            abstract: "Check in: how you feel now (1-10), with notes, between sessions.",
            discussion: """
                Writes one file, moods/YYYY/YYYY-MM-DD-HHMM.md (type: mood), readable by you alone. The score is the same 1-10 scale as a session's moods; its valence (-1 to +1, Apple's "state of mind") and valence class are written with it. With no --label, labels are suggested from the score (written as suggested_labels, shown in parentheses by moods, and not exported to FHIR as yours); with no --association, associations are found in the words of the notes (add your own words with mood_keywords in .afterflow/config.yml). Both are printed, so you see what was chosen. Without a score on a terminal, it asks.

                Labels: \(MoodVocabulary.labels.joined(separator: ", ")).

                Associations: \(MoodVocabulary.associations.joined(separator: ", ")).

                Examples:
                  afterflow mood 8 "Great workout today!"
                  afterflow mood 4 --label anxious --label drained --association work
                  afterflow mood 6 "Quiet Sunday" --kind daily --date yesterday
                  afterflow mood --valence -0.4 "Rough meeting"
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("How you feel, 1 (worst) to 10 (best).", valueName: "score"))
        var score: String?

        @Argument(help: ArgumentHelp("What is going on; the file's body.", valueName: "notes"))
        var notes: String?

        @Option(name: .customLong("label"), help: ArgumentHelp("A label, like calm or anxious; repeat for more (default: from the score).", valueName: "label"))
        var labels: [String] = []

        @Option(name: .customLong("association"), help: ArgumentHelp("What it is about, like work or family; repeat for more (default: from the notes).", valueName: "association"))
        var associations: [String] = []

        @Option(help: ArgumentHelp("momentary (how you feel now, the default) or daily (how the day was).", valueName: "kind"))
        var kind: String?

        @Option(help: ArgumentHelp("When, if not now: 2025-03-04 20:30, yesterday 21:00; a day alone (yesterday) at the time it is now.", valueName: "date"))
        var date: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("The valence, -1 to +1, instead of a score; the score is derived from it.", valueName: "valence"))
        var valence: String?

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        /// The names given (each option may also hold several, split at commas), as the vocabulary
        /// writes them; an unknown one is a usage error that names the near ones.
        static func names(_ given: [String], option: String, from names: [String], what: String, command: String = "mood") throws -> [String] {
            do throws(MoodVocabulary.UnknownName) {
                return try MoodVocabulary.canonicalNames(given, in: names)
            } catch {
                let list = error.near.isEmpty ? "the \(what) are \(names.joined(separator: ", "))" : "near ones: \(error.near.joined(separator: ", "))"
                throw usageError("--\(option) \"\(error.name.visible())\" is not one of the \(names.count) \(what); \(list)", command: command)
            }
        }

        /// The score and notes as given: with --valence, a lone argument that is not a score is the notes.
        var given: (score: String?, notes: String?) {
            if valence != nil, notes == nil, let score, MoodScale.parse(score) == nil { return (nil, score) }
            return (score, notes)
        }

        func validate() throws {
            let (score, notes) = given
            if let notes, let problem = FieldText.problem(field: "the notes", text: notes, multiline: true) { throw ValidationError(problem) }
            if let kind, MoodKind(typed: kind) == nil {
                throw ValidationError("--kind must be momentary (how you feel now) or daily (how the day was), found \"\(kind.visible())\"")
            }
            if score != nil && valence != nil {
                throw ValidationError("give a score or --valence, not both (the score is derived from the valence)")
            }
            if let score, MoodScale.parse(score) == nil {
                if valence == nil, MoodVocabulary.parseValence(score) != nil, score.contains(".") {
                    throw ValidationError("the score must be a whole number from 1 to 10, found \"\(score.visible())\"; for a valence, write --valence \(score)")
                }
                throw ValidationError("the score must be a whole number from 1 to 10, found \"\(score.visible())\"")
            }
            if let valence, MoodVocabulary.parseValence(valence) == nil {
                throw ValidationError("--valence must be a number from -1 to 1, like 0.33, found \"\(valence.visible())\"")
            }
        }

        func run() throws {
            let vault = try vaultOptions.open()
            let zone = vault.timeZone
            let (score, given) = self.given
            var notes = given ?? ""
            var valenceValue = valence.flatMap(MoodVocabulary.parseValence)
            var scoreValue = score.flatMap(MoodScale.parse) ?? valenceValue.map(MoodVocabulary.score(forValence:))
            if scoreValue == nil {
                guard let asked = Self.ask() else {
                    throw usageError("give a score from 1 to 10 (afterflow mood 7 \"notes\"), or --valence", command: "mood")
                }
                scoreValue = asked.score
                if notes.isEmpty { notes = asked.notes }
            }
            guard let scoreValue else { return }
            if let value = valenceValue { valenceValue = (value * 100).rounded() / 100 }
            let chosenLabels = try Self.names(labels, option: "label", from: MoodVocabulary.labels, what: "labels")
            let chosenAssociations = try Self.names(associations, option: "association", from: MoodVocabulary.associations, what: "associations")
            let now = CommandClock.now
            let when = LocalDate.checkInDate(typed: date, moment: try date.map { try parseMoment($0, option: "date", zone: zone) },
                                             now: now, timeZone: zone)
            let values = MoodValues.checkIn(score: scoreValue, notes: notes, labels: chosenLabels, associations: chosenAssociations,
                                            kind: kind.flatMap { MoodKind(typed: $0) } ?? .momentaryEmotion, valence: valenceValue,
                                            date: when, created: LocalDate(now, in: zone), keywords: vault.config.moodKeywords)
            let path = try withVaultErrors { try DocumentStore(vault: vault).create(values) }
            let valenceShown = values.effectiveValence
            let valenceClass = ValenceClass(valence: valenceShown)
            if format == .json {
                emit(JSONValue.object([
                    ("path", .string(path)), ("id", .string(values.id.uuidString.uppercased())), ("date", .string(values.date.canonical(in: zone))),
                    ("score", .int(scoreValue)), ("valence", .string(MoodVocabulary.valenceText(valenceShown))),
                    ("valence_class", .string(valenceClass.rawValue)), ("kind", .string(values.kind.rawValue)),
                    ("labels", .array(values.labels.map { .string($0) })), ("suggested_labels", .array(values.suggestedLabels.map { .string($0) })),
                    ("labels_chosen", .string(chosenLabels.isEmpty ? "score" : "given")),
                    ("associations", .array(values.associations.map { .string($0) })),
                    ("associations_chosen", .string(chosenAssociations.isEmpty ? "notes" : "given")),
                ]).serialized(pretty: true))
                return
            }
            let term = Terminal.current
            emit("Checked in \(term.bold("\(scoreValue)/10")) \(MoodScale.emoji(scoreValue)) \(MoodScale.descriptor(scoreValue)) (valence \(MoodVocabulary.valenceText(valenceShown)), \(valenceClass.rawValue)): \(vaultOptions.hints.path(path, in: vault))")
            if values.labels.isEmpty {
                emit("Labels: none chosen; suggested from the score: \(values.suggestedLabels.joined(separator: ", "))" + term.dim(" (choose with --label)"))
            } else {
                emit("Labels: \(values.labels.joined(separator: ", "))")
            }
            if values.associations.isEmpty {
                emit("Associations: none" + (chosenAssociations.isEmpty ? term.dim(notes.isEmpty ? " (no notes; add with --association)" : " (none found in the notes; add with --association)") : ""))
            } else {
                emit("Associations: \(values.associations.joined(separator: ", "))" + (chosenAssociations.isEmpty ? term.dim(" (from the notes; choose with --association)") : ""))
            }
        }

        /// On a terminal: the scale with its words and emoji, then the score and the notes.
        static func ask() -> (score: Int, notes: String)? {
            guard Terminal.current.isInteractive else { return nil }
            let err = FileHandle.standardError
            var scale = "How do you feel?\n"
            for value in stride(from: 10, through: 1, by: -1) {
                scale += "  \(value < 10 ? " " : "")\(value)  \(MoodScale.emoji(value)) \(MoodScale.descriptor(value))\n"
            }
            err.write(Data(scale.utf8))
            for _ in 0..<3 {
                err.write(Data("Score 1-10: ".utf8))
                guard let line = readLine() else { return nil }
                if let value = MoodScale.parse(line) {
                    err.write(Data("Notes (optional, one line): ".utf8))
                    let notes = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
                    return (value, FieldText.problem(field: "notes", text: notes, multiline: false) == nil ? notes : "")
                }
            }
            return nil
        }
    }
}
