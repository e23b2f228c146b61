import Foundation
import Mustache

/// The progress report a clinician files or hands to a family or a school team: a cover (the
/// client, age, period, clinician and practice), then per goal its definition, where it stands
/// (baseline, current, trend, mastery), a chart of percent correct per session, the sessions and
/// the cue levels over time; optionally the session notes. Laid out by a mustache template
/// (`Templates/progress.html`, or `DefaultTemplates.progress`), self-contained and printable.
///
/// Privacy: the client is named by first name and last initial, with the age, unless
/// `fullNames`; then the full name and the date of birth are shown too. Without `fullNames`, the
/// client's full name and date of birth (as `2018-03-02` or `Mar 2, 2018`) are also replaced
/// where a goal's definition or a session note writes them; other ways of writing them are the
/// clinician's to avoid.
///
/// What the clinician wrote in Markdown (definitions, notes) is rendered by cmark with raw HTML
/// shown as text, unsafe links blanked, images as links and links to other records (`[[…]]`) as
/// their text and day (`RecordMarkdown`); every other value is plain text,
/// which the template's `{{…}}` escapes. The page fetches nothing.
public enum ProgressReport {
    /// The whole page. `progress` is usually `GoalProgress.make(record:cues:…)`; `today` dates the
    /// report and gives the age. `template` is a template's text (see `template(of:)`), nil for
    /// the built-in one; `trend` overrides each goal's `trend:`. Throws a `VaultError` when
    /// `template` is not valid mustache.
    public static func html(record: ClientRecord, progress: [GoalProgress], cues: CueLevels, clinician: String?, practice: String?,
                            includeNotes: Bool, fullNames: Bool, today: LocalDate, template: String? = nil,
                            pageSize: HTMLReport.PageSize = .letter, trend: TrendMethod? = nil, period: Period? = nil,
                            logRate: Bool = false) throws -> String {
        let compiled = try compile(template)
        let values = context(record: record, progress: progress, cues: cues, clinician: clinician, practice: practice,
                             includeNotes: includeNotes, fullNames: fullNames, today: today, pageSize: pageSize, trend: trend,
                             period: period, logRate: logRate)
        return compiled.render(template == nil || template == DefaultTemplates.progress ? withRowSections(values) : values)
    }

    /// The lists of the built-in template's rows (`rows`, `cue_rows`, `behaviour_rows` of each
    /// goal, the notes' `sessions`), which are most of a long report's tags, handed to
    /// `ReportRows` through a mustache lambda: the same page, with swift-mustache run once per
    /// shape of row instead of once per row. Only for the built-in template, where each of these
    /// sections sits directly in its goal's (or the notes') section, so that a name a row lacks is
    /// looked up in the goal (or the notes) and then the page; a vault's own template is rendered
    /// by swift-mustache alone. `ProgressReportFastPathTests` checks the two give the same bytes.
    static func withRowSections(_ values: [String: Any]) -> [String: Any] {
        guard !ReportSessions.containsMarker(values) else { return values }
        let root = values
        func rows(_ items: [[String: Any]], parents: [[String: Any]]) -> MustacheLambda {
            MustacheLambda { text in
                guard let section = try? MustacheTemplate(string: text) else { return nil }
                return ReportText(ReportRows(template: section, text: text, parents: parents, parentsHoldMarker: false).render(items))
            }
        }
        var out = values
        if let goals = values["goals"] as? [[String: Any]] {
            out["goals"] = goals.map { goal -> [String: Any] in
                var fast = goal
                for name in ["rows", "cue_rows", "behaviour_rows"] {
                    if let items = goal[name] as? [[String: Any]], !items.isEmpty { fast[name] = rows(items, parents: [goal, root]) }
                }
                return fast
            }
        }
        if var notes = values["notes"] as? [String: Any], let sessions = notes["sessions"] as? [[String: Any]], !sessions.isEmpty {
            notes["sessions"] = rows(sessions, parents: [notes, root])
            out["notes"] = notes
        }
        return out
    }

    /// The text of the vault's `Templates/progress.html`, or nil when it has none.
    public static func template(of vault: Vault) throws(VaultError) -> String? {
        let path = vault.root + "/" + Vault.templatesFolder + "/progress.html"
        guard FileIO.exists(path) else { return nil }
        return String(decoding: try FileIO.read(path), as: UTF8.self)
    }

    static let builtIn: MustacheTemplate? = try? MustacheTemplate(string: DefaultTemplates.progress)

