import Foundation
import Testing

/// An id names one document of the vault, whatever its kind: a copied goal or trial session is
/// reported by check on the copy (later by path), as a copied session is.
@Suite("check: duplicate ids across kinds")
struct PracticeDuplicateIDTests {
    @Test("a goal file copied under another name is an error at the second file's id, and so is a trial session whose id a session has")
    func duplicateIDs() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let goal = try sandbox.readText(vault + "/clients/maya-t/goals/s-initial.md")
            try sandbox.write(vault + "/clients/maya-t/goals/t-initial.md", goal)
            // A trial session given the id of a therapy session.
            let sessionID = "B5862DD0-E1B4-41CE-A92E-1B72548E3B82"
            let trials = vault + "/clients/leo-o/sessions/2025/2025-01-09-1030.md"
            var text = try sandbox.readText(trials)
            let idLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") })
            text = text.replacingOccurrences(of: String(idLine), with: "id: \(sessionID)")
            try sandbox.write(trials, text)
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 1)
            let id = try #require(goal.split(separator: "\n").first { $0.hasPrefix("id: ") }).dropFirst(4)
            #expect(result.stdout.contains("clients/maya-t/goals/t-initial.md:3:5: error: id \(id) is also the id of clients/maya-t/goals/s-initial.md"), "\(result)")
            let sessions = try sandbox.run(["list", "--format", "paths", "--where", "id=\(sessionID)"], directory: vault)
            let sessionPath = try #require(sessions.stdoutLines.first, "\(sessions)")
            // Paths sort clients/ before sessions/: the session is the second holder of the id.
            #expect(result.stdout.contains("\(sessionPath):"), "\(result)")
            #expect(result.stdout.contains("is also the id of clients/leo-o/sessions/2025/2025-01-09-1030.md"), "\(result)")
        }
    }

    /// A copy of `original` saved as `copy` (both vault-relative): check reports the copy (later
    /// by path) at its id's line and column, naming the original.
    static func expectCopyReported(_ original: String, as copy: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let text = try sandbox.readText(vault + "/" + original)
            try sandbox.write(vault + "/" + copy, text)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.hasPrefix("id: ") })
            let id = lines[line].dropFirst(4)
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdout.contains("\(copy):\(line + 1):5: error: id \(id) is also the id of \(original)"), "\(result)")
        }
    }

    @Test("a mood check-in copied under another name is an error at the copy's id")
    func duplicateMoodIDs() throws {
        try Self.expectCopyReported("moods/2025/2025-09-23-2048.md", as: "moods/2025/2025-09-23-2049.md")
    }

    @Test("an assessment copied under another name is an error at the copy's id")
    func duplicateAssessmentIDs() throws {
        let original = "assessments/2025/2025-09-18-2009-gad7.md"
        try Self.expectCopyReported(original, as: "assessments/2025/2025-09-18-2010-gad7.md")
    }
}
