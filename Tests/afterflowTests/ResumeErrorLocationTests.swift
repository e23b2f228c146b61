import Foundation
import Testing

/// `new --resume` refuses a draft with errors and names the error's line in the draft on disk.
@Suite("new --resume: errors located on disk")
struct ResumeErrorLocationTests {
    @Test("a mood added above the error does not move the error's line")
    func moodAddedAboveTheError() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let path = ".afterflow/drafts/2024-01-05-ayahuasca.md"
            let draft = """
                ---
                id: 0B5E0000-0000-4000-8000-000000000001
                date: 2024-01-05T10:00:00-08:00
                treatment: ayahuasca
                mood_after: eleven
                status: draft
                ---
                ## Intention

                """
            try sandbox.write("vault/" + path, draft)
            // mood_before goes after treatment, pushing mood_after to line 6 of the edited text.
            let result = try sandbox.run(["new", "--resume", "0B5E0000", "--intention", "Listen.", "--mood-before", "4", "--remind", "none"],
                                         directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.hasPrefix("""
                error: \(path) has errors, so nothing was written: \(path):5:13: error: mood_after must be a whole number from 1 to 10, found "eleven"

                """), "\(result)")
            #expect(try sandbox.readText("vault/" + path) == draft)
        }
    }
}
