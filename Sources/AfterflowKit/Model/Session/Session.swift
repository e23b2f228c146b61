import Foundation

/// A therapy session: a typed view onto a `Document`, with the location of every field.
///
/// Reading never fails: problems become `diagnostics`, and fields that could not be read are nil.
public struct Session: Sendable, SessionSections {
    public let document: Document
    public var id: UUID?
    public var date: LocalDate?
    public var treatment: Treatment?
    public var administration: Administration?
    public var dose: String?
    public var moodBefore: Int?
    public var moodAfter: Int?
    /// The status the file states; `status` is what its content makes it.
    public var recordedStatus: SessionStatus?
    public var reminder: LocalDate?
    public var music: String?
    public var tags: [String] = []
    public var created: LocalDate?
    public var updated: LocalDate?
    public var intention = ""
    public var environment = ""
    public var musicNotes = ""
    public var reflections = ""
    /// Problems of the file and of its fields, errors and warnings, in file order.
    public var diagnostics: [Diagnostic]

    /// The status the content implies: see `SessionStatus.derive`.
    public var status: SessionStatus {
        SessionStatus.derive(intention: intention, moodBefore: moodBefore, reflections: reflections)
    }

    /// `Psilocybin • Dec 10, 2024`.
    public var displayTitle: String { displayTitle(treatments: .builtIn) }

    /// The title with the vault's display name of the treatment (`Ibogaine HCl • Dec 10, 2024`).
    public func displayTitle(treatments: TreatmentCatalog) -> String {
        let name = treatment.map(treatments.displayName(of:)) ?? "Session"
        guard let date else { return name }
        return "\(name) • \(date.mediumDay)"
    }

    /// After minus before, when both are known.
    public var moodLift: Int? {
        guard let moodBefore, let moodAfter else { return nil }
        return moodAfter - moodBefore
    }

    public init(document: Document) {
        self.document = document
        diagnostics = document.diagnostics
        if let frontMatter = document.frontMatter {
            readFrontMatter(frontMatter)
        } else if document.diagnostics.isEmpty {
            diagnostics.append(.error("expected front matter: the file must start with a line '---'", at: SourceLocation(line: 1, column: 1)))
        }
        let sections = readSections()
        if let warning = document.unclosedFenceWarning { diagnostics.append(warning) }
        diagnostics += document.controlCharacterErrors(sections: sections)
        diagnostics.sort { $0.location < $1.location }
    }

    public init(parsing text: String) {
        self.init(document: Document(text))
    }

    // MARK: - Reading

    private mutating func readFrontMatter(_ frontMatter: FrontMatter) {
        var reader = FrontMatterReader(document: document)
        var sawDate = false
        var sawTreatment = false
        var sawID = false
        for entry in frontMatter.entries {
            guard let key = SessionKey.named(entry.key) else { continue }
            switch key {
            case .type:
                break
            case .id:
                sawID = true
                id = reader.documentID(entry)
            case .date:
                sawDate = true
                if let s = reader.required(entry, example: "a date like 2024-12-10T14:30:00-08:00") { date = reader.date(entry, s) }
            case .treatment:
                sawTreatment = true
                guard let s = reader.required(entry, example: "one of \(Treatment.expectedList)") else { continue }
                treatment = Treatment(parsing: s.text)
                if treatment == nil {
                    reader.error("treatment must be a name of letters, digits, - and _ (like psilocybin or 5-meo-dmt; the vault's are in .afterflow/config.yml), found \(quoted(s.text))", at: s.location)
                }
            case .administration:
                guard let s = reader.scalar(entry) else { continue }
                administration = Administration(parsing: s.text)
                if administration == nil { reader.error("administration must be a name of letters, digits, - and _ (like oral or sublingual; the vault's are in .afterflow/config.yml), found \(quoted(s.text))", at: s.location) }
            case .dose:
                dose = reader.text(entry)
            case .moodBefore:
                moodBefore = Session.readMood(entry, &reader)
            case .moodAfter:
                moodAfter = Session.readMood(entry, &reader)
            case .status:
                guard let s = reader.scalar(entry) else { continue }
                recordedStatus = SessionStatus(parsing: s.text)
                if recordedStatus == nil { reader.error("status must be one of draft, needs-reflection, complete, found \(quoted(s.text))", at: s.location) }
            case .reminder:
                reminder = reader.date(entry)
            case .music:
                music = reader.text(entry)
            case .tags:
                tags = reader.list(entry).map(\.text)
            case .created:
                created = reader.date(entry)
            case .updated:
                updated = reader.date(entry)
            }
        }
        diagnostics += reader.diagnostics
        warnShadowedKeys(frontMatter)
        let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
        if !sawDate { diagnostics.append(.error("date is missing; add a line like 'date: 2024-12-10T14:30:00-08:00'", at: top)) }
        if !sawTreatment { diagnostics.append(.error("treatment is missing; add a line like 'treatment: psilocybin'", at: top)) }
        if !sawID { diagnostics.append(.warning("id is missing; \(formatFixes) adds one", at: top)) }
    }

