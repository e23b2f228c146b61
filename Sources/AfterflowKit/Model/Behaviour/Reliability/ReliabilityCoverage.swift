import Foundation

extension ClientRecord {
    /// How the client's sessions stand against the field's convention for interobserver
    /// agreement (at least 80 % on at least 20 % of sessions): each session with its lowest
    /// figure against a second observer's record (the most demanding of its goals and
    /// algorithms; the lowest of its records when it has several), nil when none checked it.
    /// Nil when no session has a second observer's record.
    ///
    /// With `goal` (a short name), only the sessions with lines of that goal, each by its lowest
    /// figure for that goal (coverage per target); with `since` and `until`, only the sessions of
    /// those days (both included), so that a report speaks of its period.
    public func reliabilityCoverage(goal: String? = nil, since: LocalDate? = nil, until: LocalDate? = nil,
                                    binSeconds: TimeInterval = 10) -> AgreementCoverage? {
        guard !reliabilityRecords.isEmpty else { return nil }
        let short = goal?.lowercased()
        let chosen = sessions.filter { entry in
            if let day = entry.session.date?.dayOnly.dayNumber {
                if let since, day < since.dayNumber { return false }
                if let until, day > until.dayNumber { return false }
            } else if since != nil || until != nil {
                return false
            }
            guard let short else { return true }
            return entry.session.trials.contains { $0.goal.lowercased() == short } || entry.session.events.contains { $0.goal.lowercased() == short }
        }
        guard !chosen.isEmpty else { return nil }
        return AgreementCoverage(chosen.map { entry in
            let checks = entry.session.id.map { reliabilityRecords(of: $0) } ?? []
            let figures = checks.compactMap { check -> Double? in
                let comparison = ObserverComparison(primary: entry.session, reliability: check.session, record: self, binSeconds: binSeconds)
                guard let short else { return comparison.lowest }
                return comparison.goals.filter { $0.short == short }.flatMap(\.figures).compactMap(\.rounded).min()
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

extension AgreementCoverage {
    /// `sessions`, `checked`, `share` (percent), `mean_agreement` and its range (one decimal),
    /// whether each half of the convention is met, and the sessions under 80 %.
    public var json: JSONValue {
        let flagged = self.flagged.map { JSONValue.object([("session", .string($0.session)), ("percent", .rounded($0.percent, places: 1))]) }
        return .object([
            ("sessions", .int(sessions.count)), ("checked", .int(checked.count)), ("share", .rounded(share, places: 1)),
            ("mean_agreement", .rounded(meanAgreement.map(AgreementFigure.oneDecimal), places: 1)),
            ("lowest", .rounded(range?.lowerBound, places: 1)), ("highest", .rounded(range?.upperBound, places: 1)),
            ("meets_share", .bool(meetsShare)), ("meets_agreement", .bool(meetsAgreement)), ("meets_convention", .bool(meetsConvention)),
            ("convention", .string("at least 80 % agreement on at least 20 % of sessions")),
            ("under_80", .array(flagged)),
        ])
    }
}
