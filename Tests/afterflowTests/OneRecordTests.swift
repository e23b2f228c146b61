import AfterflowKit
import Foundation
import Testing

/// A command about one record does not walk the vault (issue 25; docs/ARCHITECTURE.md, "A command
/// about one record"). The proof is the index's state: a file added by hand elsewhere in the vault
/// after the last refresh is still unknown to the index after the command, which a refresh (a stat
/// of every file) would have added.
@Suite("commands about one record")
struct OneRecordTests {
    static let session = "sessions/2024/2024-12-10-psilocybin.md"
    /// A session added by hand, on a day no reference here names.
    static let added = "sessions/2023/2023-03-03-ketamine.md"
    static let addedText = """
        ---
        id: 0ADDED00-0000-4000-8000-000000000001
        date: 2023-03-03T10:00:00-08:00
        treatment: ketamine
        mood_before: 5
        status: needs-reflection
        ---
        ## Intention

        Added by hand.

        ## Reflections

        """

    /// The example vault, indexed, then a session added by hand.
    static func indexedVault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault()
        try #require(try sandbox.run(["index", "--vault", vault]).status == 0)
        try sandbox.write(vault + "/" + added, addedText)
        return vault
    }

    /// Whether the vault's index holds `path`.
    static func indexHolds(_ path: String, vault: String) throws -> Bool {
        let store = try IndexStore(vault: try Vault(root: vault))
        return try !store.paths(where: "path = '\(path)'").isEmpty
    }

    @Test("show and set by day, id, last or path leave the index as it was: no walk",
          arguments: [["show", "2024-12-10"], ["show", "F92D"], ["show", "last"], ["set", "F92D", "mood_after=9"],
                      ["show", "sessions/2024/2024-12-10-psilocybin.md"]])
    func noWalk(_ arguments: [String]) throws {
        try withSandbox { sandbox in
            let vault = try Self.indexedVault(sandbox)
            try #require(try sandbox.run(arguments + ["--vault", vault]).status == 0)
            #expect(try !Self.indexHolds(Self.added, vault: vault))
        }
    }

    @Test("trial commands by a trial session's id leave the index as it was: no walk",
          arguments: [["summary", "3836CC23"], ["note", "3836CC23", "--print"]])
    func noWalkTrials(_ arguments: [String]) throws {
        try withSandbox { sandbox in
            let vault = try Self.indexedVault(sandbox)
            try #require(try sandbox.run(arguments + ["--vault", vault]).status == 0)
            #expect(try !Self.indexHolds(Self.added, vault: vault))
        }
    }

    @Test("a session edited by hand since the last command is shown as it is on disk")
    func editedByHand() throws {
        try withSandbox { sandbox in
            let vault = try Self.indexedVault(sandbox)
            let edited = try sandbox.readText(vault + "/" + Self.session) + "Written by hand since.\n"
            try sandbox.write(vault + "/" + Self.session, edited)
            let result = try sandbox.run(["show", "2024-12-10", "--format", "md", "--vault", vault])
            #expect(result.stdout == edited)
        }
    }

    @Test("a session deleted by hand since the last command: the index is brought up to date and the day is not found")
    func deletedByHand() throws {
        try withSandbox { sandbox in
            let vault = try Self.indexedVault(sandbox)
            try FileManager.default.removeItem(atPath: vault + "/" + Self.session)
            let result = try sandbox.run(["show", "2024-12-10", "--vault", vault])
            #expect(result.stderrLines.first == "error: no session on 2024-12-10")
        }
    }
}
