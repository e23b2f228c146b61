import AfterflowKit
import Foundation

/// `list --kind client`: the practice's clients with their age, active goals and sessions.
enum ClientLister: KindLister {
    static let kind = ListKind.client

    static func list(_ c: KindListing.Context) throws {
        let practice = c.practice
        var clients = try withVaultErrors { try practice.index.clientListings() }
        if let short = c.short { clients = clients.filter { $0.short == short } }
        if let limit = c.listing.limit { clients = Array(clients.prefix(limit)) }
        let rows = clients.map { c -> [String] in
            let age = c.born.flatMap { Client.age(born: $0, on: practice.today) }
            return [c.short, c.displayName, age.map(String.init) ?? "", String(c.activeGoals), String(c.sessions), c.lastSession ?? "", c.path]
        }
        try c.listing.output(["client", "name", "age", "active_goals", "sessions", "last_session", "path"], rows, paths: clients.map(\.path),
                             numeric: [2, 3, 4], empty: "No clients yet. Add one with: afterflow client add \"Maya Thompson\" --born 2017-03-02", term: c.term)
    }
}
