import Foundation
import Testing

/// Signed notes (#23) from the command line: `sign`, the lock every writer keeps, a hand edit
/// found by `check` at its line, `addendum`, the audit's warnings, and the signature where
/// sessions are shown and exported.
@Suite("sign: signed notes, the lock, addenda")
struct SignTests {
    static let session = "clients/maya-t/sessions/2025/2025-04-01-1500.md"
    static let start = practiceAt("2025-04-01T15:00:00-07:00")
    static let signing = practiceAt("2025-04-01T15:40:00-07:00")
    static let nextDay = practiceAt("2025-04-02T09:00:00-07:00")
    static let signer = "J. Doe, CCC-SLP"
    static let signedLine = "Signed Tue Apr 1, 2025 at 3:40 PM by J. Doe, CCC-SLP"

    /// Maya with goals s-initial (trials) and hitting (count), a session from 15:00 to 15:30 with
    /// two trials and the drafted note; not signed.
    func ended(_ sandbox: Sandbox) throws -> (vault: String, file: String) {
        let vault = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
        for command in [["client", "add", "Maya Thompson"], ["goal", "add", "maya-t", "Produce /s/", "--short", "s-initial"],
                        ["goal", "add", "maya-t", "Hitting", "--short", "hitting"], ["goal", "set", "maya-t", "hitting", "measure=count"],
                        ["trials", "start", "maya-t"], ["trial", "maya-t", "s-initial", "+", "--at", "15:02:00"],
                        ["trial", "maya-t", "s-initial", "-", "--cue", "minimal", "--at", "15:03:00"],
                        ["trials", "end", "maya-t", "--at", "15:30"], ["note", "maya-t"]] {
            expectStatus(try sandbox.run(command, directory: vault, environment: Self.start), 0)
        }
        return (vault, vault + "/" + Self.session)
    }

    func signed(_ sandbox: Sandbox) throws -> (vault: String, file: String) {
        let (vault, file) = try ended(sandbox)
        expectStatus(try sandbox.run(["sign", "maya-t", "--as", Self.signer], directory: vault, environment: Self.signing), 0)
        return (vault, file)
    }

    @Test("sign writes who and when and the seal; summary shows the signature, or that the note is a draft")
    func signShows() throws {
        try withSandbox { sandbox in
            let (vault, file) = try ended(sandbox)
            let draft = try sandbox.run(["summary", "maya-t"], directory: vault, environment: Self.signing)
            #expect(draft.stdoutLines.last == "Draft: not signed", "\(draft)")
            let result = try sandbox.run(["sign", "maya-t", "--as", Self.signer], directory: vault, environment: Self.signing)
            expectStatus(result, 0)
            #expect(result.stdout.hasPrefix(Self.signedLine + "  "), "\(result)")
            #expect(result.stdout.contains("afterflow addendum maya-t"), "\(result)")
            let text = try sandbox.readText(file)
            #expect(frontMatterValue(text, "signed") == "2025-04-01T15:40:00-07:00")
            #expect(frontMatterValue(text, "signed_by") == Self.signer)
            #expect(frontMatterValue(text, "signed_hash")?.hasPrefix("sha256:") == true)
            let summary = try sandbox.run(["summary", "maya-t"], directory: vault, environment: Self.signing)
            #expect(summary.stdoutLines.last == Self.signedLine, "\(summary)")
            let json = try sandbox.run(["summary", "maya-t", "--format", "json"], directory: vault, environment: Self.signing)
            let object = try #require(json.json as? [String: Any], "\(json)")
            #expect(object["status"] as? String == "signed")
            #expect(object["signed_by"] as? String == Self.signer)
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("the signer comes from provider: in the config, and without it or --as sign says how to give one")
    func signer() throws {
        try withSandbox { sandbox in
            let (vault, file) = try ended(sandbox)
            let before = try sandbox.read(file)
            let nobody = try sandbox.run(["sign", "maya-t"], directory: vault, environment: Self.signing)
            expectStatus(nobody, 64)
            #expect(nobody.stderr.contains("give --as \"J. Doe, CCC-SLP\""), "\(nobody)")
            #expect(nobody.stderr.contains("provider:"), "\(nobody)")
            #expect(try sandbox.read(file) == before)
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config) + "provider: A. Lee, BCBA\n")
            let json = try sandbox.run(["sign", "maya-t", "--format", "json"], directory: vault, environment: Self.signing)
            expectStatus(json, 0)
            let object = try #require(json.json as? [String: Any], "\(json)")
            #expect(object["signed_by"] as? String == "A. Lee, BCBA")
            #expect(object["signed"] as? String == "2025-04-01T15:40:00-07:00")
            #expect(object["path"] as? String == Self.session)
            #expect(frontMatterValue(try sandbox.readText(file), "signed_by") == "A. Lee, BCBA")
        }
    }

    @Test("every writer refuses to change a signed session, names the signature and addendum, and writes nothing",
          arguments: [
              ["trial", "maya-t", "s-initial", "+", "--session", "maya-t/2025-04-01", "--at", "15:20:00"],
              ["record", "maya-t", "hitting", "--session", "maya-t/2025-04-01", "--at", "15:21:00"],
              ["note", "maya-t"],
              ["trials", "end", "maya-t", "--at", "15:45"],
              ["sign", "maya-t", "--as", "A. Lee, BCBA"],
          ])
    func writersRefuse(_ command: [String]) throws {
        try withSandbox { sandbox in
            let (vault, file) = try signed(sandbox)
            let before = try sandbox.read(file)
            let result = try sandbox.run(command, directory: vault, environment: Self.nextDay)
            expectStatus(result, 1)
            #expect(result.stderr.contains("signed") && result.stderr.contains("on Tue Apr 1, 2025 at 3:40 PM by J. Doe, CCC-SLP"), "\(result)")
            #expect(result.stderr.contains("afterflow addendum \(Self.session)"), "\(result)")
            #expect(try sandbox.read(file) == before)
        }
    }

