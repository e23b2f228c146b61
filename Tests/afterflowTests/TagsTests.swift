import Foundation
import Testing

/// `afterflow tags`, like `jrnl --tags` (#10).
@Suite("tags")
struct TagsTests {
    @Test("every tag with its count, aligned; JSON with numbers; the list filters apply")
    func tags() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let all = try sandbox.run(["tags", "--vault", vault])
            expectStatus(all, 0)
            #expect(Array(all.stdoutLines.prefix(3)) == ["clinic           5", "nature           4", "integration      3"], "\(all)")
            #expect(all.stdoutLines.count == 25)

            let json = try sandbox.run(["tags", "--vault", vault, "--treatment", "ketamine", "--format", "json"])
            expectStatus(json, 0)
            let rows = try #require(json.json as? [[String: Any]], "\(json)")
            #expect(rows.first?["tag"] as? String == "clinic")
            #expect(rows.first?["sessions"] as? Int == 5)
            #expect(rows.allSatisfy { $0["sessions"] is NSNumber })

            let none = try sandbox.run(["tags", "--vault", vault, "--since", "2099"])
            expectStatus(none, 0)
            #expect(none.stdout == "No tags in the sessions that match.\n")
        }
    }

    @Test("a vault without tags says how to add one")
    func empty() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let result = try sandbox.run(["tags", "--vault", vault])
            expectStatus(result, 0)
            #expect(result.stdout == "No tags yet. Tag a session with: afterflow set REF tags=grief,nature\n")
        }
    }
}
