/// A trial session as billing sees it: who, when, what service, where, by whom, and its minutes.
public struct BillableSession: Sendable {
    public var path: String
    /// The client's short name (`maya-t`).
    public var client: String
    /// First name and last initial (`Maya T.`), never the whole name.
    public var clientName: String
    /// When it started.
    public var date: LocalDate?
    /// Its local day, `YYYY-MM-DD`.
    public var day: String?
    /// The CPT code written in `service:`, as written.
    public var service: String?
    /// `place:` as written (`03 School`).
    public var place: String?
    public var provider: String?
    public var participants: [String]
    /// From the start to the end less the pauses, in whole minutes; nil when it has no end.
    public var minutes: Int?
    /// The start and the end as seconds since 1970 (in the vault's time zone); nil when not
    /// written. What the overlap of two sessions is measured on (pauses not taken out).
    public var startSeconds: Int?
    public var endSeconds: Int?

    public init(path: String, client: String, clientName: String, date: LocalDate?, day: String?, service: String?,
                place: String?, provider: String?, participants: [String] = [], minutes: Int?,
                startSeconds: Int? = nil, endSeconds: Int? = nil) {
        self.path = path
        self.client = client
        self.clientName = clientName
        self.date = date
        self.day = day
        self.service = service
        self.place = place
        self.provider = provider
        self.participants = participants
        self.minutes = minutes
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
    }
}

/// One line of the billing sheet: a session, its service and its units, or why it is not billable.
public struct BillingLine: Sendable {
    public init(session: BillableSession, service: ServiceCode?, units: Int, reason: String?, overlaps: [ServiceOverlap] = []) {
        self.session = session
        self.service = service
        self.units = units
        self.reason = reason
        self.overlaps = overlaps
    }

    public var session: BillableSession
    /// The session's service from the vault's list; nil when it has none or one not on the list.
    public var service: ServiceCode?
    public var units: Int
    /// Why the session is not billable; nil when it is.
    public var reason: String?
    /// For a 97155 session, each 97153 session of the client its time overlaps, allowed or not
    /// (`ServiceOverlap`); empty for any other.
    public var overlaps: [ServiceOverlap] = []

    public var billable: Bool { reason == nil }
}
