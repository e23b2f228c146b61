import AfterflowKit
import ArgumentParser
import Foundation

/// `moods --trend`: the check-ins' trend and the moods around each therapy session.
struct MoodTrendOutput {
    let vaultOptions: VaultOptions
    var since: String?
    var until: String?
    var label: String?
    var association: String?
    var window: Int
    var json: Bool
    /// An instrument whose scores over time follow the trend.
    var instrument: String? = nil

    func run() throws {
        let (index, report) = try vaultOptions.index()
        let zone = index.vault.timeZone
        let range = try dayRange(since: since, until: until, zone: zone)
        let measure = try instrument.map { try InstrumentTrend(id: $0, index: index, since: range.since, until: range.until) }
        let points = try withVaultErrors {
            try index.moodTrendPoints(since: range.since, until: range.until, label: label, association: association)
        }
        var filter = SessionFilter()
        filter.includeDrafts = false
        let sessions = try withVaultErrors { try index.sessions(filter) }
        let sessionPoints = MoodTrend.sessionPoints(sessions, since: range.since, until: range.until)
        let trend = MoodTrend(points: points, sessions: sessionPoints, window: window)
        if json {
            var value = trend.json
            if let measure, case .object(var pairs) = value {
                pairs.append(("instrument", measure.json(in: zone)))
                value = .object(pairs)
            }
            emit(value.serialized(pretty: true))
        } else {
            for line in trend.textLines(style: Terminal.current.textStyle) { emit(line) }
            if let measure {
                emit("")
                for line in measure.lines(style: Terminal.current.textStyle) { emit(line) }
            }
        }
        try index.warnProblems(report, hints: vaultOptions.hints)
    }
}

extension Terminal {
    /// How the listing renderers draw for this terminal: bold with colour, and sparklines in Unicode
    /// blocks with colour or a UTF-8 `LANG`.
    var textStyle: TextStyle {
        TextStyle(colors: colors, unicode: colors || ProcessInfo.processInfo.environment["LANG"]?.uppercased().contains("UTF") == true)
    }
}

/// `moods --trend --instrument ID`: one instrument's scores over time, PHQ-9 and GAD-7 as
/// `assessments` shows them, any other as its `InstrumentSeries`.
struct InstrumentTrend {
    let listings: [AssessmentListing]
    let standard: [AssessmentSeries]
    let other: [InstrumentSeries]
    let title: String

    init(id: String, index: IndexStore, since: String?, until: String?) throws {
        let catalog = InstrumentCatalog(vault: index.vault)
        guard let instrument = catalog.instrument(id: id) else {
            throw usageError("--instrument: no instrument \"\(id.visible())\"; the instruments are \(catalog.all.map(\.id).joined(separator: ", "))", command: "moods")
        }
        listings = try withVaultErrors { try index.assessments(instrumentID: instrument.id, since: since, until: until) }
        standard = AssessmentSeries.series(from: listings)
        other = InstrumentSeries.series(from: listings, catalog: catalog)
        title = instrument.title
    }

    func lines(style: TextStyle) -> [String] {
        if standard.isEmpty && other.isEmpty { return ["No \(title) assessments in these days."] }
        let byPath = Dictionary(listings.map { ($0.path, $0.items) }, uniquingKeysWith: { a, _ in a })
        return AssessmentSeries.tableLines(standard, items: { byPath[$0.path] ?? [] }, filtered: true, style: style).filter { _ in !standard.isEmpty }
            + other.flatMap { $0.tableLines(style: style) }
    }

    func json(in zone: TimeZone) -> JSONValue {
        let byPath = Dictionary(listings.map { ($0.path, $0.items) }, uniquingKeysWith: { a, _ in a })
        return standard.first.map { $0.json(in: zone, items: { byPath[$0.path] ?? [] }) } ?? other.first?.json(in: zone) ?? .null
    }
}
