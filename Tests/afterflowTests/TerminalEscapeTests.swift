import Foundation
import Testing

/// Control characters from files and imported CSV are shown, not obeyed: `ESC]0;…BEL` would
/// retitle the terminal and `ESC[8m` hide what follows. C0 controls and DEL print in caret
/// notation (`^[`, `^G`, `^?`), C1 controls as `<U+009B>`.
@Suite("control characters in terminal output")
struct TerminalEscapeTests {
    static let esc = "\u{1B}", bel = "\u{07}", csi = "\u{9B}", del = "\u{7F}"
    static let retitle = "\(esc)]0;pwned\(bel)"
    static let hide = "\(esc)[8m"

    /// A complete session with escapes in its intention, dose, tags, music, a custom key and a reflection.
    static let session = """
        ---
        id: 6F1C2A8E-0000-4000-8000-000000000001
        date: 2024-12-10T14:30:00-08:00
        treatment: psilocybin
        administration: oral
        dose: \(hide)2 g
        mood_before: 5
        mood_after: 8
        status: complete
        tags: ["\(esc)]0;tag\(bel)", calm]
        music: \(esc)]0;music\(bel)
        facilitator: \(esc)]0;maya\(bel)
        created: 2024-12-10T14:00:00-08:00
        updated: 2024-12-11T09:00:00-08:00
        ---
        # Psilocybin • Dec 10, 2024

        ## Intention

        Listen \(retitle) inward \(hide)hidden \(csi)31m red\(del).

        ## Environment

        ## Music

        ## Reflections

        [2024-12-11 09:00] Felt \(hide)hidden\(esc)[0m and \(esc)]0;title\(bel) calm.

        """
    static let shownIntention = "Listen ^[]0;pwned^G inward ^[[8mhidden <U+009B>31m red^?."
    static let shownReflection = "[2024-12-11 09:00] Felt ^[[8mhidden^[[0m and ^[]0;title^G calm."