    @Test("a trial line changed by hand after signing is an error of check at that line")
    func handEdit() throws {
        try withSandbox { sandbox in
            let (vault, file) = try signed(sandbox)
            let text = try sandbox.readText(file)
            let edited = text.replacingOccurrences(of: "- 15:03:00 s-initial - minimal", with: "- 15:03:00 s-initial + minimal")
            #expect(edited != text)
            try sandbox.write(file, edited)
            // The line's number, counted in the file as edited (1-based).
            let line = try #require(edited.components(separatedBy: "\n").firstIndex(of: "- 15:03:00 s-initial + minimal")) + 1
            let result = try sandbox.run(["check"], directory: vault)
            expectStatus(result, 1)
            let errors = result.stdoutLines.filter { $0.contains(": error: ") }
            #expect(errors.count == 1, "\(result)")
            #expect(errors.first?.hasPrefix("\(Self.session):\(line):1: error: this line changed after the session was signed") == true, "\(result)")
            // The audit setting does not matter: changing a signed note is an error regardless.
            #expect(!edited.contains("audit:"))
        }
    }

    @Test("addendum appends a dated, signed line under ## Addenda; check passes and summary counts it")
    func addendum() throws {
        try withSandbox { sandbox in
            let (vault, file) = try signed(sandbox)
            let before = try sandbox.readText(file)
            let result = try sandbox.run(["addendum", "maya-t", "Late entry: mother reports /s/ at home.", "--as", Self.signer],
                                         directory: vault, environment: Self.nextDay)
            expectStatus(result, 0)
            let after = try sandbox.readText(file)
            #expect(after.hasPrefix(before), "the signed text stays as it was")
            let added = String(after.dropFirst(before.count))
            #expect(added.hasPrefix("\n## Addenda\n\n- 2025-04-02T09:00:00-07:00 J. Doe, CCC-SLP: Late entry: mother reports /s/ at home. (sha256:"), "\(added)")
            #expect(result.stdout.contains("Late entry: mother reports /s/ at home."), "\(result)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
            let summary = try sandbox.run(["summary", "maya-t"], directory: vault, environment: Self.nextDay)
            #expect(summary.stdoutLines.last == Self.signedLine + "; 1 addendum", "\(summary)")
            // A draft takes no addendum: its note is corrected in place.
            expectStatus(try sandbox.run(["trials", "start", "maya-t"], directory: vault, environment: Self.nextDay), 0)
            let draft = try sandbox.run(["addendum", "maya-t", "Late entry.", "--as", Self.signer], directory: vault, environment: Self.nextDay)
            expectStatus(draft, 1)
            #expect(draft.stderr.contains("is not signed"), "\(draft)")
        }
    }

    @Test("with audit: true, check warns of an ended session not signed and of a note signed long before the end")
    func auditWarnings() throws {
        try withSandbox { sandbox in
            let (vault, _) = try ended(sandbox)
            let warning = "\(Self.session):1:1: warning: the note is not signed (a draft); sign it once it is right: afterflow sign \(Self.session)"
            #expect(!(try sandbox.run(["check"], directory: vault, environment: Self.nextDay)).stdoutLines.contains { $0.contains("not signed") },
                    "no audit, no warning")
            let config = vault + "/.afterflow/config.yml"
            try sandbox.write(config, try sandbox.readText(config) + "audit: true\n")
            let unsigned = try sandbox.run(["check"], directory: vault, environment: Self.signing)
            #expect(unsigned.stdoutLines.contains(warning), "\(unsigned)")
            // The session ended at 15:30 on Apr 1: at 15:30 on Apr 2, 24 hours have passed.
            let late = try sandbox.run(["check"], directory: vault, environment: practiceAt("2025-04-02T15:30:00-07:00"))
            #expect(late.stdoutLines.contains { $0.hasPrefix("\(Self.session):1:1: warning: the note is still not signed 24 hours after the session ended") }, "\(late)")
            let notYet = try sandbox.run(["check"], directory: vault, environment: practiceAt("2025-04-02T15:29:59-07:00"))
            #expect(notYet.stdoutLines.contains(warning), "\(notYet)")
            // Signed at 15:40 a session written to end at 16:30: 50 minutes early.
            expectStatus(try sandbox.run(["trials", "end", "maya-t", "--at", "16:30"], directory: vault, environment: Self.signing), 0)
            expectStatus(try sandbox.run(["sign", "maya-t", "--as", Self.signer], directory: vault, environment: Self.signing), 0)
            let early = try sandbox.run(["check"], directory: vault)
            #expect(!early.stdoutLines.contains(warning), "\(early)")
            #expect(early.stdoutLines.contains { $0.contains(": warning: signed 50 minutes before the session's end (4:30 PM)") }, "\(early)")
        }
    }

    @Test("the trial CSV says when each session's note was signed and by whom, or draft")
    func csv() throws {
        try withSandbox { sandbox in
            let (vault, _) = try signed(sandbox)
            let result = try sandbox.run(["export", "trials", "csv"], directory: vault)
            expectStatus(result, 0)
            let lines = result.stdoutLines
            #expect(lines.first?.hasSuffix(",note,signed,signed_by") == true, "\(result)")
            #expect(lines.count == 3)
            #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",2025-04-01T15:40:00-07:00,\"J. Doe, CCC-SLP\"") }, "\(result)")
        }
    }
}
