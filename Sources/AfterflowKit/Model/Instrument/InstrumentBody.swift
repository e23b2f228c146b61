import Foundation

/// The lists of an instrument file's body, one a line under their heading: `## Items` (`1. wording`,
/// or `1.` alone where the wording is not shipped), `## Subscales` (`- name: 1, 4, 6-9`),
/// `## Bands` (`- mild: 5-9`, of the total score) and `## Thresholds`
/// (`- complete: every subscale >= 60%`, `- high: total >= 10`, `- name: SUBSCALE >= 60%`). Other
/// headings and their text are notes, left alone.
struct InstrumentBody {
    struct Item { var number: Int; var text: String? }

    let document: Document
    let start: Int
    var items: [Item] = []
    var subscales: [Instrument.Subscale] = []
    var bands: [Instrument.Band] = []
    var thresholds: [Instrument.Threshold] = []
    var sawItems = false
    /// Where each threshold naming one subscale stands, checked once every subscale is read.
    private var subscaleTargets: [(name: String, location: SourceLocation)] = []

    init(document: Document, from start: Int) {
        self.document = document
        self.start = start
    }

    mutating func read(reader: inout FrontMatterReader, scale: ClosedRange<Int>?) {
        var section: String?
        for index in start..<document.lines.count {
            let line = document.text(ofLine: index)
            let trimmed = line.trimmingASCIIWhitespace()
            if trimmed.hasPrefix("#") {
                let title = String(trimmed.drop { $0 == "#" }).trimmingASCIIWhitespace().lowercased()
                section = InstrumentFile.sections.contains(title) ? title : nil
                if title == "items" { sawItems = true }
                continue
            }
            guard let section, !trimmed.isEmpty, !trimmed.hasPrefix("<!--") else { continue }
            let at = SourceLocation(line: index + 1, column: line.utf8.count - line.drop { $0 == " " || $0 == "\t" }.utf8.count + 1)
            switch section {
            case "items": readItem(trimmed, at: at, reader: &reader)
            case "subscales": readSubscale(trimmed, at: at, reader: &reader)
            case "bands": readBand(trimmed, at: at, reader: &reader)
            default: readThreshold(trimmed, at: at, reader: &reader)
            }
        }
        checkKeys(reader: &reader, scale: scale)
    }