    /// The control characters in `text` other than line feed and tab, as `U+001B`.
    static func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && scalar != "\n" && scalar != "\t") || value == 0x7F || (0x80...0x9F).contains(value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    static func expectVisible(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(controls(result.stdout) == [], "stdout: \(result)", sourceLocation: sourceLocation)
        #expect(controls(result.stderr) == [], "stderr: \(result)", sourceLocation: sourceLocation)
    }

    @Test("list, show, search and show's JSON: the text is shown, not obeyed, and JSON stays faithful")
    func sessionText() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let path = "sessions/2024/2024-12-10-psilocybin.md"
            try sandbox.write("vault/" + path, Self.session)
            // Control characters in a file are errors that check reports (#9 item 10), shown visibly.
            let checked = try sandbox.run(["check"], directory: "vault")
            expectStatus(checked, 1)
            Self.expectVisible(checked)

            let list = try sandbox.run(["list"], directory: "vault")
            expectStatus(list, 0)
            Self.expectVisible(list)
            #expect(list.stdout.hasSuffix("complete          \(Self.shownIntention)\n"), "\(list)")

            let show = try sandbox.run(["show", "2024-12-10"], directory: "vault")
            expectStatus(show, 0)
            Self.expectVisible(show)
            #expect(show.stdoutLines.contains("Tue Dec 10, 2024, 2:30 PM (-08:00) · Oral · ^[[8m2 g"), "\(show)")
            #expect(show.stdoutLines.contains("Music     ^[]0;music^G"), "\(show)")
            #expect(show.stdoutLines.contains("Tags      ^[]0;tag^G, calm"), "\(show)")
            #expect(show.stdoutLines.contains("  " + Self.shownIntention), "\(show)")
            #expect(show.stdoutLines.contains("  " + Self.shownReflection), "\(show)")

            let search = try sandbox.run(["search", "calm"], directory: "vault")
            expectStatus(search, 0)
            Self.expectVisible(search)
            #expect(search.stdout.contains("Felt ^[[8mhidden^[[0m and ^[]0;title^G calm."), "\(search)")

            // Formats for programs keep the text: JSON escapes it, md is the file.
            let json = try sandbox.run(["show", "2024-12-10", "--format", "json"], directory: "vault")
            let object = try #require(json.json as? [String: Any])
            #expect((object["intention"] as? String)?.contains(Self.retitle) == true)
            #expect(try sandbox.run(["show", "2024-12-10", "--format", "md"], directory: "vault").stdout == Self.session)
        }
    }

    @Test("list on a terminal: the intention is cut to the width after its controls are shown",
          .enabled(if: PseudoTerminal.python != nil, "needs python3 to drive a pseudo-terminal"))
    func listOnTerminal() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            try sandbox.write("vault/sessions/2024/2024-12-10-psilocybin.md", Self.session)
            // 80 columns leave 17 for the intention.
            let run = try sandbox.runOnPseudoTerminal(["list"], directory: "vault", environment: ["NO_COLOR": ""],
                                                      steps: [.expect("1 session: 1 complete")])
            #expect(run.failure == nil, "\(run)")
            #expect(run.status == 0, "\(run)")
            #expect(run.screen.contains("complete          Listen ^[]0;pwne…"), "\(run)")
        }
    }

    @Test("check: the message quotes the value visibly, and the excerpt shows the line with the caret under the value")
    func checkExcerpt() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let bad = Self.session.replacingOccurrences(of: "mood_before: 5", with: "mood_before: \(Self.hide)5")
            try sandbox.write("vault/sessions/2024/2024-12-10-psilocybin.md", bad)
            let check = try sandbox.run(["check"], directory: "vault")
            expectStatus(check, 1)
            Self.expectVisible(check)
            #expect(check.stdoutLines.contains("    mood_before: ^[[8m5"), "\(check)")
            #expect(check.stdoutLines.contains("                 ^"), "the caret stays under the value: \(check)")
            // The message quotes the value with its escapes spelled out.
            #expect(check.stdout.contains("found \"\\u001B[8m5\""), "\(check)")
        }
    }

    @Test("drafts, delete, trash and due --verbose show paths and intentions visibly")
    func pathsAndReminders() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let name = "sessions/2024/2024-12-10-\(Self.esc)]0;x\(Self.bel).md"
            try sandbox.write("vault/" + name, Self.session)
            let draft = DraftsTests.oldDraft.replacingOccurrences(of: "## Intention\n", with: "## Intention\n\n\(Self.hide)Soft.\n")
            try sandbox.write("vault/.afterflow/drafts/2024-01-05-\(Self.hide).md", draft)
            let due = Self.session
                .replacingOccurrences(of: "6F1C2A8E-0000-4000-8000-000000000001", with: "6F1C2A8E-0000-4000-8000-000000000002")
                .replacingOccurrences(of: "mood_after: 8\nstatus: complete", with: "status: needs-reflection\nreminder: 2024-12-11T09:00:00-08:00")
                .replacingOccurrences(of: "2024-12-10", with: "2024-12-12")
                .replacingOccurrences(of: "[2024-12-11 09:00] Felt \(Self.hide)hidden\(Self.esc)[0m and \(Self.esc)]0;title\(Self.bel) calm.\n", with: "")
            try sandbox.write("vault/sessions/2024/2024-12-12-\(Self.retitle).md", due)
            // Control characters in a file are errors that check reports (#9 item 10), shown visibly.
            let checked = try sandbox.run(["check"], directory: "vault")
            expectStatus(checked, 1)
            Self.expectVisible(checked)

            let drafts = try sandbox.run(["drafts"], directory: "vault")
            expectStatus(drafts, 0)
            Self.expectVisible(drafts)
            #expect(drafts.stdout.contains(".afterflow/drafts/2024-01-05-^[[8m.md"), "\(drafts)")

            let dueList = try sandbox.run(["due", "--verbose"], directory: "vault")
            expectStatus(dueList, 0)
            Self.expectVisible(dueList)
            #expect(dueList.stdout.contains("sessions/2024/2024-12-12-^[]0;pwned^G.md  \(Self.shownIntention)"), "\(dueList)")

            let deleted = try sandbox.run(["delete", "2024-12-10", "--yes"], directory: "vault")
            expectStatus(deleted, 0)
            Self.expectVisible(deleted)
            #expect(deleted.stdout.contains("Deleted sessions/2024/2024-12-10-^[]0;x^G.md"), "\(deleted)")

            let trash = try sandbox.run(["trash"], directory: "vault")
            expectStatus(trash, 0)
            Self.expectVisible(trash)
            #expect(trash.stdout.hasSuffix("  sessions/2024/2024-12-10-^[]0;x^G.md\n"), "\(trash)")
        }
    }

    @Test("an imported CSV: rows with control characters are refused (#9 item 10), and the problems quote values visibly")
    func importedCSV() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try sandbox.write("escapes.csv", [
                ImportTests.header,
                "\"Dec 10, 2024 at 2:30 PM\",Psilocybin,Oral,\"Listen \(Self.retitle) inward \(Self.hide)hidden\",4,7,\"Felt \(Self.csi)8m calm\",",
                "\"Dec 11, 2024 at 9:00 AM\",Psilocybin,Oral,Rest,\(Self.hide)4,7,,",
            ].joined(separator: "\n"))
            let refused = try sandbox.run(["import", "csv", "escapes.csv", "--vault", vault])
            expectStatus(refused, 1)
            Self.expectVisible(refused)
            #expect(refused.stderrLines.contains("escapes.csv:2: column \"Intention\": expected no control characters, found U+001B at character 8"),
                    "\(refused)")
            #expect(refused.stderrLines.contains("escapes.csv:3: column \"Mood Before\": expected a whole number from 1 to 10, found \"^[[8m4\""),
                    "\(refused)")

            let imported = try sandbox.run(["import", "csv", "escapes.csv", "--vault", vault, "--skip-invalid"])
            expectStatus(imported, 0)
            Self.expectVisible(imported)
            #expect(sandbox.files(under: "vault/sessions").isEmpty)
        }
    }

    @Test("error messages quote what was given visibly")
    func errorMessages() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let show = try sandbox.run(["show", "zz\(Self.retitle)"], directory: "vault")
            expectStatus(show, 1)
            Self.expectVisible(show)
            #expect(show.stderr.contains("zz\\u001B]0;pwned\\u0007"), "\(show)")

            let list = try sandbox.run(["list", "--treatment", Self.hide + "peyote"], directory: "vault")
            expectStatus(list, 64)
            Self.expectVisible(list)
            // The treatment is checked against the vault's list (its settings may add one), in
            // the library's words, which write a control character as \u001B.
            #expect(list.stderr.contains("found \"\\u001B[8mpeyote\""), "\(list)")

            let set = try sandbox.run(["set", "2024-12-10", "mood\(Self.bel)after"], directory: "vault")
            Self.expectVisible(set)
        }
    }
}
