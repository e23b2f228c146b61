extension ClientRecord {
    /// The client's session of `day` (`YYYY-MM-DD`) that has no end yet: one a logger left open
    /// (a crash, Ctrl-C, a phone put away) and that a new start should offer to go on with. The
    /// latest, when there are several; nil when there is none.
    public func openSession(on day: String) -> TrialSessionRecord? {
        sessions.last { $0.session.end == nil && $0.session.date?.dayString == day }
    }
}
