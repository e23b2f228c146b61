import Foundation

/// A standard questionnaire filled in (`type: assessment`): PHQ-9 or GAD-7, every item's answer,
/// the total and its severity band. `assessments/2025/2025-03-04-0815-phq9.md`; the notes are the
/// body. A typed view onto a `Document`: reading never fails, problems become `diagnostics`, each
/// at the value it is about.
///
/// The items are the truth: a total or band that disagrees with them is an error (a clinician
/// reads the total), one that is missing is a warning that `fmt` mends.
public struct Assessment: Sendable {
    public let document: Document
    public var id: UUID?
    public var date: LocalDate?
    /// PHQ-9 or GAD-7; nil for any other instrument (see `instrumentID`).
    public var instrument: AssessmentInstrument?
    /// The instrument's id as the file names it (`phq9`, `meq30`, a vault's own), normalized
    /// (`Instrument.normalizedID`); nil when missing.
    public var instrumentID: String?
    /// Where the `instrument` value stands, for the checks that know the vault's instruments.
    public var instrumentLocation: SourceLocation?
    /// The built-in definition of an instrument other than PHQ-9 and GAD-7 (MEQ-30, EDI, …).
    public var definition: Instrument?
    /// The id of the session the answers are about (`session:`), as written.
    public var session: String?
    /// Where each item's answer stands, in order, and the `items` value.
    public var itemLocations: [SourceLocation] = []
    public var itemsLocation: SourceLocation?
    /// Each item's answer, 0-3, in order; nil for an answer that could not be read.
    public var items: [Int?] = []
    /// The total as written.
    public var writtenTotal: Int?
    /// The band as written.
    public var writtenBand: AssessmentBand?
    public var created: LocalDate?
    public var updated: LocalDate?
    /// The body after the front matter, trimmed.
    public var notes = ""
    public var diagnostics: [Diagnostic]

    public static let keys = ["type", "id", "date", "instrument", "items", "total", "band", "session", "created", "updated"]

    /// Whether every item has a readable answer and there are as many as the instrument asks.
    public var isComplete: Bool {
        guard let instrument else { return false }
        return items.count == instrument.itemCount && items.allSatisfy { $0 != nil }
    }

    /// The sum of the answers, when the items are complete; else the total as written.
    public var total: Int? {
        isComplete ? items.reduce(0) { $0 + ($1 ?? 0) } : writtenTotal
    }

    /// The band of `total`.
    public var band: AssessmentBand? {
        guard let instrument, let total else { return writtenBand }
        return instrument.band(total: total)
    }

