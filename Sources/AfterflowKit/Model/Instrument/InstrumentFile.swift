import Foundation

/// An instrument definition read from its file (`instruments/ID.md`, docs/FORMAT.md
/// "Instruments"): the front matter holds the single values (id, title, citation, licence, scale,
/// scoring, timing, codes), the body's `## Items`, `## Subscales`, `## Bands` and `## Thresholds`
/// hold the lists, one a line. Reading never fails: every problem is a `Diagnostic` at the line
/// and column it is about, and `instrument` is nil while there is an error.
public struct InstrumentFile: Sendable {
    public let document: Document
    public private(set) var instrument: Instrument?
    public private(set) var diagnostics: [Diagnostic] = []

    public static let keys = ["type", "id", "title", "measures", "citation", "licence", "stem", "scale", "anchors", "score",
                              "reverse", "given", "days_after", "loinc", "loinc_panel"]
    public static let sections = ["items", "subscales", "bands", "thresholds"]

    /// Reads `document`; `source` is recorded in the instrument (the file's vault path).
    public init(document: Document, source: Instrument.Source) {
        self.document = document
        var reader = FrontMatterReader(document: document)
        guard let frontMatter = document.frontMatter else {
            if document.diagnostics.isEmpty {
                reader.error("expected front matter: an instrument file starts with a line '---'", at: SourceLocation(line: 1, column: 1))
            }
            diagnostics = (document.diagnostics + reader.diagnostics).sorted { $0.location < $1.location }
            return
        }
        var fields = Fields()
        for entry in frontMatter.entries { fields.read(entry, reader: &reader) }
        let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
        for (key, example) in [("id", "a short name like meq30"), ("title", "its name, like MEQ-30"), ("citation", "where it was published"),
                               ("licence", "an SPDX id like CC-BY-4.0, or unknown"), ("scale", "the answers' range, like 0-5")]
            where !fields.seen.contains(key) {
            reader.error("\(key) is missing; add a line '\(key): …' (\(example))", at: top)
        }
        var body = InstrumentBody(document: document, from: frontMatter.closingLine + 1)
        body.read(reader: &reader, scale: fields.scale)
        fields.check(body, reader: &reader, top: top)
        diagnostics = (document.diagnostics + reader.diagnostics).sorted { $0.location < $1.location }
        guard !diagnostics.hasErrors, let scale = fields.scale else { return }
        instrument = Instrument(id: fields.id, title: fields.title, measures: fields.measures ?? "", citation: fields.citation,
                                licence: fields.licence, stem: fields.stem, minimum: scale.lowerBound, maximum: scale.upperBound,
                                anchors: fields.anchors,
                                items: body.items.map { Instrument.Item(number: $0.number, text: $0.text, reverse: fields.reverse.contains($0.number)) },
                                subscales: body.subscales, scoring: fields.scoring, bands: body.bands, thresholds: body.thresholds,
                                given: fields.given, daysAfter: fields.daysAfter, loinc: fields.loinc, loincPanel: fields.loincPanel, source: source)
    }

    /// Parses `text` as an instrument file.
    public init(text: String, source: Instrument.Source) {
        self.init(document: Document(text), source: source)
    }

    /// The front matter's values as read.
    private struct Fields {
        var seen: Set<String> = []
        var id = "", title = "", citation = "", licence = ""
        var measures: String?, stem: String?, loinc: String?, loincPanel: String?
        var scale: ClosedRange<Int>?
        var anchors: [String] = []
        var scoring = Instrument.Scoring.sum
        var reverse: [Int] = []
        var reverseLocations: [SourceLocation] = []
        var given = Instrument.Given.any
        var daysAfter = 0

        mutating func read(_ entry: FrontMatterEntry, reader: inout FrontMatterReader) {
            seen.insert(entry.key)
            switch entry.key {
            case "type":
                if let s = reader.scalar(entry), s.text.trimmingASCIIWhitespace().lowercased() != "instrument" {
                    reader.error("type must be instrument in an instrument file, found \(quoted(s.text))", at: s.location)
                }
            case "id":
                guard let s = reader.required(entry, example: "a short name like meq30") else { return }
                id = Instrument.normalizedID(s.text)
                if id.isEmpty { reader.error("id must hold letters or digits, like meq30, found \(quoted(s.text))", at: s.location) }
            case "title": title = reader.required(entry, example: "its name, like MEQ-30")?.text ?? ""
            case "citation": citation = reader.required(entry, example: "authors, year, journal")?.text ?? ""
            case "licence": licence = reader.required(entry, example: "an SPDX id like CC-BY-4.0, or unknown")?.text ?? ""
            case "measures": measures = reader.text(entry)
            case "stem": stem = reader.text(entry)
            case "loinc": loinc = reader.text(entry)
            case "loinc_panel": loincPanel = reader.text(entry)
            case "anchors": anchors = reader.list(entry).map(\.text)
            default: readScoring(entry, reader: &reader)
            }
        }

        mutating func readScoring(_ entry: FrontMatterEntry, reader: inout FrontMatterReader) {
            switch entry.key {
            case "scale":
                guard let s = reader.required(entry, example: "the answers' range, like 0-5") else { return }
                if let range = InstrumentBody.range(s.text), range.lowerBound >= 0, range.upperBound > range.lowerBound, range.upperBound <= 1000 {
                    scale = range
                } else {
                    reader.error("scale must be the lowest and highest answer as whole numbers, like 0-5 or 0-100, found \(quoted(s.text))", at: s.location)
                }
            case "score":
                guard let name = reader.name(entry, from: Instrument.Scoring.allCases.map(\.rawValue)) else { return }
                scoring = Instrument.Scoring(rawValue: name) ?? .sum
            case "given":
                guard let name = reader.name(entry, from: Instrument.Given.allCases.map(\.rawValue)) else { return }
                given = Instrument.Given(rawValue: name) ?? .any
            case "days_after": daysAfter = reader.integer(entry, in: 0...365) ?? 0
            case "reverse":
                for s in reader.list(entry) {
                    if let n = Int(s.text.trimmingASCIIWhitespace()) { reverse.append(n); reverseLocations.append(s.location) }
                    else { reader.error("reverse must list item numbers, like [3, 7], found \(quoted(s.text))", at: s.location) }
                }
            default: return
            }
        }

        /// What needs the body too: the reverse-scored items exist, an instrument has items.
        func check(_ body: InstrumentBody, reader: inout FrontMatterReader, top: SourceLocation) {
            let numbers = Set(body.items.map(\.number))
            for (n, location) in zip(reverse, reverseLocations) where !numbers.contains(n) {
                reader.error("reverse names item \(n), which the items do not have (1-\(body.items.count))", at: location)
            }
            if !body.sawItems {
                reader.error("the items are missing; add a section '## Items' with one line an item: '1. wording' (or '1.' where you have no wording)", at: top)
            }
        }
    }
}
