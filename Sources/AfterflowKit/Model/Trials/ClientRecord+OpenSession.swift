import Foundation

extension ClientRecord {
    /// The client's session that still takes trials at `now` (`TrialSessionLifecycle`'s rule: no
    /// end, started today or less than 12 hours before, past midnight): one a logger left open (a
    /// crash, Ctrl-C, a phone put away) that a new start should offer to go on with. The latest,
    /// when there are several; nil when there is none.
    public func openSession(at now: Date, in zone: TimeZone) -> TrialSessionRecord? {
        sessions.last { TrialSessionLifecycle.acceptance(of: $0.session, at: now, in: zone) == .open }
    }
}
