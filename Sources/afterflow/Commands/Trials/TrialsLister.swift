import AfterflowKit
import Foundation

/// `list --kind trials`: trial sessions with their counts, goals and the day their note was
/// signed (blank for a draft), newest first.
enum TrialsLister: KindLister {
    static let kind = ListKind.trials

    static func list(_ c: KindListing.Context) throws {
        let sessions = try withVaultErrors {
            try c.practice.index.trialSessions(client: c.short, since: c.range.since, until: c.range.until, limit: c.listing.limit)
        }
        let rows = sessions.map { s -> [String] in
            let percent = Percent.whole(s.successes, of: s.trials).map(String.init) ?? ""
            let signed = s.signed.map { String($0.prefix(10)) } ?? ""
            return [s.date?.shortString ?? "", s.client, String(s.trials), String(s.successes), percent, String(s.events),
                    s.goals.joined(separator: " "), s.location ?? "", signed, s.path]
        }
        try c.listing.output(["date", "client", "trials", "successes", "percent", "events", "goals", "location", "signed", "path"], rows,
                             paths: sessions.map(\.path), numeric: [2, 3, 4, 5],
                             empty: c.short.map { "No trial sessions of \($0) match." } ?? "No trial sessions match.", term: c.term)
    }
}
