import Foundation
import Testing

/// An export of some days brings up to date only the sessions of those days
/// (docs/ARCHITECTURE.md, "An export of some days"), and still writes what is on disk: a session of
/// those days edited, added or removed by hand since the last command.
@Suite("export of a period")
struct ExportPeriodTests {
    static let october4 = "example/sessions/2025/2025-10-04-ketamine.md"

    /// ExampleVault with its index brought up to date by `list`, as any earlier command leaves it.
    static func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.copyExampleVault()
        expectStatus(try sandbox.run(["list", "--vault", vault]), 0)
        return vault
    }

    @Test("a session of the days edited by hand since the last command is exported as it is on disk",
          arguments: ["csv", "json", "html"])
    func editedByHand(_ format: String) throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let text = try sandbox.readText(Self.october4)
            try sandbox.write(Self.october4, text.replacingOccurrences(of: "Booster session.", with: "Booster session, edited by hand."))
            let result = try sandbox.run(["export", format, "--since", "2025-10-01", "--vault", vault])
            expectStatus(result, 0)
            #expect(result.stdout.contains("edited by hand"), "\(result)")
        }
    }

    @Test("a session added by hand for one of the days is exported; one removed by hand is not")
    func addedAndRemoved() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            try sandbox.write("example/sessions/2025/2025-10-25-psilocybin.md", """
                ---
                date: 2025-10-25T10:00:00-07:00
                treatment: psilocybin
                mood_before: 5
                status: needs-reflection
                ---
                ## Intention

                Written by hand, after the last command.

                """)
            try FileManager.default.removeItem(atPath: sandbox.path(Self.october4))
            let result = try sandbox.run(["export", "json", "--since", "2025-10-01", "--vault", vault])
            expectStatus(result, 0)
            #expect(result.stdout.contains("Written by hand, after the last command."))
            #expect(!result.stdout.contains("Booster session."))
        }
    }

    @Test("a report that adds check-ins sees one edited by hand: it takes the whole refresh")
    func includeTakesWholeRefresh() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let checkIn = "example/moods/2025/2025-09-23-2048.md"
            let text = try sandbox.readText(checkIn)
            let note = "A check-in note written by hand since."
            #expect(text.contains("Walked by the sea with my sister"))
            try sandbox.write(checkIn, text.replacingOccurrences(of: "Walked by the sea with my sister", with: note))
            let result = try sandbox.run(["export", "html", "--since", "2025-01-01", "--include", "moods", "--vault", vault])
            expectStatus(result, 0)
            #expect(result.stdout.contains(note), "\(result.stderr)")
        }
    }
}