    static func compile(_ text: String?) throws(VaultError) -> MustacheTemplate {
        let name = "Templates/progress.html"
        guard let text else {
            guard let builtIn else { throw VaultError(.invalid, "the built-in progress template does not compile") }
            return builtIn
        }
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw VaultError(.invalid, "\(name):\(error.context.lineNumber):\(error.context.columnNumber): not a valid mustache template (\(error.error)); check that every {{#name}} has its {{/name}}")
        } catch {
            throw VaultError(.invalid, "\(name) is not a valid mustache template (\(error))")
        }
    }

    /// The values the template sees (see `Templates/progress.html` for their names): texts are
    /// `ReportText`, flags `true`, lists arrays of dictionaries; a key is missing when empty. A
    /// behaviour goal's part is `behaviourGoalContext`'s (`logRate` draws a count's rate on a log
    /// scale); `reliability` holds the client's sessions of the range against a second observer.
    public static func context(record: ClientRecord, progress: [GoalProgress], cues: CueLevels, clinician: String?, practice: String?,
                               includeNotes: Bool, fullNames: Bool, today: LocalDate,
                               pageSize: HTMLReport.PageSize = .letter, trend: TrendMethod? = nil, period: Period? = nil,
                               logRate: Bool = false) -> [String: Any] {
        let client = record.client
        let privacy = Redaction(client: client, fullNames: fullNames)
        var shown = fullNames ? (client.name ?? "") : client.displayName
        if shown.isEmpty { shown = client.displayName.isEmpty ? record.short : client.displayName }
        var context: [String: Any] = [
            "title": ReportText("Progress Report"),
            "client": ReportText(shown),
            "page_size": ReportText(pageSize.css),
            "generated": ReportText(today.mediumDay),
            "goal_count": ReportText(progress.count == 1 ? "1 goal" : "\(progress.count) goals"),
            "privacy": ReportText(fullNames ? "This copy shows the client's full name and date of birth: keep it confidential."
                                            : "The client is named by first name and last initial, with the age only."),
        ]
        if let age = client.age(on: today) { context["age"] = ReportText(age == 1 ? "1 year" : "\(age) years") }
        if fullNames, let born = client.born { context["born"] = ReportText(born.mediumDay) }
        if let clinician, !clinician.isBlank { context["clinician"] = ReportText(clinician) }
        if let practice, !practice.isBlank { context["practice"] = ReportText(practice) }
        let behaviour = BehaviourProgress.of(progress, record: record, cues: cues, logRate: logRate)
        let days = (progress.flatMap { $0.rows.map(\.day) } + behaviour.flatMap { $0.rows.map(\.day) }).sorted { $0.dayNumber < $1.dayNumber }
        if let first = days.first, let last = days.last {
            context["range"] = ReportText(first == last ? first.mediumDay : "\(first.mediumDay) to \(last.mediumDay)")
        } else {
            context["range"] = ReportText("no sessions with trials")
        }
        if let period { context["report_period"] = ReportText(period.text) }
        let goals = progress.map { item -> [String: Any] in
            var goal = behaviour.first(where: { $0.goal.short == item.goal.short })
                .map { behaviourGoalContext($0, privacy: privacy, trend: trend, period: period?.behaviour[item.goal.short]) }
                ?? goalContext(item, cues: cues, privacy: privacy, trend: trend, period: period?.goals[item.goal.short])
            if let coverage = record.reliabilityCoverage(goal: item.goal.short, since: item.since, until: item.until) {
                goal["goal_reliability"] = ReportText(coverage.textLines.joined(separator: "; "))
            }
            return goal
        }
        if let coverage = record.reliabilityCoverage(since: progress.first?.since, until: progress.first?.until) {
            context["reliability"] = ["lines": coverage.textLines.map(ReportText.init)] as [String: Any]
        }
        if !goals.isEmpty { context["goals"] = goals }
        if days.isEmpty { context["empty"] = true }
        if includeNotes {
            let notes = noteContexts(record: record, progress: progress, privacy: privacy)
            if !notes.isEmpty { context["notes"] = ["sessions": notes] as [String: Any] }
        }
        return context
    }

    /// The notes of the sessions with rows in `progress`, oldest first.
    static func noteContexts(record: ClientRecord, progress: [GoalProgress], privacy: Redaction) -> [[String: Any]] {
        let paths = Set(progress.flatMap { $0.rows.flatMap(\.sessions) })
        return record.sessions.filter { paths.contains($0.path) && !$0.session.notes.isBlank }.map { entry in
            var when = "Session"
            if let date = entry.session.date {
                when = (HTMLReport.weekdayNames[date.weekday] ?? date.weekday) + ", " + date.mediumDay
                if let clock = date.clockTime { when += " at " + clock }
            }
            let session = entry.session
            let addenda: [[String: Any]] = session.addenda.map { addendum in
                let moment = LocalDate.parse(addendum.at).map { "\($0.weekday) \($0.mediumDay)" + ($0.clockTime.map { " at " + $0 } ?? "") } ?? addendum.at
                return ["when": ReportText(moment), "by": ReportText(privacy.apply(addendum.by)), "text": ReportText(privacy.apply(RecordLink.replacingLinks(in: addendum.text) { $0.shownText }))]
            }
            var context: [String: Any] = ["when": ReportText(when), "text": ReportText(RecordMarkdown.offlineHTML(privacy.apply(session.notes))),
                                          "signature": ReportText(session.signature.map { $0.line } ?? Signature.draftLine)]
            if session.signature == nil { context["draft"] = true }
            if !addenda.isEmpty { context["addenda"] = addenda }
            return context
        }
    }
}

/// Hides the client's full name and date of birth in text the clinician wrote, unless the report
/// is to show them.
struct Redaction {
    var replacements: [(String, String)] = []

    init(client: Client, fullNames: Bool) {
        guard !fullNames else { return }
        if let name = client.name?.trimmingASCIIWhitespace(), !name.isEmpty, name != client.displayName {
            replacements.append((name, client.displayName))
        }
        if let born = client.born {
            replacements.append((born.dayString, "[date of birth]"))
            replacements.append((born.mediumDay, "[date of birth]"))
        }
    }

    func apply(_ text: String) -> String {
        var out = text
        for (from, to) in replacements where out.range(of: from, options: .caseInsensitive) != nil {
            out = out.replacingOccurrences(of: from, with: to, options: .caseInsensitive)
        }
        return out
    }
}
