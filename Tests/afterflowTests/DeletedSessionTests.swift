import Foundation
import Testing

/// `show`, `edit` and `reflect` on a deleted session say it is in the trash and how to bring it
/// back, as `open` does (issue 20, item 23).
@Suite("commands on a deleted session")
struct DeletedSessionTests {
    @Test("the message names the trash and the command that brings the session back",
          arguments: [["show", "2024-12-10"], ["edit", "2024-12-10"], ["reflect", "2024-12-10", "A late thought."],
                      ["set", "2024-12-10", "mood_after=7"], ["remind", "2024-12-10", "3h"]])
    func saysItIsInTheTrash(_ command: [String]) throws {
        try withSandbox { sandbox in
            _ = try sandbox.vaultWithSession()
            expectStatus(try sandbox.run(["delete", "2024-12-10", "--yes"], directory: "vault"), 0)
            let result = try sandbox.run(command, directory: "vault", environment: ["EDITOR": "true", "VISUAL": nil])
            #expect(result.stderr.contains("That session was deleted; it is in the trash, at .afterflow/trash/")
                    && result.stderr.contains("Bring it back with: afterflow undo"), "\(result)")
        }
    }
}
