import Foundation

/// The record of the progress reports given: the days in a client's `progress_reports:`.
extension DocumentStore {
    /// Adds `day` to the `progress_reports:` of the client `short` (in day order, once), with
    /// `updated`, through `update`: the file as it is on disk once the lock is held. Returns
    /// false when the day was there already. Refused while `client.md` has errors, so that no
    /// item `check` rejects is dropped by the rewrite.
    @discardableResult
    public func recordProgressReport(client short: String, on day: LocalDate, now: Date) throws(VaultError) -> Bool {
        let path = PracticePath.clientPath(short)
        let entry = VaultEntry(path: path, bytes: try FileIO.read(try vault.path(path)))
        let zone = vault.timeZone
        let result = try update(entry, now: now) { current throws(VaultError) -> Document in
            let client = Client(document: current.document)
            if let problem = client.diagnostics.first(where: { $0.severity == .error }) {
                throw VaultError(.invalid, "\(path):\(problem.location.line):\(problem.location.column): \(problem.message)",
                                 details: ["Fix it (afterflow check \(path)), then record the report again."])
            }
            guard !client.progressReports.contains(where: { $0.dayNumber == day.dayNumber }) else { return current.document }
            let days = (client.progressReports + [day.dayOnly]).sorted { $0.dayNumber < $1.dayNumber }
            let line = "progress_reports: [" + days.map(\.dayString).joined(separator: ", ") + "]"
            return current.document.settingFrontMatter("progress_reports", to: [line], order: Client.keys)
                .settingFrontMatter("updated", to: ["updated: \(LocalDate(now, in: zone).canonical(in: zone))"], order: Client.keys)
        }
        return result.changed
    }
}
