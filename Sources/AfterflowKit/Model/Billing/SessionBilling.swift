/// What a trial session records for its claim besides its times: the service, the place, who was
/// there and the rendering clinician. Each is left as it is when nil (or empty, for participants).
public struct SessionBilling: Sendable, Hashable {
    /// A CPT code (`97153`).
    public var service: String?
    public var place: PlaceOfService?
    /// `client`, `parent`, `teacher`, … lower case.
    public var participants: [String]
    /// Name and credential (`J. Doe, CCC-SLP`).
    public var provider: String?

    public init(service: String? = nil, place: PlaceOfService? = nil, participants: [String] = [], provider: String? = nil) {
        self.service = service
        self.place = place
        self.participants = participants
        self.provider = provider
    }

    /// The front-matter lines of the values given, in the order `TrialSession.keys` puts them.
    public var frontMatterLines: [(key: String, lines: [String]?)] {
        var out: [(key: String, lines: [String]?)] = []
        if let service { out.append(("service", ["service: \(YAMLWriter.scalar(service.uppercased()))"])) }
        if let place { out.append(("place", ["place: \(YAMLWriter.scalar(place.text))"])) }
        if !participants.isEmpty { out.append(("participants", ["participants: \(YAMLWriter.flowList(participants))"])) }
        if let provider, !provider.isBlank { out.append(("provider", ["provider: \(YAMLWriter.scalar(provider))"])) }
        return out
    }
}

extension SessionBilling {
    /// Who the phone page offers as a session's participants when the vault names none
    /// (`participants:` in its settings).
    public static let standardParticipants = ["client", "parent", "caregiver", "sibling", "teacher", "peer"]
}
