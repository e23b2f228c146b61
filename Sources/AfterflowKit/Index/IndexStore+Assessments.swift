import Foundation
import GRDB

/// An assessment as the index lists it.
public struct AssessmentListing: Sendable {
    public var path: String
    public var id: String?
    public var date: LocalDate?
    /// The local day as written, `2025-03-04`.
    public var day: String?
    /// PHQ-9 or GAD-7; nil for another instrument (`instrumentID`).
    public var instrument: AssessmentInstrument?
    /// The instrument's id, normalized (`phq9`, `meq30`, a vault's own).
    public var instrumentID: String? = nil
    /// Each item's answer; nil where the file's answer could not be read.
    public var items: [Int?]
    public var total: Int?
    public var band: AssessmentBand?
    public var notes: String
    /// The linked session's id as written (`session:`).
    public var session: String? = nil

    /// The instrument's id: `instrumentID`, else PHQ-9's or GAD-7's.
    public var instrumentKey: String? { instrumentID ?? instrument?.rawValue }

    /// Whether every item of the instrument has an answer: only then are the total and band the
    /// items' (a file with a wrong count of items has errors that `check` names).
    public var isComplete: Bool {
        guard let instrument else { return false }
        return items.count == instrument.itemCount && !items.contains(nil)
    }
}

extension IndexStore {
    /// Assessments, oldest first: of one instrument, between two local days (inclusive).
    public func assessments(instrument: AssessmentInstrument? = nil, since: String? = nil, until: String? = nil) throws(VaultError) -> [AssessmentListing] {
        try assessments(instrumentID: instrument?.rawValue, since: since, until: until)
    }

    /// Assessments, oldest first: of the instrument with `instrumentID` (any instrument when nil),
    /// between two local days (inclusive).
    public func assessments(instrumentID: String?, since: String? = nil, until: String? = nil) throws(VaultError) -> [AssessmentListing] {
        var clauses = ["1"]
        var arguments: StatementArguments = []
        if let instrumentID { clauses.append("instrument = ?"); arguments += [Instrument.normalizedID(instrumentID)] }
        if let since { clauses.append("day >= ?"); arguments += [since] }
        if let until { clauses.append("day <= ?"); arguments += [until] }
        let sql = """
            SELECT path, id, date_text, day, instrument, items, total, band, notes, session FROM assessments
            WHERE \(clauses.joined(separator: " AND ")) ORDER BY date IS NULL, date, path
            """
        return try query { db in
            try RawRow.all(db, sql: sql, arguments: arguments) { row in
                let items = row.text(5).split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
                return AssessmentListing(path: row.text(0), id: row.string(1), date: row.string(2).flatMap(LocalDate.parse), day: row.string(3),
                                         instrument: row.string(4).flatMap(AssessmentInstrument.init(rawValue:)), instrumentID: row.string(4),
                                         items: row.text(5).isEmpty ? [] : items, total: row.int(6),
                                         band: row.string(7).flatMap(AssessmentBand.init(rawValue:)), notes: row.text(8), session: row.string(9))
            }
        }
    }

    /// The instrument's id (`AssessmentListing.instrumentKey`) of each assessment at one of
    /// `paths`: what a check of those files asks instead of listing every assessment.
    func assessmentInstruments(among paths: [String]) throws(VaultError) -> [(path: String, instrument: String?)] {
        var found: [(path: String, instrument: String?)] = []
        for part in IndexStore.parameterRuns(paths) {
            let marks = Array(repeating: "?", count: part.count).joined(separator: ", ")
            found += try query { db in
                try RawRow.all(db, sql: "SELECT path, instrument FROM assessments WHERE path IN (\(marks))",
                               arguments: StatementArguments(Array(part))) { ($0.text(0), $0.string(1)) }
            }
        }
        return found
    }
}
