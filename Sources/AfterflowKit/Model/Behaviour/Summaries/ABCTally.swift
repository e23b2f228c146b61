/// One ABC incident: what came before a behaviour, the behaviour, and what followed it.
public struct ABCIncident: Sendable, Hashable {
    public let antecedent: String
    public let behaviour: String
    public let consequence: String

    public init(antecedent: String, behaviour: String, consequence: String) {
        self.antecedent = antecedent
        self.behaviour = behaviour
        self.consequence = consequence
    }
}

/// The tally of ABC incidents: for each behaviour, how often each antecedent and each consequence
/// came with it.
///
/// Names are compared without case and surrounding spaces and shown as first written.
/// Behaviours are in order of first incident; a behaviour's antecedents and consequences are
/// in order of count, most first, ties in order of first incident.
public struct ABCTally: Sendable, Hashable {
    public struct Count: Sendable, Hashable {
        public let name: String
        public let count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    public struct Behaviour: Sendable, Hashable {
        public let behaviour: String
        public let incidents: Int
        public let antecedents: [Count]
        public let consequences: [Count]
    }

    public let behaviours: [Behaviour]

    public init(incidents: [ABCIncident]) {
        var order: [String] = [], groups: [String: [ABCIncident]] = [:]
        for incident in incidents {
            let key = Self.key(incident.behaviour)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(incident)
        }
        behaviours = order.compactMap { key in
            guard let group = groups[key], let first = group.first else { return nil }
            return Behaviour(behaviour: first.behaviour.trimmingASCIIWhitespace(), incidents: group.count,
                             antecedents: Self.counts(group.map(\.antecedent)), consequences: Self.counts(group.map(\.consequence)))
        }
    }

    /// The incidents in all.
    public var incidents: Int { behaviours.reduce(0) { $0 + $1.incidents } }

    static func key(_ name: String) -> String { name.trimmingASCIIWhitespace().lowercased() }

    static func counts(_ names: [String]) -> [Count] {
        var order: [String] = [], shown: [String: String] = [:], counts: [String: Int] = [:]
        for name in names {
            let key = key(name)
            if counts[key] == nil { order.append(key); shown[key] = name.trimmingASCIIWhitespace() }
            counts[key, default: 0] += 1
        }
        let ranked = order.enumerated().sorted { a, b in
            let (ca, cb) = (counts[a.element] ?? 0, counts[b.element] ?? 0)
            return ca != cb ? ca > cb : a.offset < b.offset
        }
        return ranked.map { Count(name: shown[$0.element] ?? $0.element, count: counts[$0.element] ?? 0) }
    }
}
