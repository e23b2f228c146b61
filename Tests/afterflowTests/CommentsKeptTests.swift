import Foundation
import Testing

/// End-of-line comments are the user's text: `set`, `fmt` and `new --resume` keep them on their
/// key's line.
@Suite("comments kept")
struct CommentsKeptTests {
    static let path = "sessions/2024/2024-12-10-psilocybin.md"
    static let file = """
        ---
        id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2024-12-10T14:30:00-08:00
        treatment: Psilocybin   # the app's name
        dose: 0.5 mg/kg  # first time at this dose
        mood_before: 5 # shaky
        status: needs-reflection # by hand
        tags: [a, b] # x
        notes: | # mine
          kept
        updated: 2024-12-10T18:00:00-08:00 # last edit
        ---
        ## Intention

        To see.

        """

    func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        try FileManager.default.createDirectory(atPath: vault + "/sessions/2024", withIntermediateDirectories: true)
        try sandbox.write(vault + "/" + Self.path, Self.file)
        return vault
    }

    @Test("set changes the value and keeps the comment; removing a key leaves its comment")
    func set() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            expectStatus(try sandbox.run(["set", Self.path, "dose=1 mg/kg", "tags=a,b,c", "reflections=Calm."], directory: vault), 0)
            var lines = rawLines(try sandbox.readText(vault + "/" + Self.path))
            #expect(lines[4] == "dose: 1 mg/kg  # first time at this dose")
            #expect(lines[6] == "status: complete # by hand")
            #expect(lines[7] == "tags: [a, b, c] # x")
            #expect(lines[10].hasPrefix("updated: 20") && lines[10].hasSuffix(" # last edit"), "\(lines[10])")
            expectStatus(try sandbox.run(["set", Self.path, "dose="], directory: vault), 0)
            lines = rawLines(try sandbox.readText(vault + "/" + Self.path))
            #expect(lines[3...5] == ["treatment: Psilocybin   # the app's name", "# first time at this dose", "mood_before: 5 # shaky"])
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("fmt keeps each comment on its key's line")
    func fmt() throws {
        try withSandbox { sandbox in
            let vault = try vault(sandbox)
            expectStatus(try sandbox.run(["fmt"], directory: vault), 0)
            #expect(try sandbox.readText(vault + "/" + Self.path) == Self.file
                .replacingOccurrences(of: "treatment: Psilocybin ", with: "treatment: psilocybin ")
                .replacingOccurrences(of: "tags: [a, b] # x\nnotes: | # mine\n  kept\nupdated: 2024-12-10T18:00:00-08:00 # last edit\n",
                                      with: "tags: [a, b] # x\nupdated: 2024-12-10T18:00:00-08:00 # last edit\nnotes: | # mine\n  kept\n"))
            expectStatus(try sandbox.run(["fmt", "--check"], directory: vault), 0)
        }
    }

    @Test("new --resume keeps the draft's comments")
    func resume() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let draft = """
                ---
                id: 0B5E0000-0000-4000-8000-000000000001
                date: 2024-01-05T10:00:00-08:00
                treatment: ayahuasca # second time
                status: draft # not yet
                created: 2024-01-05T10:05:00-08:00
                updated: 2024-01-05T10:05:00-08:00  # by hand
                ---
                ## Intention

                ## Reflections

                """
            try sandbox.write("vault/.afterflow/drafts/2024-01-05-ayahuasca.md", draft)
            let result = try sandbox.run(["new", "--resume", "0B5E0000", "--intention", "Listen.", "--mood-before", "4", "--remind", "none"], directory: "vault")
            expectStatus(result, 0)
            let text = try sandbox.readText("vault/sessions/2024/2024-01-05-ayahuasca.md")
            let lines = rawLines(text)
            #expect(lines[3] == "treatment: ayahuasca # second time")
            #expect(lines[4] == "mood_before: 4")
            #expect(lines[5] == "status: needs-reflection # not yet")
            #expect(lines[7].hasPrefix("updated: 20") && lines[7].hasSuffix("  # by hand"), "\(lines[7])")
        }
    }
}
