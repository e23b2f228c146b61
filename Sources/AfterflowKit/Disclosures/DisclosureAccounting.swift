import Foundation

/// The accounting of disclosures: the log's entries joined to their outcomes, chosen by client,
/// time and exemption, oldest first, for `afterflow disclosures`.
public struct DisclosureAccounting: Sendable {
    /// A disclosure and how it ended.
    public struct Item: Sendable, Equatable {
        public enum Status: String, Sendable {
            case done, failed
            /// `serve`: it has no end of its own.
            case started
            /// No outcome was logged: the process was killed or the machine stopped meanwhile,
            /// so some or all of its bytes may have left.
            case unfinished
            /// Made outside afterflow and recorded by hand (`disclosed`): no outcome follows.
            case recorded
        }

        public var disclosure: Disclosure
        public var outcome: DisclosureOutcome?

        public var status: Status {
            if let outcome { return outcome.status == .done ? .done : .failed }
            if disclosure.destination.kind == .outside { return .recorded }
            return disclosure.ongoing ? .started : .unfinished
        }
    }

    /// What to list.
    public struct Filter: Sendable {
        /// Only disclosures of this client's records (short name).
        public var client: String?
        /// From this moment on, inclusive; nil for all.
        public var since: Date?
        /// Before this moment; nil for all.
        public var before: Date?
        /// Also those exempt from the accounting.
        public var includeExempt: Bool

        public init(client: String? = nil, since: Date? = nil, before: Date? = nil, includeExempt: Bool = false) {
            self.client = client
            self.since = since
            self.before = before
            self.includeExempt = includeExempt
        }
    }

    /// Every disclosure of the log, oldest first (as appended).
    public var items: [Item]
    /// The lines that could not be read, located.
    public var problems: [Diagnostic]

    public init(items: [Item], problems: [Diagnostic] = []) {
        self.items = items
        self.problems = problems
    }

    /// Reads `log`: each outcome joins its disclosure; an outcome whose disclosure is not in the
    /// log is a problem at its line.
    public init(_ log: DisclosureLog) throws(VaultError) {
        let (lines, problems) = try log.read()
        self.init(lines: lines, problems: problems)
    }

    public init(lines: [(number: Int, line: DisclosureLine)], problems: [Diagnostic] = []) {
        var items: [Item] = []
        var index: [UUID: Int] = [:]
        var orphans: [(number: Int, outcome: DisclosureOutcome)] = []
        for (number, line) in lines {
            switch line {
            case .disclosure(let entry):
                index[entry.id] = items.count
                items.append(Item(disclosure: entry))
            case .outcome(let outcome):
                if let at = index[outcome.id] { items[at].outcome = outcome } else { orphans.append((number, outcome)) }
            }
        }
        self.items = items
        self.problems = problems + orphans.map { number, outcome in
            Diagnostic(.warning, "expected the disclosure \(outcome.id.uuidString) on a line before its outcome, found none",
                       at: SourceLocation(line: number, column: 1), path: DisclosureLog.relativePath)
        }.sorted { $0.location < $1.location }
    }

    /// The items `filter` chooses, oldest first.
    public func items(_ filter: Filter) -> [Item] {
        items.filter { item in
            let entry = item.disclosure
            if let client = filter.client, !entry.clients.contains(client) { return false }
            if let since = filter.since, entry.at < since { return false }
            if let before = filter.before, entry.at >= before { return false }
            return filter.includeExempt || entry.exempt == nil
        }
    }

    /// The moment `retentionYears` before `now`: where the accounting starts by default.
    public static func defaultSince(now: Date, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(byAdding: .year, value: -DisclosureLog.retentionYears, to: now) ?? now
    }
}
