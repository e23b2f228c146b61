import Foundation
import Testing

/// Every session file of the repository's ExampleVault, relative to the vault.
let exampleSessionPaths: [String] = {
    guard let enumerator = FileManager.default.enumerator(atPath: exampleVault + "/sessions") else { return [] }
    var found: [String] = []
    while let next = enumerator.nextObject() as? String {
        if next.hasSuffix(".md") { found.append("sessions/" + next) }
    }
    return found.sorted()
}()

/// Every document of the ExampleVault (sessions and the practice's clients, goals and trial
/// sessions), relative to the vault: what check and fmt count.
let exampleDocumentPaths: [String] = {
    guard let enumerator = FileManager.default.enumerator(atPath: exampleVault) else { return [] }
    var found: [String] = []
    while let next = enumerator.nextObject() as? String {
        if next.hasSuffix(".md") && next != "README.md" && !next.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { found.append(next) }
    }
    return found.sorted()
}()

@Suite("show")
struct ShowTests {
    static let path = "sessions/2024/2024-12-10-psilocybin.md"

    @Test("a session is found by its day, an id prefix of 4+ characters, its path, or a longer prefix",
          arguments: ["2024-12-10", "F92D", "f92d43cf", "F92D43CF-1CE3", path, "./" + path])
    func references(reference: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", reference, "--format", "json"], directory: vault)
            expectStatus(result, 0)
            let object = try #require(result.json as? [String: Any], "\(result)")
            #expect(object["id"] as? String == "F92D43CF-1CE3-4847-9EAA-38E0B177D7FD")
            #expect(object["path"] as? String == Self.path)
        }
    }

    @Test("show prints a readable page")
    func textPage() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", "2024-12-10", "--vault", vault])
            expectStatus(result, 0)
            #expect(result.stderr == "")
            let lines = result.stdoutLines
            #expect(Array(lines.prefix(10)) == [
                "Psilocybin • Dec 10, 2024",
                "Tue Dec 10, 2024, 2:30 PM (-08:00) · Oral · 3.5 g",
                "",
                "Mood      🌤️ 5/10 Centered  →  ☀️ 8/10 Uplifted  (+3)",
                "Status    complete",
                "Reminder  Dec 10, 2024, 5:30 PM",
                "Music     https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n",
                "Tags      integration, nature",
                "File      example/sessions/2024/2024-12-10-psilocybin.md",  // from the current folder
                "Id        F92D43CF-1CE3-4847-9EAA-38E0B177D7FD",
            ])
            for heading in ["Intention", "Environment", "Music", "Reflections"] {
                #expect(lines.contains(heading), "section \(heading)")
            }
            #expect(lines.contains("  To explore creativity and connection."))
        }
    }

    @Test("--format json has the file's keys, the sections and the path")
    func json() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", "F92D", "--format", "json", "--vault", vault])
            expectStatus(result, 0)
            let object = try #require(result.json as? [String: Any], "\(result)")
            let expectedKeys: Set<String> = [
                "id", "date", "treatment", "administration", "dose", "mood_before", "mood_after", "status",
                "reminder", "music", "tags", "created", "updated",
                "intention", "environment", "music_notes", "reflections", "path", "backlinks",
            ]
            #expect(Set(object.keys) == expectedKeys)
            // No record of ExampleVault links to another.
            #expect((object["backlinks"] as? [Any])?.isEmpty == true)
            #expect(object["date"] as? String == "2024-12-10T14:30:00-08:00")
            #expect(object["treatment"] as? String == "psilocybin")
            #expect(object["administration"] as? String == "oral")
            #expect(object["dose"] as? String == "3.5 g")
            #expect(object["mood_before"] as? Int == 5)
            #expect(object["mood_after"] as? Int == 8)
            #expect(object["status"] as? String == "complete")
            #expect(object["tags"] as? [String] == ["integration", "nature"])
            #expect(object["intention"] as? String == "To explore creativity and connection.")
            #expect(object["environment"] as? String == "Living room, candles, my partner nearby.")
            #expect(object["music_notes"] as? String == "The ambient playlist felt grounding.")
            let reflections = try #require(object["reflections"] as? String)
            #expect(reflections.hasPrefix("[2024-12-11 09:12] Felt peaceful"))
            #expect(reflections.contains("\n\nSam read to me"), "paragraphs keep their blank line")
            #expect(object["path"] as? String == Self.path)
            // Keys come in the file's order, then the sections, then the path and the backlinks.
            let keyOrder = result.stdoutLines.compactMap { line -> String? in
                guard line.hasPrefix("  \""), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            }
            #expect(keyOrder == [
                "id", "date", "treatment", "administration", "dose", "mood_before", "mood_after", "status",
                "reminder", "music", "tags", "created", "updated",
                "intention", "environment", "music_notes", "reflections", "path", "backlinks",
            ])
        }
    }

    @Test("--format md prints the file byte for byte")
    func markdown() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", Self.path, "--format", "md"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdoutData == (try sandbox.read(vault + "/" + Self.path)))
            #expect(result.stderr == "")
        }
    }

    @Test("two sessions on one day: exit 1, and both are listed as candidates")
    func ambiguousDay() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", "2025-08-16"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdout == "")
            #expect(result.stderrLines == [
                "error: 2 sessions on 2025-08-16; name one by a longer id prefix or its path",
                "  09300E35  2025-08-16 21:30  Cannabis  sessions/2025/2025-08-16-cannabis-2.md",
                "  D6670012  2025-08-16 13:00  Cannabis  sessions/2025/2025-08-16-cannabis.md",
            ])
        }
    }

    @Test("two sessions made with new on one day are ambiguous; each is found by its path")
    func ambiguousAfterNew() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "UTC")
            for hour in ["09:00", "18:00"] {
                expectStatus(try sandbox.run(["new", "--date", "2024-04-04 \(hour)", "--treatment", "lsd", "--mood-before", "5",
                                              "--intention", "x"], directory: "vault"), 0)
            }
            let result = try sandbox.run(["show", "2024-04-04"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderrLines.count == 3)
            #expect(result.stderrLines[0] == "error: 2 sessions on 2024-04-04; name one by a longer id prefix or its path")
            // Candidates are sorted by path ("-2.md" sorts before ".md").
            #expect(result.stderrLines[1].hasSuffix("  2024-04-04 18:00  LSD  sessions/2024/2024-04-04-lsd-2.md"))
            #expect(result.stderrLines[2].hasSuffix("  2024-04-04 09:00  LSD  sessions/2024/2024-04-04-lsd.md"))
            let byPath = try sandbox.run(["show", "sessions/2024/2024-04-04-lsd-2.md", "--format", "json"], directory: "vault")
            expectStatus(byPath, 0)
            #expect((byPath.json as? [String: Any])?["date"] as? String == "2024-04-04T18:00:00+00:00")
        }
    }

    @Test("an unknown reference exits 1 with a message",
          arguments: [
            ("2023-01-01", "error: no session on 2023-01-01"),
            ("FFFF", "error: no session with an id starting FFFF"),
            ("F92", "error: \"F92\" is not a session reference"),
            ("sessions/2099/nothing.md", "error: no session at sessions/2099/nothing.md in the vault "),
          ])
    func unknownReference(reference: String, message: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", reference], directory: vault)
            expectStatus(result, 1)
            #expect(result.stdout == "")
            #expect(result.stderrLines.first?.hasPrefix(message) == true, "\(result)")
        }
    }

    @Test("a missing day suggests the nearest sessions")
    func nearestDays() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", "2024-12-11"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stderrLines.count == 5)
            #expect(result.stderrLines[1] == "The nearest:")
            #expect(result.stderrLines[2] == "  F92D43CF  2024-12-10 14:30  Psilocybin  sessions/2024/2024-12-10-psilocybin.md")
        }
    }

    @Test("every ExampleVault file round-trips through show --format md", arguments: exampleSessionPaths)
    func roundTrip(path: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["show", path, "--format", "md", "--vault", vault])
            expectStatus(result, 0)
            #expect(result.stdoutData == (try sandbox.read(vault + "/" + path)), "\(path) is printed byte for byte")
        }
    }

    @Test("the ExampleVault has sessions to test with")
    func exampleVaultIsThere() {
        #expect(exampleSessionPaths.count >= 10, "\(exampleSessionPaths)")
    }
}
