import Foundation

extension DisclosureAccounting {
    /// Disclosures listed as one line of the accounting: repeated disclosures to one recipient
    /// for one purpose may be listed once with their number and the date of the last
    /// (45 CFR 164.528(b)(3)). Oldest first.
    public struct Group: Sendable, Equatable {
        /// At least one, oldest first.
        public var items: [Item]

        public init(items: [Item]) {
            self.items = items
        }

        public var first: Item { items[0] }
        public var last: Item { items[items.count - 1] }
        public var count: Int { items.count }
    }

    /// Who received a disclosure, for grouping and listing: the recipient given, else where it
    /// went (`file /home/ann/p.html`, `git origin`, `standard output`).
    public static func receiver(_ entry: Disclosure) -> String {
        entry.recipient ?? entry.destination.description
    }

    /// `items` (oldest first) as the accounting's lines: disclosures of the same records' clients,
    /// by the same command, of the same kind, to the same receiver, for the same purpose and
    /// exemption, ending the same way, are one group while each falls on the day of the group's
    /// last one or the day after (calendar days in `timeZone`); another disclosure between them
    /// does not part them. Groups are ordered by their first disclosure.
    public static func grouped(_ items: [Item], timeZone: TimeZone) -> [Group] {
        var groups: [Group] = []
        var open: [[String]: Int] = [:]
        for item in items {
            let entry = item.disclosure
            let key = [entry.clients.joined(separator: " "), entry.command, entry.what, receiver(entry), entry.purpose ?? "",
                       entry.exempt?.rawValue ?? "", item.status.rawValue]
            let day = LocalDate(entry.at, in: timeZone).dayNumber
            if let index = open[key], LocalDate(groups[index].last.disclosure.at, in: timeZone).dayNumber + 1 >= day {
                groups[index].items.append(item)
            } else {
                open[key] = groups.count
                groups.append(Group(items: [item]))
            }
        }
        return groups
    }
}
