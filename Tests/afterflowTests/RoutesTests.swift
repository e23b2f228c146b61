import Foundation
import Testing

/// A route of administration the vault defines (`routes:` in its config) through new, set,
/// check, export csv (as the app's `Other`) and the journal page's choices (issue 26, "Any
/// substance, any route").
@Suite("routes: the vault's own routes of administration", .serialized)
struct RoutesTests {
    static let config = "routes: [rectal]\n"
    static let file = "vault/sessions/2024/2024-12-10-ketamine.md"
    static let builtIn = "intravenous, intramuscular, oral, nasal, sublingual, inhaled, other"

    /// A vault with `routes: [rectal]` and one ketamine session on Dec 10 taken rectally.
    static func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        try sandbox.write("vault/.afterflow/config.yml", try sandbox.readText("vault/.afterflow/config.yml") + Self.config)
        // Named by its display name, in another case: the vault's catalogue reads it.
        let new = try sandbox.run(["new", "--vault", vault, "--treatment", "ketamine", "--administration", "Rectal", "--date", "2024-12-10 14:30",
                                   "--mood-before", "4", "--intention", "Rest.", "--remind", "none"])
        expectStatus(new, 0)
        return vault
    }

    @Test("new writes the vault's route; check accepts it; export csv writes it as Other, --full keeps it")
    func newCheckExport() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            #expect(try sandbox.readText(Self.file).contains("\ntreatment: ketamine\nadministration: rectal\n"))
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
            let csv = try sandbox.run(["export", "csv", "--vault", vault])
            expectStatus(csv, 0)
            // The app knows five routes; rectal is its Other.
            #expect(csv.stdoutLines.last == "\"Dec 10, 2024 at 2:30 PM\",Ketamine,Other,Rest.,4,\"\",\"\",\"\"", "\(csv)")
            let full = try sandbox.run(["export", "csv", "--full", "--vault", vault])
            #expect(full.stdoutLines.contains { $0.contains(",2024-12-10T14:30:00-08:00,ketamine,rectal,") }, "\(full)")
            // inhaled is built in: no config needed.
            let set = try sandbox.run(["set", "sessions/2024/2024-12-10-ketamine.md", "administration=inhaled", "--vault", vault])
            expectStatus(set, 0)
            #expect(try sandbox.readText(Self.file).contains("\nadministration: inhaled\n"))
        }
    }

    @Test("a route the vault does not know: check names it at its line and column with the known ones; new and set refuse it")
    func unknown() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let known = Self.builtIn + ", rectal"
            let new = try sandbox.run(["new", "--vault", vault, "--treatment", "ketamine", "--administration", "buccal", "--intention", "x"])
            expectStatus(new, 64)
            #expect(new.stderr.contains("--administration must be one of \(known), found \"buccal\"; write one of them, or add it to routes in .afterflow/config.yml"), "\(new)")
            let set = try sandbox.run(["set", "sessions/2024/2024-12-10-ketamine.md", "administration=rectl", "--vault", vault])
            expectStatus(set, 64)
            #expect(set.stderr.contains("administration must be one of \(known), found \"rectl\"; did you mean \"rectal\"?"), "\(set)")

            // Edited by hand to a route the vault lacks: an error at the value, line 5 (---, id,
            // date, treatment, administration), column 17 (after "administration: ").
            let text = try sandbox.readText(Self.file)
            try sandbox.write(Self.file, text.replacingOccurrences(of: "administration: rectal", with: "administration: buccal"))
            let check = try sandbox.run(["check", "--vault", vault])
            expectStatus(check, 1)
            #expect(check.stdout.contains("sessions/2024/2024-12-10-ketamine.md:5:17: error: administration must be one of \(known), found \"buccal\"; write one of them, or add it to routes in .afterflow/config.yml"), "\(check)")

            // The config loses rectal after the file is put back: the session is now the error.
            try sandbox.write(Self.file, text)
            try sandbox.write("vault/.afterflow/config.yml", try sandbox.readText("vault/.afterflow/config.yml").replacingOccurrences(of: Self.config, with: ""))
            let again = try sandbox.run(["check", "--vault", vault])
            expectStatus(again, 1)
            #expect(again.stdout.contains("2024-12-10-ketamine.md:5:17: error: administration must be one of \(Self.builtIn), found \"rectal\""), "\(again)")
        }
    }

    @Test("a bad routes: item is an error at its place in config.yml")
    func badConfig() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let config = try sandbox.readText("vault/.afterflow/config.yml")
            // The item goes on the line after init's last (each of init's lines ends in a newline);
            // "routes: [rectal, " is 17 bytes, so "under tongue" starts at column 18.
            let line = config.filter { $0 == "\n" }.count + 1
            try sandbox.write("vault/.afterflow/config.yml", config + "routes: [rectal, under tongue]\n")
            let check = try sandbox.run(["check", "--vault", vault])
            expectStatus(check, 1)
            #expect(check.stdout.contains(".afterflow/config.yml:\(line):18: error: each of routes must be a name of letters, digits, - and _"), "\(check)")
        }
    }

    @Test("the journal page offers the vault's routes and saves one; an unknown one is refused and nothing is written",
          .enabled(if: ServeTests.python != nil, "needs python3"))
    func journalPage() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let server = try ServedVault(sandbox, vault: vault, arguments: ["--journal"])
            defer { server.stop() }
            let code = """
                import json, sys, urllib.request, urllib.error
                base, token = sys.argv[1], sys.argv[2]
                def call(method, path, body=None):
                    r = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                               headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
                    try:
                        with urllib.request.urlopen(r, timeout=20) as f: return f.status, json.loads(f.read())
                    except urllib.error.HTTPError as e: return e.code, json.loads(e.read())
                status, overview = call("GET", "/api/journal")
                print("routes", status, ",".join(r["value"] + "=" + r["name"] for r in overview["routes"]))
                status, answer = call("POST", "/api/journal/sessions", {"id": "route-0001", "time": 1733870000000, "treatment": "ketamine", "administration": "rectal", "intention": "Rest.", "mood_before": 5})
                print("rectal", status, answer.get("path"))
                status, answer = call("POST", "/api/journal/sessions", {"id": "route-0002", "time": 1733870000000, "treatment": "ketamine", "administration": "buccal", "intention": "Rest.", "mood_before": 5})
                print("buccal", status, answer.get("error"))
                """
            let out = try ServeTests.pythonInline(code, [server.base, server.token])
            #expect(out.contains("routes 200 intravenous=Intravenous (IV),intramuscular=Intramuscular (IM),oral=Oral,nasal=Nasal,sublingual=Sublingual,inhaled=Inhaled,other=Other,rectal=Rectal\n"), "\(out)")
            let saved = try #require(out.split(separator: "\n").first { $0.hasPrefix("rectal 200 ") }.map { String($0.dropFirst("rectal 200 ".count)) }, "\(out)")
            #expect(try sandbox.readText("vault/" + saved).contains("\nadministration: rectal\n"))
            #expect(out.contains("buccal 422 there is no route buccal; the routes are \(Self.builtIn), rectal, or add it to routes in .afterflow/config.yml; nothing was written"), "\(out)")
            // Nothing but the one session from new and the one from the page.
            let sessions = try FileManager.default.subpathsOfDirectory(atPath: vault + "/sessions").filter { $0.hasSuffix(".md") }
            #expect(sessions.count == 2, "\(sessions)")
        }
    }
}
