import AfterflowKit
import ArgumentParser
import Foundation

extension AssessmentInstrument: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { names }
}

extension Afterflow {
    struct AssessCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assess",
            abstract: "Answer a questionnaire: PHQ-9 (depression), GAD-7 (anxiety), or an instrument such as MEQ-30.",
            discussion: """
                Asks each item in turn about the last two weeks; answer 0 (not at all), 1 (several days), 2 (more than half the days) or 3 (nearly every day). Saves assessments/YYYY/YYYY-MM-DD-HHMM-phq9.md (type: assessment), readable by you alone, and prints the total and its severity band. Scripts give the answers with --answers, in the items' order; on a pipe, one answer a line is read from standard input.

                PHQ-9 bands: 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe. GAD-7 bands: 0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe. The bands describe symptoms; they are not a diagnosis.

                Any other instrument afterflow knows (afterflow instrument list: MEQ-30, CEQ, EDI, EBI, or the vault's own in instruments/) is answered the same way on its own scale, and saved with its items; its scores (total, subscales, thresholds such as MEQ-30's complete mystical experience) are computed from them. --session links the answers to a session, which 'show' then lists beside its mood before and after.

                When PHQ-9's item 9 is answered above 0, a short message follows, with the crisis line of crisis_line in .afterflow/config.yml (or a default naming the emergency number and a crisis line). Nothing is sent anywhere.

                Examples:
                  afterflow assess phq9
                  afterflow assess gad7 --answers 1,0,2,1,0,1,0
                  afterflow assess phq9 "Before my session" --date yesterday
                  afterflow assess meq30 --session last --answers 3,4,2,…   30 answers, 0-5
                  afterflow assessments                 the totals over time
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("phq9, gad7, or another instrument's id (see 'afterflow instrument list').", valueName: "instrument"))
        var instrumentName: String

        @Argument(help: ArgumentHelp("Notes; the file's body.", valueName: "notes"))
        var notes: String?

        @Option(help: ArgumentHelp("Every item's answer, in order, separated by commas (9 for phq9 and 7 for gad7, each 0-3; others on their scale).", valueName: "answers"))
        var answers: String?

        @Option(help: ArgumentHelp("The session the answers are about: its day, id prefix, file or last; written as session: with its id.", valueName: "ref"))
        var session: String?

        @Option(help: ArgumentHelp("When, if not now: 2025-03-04 20:30, yesterday 21:00; a day alone at the time it is now.", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        /// `1,0,2` → [1, 0, 2]; a problem names the item and what was expected.
        static func parse(_ text: String, for instrument: AssessmentInstrument) -> Result<[Int], ValidationError> {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var out: [Int] = []
            for (i, part) in parts.enumerated() {
                guard let value = Int(part), (0...3).contains(value) else {
                    return .failure(ValidationError("--answers: item \(i + 1) must be 0, 1, 2 or 3 (not at all … nearly every day), found \"\(part.visible())\""))
                }
                out.append(value)
            }
            guard out.count == instrument.itemCount else {
                return .failure(ValidationError("--answers must give \(instrument.itemCount) answers for \(instrument.title), one for each item in order, found \(out.count)"))
            }
            return .success(out)
        }

        func validate() throws {
            if let notes, let problem = FieldText.problem(field: "the notes", text: notes, multiline: true) { throw ValidationError(problem) }
            if let answers, let instrument = AssessmentInstrument(parsing: instrumentName) { _ = try Self.parse(answers, for: instrument).get() }
        }

        func run() throws {
            let vault = try vaultOptions.open()
            let link = try session.map { reference -> String in
                let (_, entry) = try vaultOptions.resolve(reference)
                guard let id = entry.session?.id else {
                    throw usageError("--session: \(entry.path.visible()) has no id; run 'afterflow fmt' on it first", command: "assess")
                }
                return id.uuidString.uppercased()
            }
            guard let instrument = AssessmentInstrument(parsing: instrumentName) else {
                try AssessOther(command: self, vault: vault, session: link).run()
                return
            }
            let zone = vault.timeZone
            let given: [Int]
            if let answers {
                given = try Self.parse(answers, for: instrument).get()
            } else if Terminal.current.isInteractive {
                guard let asked = Self.ask(instrument) else {
                    throw usageError("nothing was saved; answer every item, or give them with --answers", command: "assess")
                }
                given = asked
            } else if let piped = try Self.readPiped(instrument) {
                given = piped
            } else {
                throw usageError("give the answers with --answers (\(instrument.itemCount) answers, 0-3, like \(Array(repeating: "0", count: instrument.itemCount).joined(separator: ","))), or run it on a terminal to be asked", command: "assess")
            }
            let now = CommandClock.now
            let current = LocalDate(now, in: zone)
            let when = LocalDate.checkInDate(typed: date, moment: try date.map { try parseMoment($0, option: "date", zone: zone) },
                                             now: now, timeZone: zone)
            var values = AssessmentAnswer(date: when, instrument: instrument, answers: given, created: current)
            values.notes = notes ?? ""
            values.session = link
            let path = try withVaultErrors { try DocumentStore(vault: vault).create(values) }
            let total = given.reduce(0, +), band = instrument.band(total: total)
            let safety = AssessmentSafety.applies(instrument: instrument, answers: given)
            let safetyLines = safety ? AssessmentSafety.lines(crisisLine: vault.config.crisisLine) : []
            if format == .json {
                var fields: [(String, JSONValue)] = [
                    ("path", .string(path)), ("id", .string(values.id.uuidString.uppercased())), ("date", .string(values.date.canonical(in: zone))),
                    ("instrument", .string(instrument.rawValue)), ("items", .array(given.map { .int($0) })),
                    ("total", .int(total)), ("maximum", .int(instrument.maximum)), ("band", .string(band.rawValue)),
                ]
                if instrument.safetyItem != nil {
                    fields.append(("item_9_above_zero", .bool(safety)))
                }
                emit(JSONValue.object(fields).serialized(pretty: true))
                // The message is for the person, on standard error, whatever the format.
                if safety { ErrorStream.current.write("\n" + safetyLines.joined(separator: "\n\n").visible(lines: true)) }
                return
            }
            let term = Terminal.current
            emit("\(instrument.title) \(term.bold("\(total)/\(instrument.maximum)")), \(band.words): \(vaultOptions.hints.path(path, in: vault))")
            if safety {
                emit("")
                for (i, line) in safetyLines.enumerated() { emit((i == 0 ? "" : "\n") + line.visible(lines: true)) }
            }
        }

        /// The items' wording and the four answers, once.
        static func header(_ instrument: AssessmentInstrument) -> String {
            var text = "\(instrument.title). \(AssessmentInstrument.stem)\n"
            for (value, words) in AssessmentInstrument.answers.enumerated() { text += "  \(value)  \(words)\n" }
            return text
        }

        /// On a terminal: each item in turn, an answer 0-3 (its words shown); three tries an item.
        static func ask(_ instrument: AssessmentInstrument) -> [Int]? {
            let err = FileHandle.standardError
            err.write(Data(header(instrument).utf8))
            var out: [Int] = []
            for (i, item) in instrument.items.enumerated() {
                err.write(Data("\n\(i + 1)/\(instrument.itemCount). \(item)\n".utf8))
                var answer: Int?
                for _ in 0..<3 {
                    err.write(Data("Answer 0-3: ".utf8))
                    guard let line = readLine() else { return nil }
                    if let value = Int(line.trimmingCharacters(in: .whitespaces)), (0...3).contains(value) {
                        answer = value
                        err.write(Data("   \(AssessmentInstrument.answers[value])\n".utf8))
                        break
                    }
                    err.write(Data("   0 not at all, 1 several days, 2 more than half the days, 3 nearly every day\n".utf8))
                }
                guard let answer else { return nil }
                out.append(answer)
            }
            return out
        }

        /// From a pipe: the answers one a line (or separated by commas), blank lines skipped; nil
        /// when standard input is empty.
        static func readPiped(_ instrument: AssessmentInstrument) throws -> [Int]? {
            var parts: [String] = []
            while let line = readLine() {
                parts += line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            guard !parts.isEmpty else { return nil }
            switch parse(parts.joined(separator: ","), for: instrument) {
            case .success(let answers): return answers
            case .failure(let error):
                throw usageError(error.message.replacingOccurrences(of: "--answers", with: "standard input"), command: "assess")
            }
        }
    }
}
