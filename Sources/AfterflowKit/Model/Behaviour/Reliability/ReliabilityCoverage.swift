import Foundation

extension ClientRecord {
    /// How the client's sessions stand against the field's convention for interobserver
    /// agreement (at least 80 % on at least 20 % of sessions): each session with its lowest
    /// figure against a second observer's record (the most demanding of its goals and
    /// algorithms; the lowest of its records when it has several), nil when none checked it.
    /// Nil when no session has a second observer's record.
    public func reliabilityCoverage(binSeconds: TimeInterval = 10) -> AgreementCoverage? {
        guard !reliabilityRecords.isEmpty else { return nil }
        return AgreementCoverage(sessions.map { entry in
            let checks = entry.session.id.map { reliabilityRecords(of: $0) } ?? []
            let figures = checks.compactMap { check in
                ObserverComparison(primary: entry.session, reliability: check.session, record: self, binSeconds: binSeconds).lowest
            }
            return SessionAgreement(session: entry.session.date?.dayString ?? entry.path, percent: figures.min())
        })
    }
}

extension AgreementCoverage {
    /// `2 of 5 sessions checked (40 %), mean 86.4 %: meets the convention (80 % on 20 % of
    /// sessions)`, then the sessions under 80 %.
    public var textLines: [String] {
        let shareText = share.map { String(format: "%.0f %%", $0) } ?? "–"
        var line = "\(checked.count) of \(counted(sessions.count, "session", "sessions")) checked (\(shareText))"
        if let mean = meanAgreement { line += String(format: ", mean %.1f %%", AgreementFigure.oneDecimal(mean)) }
        line += meetsConvention ? ": meets the convention (80 % on 20 % of sessions)"
            : ": below the convention (80 % on 20 % of sessions)" + (meetsShare ? "" : "; check more sessions")
        var lines = [line]
        if !flagged.isEmpty {
            lines.append("under 80 %: " + flagged.map { "\($0.session) (" + String(format: "%.1f %%", AgreementFigure.oneDecimal($0.percent ?? 0)) + ")" }.joined(separator: ", "))
        }
        return lines
    }
}
