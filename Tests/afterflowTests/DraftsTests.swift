import Foundation
import Testing

@Suite("drafts")
struct DraftsTests {
    static let oldDraft = """
        ---
        id: 0B5E0000-0000-4000-8000-000000000001
        date: 2024-01-05T10:00:00-08:00
        treatment: ayahuasca
        status: draft
        created: 2024-01-05T10:05:00-08:00
        updated: 2024-01-05T10:05:00-08:00
        ---
        ## Intention

        ## Reflections

        """

    @Test("drafts lists each with its age and what it is missing, points out old ones, and deletes nothing")
    func list() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            #expect(try sandbox.run(["drafts"], directory: "vault").stdout == "No drafts.\n")
            let made = try sandbox.run(["new", "--treatment", "mdma", "--intention", "Soften.", "--format", "json"], directory: "vault")
            let fresh = try #require((made.json as? [String: Any])?["path"] as? String)
            try sandbox.write("vault/.afterflow/drafts/2024-01-05-ayahuasca.md", Self.oldDraft)

            let result = try sandbox.run(["drafts"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdoutLines.count == 3)
            let old = result.stdoutLines[0]
            #expect(old.hasPrefix("0B5E0000  "))
            #expect(old.contains("missing intention, mood before"))
            #expect(old.contains(" days "))
            #expect(old.hasSuffix("  .afterflow/drafts/2024-01-05-ayahuasca.md"))
            #expect(result.stdoutLines[2] == "Older than a week: 0B5E0000; finish or delete it.")
            let new = result.stdoutLines[1]
            #expect(new.contains("just now"))
            #expect(new.contains("missing mood before"))
            #expect(new.hasSuffix(fresh))

            let json = try #require(try sandbox.run(["drafts", "--format", "json"], directory: "vault").json as? [[String: Any]])
            #expect(json.map { $0["path"] as? String } == [".afterflow/drafts/2024-01-05-ayahuasca.md", fresh])
            #expect(json[0]["missing"] as? [String] == ["intention", "mood_before"])
            #expect(json[0]["older_than_a_week"] as? Bool == true)
            #expect(json[1]["older_than_a_week"] as? Bool == false)
            #expect(sandbox.exists("vault/.afterflow/drafts/2024-01-05-ayahuasca.md"), "never deleted")
        }
    }

    @Test("a row fits 100 columns: an old draft with the longest treatment, missing both (#20 item 24)")
    func rowFits() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            try sandbox.write("vault/.afterflow/drafts/2024-01-05-psilocybin.md",
                              Self.oldDraft.replacingOccurrences(of: "treatment: ayahuasca", with: "treatment: psilocybin"))
            let result = try sandbox.run(["drafts"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdoutLines.allSatisfy { $0.count <= 100 }, "\(result.stdoutLines.map { "\($0.count): \($0)" })")
        }
    }

    @Test("new --resume with flags finishes a draft and moves it into sessions/ in one step")
    func resumeWithFlags() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            try sandbox.write("vault/.afterflow/drafts/2024-01-05-ayahuasca.md", Self.oldDraft)
            let result = try sandbox.run(["new", "--resume", "0B5E", "--intention", "Be met.", "--mood-before", "6",
                                          "--remind", "tomorrow"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdoutLines.first == "Finished sessions/2024/2024-01-05-ayahuasca.md (moved from .afterflow/drafts/2024-01-05-ayahuasca.md)")
            #expect(result.stdoutLines.contains { $0.hasPrefix("Reminder set for ") })
            #expect(!sandbox.exists("vault/.afterflow/drafts/2024-01-05-ayahuasca.md"))
            let text = try sandbox.readText("vault/sessions/2024/2024-01-05-ayahuasca.md")
            #expect(frontMatterValue(text, "status") == "needs-reflection")
            #expect(frontMatterValue(text, "mood_before") == "6")
            #expect(frontMatterValue(text, "reminder")?.hasSuffix("T09:00:00-08:00") == true
                    || frontMatterValue(text, "reminder")?.hasSuffix("T09:00:00-07:00") == true)
            #expect(frontMatterValue(text, "date") == "2024-01-05T10:00:00-08:00", "fields not given are kept")
            expectStatus(try sandbox.run(["check"], directory: "vault"), 0)
        }
    }

    @Test("new --resume with some of what is missing keeps it a draft where it is")
    func resumePartly() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            try sandbox.write("vault/.afterflow/drafts/2024-01-05-ayahuasca.md", Self.oldDraft)
            let result = try sandbox.run(["new", "--resume", "0B5E", "--mood-before", "6"], directory: "vault")
            expectStatus(result, 0)
            #expect(result.stdout == "Still a draft: .afterflow/drafts/2024-01-05-ayahuasca.md; missing intention.\n")
        }
    }

    @Test("new --resume without flags opens the draft in the editor")
    func resumeInEditor() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            try sandbox.write("vault/.afterflow/drafts/2024-01-05-ayahuasca.md", Self.oldDraft)
            let editor = try sandbox.script("editor.sh", """
                sed -i 's/^treatment: ayahuasca$/treatment: ayahuasca\\nmood_before: 3/' "$1"
                sed -i 's/^## Intention$/## Intention\\n\\nTo listen./' "$1"
                """)
            let result = try sandbox.run(["new", "--resume", "2024-01-05"], directory: "vault", environment: ["EDITOR": editor])
            expectStatus(result, 0)
            #expect(result.stdoutLines.first == "Finished sessions/2024/2024-01-05-ayahuasca.md (moved from .afterflow/drafts/2024-01-05-ayahuasca.md)")
            #expect(frontMatterValue(try sandbox.readText("vault/sessions/2024/2024-01-05-ayahuasca.md"), "status") == "needs-reflection")
        }
    }

    @Test("new --resume on a session that is not a draft is refused")
    func resumeNotADraft() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let result = try sandbox.run(["new", "--resume", "2024-12-10", "--mood-before", "7"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr == "error: \(path) is not a draft; change it with 'afterflow set' or 'afterflow edit'\nFor example: afterflow edit \(path)\n")
        }
    }
}