    /// A front-matter key named like a section (`intention:`) or `path`: afterflow reads the
    /// section, and JSON writes the key under `shadowed` (see `Session.jsonReservedKeys`).
    private mutating func warnShadowedKeys(_ frontMatter: FrontMatter) {
        for entry in frontMatter.entries where Session.jsonReservedKeys.contains(entry.key) {
            let section = SessionSection(fieldName: entry.key)
            let owner = section.map { "the ## \($0.rawValue) section, which afterflow reads instead" }
                ?? (entry.key == "path" ? "the file's path in JSON" : "JSON's object of shadowed keys")
            let fix = section == nil ? "rename the key" : "move its text into the section, or rename the key"
            diagnostics.append(.warning("the front-matter key \(entry.key) has the name of \(owner); JSON writes it under \"shadowed\"; \(fix)",
                                        at: entry.keyLocation))
        }
    }

    /// Reads the four sections; returns each one's field name and lines, for the checks of text.
    private mutating func readSections() -> [(field: String, lines: Range<Int>)] {
        var read: [(field: String, lines: Range<Int>)] = []
        var seen: UInt8 = 0  // a bit for each section already read: the first of a name counts
        for (i, heading) in document.headings.enumerated() where heading.level == 2 {
            guard let index = SessionSection.allCases.firstIndex(where: { heading.title.caseInsensitiveEquals($0.rawValue) }),
                  seen & (1 << index) == 0 else { continue }
            seen |= 1 << index
            let section = SessionSection.allCases[index]
            let end = i + 1 < document.headings.count ? document.headings[i + 1].line : document.lines.count
            let text = document.text(of: Document.Section(heading: heading, content: (heading.line + 1)..<end))
            read.append((section.fieldName, (heading.line + 1)..<end))
            switch section {
            case .intention: intention = text
            case .environment: environment = text
            case .music: musicNotes = text
            case .reflections: reflections = text
            }
        }
        if let recordedStatus, recordedStatus != status, let entry = document.frontMatter?.entry("status"),
           let s = entry.value.scalar {
            diagnostics.append(.warning(
                "status says \(recordedStatus.rawValue) but the content makes it \(status.rawValue); \(hasErrors ? formatFixes : "the next edit or " + formatFixes) corrects it",
                at: s.location))
        }
        return read
    }

    /// Who corrects what `fmt` would: `'afterflow fmt'`, or, in a file with errors (which `fmt`
    /// and edits refuse), `once the errors are fixed, 'afterflow fmt'`. Every error is known by
    /// the time the warnings that use it are made: the front matter's before the id's, the
    /// sections add none.
    private var formatFixes: String {
        hasErrors ? "once the errors are fixed, 'afterflow fmt'" : "'afterflow fmt'"
    }

    private var hasErrors: Bool { diagnostics.hasErrors }

    /// A mood from 1 to 10 (`MoodScale`), or nil with an error.
    private static func readMood(_ entry: FrontMatterEntry, _ reader: inout FrontMatterReader) -> Int? {
        guard let s = reader.scalar(entry) else { return nil }
        guard let value = MoodScale.parse(s.text) else {
            reader.error("\(entry.key) must be a whole number from 1 to 10, found \(quoted(s.text))", at: s.location)
            return nil
        }
        return value
    }
}

/// `"text"` with quotes, backslashes and line feeds escaped, for messages; other control
/// characters are written `\u001B`, so that a message never acts on the terminal it is shown on.
func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case _ where Document.isControl(scalar):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
