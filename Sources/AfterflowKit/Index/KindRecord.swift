import Foundation
import GRDB

/// What the index keeps of a document of any kind but a session (`SessionRecord`): one row in its
/// kind's table (`DocumentKind.table`: `clients`, `goals`, `trial_sessions`, `moods`,
/// `assessments`), keyed by path, and the text `search` reads of it (`document_text`). A client's,
/// goal's or trial session's short names are taken from where the file sits
/// (`clients/maya-t/goals/s-initial.md`, see `PracticePath`); such a file outside a client's folder
/// has no short name and is listed with an empty one (`check` reports where it should be).
enum KindRecord: Sendable {
    case client(StatementArguments)
    case goal(StatementArguments)
    case trials(StatementArguments)
    /// A mood check-in: one row in `moods`.
    case mood(StatementArguments)
    /// An assessment: one row in `assessments`.
    case assessment(StatementArguments)

    init?(path: String, content: DocumentContent, timeZone: TimeZone) {
        let place = PracticePath(path)
        switch content {
        case .client(let client):
            self = .client([path, client.id?.uuidString, place.client ?? "", client.name, client.born?.dayString, client.notes])
        case .goal(let goal):
            self = .goal([path, goal.id?.uuidString, goal.client?.uuidString, place.client ?? "", place.goal ?? "",
                          goal.title, goal.category, goal.currentPhase.rawValue, goal.description])
        case .trials(let trials):
            // One pass, no trial copied: a session has a few goals, so a list beats a set.
            var successes = 0
            var goals: [String] = []
            let list = trials.trials
            for i in list.indices {
                if list[i].success { successes += 1 }
                if !goals.contains(list[i].goal) { goals.append(list[i].goal) }
            }
            goals.sort()
            self = .trials([path, trials.id?.uuidString, trials.client?.uuidString, place.client ?? "",
                            trials.date?.epochSeconds(in: timeZone), trials.date?.canonical(in: timeZone), trials.date?.dayString,
                            trials.end?.epochSeconds(in: timeZone), trials.location, list.count, successes,
                            JSONValue.array(goals.map { .string($0) }).serialized(),
                            trials.notes])
        case .mood(let mood):
            func names(_ list: [String]) -> String { JSONValue.array(list.map { .string($0) }).serialized() }
            self = .mood([path, mood.id?.uuidString, mood.date?.epochSeconds(in: timeZone), mood.date?.canonical(in: timeZone),
                          mood.date?.dayString, mood.score, mood.valence, mood.valenceClass?.rawValue, mood.effectiveKind.rawValue,
                          names(mood.labels), names(mood.suggestedLabels), names(mood.associations), mood.effectiveSource.rawValue, mood.notes])
        case .assessment(let assessment):
            let items = assessment.items.map { $0.map(String.init) ?? "" }.joined(separator: ",")
            self = .assessment([path, assessment.id?.uuidString, assessment.date?.epochSeconds(in: timeZone),
                                assessment.date?.canonical(in: timeZone), assessment.date?.dayString, assessment.instrument?.rawValue,
                                items, assessment.total, assessment.band?.rawValue, assessment.notes])
        default:
            return nil
        }
    }

    /// The text `search` looks in, with the lines it comes from read again from the file: another
    /// tool's note is searched in its body (not its front matter). Every kind is named (no
    /// `default`), so a kind added later must say what of it is searched; a session's sections
    /// have their own full-text index (`session_text`).
    static func searchText(_ content: DocumentContent, document: Document) -> String? {
        switch content {
        case .session, .other, .note: return nil
        case .foreign:
            let body = document.frontMatter.map { $0.closingLine + 1 } ?? 0
            return document.text(of: Document.Section(heading: Document.Heading(level: 2, title: "", line: body - 1),
                                                      content: body..<document.lines.count))
        case .client(let client): return client.notes
        case .goal(let goal): return [goal.title ?? "", goal.description].joined(separator: "\n")
        case .trials(let trials): return ([trials.notes] + trials.trials.map(\.note).filter { !$0.isEmpty }).joined(separator: "\n")
        case .mood(let mood): return mood.notes
        case .assessment(let assessment): return assessment.notes
        }
    }

    /// The parts of a document that search reads, named.
    public static func searchSections(_ document: Document, content: DocumentContent) -> [(String, Range<Int>)] {
        let body = (document.frontMatter.map { $0.closingLine + 1 } ?? 0)..<document.lines.count
        switch content {
        case .client: return document.section("Notes").map { [("notes", $0.content)] } ?? []
        case .goal:
            let title = document.frontMatter?.entry("title").map { [("title", $0.lines)] } ?? []
            return title + [("description", body)]
        case .trials:
            return ["Notes", "Trials"].compactMap { name in document.section(name).map { (name.lowercased(), $0.content) } }
        case .mood, .assessment: return [("notes", body)]
        case .foreign: return [("note", body)]
        case .session, .other, .note: return []
        }
    }

    /// The insert statement (its place in `insertStatements`) and its arguments.
    var insert: (slot: Int, arguments: StatementArguments) {
        switch self {
        case .client(let arguments): return (0, arguments)
        case .goal(let arguments): return (1, arguments)
        case .trials(let arguments): return (2, arguments)
        case .mood(let arguments): return (3, arguments)
        case .assessment(let arguments): return (4, arguments)
        }
    }

    static let insertStatements = [insertClient, insertGoal, insertTrials, insertMood, insertAssessment]

    static let insertClient = "INSERT OR REPLACE INTO clients (path, id, short, name, born, notes) VALUES (?, ?, ?, ?, ?, ?)"
    static let insertGoal = """
        INSERT OR REPLACE INTO goals (path, id, client_id, client, short, title, category, phase, description)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let insertTrials = """
        INSERT OR REPLACE INTO trial_sessions (path, id, client_id, client, date, date_text, day, end_date, location, trials,
            successes, goals, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static let insertMood = """
        INSERT OR REPLACE INTO moods (path, id, date, date_text, day, score, valence, valence_class, kind, labels, suggested_labels,
            associations, source, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static let insertAssessment = """
        INSERT OR REPLACE INTO assessments (path, id, date, date_text, day, instrument, items, total, band, notes)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The tables these rows and their search text are in: every kind's but the session's.
    static let tables = DocumentKind.allCases.filter { $0 != .session }.map(\.table) + ["document_text"]

    /// Removes a path's rows from each of `tables`.
    static let deleteStatements = tables.map { "DELETE FROM \($0) WHERE path = ?" }
}

extension DocumentKind {
    /// The index's table of this kind's documents, one row each, keyed by path, with an `id`
    /// column: what every query over all kinds (duplicate ids) goes through. A kind added later
    /// must name its table here before the index compiles.
    var table: String {
        switch self {
        case .session: return "sessions"
        case .client: return "clients"
        case .goal: return "goals"
        case .trials: return "trial_sessions"
        case .mood: return "moods"
        case .assessment: return "assessments"
        }
    }
}
