import AfterflowKit
import Foundation

/// `list --kind goal`: every client's goals (or one client's) with phase, category and mastery.
enum GoalLister: KindLister {
    static let kind = ListKind.goal

    static func list(_ c: KindListing.Context) throws {
        let shorts = c.short.map { [$0] } ?? c.practice.store.clientShorts()
        var rows: [[String]] = []
        var paths: [String] = []
        for s in shorts {
            let record = try withVaultErrors { try c.practice.store.load(s) }
            for g in record.goals {
                rows.append([s, g.short, g.goal.currentPhase.rawValue, g.goal.category ?? "", g.goal.effectiveMastery.text, g.goal.title ?? "", g.path])
                paths.append(g.path)
            }
        }
        if let limit = c.listing.limit { rows = Array(rows.prefix(limit)); paths = Array(paths.prefix(limit)) }
        try c.listing.output(["client", "goal", "phase", "category", "mastery", "title", "path"], rows, paths: paths, numeric: [], empty: "No goals yet.", term: c.term)
    }
}
