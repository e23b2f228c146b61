import Foundation
import Testing

/// Lists, summaries and reports name a client as Maya T. with the age; the full name and date
/// of birth appear only with --full-names (#11).
@Suite("practice privacy: no full name or date of birth without --full-names")
struct PracticePrivacyTests {
    /// Every way the ExampleVault's clients' full names and dates of birth could be written.
    static let secrets = ["Thompson", "Ortiz", "2017-03-02", "2015-11-20", "Mar 2, 2017", "Nov 20, 2015", "03/02/2017", "11/20/2015"]
    static let now = practiceAt("2025-04-02T10:00:00-07:00")

    func leaks(_ text: String) -> [String] {
        Self.secrets.filter { text.contains($0) }
    }

    @Test("client list, client show, progress, summary, note --print, list and export progress (HTML) on the ExampleVault")
    func withoutFullNames() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            var runs: [[String]] = [
                ["client", "list"], ["client", "list", "--format", "json"],
                ["list", "--kind", "client"], ["list", "--kind", "client", "--format", "json"], ["list", "--kind", "client", "--format", "csv"],
                ["list", "--kind", "trials"], ["list", "--kind", "goal", "--format", "csv"], ["stats"],
                ["summary", "last"], ["summary", "last", "--format", "json"],
            ]
            for client in ["maya-t", "leo-o"] {
                runs += [
                    ["client", "show", client], ["client", "show", client, "--format", "json"],
                    ["goal", "list", client, "--all"],
                    ["progress", client], ["progress", client, "--format", "json"], ["progress", client, "--format", "csv"],
                    ["summary", client], ["summary", client, "--format", "json"],
                    ["summary", client == "maya-t" ? "maya-t/2025-01-14" : "leo-o/2025-01-16"],
                    ["note", client, "--print"],
                    ["export", "progress", client, "-o", sandbox.path("\(client).html")],
                    ["export", "progress", client, "--notes", "-o", sandbox.path("\(client)-notes.html")],
                ]
            }
            var checked = 0
            for arguments in runs {
                let result = try sandbox.run(arguments, directory: vault, environment: Self.now)
                expectStatus(result, 0)
                #expect(leaks(result.stdout + result.stderr) == [], "\(result)")
                checked += 1
            }
            for client in ["maya-t", "leo-o"] {
                for file in ["\(client).html", "\(client)-notes.html"] {
                    let html = try sandbox.readText(file)
                    #expect(html.contains(client == "maya-t" ? "Maya T." : "Leo O."), "\(file)")
                    #expect(leaks(html) == [], "\(file)")
                }
            }
            #expect(checked > 30)
        }
    }

    @Test("a full name or date of birth the clinician wrote in a goal's definition or a session note stays out of the report")
    func writtenInTheBody() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let goal = vault + "/clients/maya-t/goals/two-step.md"
            try sandbox.write(goal, try sandbox.readText(goal).replacingOccurrences(
                of: "Carries out both steps", with: "Maya Thompson (born 2017-03-02) carries out both steps"))
            let session = vault + "/clients/maya-t/sessions/2025/2025-03-25-1500.md"
            let text = try sandbox.readText(session)
            let withNote = text.contains("## Notes\n\n")
                ? text.replacingOccurrences(of: "## Notes\n\n", with: "## Notes\n\nMaya Thompson was tired. Born Mar 2, 2017.\n\n")
                : text + "\n## Notes\n\nMaya Thompson was tired. Born Mar 2, 2017.\n"
            try sandbox.write(session, withNote)
            let result = try sandbox.run(["export", "progress", "maya-t", "--notes", "-o", sandbox.path("maya.html")], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let html = try sandbox.readText("maya.html")
            #expect(html.contains("was tired"), "the note is in the report")
            #expect(leaks(html) == [], "\(leaks(html))")
        }
    }

    @Test("with --full-names, client list, client show and export progress do show the full name and date of birth")
    func withFullNames() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let json = try sandbox.run(["client", "list", "--full-names", "--format", "json"], directory: vault, environment: Self.now)
            expectStatus(json, 0)
            let rows = try #require(json.json as? [[String: Any]], "\(json)")
            #expect(rows.map { $0["full_name"] as? String } == ["Kai Morgan", "Leo Ortiz", "Maya Thompson", "Sam Rivera"])
            #expect(rows.map { $0["born"] as? String } == ["2018-05-20", "2015-11-20", "2017-03-02", "2016-08-14"])

            let table = try sandbox.run(["client", "list", "--full-names"], directory: vault, environment: Self.now)
            expectStatus(table, 0)
            #expect(table.stdout.contains("Maya Thompson") && table.stdout.contains("Leo Ortiz"), "\(table)")
            // The flag's help says "Show full names and dates of birth."
            #expect(table.stdout.contains("2017-03-02") && table.stdout.contains("2015-11-20"), "\(table)")

            for (client, name, born) in [("maya-t", "Maya Thompson", "2017-03-02"), ("leo-o", "Leo Ortiz", "2015-11-20")] {
                let show = try sandbox.run(["client", "show", client, "--full-names"], directory: vault, environment: Self.now)
                expectStatus(show, 0)
                #expect(show.stdout.contains(name) && show.stdout.contains(born), "\(show)")
                let showJSON = try sandbox.run(["client", "show", client, "--full-names", "--format", "json"], directory: vault, environment: Self.now)
                let fields = try #require(showJSON.json as? [String: Any], "\(showJSON)")
                #expect(fields["full_name"] as? String == name)
                #expect(fields["born"] as? String == born)

                let export = try sandbox.run(["export", "progress", client, "--full-names", "-o", sandbox.path("\(client).html")], directory: vault, environment: Self.now)
                expectStatus(export, 0)
                let html = try sandbox.readText("\(client).html")
                #expect(html.contains(name), "\(client)")
                let medium = client == "maya-t" ? "Mar 2, 2017" : "Nov 20, 2015"
                #expect(html.contains(born) || html.contains(medium), "the date of birth in some form: \(client)")
            }
        }
    }
}
