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
    /// While reading: the line indexes where the document reader found a problem.
    private var problemLines: Set<Int> = []

    /// The status the content implies: see `SessionStatus.derive`.
    public var status: SessionStatus {
        SessionStatus.derive(intention: intention, moodBefore: moodBefore, reflections: reflections)
    }

    /// `Psilocybin • Dec 10, 2024`.
    public var displayTitle: String {
        let name = treatment?.displayName ?? "Session"
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
        // Hashed once: looked up for each empty key, of which a front matter may hold thousands.
        problemLines = Set(document.diagnostics.map { $0.location.line - 1 })
        defer { problemLines = [] }
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
                guard let s = scalar(entry) else {
                    if isEmpty(entry) { diagnostics.append(.warning("id is empty; 'afterflow fmt' writes a new one", at: entry.valueLocation)) }
                    continue
                }
                if let uuid = UUID.parse(s.text.trimmingASCIIWhitespace()) {
                    id = uuid
                } else {
                    error(entry, s, "id must be a UUID like 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34, found \(quoted(s.text))")
                }
            case .date:
                sawDate = true
                date = readDate(entry)
            case .treatment:
                sawTreatment = true
                guard let s = scalar(entry) else {
                    if isEmpty(entry) {
                        diagnostics.append(.error("treatment is empty; write one of \(Treatment.expectedList)", at: entry.valueLocation))
                    }
                    continue
                }
                if let value = Treatment(parsing: s.text) {
                    treatment = value
                } else {
                    error(entry, s, "treatment must be one of \(Treatment.expectedList), found \(quoted(s.text))")
                }
            case .administration:
                guard let s = scalar(entry) else { continue }
                if let value = Administration(parsing: s.text) {
                    administration = value
                } else {
                    error(entry, s, "administration must be one of \(Administration.expectedList), found \(quoted(s.text))")
                }
            case .dose:
                dose = text(entry)
            case .moodBefore:
                moodBefore = readMood(entry)
            case .moodAfter:
                moodAfter = readMood(entry)
            case .status:
                guard let s = scalar(entry) else { continue }
                if let value = SessionStatus(parsing: s.text) {
                    recordedStatus = value
                } else {
                    error(entry, s, "status must be one of draft, needs-reflection, complete, found \(quoted(s.text))")
                }
            case .reminder:
                reminder = readDate(entry)
            case .music:
                music = text(entry)
            case .tags:
                switch entry.value {
                case .null: break
                case .scalar(let s): if !s.isNull { tags = [s.text] }
                case .list(let items, _): tags = items.map(\.text)
                }
            case .created:
                created = readDate(entry)
            case .updated:
                updated = readDate(entry)
            }
        }
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

    private mutating func scalar(_ entry: FrontMatterEntry) -> YAMLScalar? {
        switch entry.value {
        case .null: return nil
        case .scalar(let s): return s.isNull ? nil : s
        case .list:
            diagnostics.append(.error("\(entry.key) must be a single value, found a list", at: entry.valueLocation))
            return nil
        }
    }

    private mutating func readDate(_ entry: FrontMatterEntry) -> LocalDate? {
        guard let s = scalar(entry) else {
            if entry.key == "date" && isEmpty(entry) {
                diagnostics.append(.error("date is empty; write a date like 2024-12-10T14:30:00-08:00", at: entry.valueLocation))
            }
            return nil
        }
        guard let value = LocalDate.parse(s.text) else {
            error(entry, s, "\(entry.key) must be a date like 2024-12-10T14:30:00-08:00, 2024-12-10 14:30 or 2024-12-10, found \(quoted(s.text))")
            return nil
        }
        if let problem = value.yearProblem {
            error(entry, s, "\(entry.key): \(problem)")
            return nil
        }
        return value
    }

    /// Whether the entry has no value (`key:`, `~`, `null`) and no reading problem on its lines.
    private func isEmpty(_ entry: FrontMatterEntry) -> Bool {
        entry.value.isNull && !entry.lines.contains(where: problemLines.contains)
    }

    /// A free-text value; blank text reads as no value, as `fmt` leaves such a key out.
    private mutating func text(_ entry: FrontMatterEntry) -> String? {
        guard let s = scalar(entry), !s.text.isBlank else { return nil }
        return s.text
    }

    private mutating func readMood(_ entry: FrontMatterEntry) -> Int? {
        guard let s = scalar(entry) else { return nil }
        guard let value = MoodScale.parse(s.text) else {
            error(entry, s, "\(entry.key) must be a whole number from 1 to 10, found \(quoted(s.text))")
            return nil
        }
        return value
    }

    private mutating func error(_ entry: FrontMatterEntry, _ scalar: YAMLScalar, _ message: String) {
        diagnostics.append(.error(message, at: scalar.location))
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
