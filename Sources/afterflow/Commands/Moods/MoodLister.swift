import AfterflowKit
import Foundation

/// `list --kind mood`: what `moods list` prints (it warns of the index's problems itself).
enum MoodLister: KindLister {
    static let kind = ListKind.mood
    static let warnsItself = true

    static func list(_ c: KindListing.Context) throws {
        let l = c.listing
        try MoodListingOutput(vaultOptions: l.vaultOptions, since: l.since, until: l.until, limit: l.limit, format: l.format).run()
    }
}
