import Foundation
import Testing

/// `afterflow stats` as text.
@Suite struct StatsTests {
    @Test("stats says, as the report does, that before and after are averaged over different sessions (#20 item 24)")
    func moodCounts() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            // One of the five without its mood after: 5 before, 4 after, 4 with both.
            let path = vault + "/sessions/2024/2024-12-10-psilocybin.md"
            try sandbox.write(path, try sandbox.readText(path).replacingOccurrences(of: "mood_after: 8\n", with: ""))
            let result = try sandbox.run(["stats", "--treatment", "psilocybin"], directory: vault)
            expectStatus(result, 0)
            let mood = try #require(result.stdoutLines.firstIndex { $0.hasPrefix("Mood ") }, "\(result)")
            #expect(result.stdoutLines[mood + 1] == "              over the sessions with each: 5 before, 4 after, 4 with both", "\(result)")
        }
    }
}
