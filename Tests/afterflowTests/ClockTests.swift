import Foundation
import Testing

/// `AFTERFLOW_NOW`: the time afterflow believes it is, for tests such as the README's examples.
struct ClockTests {
    @Test func newAndRemindUseTheGivenTime() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let now = ["AFTERFLOW_NOW": "2024-12-10T14:31:00-08:00"]
            let created = try sandbox.run(["new", "--vault", vault, "--treatment", "psilocybin", "--mood-before", "5",
                                           "--intention", "Explore.", "--remind", "3h"], environment: now)
            expectStatus(created, 0)
            #expect(created.stdoutLines.first == "Created vault/sessions/2024/2024-12-10-psilocybin.md", "\(created)")
            #expect(created.stdout.contains("Reminder set for Tue Dec 10, 2024, 5:31 PM (in 3 hours)."), "\(created)")
            let text = try sandbox.readText(vault + "/sessions/2024/2024-12-10-psilocybin.md")
            #expect(frontMatterValue(text, "date") == "2024-12-10T14:31:00-08:00")
            #expect(frontMatterValue(text, "created") == "2024-12-10T14:31:00-08:00")

            let later = try sandbox.run(["remind", "--vault", vault, "2024-12-10", "tomorrow"],
                                        environment: ["AFTERFLOW_NOW": "2024-12-10T15:00:00-08:00"])
            expectStatus(later, 0)
            #expect(later.stdout.contains("Reminder set for Wed Dec 11, 2024, 9:00 AM (in 18 hours)."), "\(later)")
        }
    }

    @Test func aTimeWithoutAnOffsetIsRefusedWithAWarning() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            for value in ["soon", "2024-12-10", "2024-12-10 14:31"] {
                let result = try sandbox.run(["drafts", "--vault", vault], environment: ["AFTERFLOW_NOW": value])
                expectStatus(result, 0)
                #expect(result.stderr.contains("warning: AFTERFLOW_NOW must be a time like 2024-12-10T14:31:00-08:00, found \"\(value)\"; using the system clock"), "\(result)")
            }
        }
    }
}