    private mutating func readItem(_ text: String, at: SourceLocation, reader: inout FrontMatterReader) {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits), text.dropFirst(digits.count).first == "." else {
            reader.error("an item must be its number and a full stop, then its wording: '\(items.count + 1). …', found \(quoted(text))", at: at)
            return
        }
        guard number == items.count + 1 else {
            reader.error("items must be numbered 1, 2, 3 … in order: expected \(items.count + 1), found \(number)", at: at)
            return
        }
        let wording = String(text.dropFirst(digits.count + 1)).trimmingASCIIWhitespace()
        let placeholder = wording.isEmpty || wording.lowercased() == "item \(number)"
        items.append(Item(number: number, text: placeholder ? nil : wording))
    }

    /// `- name: rest`: the name and the rest, with the rest's column; nil (and an error) otherwise.
    private func entry(_ text: String, at: SourceLocation, example: String, reader: inout FrontMatterReader) -> (String, String, SourceLocation)? {
        guard text.hasPrefix("- "), let colon = text.firstIndex(of: ":") else {
            reader.error("expected a line like '\(example)', found \(quoted(text))", at: at)
            return nil
        }
        let name = String(text[text.index(text.startIndex, offsetBy: 2)..<colon]).trimmingASCIIWhitespace()
        let rest = String(text[text.index(after: colon)...])
        let column = at.column + text[..<colon].utf8.count + 1 + (rest.utf8.count - rest.drop { $0 == " " }.utf8.count)
        guard !name.isEmpty else {
            reader.error("expected a name before ':', like '\(example)'", at: at)
            return nil
        }
        return (name, rest.trimmingASCIIWhitespace(), SourceLocation(line: at.line, column: column))
    }

    private mutating func readSubscale(_ text: String, at: SourceLocation, reader: inout FrontMatterReader) {
        guard let (name, rest, location) = entry(text, at: at, example: "- positive mood: 2, 8, 12-14", reader: &reader) else { return }
        var numbers: [Int] = []
        for part in rest.split(separator: ",").map({ String($0).trimmingASCIIWhitespace() }) {
            if let n = Int(part) { numbers.append(n) }
            else if let range = Self.range(part), range.lowerBound >= 1 { numbers += Array(range) }
            else {
                reader.error("subscale \(name) must list item numbers, like 2, 8, 12-14, found \(quoted(part))", at: location)
                return
            }
        }
        if numbers.isEmpty { reader.error("subscale \(name) lists no items; write them like 2, 8, 12-14", at: location) }
        if let repeated = numbers.first(where: { n in numbers.filter { $0 == n }.count > 1 }) {
            reader.error("subscale \(name) lists item \(repeated) twice", at: location)
        }
        subscales.append(Instrument.Subscale(name: name, items: numbers))
        subscaleLocations.append(location)
    }

    private var subscaleLocations: [SourceLocation] = []

    private mutating func readBand(_ text: String, at: SourceLocation, reader: inout FrontMatterReader) {
        guard let (name, rest, location) = entry(text, at: at, example: "- mild: 5-9", reader: &reader) else { return }
        let ends = rest.split(separator: "-", maxSplits: 1).map { Double(String($0).trimmingASCIIWhitespace()) }
        guard ends.count == 2, let lower = ends[0], let upper = ends[1], lower <= upper else {
            reader.error("band \(name) must be the lowest and highest score it holds, like 5-9, found \(quoted(rest))", at: location)
            return
        }
        if let overlap = bands.first(where: { $0.lower <= upper && lower <= $0.upper }) {
            reader.error("band \(name) overlaps band \(overlap.name); each score belongs to one band", at: location)
        }
        bands.append(Instrument.Band(name: name, lower: lower, upper: upper))
    }

    private mutating func readThreshold(_ text: String, at: SourceLocation, reader: inout FrontMatterReader) {
        let example = "- complete: every subscale >= 60%"
        guard let (name, rest, location) = entry(text, at: at, example: example, reader: &reader) else { return }
        let parts = rest.components(separatedBy: ">=")
        let number = parts.count == 2 ? parts[1].trimmingASCIIWhitespace() : ""
        let percent = number.hasSuffix("%")
        guard parts.count == 2, let minimum = Double(percent ? String(number.dropLast()) : number) else {
            reader.error("threshold \(name) must be a rule like 'every subscale >= 60%', 'total >= 10' or 'SUBSCALE >= 60%', found \(quoted(rest))", at: location)
            return
        }
        let subject = parts[0].trimmingASCIIWhitespace()
        let target: Instrument.Threshold.Target
        switch subject.lowercased() {
        case "total": target = .total
        case "every subscale": target = .everySubscale
        default:
            target = .subscale(subject)
            subscaleTargets.append((subject, location))
        }
        thresholds.append(Instrument.Threshold(name: name, target: target, minimum: minimum, percent: percent))
    }

    /// What needs every list read: subscales name items that exist, thresholds name subscales.
    private func checkKeys(reader: inout FrontMatterReader, scale: ClosedRange<Int>?) {
        for (subscale, location) in zip(subscales, subscaleLocations) {
            if let missing = subscale.items.first(where: { $0 < 1 || $0 > items.count }) {
                reader.error("subscale \(subscale.name) names item \(missing), which the items do not have (1-\(items.count))", at: location)
            }
        }
        for (name, location) in subscaleTargets where !subscales.contains(where: { $0.name == name }) {
            let known = subscales.map(\.name).joined(separator: ", ")
            reader.error("threshold names \(quoted(name)), which is not total, every subscale or a subscale (\(known.isEmpty ? "none" : known))", at: location)
        }
        if thresholds.contains(where: { $0.target == .everySubscale }) && subscales.isEmpty {
            reader.error("a threshold on every subscale needs a '## Subscales' section", at: SourceLocation(line: start + 1, column: 1))
        }
    }

    /// `0-5` → 0...5; nil for anything else.
    static func range(_ text: String) -> ClosedRange<Int>? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { Int(String($0).trimmingASCIIWhitespace()) }
        guard ends.count == 2, let lower = ends[0], let upper = ends[1], lower <= upper else { return nil }
        return lower...upper
    }
}
