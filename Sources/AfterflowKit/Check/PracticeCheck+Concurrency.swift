import Foundation

/// 97155 (treatment with protocol modification, by the qualified professional) billed for time a
/// 97153 (treatment by protocol, by a technician) of the same client also covers: a common reason
/// an ABA claim is rejected, where the payer does not allow it (behaviour.md section 5). Many
/// payers do, the codes being written for a supervisor who directs the technician's session, so
/// the check is on only when the vault says its payer does not (`concurrent_97155: false`).
extension PracticeCheck {
    /// The code billed while the technician treats, and the code that may not overlap it.
    static let technicianCode = ServiceOverlap.technicianCode, supervisorCode = ServiceOverlap.supervisorCode

    /// With `concurrent_97155: false`, a warning at the `service:` of each 97155 session of
    /// `folder` (one client's) for each 97153 session whose time overlaps it: from the later
    /// start to the earlier end, both from `date` and `end` (pauses are not taken out). Sessions
    /// without an end, and a second observer's records, are not billed and not compared.
    func concurrencyWarnings(_ folder: Folder) -> [Diagnostic] {
        guard !concurrent97155 else { return [] }
        typealias Billed = (path: String, session: TrialSession, start: Int, end: Int)
        let billed: [Billed] = folder.members.compactMap { member in
            guard case .trials(let session) = member.entry.content, session.role != .reliability,
                  let start = session.date, let end = session.end, let code = session.service?.uppercased(),
                  code == Self.technicianCode || code == Self.supervisorCode else { return nil }
            return (member.entry.path, session, start.epochSeconds(in: timeZone), end.epochSeconds(in: timeZone))
        }
        var found: [Diagnostic] = []
        for supervisor in billed where supervisor.session.service?.uppercased() == Self.supervisorCode {
            guard let s = supervisor.session.document.frontMatter?.entry("service")?.value.scalar else { continue }
            for technician in billed where technician.session.service?.uppercased() == Self.technicianCode {
                let from = max(supervisor.start, technician.start), to = min(supervisor.end, technician.end)
                guard from < to else { continue }
                let clock = { (seconds: Int) in LocalDate(Date(timeIntervalSince1970: TimeInterval(seconds)), in: self.timeZone).clockTime ?? "" }
                found.append(Diagnostic(.warning, "97155 overlaps the 97153 session \(technician.path) from \(clock(from)) to \(clock(to)) "
                    + "(\(counted((to - from) / 60, "minute", "minutes"))); the vault's payer does not pay 97155 and 97153 of one client "
                    + "for the same time (concurrent_97155: false): bill that time once, or correct the times", at: s.location, path: supervisor.path))
            }
        }
        return found
    }
}
