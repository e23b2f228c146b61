import AfterflowKit
import Foundation
import Testing

/// `afterflow check` prints what the library's `VaultCheck` finds, no more and no less: on the
/// ExampleVault with problems of every sort (a broken session, a trial naming an unknown goal, a
/// goal outside its client's folder, duplicate ids among moods and goals).
@Suite("check: the command and the library agree")
struct CheckLibraryTests {
    /// The ExampleVault copy, broken in the ways above, and the library's report on it.
    static func brokenExample(_ sandbox: Sandbox) throws -> (vault: String, report: VaultCheck.Report) {
        let vault = try sandbox.copyExampleVault()
        let broken = BrokenCase.all[2]
        try sandbox.write(vault + "/sessions/2023/\(broken.name).md",
                          validSession(id: "11111111-2222-4333-8444-555555555555", day: "2023-03-10", replacing: broken.replacing))
        let trials = vault + "/clients/maya-t/sessions/2025/2025-01-14-1500.md"
        try sandbox.write(trials, try sandbox.readText(trials) + "- 15:40:00 blends + independent\n")
        try sandbox.write(vault + "/clients/maya-t/s-initial-copy.md", try sandbox.readText(vault + "/clients/maya-t/goals/s-initial.md"))
        try sandbox.write(vault + "/moods/2025/2025-12-31-2359.md", try sandbox.readText(vault + "/moods/2025/2025-08-11-2016.md"))
        let (store, refresh, _) = try IndexStore.refreshed(try Vault(root: vault))
        return (vault, try VaultCheck(store: store, readFailures: refresh.readFailures).check())
    }

    @Test("check --format json lists exactly the library's problems, in its order")
    func sameProblems() throws {
        try withSandbox { sandbox in
            let (vault, report) = try Self.brokenExample(sandbox)
            let json = try sandbox.run(["check", "--format", "json"], directory: vault)
            let printed = (json.json as? [[String: Any]] ?? []).map { item in
                "\(item["path"] ?? ""):\(item["line"] ?? 0):\(item["column"] ?? 0): \(item["severity"] ?? ""): \(item["message"] ?? "")"
            }
            #expect(report.diagnostics.count >= 5 && printed == report.diagnostics.map(\.description), "\(json)")
        }
    }

    @Test("check's summary counts the files, errors and warnings the library counts")
    func sameSummary() throws {
        try withSandbox { sandbox in
            let (vault, report) = try Self.brokenExample(sandbox)
            let text = try sandbox.run(["check"], directory: vault)
            let files = report.affectedFileCount
            #expect(text.stdoutLines.last == "Checked \(report.fileCount) files: \(report.errorCount) errors, \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s") in \(files) files.",
                    "\(text)")
        }
    }
}
