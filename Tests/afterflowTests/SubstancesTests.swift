import Foundation
import Testing

/// A treatment the vault defines (`treatments:` in its config) through new, list, stats,
/// export csv (as the app's `Other`) and import back (issue 26, "Any substance, any route").
@Suite("substances: the vault's own treatments")
struct SubstancesTests {
    static let config = "treatments: [ibogaine-hcl=Ibogaine HCl (oral)]\n"
    static let file = "vault/sessions/2024/2024-12-10-ibogaine-hcl.md"

    /// A vault with the treatment in its config, and two sessions: the vault's ibogaine-hcl on
    /// Dec 10 (moods 4 → 8) and psilocybin on Dec 11 (5 → 6).
    static func vault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        // The vault's default route is nasal, so that oral can only come from the treatment's.
        let config = try sandbox.readText("vault/.afterflow/config.yml")
            .replacingOccurrences(of: "default_administration: oral\n", with: "default_administration: nasal\n")
        try sandbox.write("vault/.afterflow/config.yml", config + Self.config)
        // Named by its display name, in another case: the vault's catalogue reads it.
        let ibogaine = try sandbox.run(["new", "--vault", vault, "--treatment", "ibogaine hcl", "--date", "2024-12-10 14:30",
                                        "--mood-before", "4", "--mood-after", "8", "--intention", "Meet the root.", "--remind", "none"])
        expectStatus(ibogaine, 0)
        #expect(ibogaine.stdout.contains("  Ibogaine HCl • Dec 10, 2024 · needs reflection"))
        let psilocybin = try sandbox.run(["new", "--vault", vault, "--treatment", "psilocybin", "--date", "2024-12-11 09:00",
                                          "--mood-before", "5", "--mood-after", "6", "--intention", "Listen.", "--remind", "none"])
        expectStatus(psilocybin, 0)
        return vault
    }

    @Test("new writes the vault's name and its default route; check, list and stats know it")
    func newListStats() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let text = try sandbox.readText(Self.file)
            #expect(text.contains("\ntreatment: ibogaine-hcl\n"))
            // Its route from the treatment, as no --administration was given (the vault's default is nasal).
            #expect(text.contains("\nadministration: oral\n"))
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)

            // Piped, the listing is whole: the display name from the config.
            let list = try sandbox.run(["list", "--vault", vault])
            expectStatus(list, 0)
            #expect(list.stdoutLines.count == 2)
            // The treatment column is 10 wide: "Ibogaine HCl" (12) is cut to 9 and an ellipsis.
            #expect(list.stdoutLines.contains { $0.hasPrefix("2024-12-10 14:30  Ibogaine…  ") })
            let only = try sandbox.run(["list", "--vault", vault, "--treatment", "ibogaine-hcl", "--format", "paths"])
            expectStatus(only, 0)
            #expect(only.stdoutLines == ["vault/sessions/2024/2024-12-10-ibogaine-hcl.md"])  // from the current folder

            let stats = try sandbox.run(["stats", "--vault", vault, "--format", "json"])
            expectStatus(stats, 0)
            let object = try JSONSerialization.jsonObject(with: stats.stdoutData) as? [String: Any]
            let byTreatment = object?["by_treatment"] as? [[String: Any]] ?? []
            // One session each; equal counts are in name order: ibogaine-hcl before psilocybin.
            #expect(byTreatment.map { $0["treatment"] as? String } == ["ibogaine-hcl", "psilocybin"])
            #expect(byTreatment.first?["average_lift"] as? Double == 4)  // 8 - 4
            let statsText = try sandbox.run(["stats", "--vault", vault])
            #expect(statsText.stdout.contains("Ibogaine HCl"))
        }
    }

    @Test("export csv writes it as Other, --full keeps the name, and importing the file back adds nothing")
    func exportImport() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let csv = try sandbox.run(["export", "csv", "--vault", vault, "-o", "app.csv"])
            expectStatus(csv, 0)
            #expect(try sandbox.readText("app.csv").components(separatedBy: "\n") == [
                "Date,Treatment Type,Administration,Intention,Mood Before,Mood After,Reflections,Music Link URL",
                "\"Dec 11, 2024 at 9:00 AM\",Psilocybin,Nasal,Listen.,5,6,\"\",\"\"",
                "\"Dec 10, 2024 at 2:30 PM\",Other,Oral,Meet the root.,4,8,\"\",\"\"",
            ])
            let full = try sandbox.run(["export", "csv", "--full", "--vault", vault])
            expectStatus(full, 0)
            #expect(full.stdoutLines.contains { $0.contains(",2024-12-10T14:30:00-08:00,ibogaine-hcl,oral,") })

            // Back into the same vault: the Other row is the ibogaine-hcl session (same minute
            // and intention), the other row the psilocybin one.
            let back = try sandbox.run(["import", "csv", "app.csv", "--vault", vault])
            expectStatus(back, 0)
            #expect(back.stdoutLines == ["Imported app.csv: 0 created, 2 skipped as duplicates, 0 rejected."])

            // Into a vault without it: the app's Other.
            let fresh = try sandbox.initVault("fresh")
            let imported = try sandbox.run(["import", "csv", "app.csv", "--vault", fresh])
            expectStatus(imported, 0)
            #expect(try sandbox.readText("fresh/sessions/2024/2024-12-10-other.md").contains("\ntreatment: other\n"))
        }
    }

    @Test("a treatment the vault does not know: check names it, new and set refuse it, with the vault's names")
    func unknown() throws {
        try withSandbox { sandbox in
            let vault = try Self.vault(sandbox)
            let names = "psilocybin, lsd, dmt, mdma, ketamine, ayahuasca, mescaline, cannabis, other, esketamine, 5-meo-dmt, ibogaine, psilocybin-truffles, 2c-b, ibogaine-hcl"
            let new = try sandbox.run(["new", "--vault", vault, "--treatment", "kambo", "--intention", "x"])
            expectStatus(new, 64)
            #expect(new.stderr.contains("--treatment must be one of \(names), found \"kambo\"; write one of them, or add it to treatments in .afterflow/config.yml"))

            let path = "sessions/2024/2024-12-11-psilocybin.md"
            let set = try sandbox.run(["set", path, "treatment=ibogain-hcl", "--vault", vault])
            expectStatus(set, 64)
            #expect(set.stderr.contains("treatment must be one of \(names), found \"ibogain-hcl\"; did you mean \"ibogaine-hcl\"?"))
            let setKnown = try sandbox.run(["set", path, "treatment=Ibogaine HCl", "--vault", vault])
            expectStatus(setKnown, 0)
            #expect(try sandbox.readText("vault/" + path).contains("\ntreatment: ibogaine-hcl\n"))

            // The config loses the treatment: the sessions that name it are now check's errors,
            // at the value (line 4, column 12: after "treatment: ").
            try sandbox.write("vault/.afterflow/config.yml", try sandbox.readText("vault/.afterflow/config.yml").replacingOccurrences(of: Self.config, with: ""))
            let check = try sandbox.run(["check", "--vault", vault])
            expectStatus(check, 1)
            let known = "psilocybin, lsd, dmt, mdma, ketamine, ayahuasca, mescaline, cannabis, other, esketamine, 5-meo-dmt, ibogaine, psilocybin-truffles, 2c-b"
            #expect(check.stdout.contains("sessions/2024/2024-12-10-ibogaine-hcl.md:4:12: error: treatment must be one of \(known), found \"ibogaine-hcl\"; write one of them, or add it to treatments in .afterflow/config.yml"))
            #expect(check.stdout.contains("sessions/2024/2024-12-11-psilocybin.md:4:12: error: treatment must be one of"))
        }
    }
}