    /// Whether the instrument's safety item (PHQ-9 item 9) has an answer above 0.
    public var safetyItemAnswered: Bool {
        guard let item = instrument?.safetyItem, items.count >= item, let answer = items[item - 1] else { return false }
        return answer > 0
    }

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
            if !seen.instrument { reader.error("instrument is missing; add a line 'instrument: phq9' or 'instrument: gad7'", at: top) }
            readItems(seen, reader: &reader, top: top)
            checkTotalAndBand(seen, reader: &reader, top: top)
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
        var date = false, id = false, instrument = false
        var itemsEntry: FrontMatterEntry?
        var itemScalars: [YAMLScalar] = []
        var total: (value: Int, location: SourceLocation)?
        var band: (value: AssessmentBand, location: SourceLocation)?
    }

    /// Reads one front-matter entry into its field; a key the assessment does not know is left alone.
    private mutating func read(_ entry: FrontMatterEntry, reader: inout FrontMatterReader, seen: inout Seen) {
        switch entry.key {
        case "id":
            seen.id = true
            id = reader.documentID(entry)
        case "date":
            seen.date = true
            if reader.required(entry, example: "when you answered, like 2025-03-04T08:15:00") != nil { date = reader.date(entry) }
        case "instrument":
            seen.instrument = true
            guard let s = reader.required(entry, example: "phq9 or gad7") else { return }
            instrumentLocation = s.location
            if let value = AssessmentInstrument(parsing: s.text) {
                instrument = value
                instrumentID = value.rawValue
            } else if let other = InstrumentCatalog.builtIn(id: s.text) {
                instrumentID = other.id
                definition = other
            } else {
                // Perhaps a vault's own (instruments/ID.md): VaultCheck, which reads them, takes this error back.
                instrumentID = Instrument.normalizedID(s.text)
                reader.error(Self.unknownInstrumentMessage(s.text), at: s.location)
            }
        case "items":
            seen.itemsEntry = entry
            seen.itemScalars = reader.list(entry)
        case "total":
            guard let s = reader.scalar(entry) else { return }
            if let value = Int(s.text.trimmingASCIIWhitespace()), value >= 0 {
                seen.total = (value, s.location)
            } else {
                reader.error("total must be a whole number, the sum of the items, found \(quoted(s.text))", at: s.location)
            }
        case "band":
            guard let s = reader.scalar(entry) else { return }
            if let value = AssessmentBand(parsing: s.text) {
                seen.band = (value, s.location)
            } else {
                let names = (instrument?.bands ?? AssessmentBand.allCases).map(\.rawValue).joined(separator: ", ")
                reader.error("band must be one of \(names), found \(quoted(s.text))", at: s.location)
            }
        case "session": session = reader.text(entry)?.trimmingASCIIWhitespace()
        case "created": created = reader.date(entry)
        case "updated": updated = reader.date(entry)
        default: return
        }
    }

    /// The answers, each 0-3, as many as the instrument asks.
    private mutating func readItems(_ seen: Seen, reader: inout FrontMatterReader, top: SourceLocation) {
        itemLocations = seen.itemScalars.map(\.location)
        itemsLocation = seen.itemsEntry?.valueLocation
        if instrument == nil, instrumentID != nil {
            readOtherItems(seen.itemScalars, reader: &reader)
            return
        }
        for (i, s) in seen.itemScalars.enumerated() {
            let text = s.text.trimmingASCIIWhitespace()
            if let value = Int(text), (0...3).contains(value) {
                items.append(value)
            } else {
                items.append(nil)
                reader.error("item \(i + 1) must be an answer from 0 to 3 (0 not at all, 1 several days, 2 more than half the days, 3 nearly every day), found \(quoted(s.text))", at: s.location)
            }
        }
        if let itemsEntry = seen.itemsEntry {
            if let instrument, seen.itemScalars.count != instrument.itemCount {
                reader.error("items must hold \(instrument.itemCount) answers for \(instrument.title), one for each item in order, found \(seen.itemScalars.count)", at: itemsEntry.valueLocation)
            }
        } else {
            reader.error("items is missing; add the answers in order, like 'items: [1, 0, 2, …]'", at: top)
        }
    }

    /// The total and band as written, checked against the items (which are the truth).
    private mutating func checkTotalAndBand(_ seen: Seen, reader: inout FrontMatterReader, top: SourceLocation) {
        guard let instrument else {
            writtenTotal = seen.total?.value
            writtenBand = seen.band?.value
            return
        }
        let complete = items.count == instrument.itemCount && !items.contains(nil)
        let sum: Int? = complete ? items.reduce(0) { $0 + ($1 ?? 0) } : nil
        if let totalEntry = seen.total {
            writtenTotal = totalEntry.value
            if let sum, sum != totalEntry.value {
                reader.error("total \(totalEntry.value) does not match the items, which add up to \(sum)", at: totalEntry.location)
            } else if totalEntry.value > instrument.maximum {
                reader.error("total must be from 0 to \(instrument.maximum) for \(instrument.title), found \(totalEntry.value)", at: totalEntry.location)
            }
        } else if complete {
            reader.warning("total is missing; 'afterflow fmt' adds it", at: top)
        }
        if let bandEntry = seen.band {
            writtenBand = bandEntry.value
            if !instrument.bands.contains(bandEntry.value) {
                reader.error("band must be one of \(instrument.bands.map(\.rawValue).joined(separator: ", ")) for \(instrument.title), found \(quoted(bandEntry.value.rawValue))", at: bandEntry.location)
            } else if let total = sum ?? seen.total?.value, instrument.band(total: total) != bandEntry.value {
                reader.error("band \(bandEntry.value.rawValue) does not match the total \(total), which is \(instrument.band(total: total).rawValue)", at: bandEntry.location)
            }
        } else if complete {
            reader.warning("band is missing; 'afterflow fmt' adds it", at: top)
        }
    }
}

/// Answers to instruments other than PHQ-9 and GAD-7: read as whole numbers, then checked against
/// the instrument's definition (a built-in here; a vault's own in `VaultCheck`).
extension Assessment {
    /// The error on an `instrument` value afterflow does not know.
    static func unknownInstrumentMessage(_ text: String) -> String {
        let others = BuiltInInstruments.all.map(\.id).filter { AssessmentInstrument(rawValue: $0) == nil }.joined(separator: ", ")
        return "instrument must be phq9 (depression), gad7 (anxiety), another built-in (\(others)) or one defined in the vault's instruments/ folder, found \(quoted(text))"
    }

    /// The instrument's scores of these answers.
    public func score(with instrument: Instrument) -> InstrumentScore { instrument.score(answers: items) }

    /// The answers as whole numbers; then, for a built-in, checked against it.
    fileprivate mutating func readOtherItems(_ scalars: [YAMLScalar], reader: inout FrontMatterReader) {
        for (i, s) in scalars.enumerated() {
            if let value = Int(s.text.trimmingASCIIWhitespace()) {
                items.append(value)
            } else {
                items.append(nil)
                reader.error("item \(i + 1) must be a whole number, the answer on the instrument's scale, found \(quoted(s.text))", at: s.location)
            }
        }
        if let definition { for problem in problems(against: definition) { reader.error(problem.message, at: problem.location) } }
    }

    /// What is wrong with these answers for `instrument`: as many as it has items, each on its
    /// scale. Located at the answer, or at `items`.
    public func problems(against instrument: Instrument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let top = itemsLocation ?? instrumentLocation ?? SourceLocation(line: 1, column: 1)
        if itemsLocation == nil {
            out.append(.error("items is missing; add the answers in order, like 'items: [\(instrument.minimum), \(instrument.maximum), …]'", at: top))
        } else if items.count != instrument.itemCount {
            out.append(.error("items must hold \(instrument.itemCount) answers for \(instrument.title), one for each item in order, found \(items.count)", at: top))
        }
        for (i, answer) in items.enumerated() {
            guard let answer, !(instrument.minimum...instrument.maximum).contains(answer) else { continue }
            let at = i < itemLocations.count ? itemLocations[i] : top
            out.append(.error("item \(i + 1) must be an answer from \(instrument.scaleText) for \(instrument.title), found \(answer)", at: at))
        }
        return out
    }
}
