import Foundation
import Testing

/// The harness itself: the binary is found and runs in isolation.
@Suite("Harness")
struct HarnessTests {
    @Test("the afterflow binary is found next to the test bundle and runs")
    func binaryRuns() throws {
        let binary = try #require(afterflowBinary, "no afterflow binary; set AFTERFLOW_BIN")
        #expect(binary.hasSuffix("/afterflow"))
        try withSandbox { sandbox in
            let result = try sandbox.run(["--version"])
            expectStatus(result, 0)
            #expect(result.stdout == "0.1.0\n")
        }
    }

    @Test("the run gets HOME, NO_COLOR and no AFTERFLOW_VAULT; output streams are kept apart")
    func environmentIsIsolated() throws {
        try withSandbox { sandbox in
            // `init` with no directory uses the current folder; `~` in --vault expands from HOME.
            let made = try sandbox.run(["init", "--no-git", "--time-zone", "UTC"], directory: "home")
            expectStatus(made, 0)
            #expect(sandbox.exists("home/.afterflow/config.yml"))
            let listed = try sandbox.run(["list", "--vault", "~"])
            expectStatus(listed, 0)
            // From the sandbox's root the vault is found only with --vault, so the hint names it.
            #expect(listed.stdout == "No sessions yet. Record one with: afterflow new --vault \(sandbox.home)\n")
            #expect(listed.stderr == "")
            #expect(!listed.stdout.contains("\u{1B}["), "NO_COLOR output has no escape codes")
        }
    }
}
