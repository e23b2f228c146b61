import Foundation

extension DocumentStore {
    /// The record `observer` keeps of the session `primary` as a second observer: the client's
    /// reliability record (`role: reliability`) whose `primary` is the session's id and whose
    /// `observer` is `observer` (in any case), or, when there is none, a new one made beside the
    /// session (`Placement.reliabilityRecord`) with the session's start, end and place, the
    /// observer, `role: reliability` and `primary:`. Returns its path and whether it was made.
    public func reliabilityRecord(of primary: TrialSessionRecord, in record: ClientRecord, observer: String,
                                  recordedOn: TrialSession.RecordedOn, now: Date) throws(VaultError) -> (path: String, created: Bool) {
        guard primary.session.role == nil else {
            throw VaultError(.invalid, "\(primary.path) is itself a second observer's record; name the session it checks (its primary:)")
        }
        guard let id = primary.session.id, let date = primary.session.date else {
            throw VaultError(.invalid, "\(primary.path) has no id or no date; a second observer's record names its session by id and starts when it does",
                             details: ["Run 'afterflow fmt \(primary.path)' to give it an id."])
        }
        guard let clientID = record.client.id else {
            throw VaultError(.invalid, "\(record.folder)/client.md has no id; trial sessions name their client by it",
                             details: ["Run 'afterflow fmt \(record.folder)/client.md' to give it one."])
        }
        let wanted = observer.trimmingASCIIWhitespace()
        if let found = record.reliabilityRecords(of: id).first(where: {
            $0.session.observer?.trimmingASCIIWhitespace().caseInsensitiveCompare(wanted) == .orderedSame
        }) {
            return (found.path, false)
        }
        let zone = vault.timeZone
        let text = TrialSessionWriter.newDocument(id: UUID(), clientID: clientID, date: date, end: primary.session.end,
                                                  location: primary.session.location, observer: wanted, recordedOn: recordedOn, trials: [],
                                                  created: LocalDate(now, in: zone), timeZone: zone, reliabilityOf: id)
        let path = try create(Document(text), at: .reliabilityRecord(clientFolder: record.folder, date: date, observer: wanted))
        return (path, true)
    }
}
