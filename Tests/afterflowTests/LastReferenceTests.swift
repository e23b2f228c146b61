import Foundation
import Testing

/// `afterflow reflect last "…"`, `afterflow show today` (#10).
@Suite("last, today and yesterday as references")
struct LastReferenceTests {
    @Test("show last and reflect last name the newest session; today the day's only one")
    func newest() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(["new", "--vault", vault, "--date", "2024-06-01 10:00", "--treatment", "lsd",
                                          "--mood-before", "5", "--intention", "Older.", "--remind", "none"]), 0)
            expectStatus(try sandbox.run(["new", "--vault", vault, "--treatment", "ketamine",
                                          "--mood-before", "4", "--intention", "Now.", "--remind", "none"]), 0)
            // A draft is not the newest session of the journal.
            expectStatus(try sandbox.run(["new", "--vault", vault, "--treatment", "mdma"]), 0)

            let show = try sandbox.run(["show", "last", "--vault", vault, "--format", "json"])
            expectStatus(show, 0)
            #expect((show.json as? [String: Any])?["intention"] as? String == "Now.", "\(show)")
            let today = try sandbox.run(["show", "today", "--vault", vault, "--format", "json"])
            expectStatus(today, 1)  // the draft made now is today's too
            #expect(today.stderr.contains("error: 2 sessions today ("), "\(today)")
            #expect(today.stderr.contains("  Ketamine  sessions/"), "\(today)")
            #expect(today.stderr.contains("  MDMA  .afterflow/drafts/"), "\(today)")

            let reflect = try sandbox.run(["reflect", "last", "Felt it settle.", "--vault", vault])
            expectStatus(reflect, 0)
            let after = try sandbox.run(["show", "latest", "--vault", vault, "--format", "json"])
            #expect(((after.json as? [String: Any])?["reflections"] as? String)?.hasSuffix("] Felt it settle.") == true, "\(after)")
            #expect((after.json as? [String: Any])?["status"] as? String == "complete")

            let yesterday = try sandbox.run(["show", "yesterday", "--vault", vault])
            expectStatus(yesterday, 1)
            #expect(yesterday.stderr.hasPrefix("error: no session yesterday ("), "\(yesterday)")
        }
    }
}
