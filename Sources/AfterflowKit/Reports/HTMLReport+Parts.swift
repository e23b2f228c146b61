import Foundation

extension HTMLReport {
    /// What a report adds to its sessions: `chosen` (a command's `--include`, `none` meaning
    /// nothing), else the vault's `report_include`. Names not in `VaultConfig.reportParts` are
    /// dropped (a front end refuses them before asking).
    public static func parts(chosen: [String], config: VaultConfig) -> Set<String> {
        Set((chosen.isEmpty ? config.reportInclude : chosen).filter { VaultConfig.reportParts.contains($0) })
    }

    /// Adds `parts` to the report of `sessions`, over the days `since`…`until` (inclusive local
    /// days; a side left out is the first or the last session's day): the check-ins on those
    /// days (`moods`), and the measures with each session's instruments (`measures`). Files with
    /// errors are left out. Returns false when measures were asked for and none fell in the days.
    @discardableResult
    public mutating func add(_ parts: Set<String>, from store: IndexStore, sessions: [IndexedSession],
                             since: String?, until: String?) throws(VaultError) -> Bool {
        guard !parts.isEmpty, !sessions.isEmpty else { return true }
        let days = sessions.compactMap { $0.date?.dayString }
        let since = since ?? days.min(), until = until ?? days.max()
        let broken = try store.pathsWithErrors()
        if parts.contains("moods") {
            checkIns = try store.moodCheckIns(since: since, until: until).filter { !broken.contains($0.path) }
        }
        guard parts.contains("measures") else { return true }
        let found = try ReportMeasure.measures(store, since: since, until: until, leavingOut: broken)
        measures = found
        let listings = try store.assessments(instrumentID: nil).filter { !broken.contains($0.path) }
        let catalog = InstrumentCatalog(vault: store.vault)
        for session in sessions {
            let lines = SessionInstruments(session, listings: listings, catalog: catalog).lines
            if !lines.isEmpty { sessionInstruments[session.path] = lines }
        }
        return !found.isEmpty
    }
}

extension ReportMeasure {
    /// The measures of the days `since`…`until`: every complete PHQ-9 and GAD-7 (`type:
    /// assessment`) whose file is not in `broken`, each instrument's oldest first.
    static func measures(_ store: IndexStore, since: String?, until: String?, leavingOut broken: Set<String>) throws(VaultError) -> [ReportMeasure] {
        let listings = try store.assessments(since: since, until: until).filter { !broken.contains($0.path) }
        return AssessmentSeries.series(from: listings).flatMap { series in
            series.points.map { point in
                ReportMeasure(name: series.instrument.title, date: point.date, total: point.total,
                              maximum: series.instrument.maximum, band: point.band.words)
            }
        }
    }
}
