/// A 97155 session (treatment with protocol modification, by the qualified professional) whose
/// time overlaps a 97153 session (treatment by protocol, by a technician) of the same client.
///
/// The codes are written for a supervisor who directs the technician's session, so the overlap
/// may be billed twice when another provider renders the 97153 (behaviour.md section 5). It is
/// not allowed when the vault's payer does not pay the two together (`concurrent_97155: false`,
/// which `check` also warns of), when one provider is named on both (no one renders two codes at
/// once), or cannot be shown allowed when either session names no provider.
public struct ServiceOverlap: Sendable, Hashable {
    public enum Verdict: String, Sendable, Hashable {
        /// Another provider's 97153, and a payer that pays both.
        case allowed
        /// `concurrent_97155: false`.
        case payerDisallows = "payer-disallows"
        /// The same provider on both sessions.
        case sameProvider = "same-provider"
        /// Either session names no provider.
        case providerMissing = "provider-missing"
    }

    /// The code billed while the technician treats, and the code that may overlap it.
    public static let technicianCode = "97153", supervisorCode = "97155"

    /// The 97153 session overlapped.
    public var path: String
    public var provider: String?
    /// Whole minutes from the later start to the earlier end (by `date` and `end`; pauses are
    /// not taken out), rounded down.
    public var minutes: Int
    public var verdict: Verdict

    public var allowed: Bool { verdict == .allowed }

    /// One phrase for a table, a CSV cell or a message: `overlaps 97153 (R. Tech, RBT) for 35
    /// min: allowed, another provider's`.
    public var text: String {
        let with = "overlaps \(Self.technicianCode)" + (provider.map { " (\($0))" } ?? "") + " for \(minutes) min: "
        switch verdict {
        case .allowed: return with + "allowed, another provider's"
        case .payerDisallows: return with + "not allowed by the vault's payer (concurrent_97155: false)"
        case .sameProvider: return with + "not allowed, the same provider"
        case .providerMissing: return with + "allowed only with another provider; name both providers"
        }
    }

    /// Each 97153 session of `supervisor`'s client that its time overlaps by a minute or more,
    /// oldest first; empty unless `supervisor` is a 97155 session with a start and an end.
    public static func overlaps(of supervisor: BillableSession, among sessions: [BillableSession], payerAllows: Bool) -> [ServiceOverlap] {
        guard code(supervisor) == supervisorCode, let start = supervisor.startSeconds, let end = supervisor.endSeconds else { return [] }
        var found: [ServiceOverlap] = []
        for other in sessions where other.client == supervisor.client && code(other) == technicianCode {
            guard let otherStart = other.startSeconds, let otherEnd = other.endSeconds else { continue }
            let seconds = min(end, otherEnd) - max(start, otherStart)
            guard seconds >= 60 else { continue }
            let mine = name(supervisor.provider), theirs = name(other.provider)
            let verdict: Verdict = !payerAllows ? .payerDisallows
                : (mine == nil || theirs == nil) ? .providerMissing
                : mine == theirs ? .sameProvider : .allowed
            found.append(ServiceOverlap(path: other.path, provider: other.provider, minutes: seconds / 60, verdict: verdict))
        }
        return found
    }

    private static func code(_ session: BillableSession) -> String? {
        session.service?.trimmingASCIIWhitespace().uppercased()
    }

    /// A provider compared without case or surrounding spaces; nil when blank.
    private static func name(_ provider: String?) -> String? {
        guard let text = provider?.trimmingASCIIWhitespace().lowercased(), !text.isEmpty else { return nil }
        return text
    }
}
