import Foundation

/// Reads typed values out of front-matter entries and collects the problems, each at the value it
/// is about: the field readers every kind's typed view shares (scalars, text, dates, ids, whole
/// numbers, names from a list, lists).
///
/// A value that cannot be read is nil and leaves an error; an empty value is nil and leaves none
/// unless the caller asks for one (`required`).
public struct FrontMatterReader: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// Line indexes (0-based) where the document reader found a problem: an entry on such a line
    /// is not called empty, its problem is already told.
    private let problemLines: Set<Int>

    public init(document: Document) {
        problemLines = Set(document.diagnostics.map { $0.location.line - 1 })
    }

    public mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(message, at: location))
    }

    public mutating func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(.warning(message, at: location))
    }

    /// Whether the entry has no value (`key:`, `~`, `null`) and no reading problem on its lines.
    public func isEmpty(_ entry: FrontMatterEntry) -> Bool {
        entry.value.isNull && !entry.lines.contains(where: problemLines.contains)
    }

    /// The one scalar of the entry; a list is an error, an empty value nil.
    public mutating func scalar(_ entry: FrontMatterEntry) -> YAMLScalar? {
        switch entry.value {
        case .null: return nil
        case .scalar(let s): return s.isNull ? nil : s
        case .list:
            error("\(entry.key) must be a single value, found a list", at: entry.valueLocation)
            return nil
        }
    }

    /// A required value: empty, or blank text (`name: ""`), is an error that says what to write
    /// (`example`).
    public mutating func required(_ entry: FrontMatterEntry, example: String) -> YAMLScalar? {
        guard let s = scalar(entry) else {
            if isEmpty(entry) { error("\(entry.key) is empty; write \(example)", at: entry.valueLocation) }
            return nil
        }
        if s.text.isBlank {
            error("\(entry.key) is empty; write \(example)", at: s.location)
            return nil
        }
        return s
    }

    /// Free text; blank text reads as no value, as `fmt` leaves such a key out.
    public mutating func text(_ entry: FrontMatterEntry) -> String? {
        guard let s = scalar(entry), !s.text.isBlank else { return nil }
        return s.text
    }

    /// A date, a date and time, or a date, time and offset; years 1900-9999.
    public mutating func date(_ entry: FrontMatterEntry) -> LocalDate? {
        guard let s = scalar(entry) else { return nil }
        return date(entry, s)
    }

    public mutating func date(_ entry: FrontMatterEntry, _ s: YAMLScalar) -> LocalDate? {
        guard let value = LocalDate.parse(s.text) else {
            error("\(entry.key) must be a date like 2024-12-10T14:30:00-08:00, 2024-12-10 14:30 or 2024-12-10, found \(quoted(s.text))", at: s.location)
            return nil
        }
        if let problem = value.yearProblem {
            error("\(entry.key): \(problem)", at: s.location)
            return nil
        }
        return value
    }

    /// A day without a time (`born: 2017-03-02`).
    public mutating func day(_ entry: FrontMatterEntry) -> LocalDate? {
        guard let s = scalar(entry) else { return nil }
        guard LocalDate.parse(s.text) != nil else {
            error("\(entry.key) must be a day like 2017-03-02, found \(quoted(s.text))", at: s.location)
            return nil
        }
        guard let value = date(entry, s) else { return nil }
        guard value.isDayOnly else {
            error("\(entry.key) must be a day like 2017-03-02, without a time, found \(quoted(s.text))", at: s.location)
            return nil
        }
        return value
    }

    /// A UUID such as the `id` of every document.
    public mutating func uuid(_ entry: FrontMatterEntry) -> UUID? {
        guard let s = scalar(entry) else { return nil }
        guard let value = UUID.parse(s.text.trimmingASCIIWhitespace()) else {
            error("\(entry.key) must be a UUID like 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34, found \(quoted(s.text))", at: s.location)
            return nil
        }
        return value
    }

    /// A document's own `id`: a UUID, and a warning when it is empty, which `fmt` mends.
    public mutating func documentID(_ entry: FrontMatterEntry) -> UUID? {
        let value = uuid(entry)
        if isEmpty(entry) { warning("id is empty; 'afterflow fmt' writes a new one", at: entry.valueLocation) }
        return value
    }

    /// A whole number in `range`.
    public mutating func integer(_ entry: FrontMatterEntry, in range: ClosedRange<Int>) -> Int? {
        guard let s = scalar(entry) else { return nil }
        guard let value = Int(s.text.trimmingASCIIWhitespace()), range.contains(value) else {
            let bound = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
            error("\(entry.key) must be a whole number \(bound), found \(quoted(s.text))", at: s.location)
            return nil
        }
        return value
    }

    /// One of `names` (compared without case and surrounding space), returned as written in `names`.
    public mutating func name(_ entry: FrontMatterEntry, from names: [String]) -> String? {
        guard let s = scalar(entry) else { return nil }
        let wanted = s.text.trimmingASCIIWhitespace().lowercased()
        if let found = names.first(where: { $0.lowercased() == wanted }) { return found }
        error("\(entry.key) must be one of \(names.joined(separator: ", ")), found \(quoted(s.text))", at: s.location)
        return nil
    }

    /// `true` or `false` (also `yes` or `no`), in any case.
    public mutating func flag(_ entry: FrontMatterEntry) -> Bool? {
        guard let s = scalar(entry) else { return nil }
        switch s.text.trimmingASCIIWhitespace().lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default:
            error("\(entry.key) must be true or false, found \(quoted(s.text))", at: s.location)
            return nil
        }
    }

    /// A list (flow `[a, b]` or block), or one scalar read as a list of one; each item with its scalar.
    public func list(_ entry: FrontMatterEntry) -> [YAMLScalar] {
        switch entry.value {
        case .null: return []
        case .scalar(let s): return s.isNull ? [] : [s]
        case .list(let items, _): return items
        }
    }
}
