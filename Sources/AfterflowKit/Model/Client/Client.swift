import Foundation

/// A therapist's client (`type: client`): the `client.md` at the top of the client's folder,
/// `clients/maya-t/client.md`. The folder's name is the client's short name.
///
/// Lists and reports show `displayName` (first name and last initial) and the age, never `name`
/// or `born`, unless asked for full names.
public struct Client: Sendable {
    public let document: Document
    public var id: UUID?
    /// The full name, as the clinician wrote it.
    public var name: String?
    /// The date of birth, a day.
    public var born: LocalDate?
    public var created: LocalDate?
    public var updated: LocalDate?
    /// How often a progress report is due (`progress_every:` or `report_periods:`); nil when
    /// the file says neither (the vault's default applies).
    public var progressEvery: ReportCadence?
    /// The days progress reports were given (`progress_reports:`), in order.
    public var progressReports: [LocalDate] = []
    /// The `## Notes` section's text.
    public var notes = ""
    public var diagnostics: [Diagnostic] = []

    public static let keys = ["type", "id", "name", "born", "progress_every", "report_periods", "progress_reports", "created", "updated"]

    public init(document: Document) {
        self.document = document
        var reader = FrontMatterReader(document: document)
        var sawName = false, sawID = false
        if let frontMatter = document.frontMatter {
            for entry in frontMatter.entries {
                switch entry.key {
                case "id":
                    sawID = true
                    id = reader.documentID(entry)
                case "name":
                    sawName = true
                    if reader.required(entry, example: "the client's name, like Maya Thompson") != nil { name = reader.text(entry) }
                case "born": born = reader.day(entry)
                case "progress_every", "report_periods", "progress_reports": readReportKey(entry, &reader)
                case "created": created = reader.date(entry)
                case "updated": updated = reader.date(entry)
                default: continue
                }
            }
            let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
            if !sawName { reader.error("name is missing; add a line like 'name: Maya Thompson'", at: top) }
            if !sawID { reader.warning("id is missing; 'afterflow fmt' adds one", at: top) }
        } else if document.diagnostics.isEmpty {
            reader.error("expected front matter: the file must start with a line '---'", at: SourceLocation(line: 1, column: 1))
        }
        diagnostics = document.diagnostics + reader.diagnostics
        if let section = document.section("Notes") { notes = document.text(of: section) }
        if let warning = document.unclosedFenceWarning { diagnostics.append(warning) }
        diagnostics += document.controlCharacterErrors(sections: document.section("Notes").map { [("notes", $0.content)] } ?? [])
        diagnostics.sort { $0.location < $1.location }
    }

    /// `progress_every:`, `report_periods:` (one of the two) and `progress_reports:`.
    private mutating func readReportKey(_ entry: FrontMatterEntry, _ reader: inout FrontMatterReader) {
        switch entry.key {
        case "progress_every":
            guard let s = reader.scalar(entry) else { return }
            guard let cadence = ReportCadence.parse(every: s.text) else {
                reader.error("progress_every must be \(ReportCadence.expected), found \(quoted(s.text))", at: s.location)
                return
            }
            if case .periods = progressEvery {
                reader.error("progress_every and report_periods both say when reports are due; keep one", at: s.location)
            }
            progressEvery = cadence
        case "report_periods":
            let (periods, problems) = ReportPeriod.read(reader.list(entry))
            for problem in problems { reader.error(problem.message, at: problem.location) }
            if progressEvery != nil {
                reader.error("progress_every and report_periods both say when reports are due; keep one", at: entry.valueLocation)
            }
            if !periods.isEmpty { progressEvery = .periods(periods) }
        default:
            var days: [LocalDate] = []
            for item in reader.list(entry) {
                guard let day = LocalDate.parse(item.text.trimmingASCIIWhitespace()), day.isDayOnly else {
                    reader.error("each of progress_reports must be the day a report was given, like 2025-03-11, found \(quoted(item.text))", at: item.location)
                    continue
                }
                if let last = days.last, day.dayNumber < last.dayNumber {
                    reader.error("progress_reports must be in order: \(day.dayString) comes after \(last.dayString)", at: item.location)
                }
                days.append(day)
            }
            progressReports = days.sorted { $0.dayNumber < $1.dayNumber }
        }
    }

    /// `Maya T.`: the first name and the last name's initial.
    public var displayName: String { Client.displayName(of: name ?? "") }

    public static func displayName(of name: String) -> String {
        let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first else { return "" }
        guard words.count > 1, let initial = words.last?.first else { return String(first) }
        return "\(first) \(String(initial).uppercased())."
    }

    /// `maya-t`: the first name and the last initial, lower case, letters and digits only (accents
    /// dropped), joined by `-`; the default short name of a new client.
    public static func defaultShortName(for name: String) -> String {
        let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(asciiLetters).filter { !$0.isEmpty }
        guard let first = words.first else { return "client" }
        guard words.count > 1, let initial = words.last?.first else { return first }
        return "\(first)-\(initial)"
    }

    private static func asciiLetters(_ word: Substring) -> String {
        let folded = word.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return String(folded.unicodeScalars.filter { Trial.isNameScalar($0) && $0 != "-" && $0 != "_" }.map(Character.init)).lowercased()
    }

    /// Whole years of age on `day`, when the date of birth is known.
    public func age(on day: LocalDate) -> Int? {
        born.flatMap { Client.age(born: $0, on: day) }
    }

    /// Whole years from `born` to `day`.
    public static func age(born: LocalDate, on day: LocalDate) -> Int? {
        var years = day.year - born.year
        if (day.month, day.day) < (born.month, born.day) { years -= 1 }
        return years >= 0 ? years : nil
    }
}
