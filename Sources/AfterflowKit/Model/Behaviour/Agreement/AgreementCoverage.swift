/// One session's agreement figure, or nil when it had no reliability check (or none that could
/// be computed: a missing record, no observation).
public struct SessionAgreement: Sendable, Hashable {
    /// What names the session to the reader (its file or date).
    public let session: String
    public let percent: Double?

    public init(session: String, percent: Double?) {
        self.session = session
        self.percent = percent
    }
}

/// The field's convention for interobserver agreement over a client's or a target's sessions:
/// agreement of at least 80 % on at least 20 % of sessions.
///
/// share = sessions with a check ÷ all sessions × 100, compared exactly with 20 %; mean = Σ
/// agreement ÷ sessions with a check, rounded half up to one decimal and compared with 80 %.
/// A session whose own figure, so rounded, is under 80 % is flagged. 2 checks in 8 sessions at
/// 92.5 and 75.0 %: share 25 %, mean 83.75 → 83.8 % (both met), the 75.0 % session flagged.
public struct AgreementCoverage: Sendable, Hashable {
    public static let minimumAgreement = 80.0
    public static let minimumShare = 20.0

    /// All the sessions, in the order given.
    public let sessions: [SessionAgreement]

    public init(_ sessions: [SessionAgreement]) { self.sessions = sessions }

    /// The sessions with a figure.
    public var checked: [SessionAgreement] { sessions.filter { $0.percent != nil } }

    /// Percent of sessions with a check; nil without sessions.
    public var share: Double? {
        sessions.isEmpty ? nil : Double(checked.count) * 100 / Double(sessions.count)
    }

    /// The mean of the checked sessions' figures; nil without a check.
    public var meanAgreement: Double? {
        let figures = sessions.compactMap(\.percent)
        return figures.isEmpty ? nil : figures.reduce(0, +) / Double(figures.count)
    }

    /// The lowest and highest checked figures; nil without a check.
    public var range: ClosedRange<Double>? {
        let figures = sessions.compactMap(\.percent)
        guard let low = figures.min(), let high = figures.max() else { return nil }
        return low...high
    }

    /// The checked sessions under 80 % once rounded to one decimal.
    public var flagged: [SessionAgreement] {
        sessions.filter { $0.percent.map { AgreementFigure.oneDecimal($0) < Self.minimumAgreement } ?? false }
    }

    /// Whether at least 20 % of sessions had a check (exactly: 1 in 5 is enough).
    public var meetsShare: Bool {
        !sessions.isEmpty && Double(checked.count) * 100 >= Self.minimumShare * Double(sessions.count)
    }

    /// Whether the mean agreement, rounded to one decimal, is at least 80 %; false without a check.
    public var meetsAgreement: Bool {
        meanAgreement.map { AgreementFigure.oneDecimal($0) >= Self.minimumAgreement } ?? false
    }

    /// Both: at least 80 % on at least 20 % of sessions.
    public var meetsConvention: Bool { meetsShare && meetsAgreement }
}
