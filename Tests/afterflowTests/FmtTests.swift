import Foundation
import Testing

/// The canonical order of the known front matter keys.
let canonicalKeyOrder = [
    "type", "id", "date", "treatment", "administration", "dose", "mood_before", "mood_after",
    "status", "reminder", "music", "tags", "created", "updated",
]

/// The part of a file after its front matter's closing `---` line (line endings kept).
func bodyAfterFrontMatter(_ data: Data) -> Data {
    let lines = rawLines(String(decoding: data, as: UTF8.self))
    guard let first = lines.first, first.hasPrefix("---"),
          let close = lines.dropFirst().firstIndex(where: { $0 == "---" || $0 == "---\r" }) else {
        Issue.record("no front matter in the file")
        return data
    }
    return Data(lines[(close + 1)...].joined(separator: "\n").utf8)
}

@Suite("fmt")
struct FmtTests {
    @Test("fmt --check lists the files fmt would rewrite; fmt rewrites them; then all is canonical and valid")
    func checkThenFormat() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            var original: [String: Data] = [:]
            for path in exampleSessionPaths { original[path] = try sandbox.read(vault + "/" + path) }

            let check = try sandbox.run(["fmt", "--check"], directory: vault)
            expectStatus(check, 1)
            let listed = check.stdoutLines
            #expect(!listed.isEmpty)
            #expect(check.stderr == "\(listed.count) file\(listed.count == 1 ? " is" : "s are") not in canonical form; 'afterflow fmt' rewrites \(listed.count == 1 ? "it" : "them").\n")
            for path in exampleSessionPaths {
                #expect(try sandbox.read(vault + "/" + path) == original[path], "--check changes nothing: \(path)")
            }

            let format = try sandbox.run(["fmt"], directory: vault)
            expectStatus(format, 0)
            #expect(format.stderr == "Formatted \(listed.count) file\(listed.count == 1 ? "" : "s").\n")
            #expect(format.stdoutLines == listed.map { "  " + $0 })

            var changed: [String] = []
            for path in exampleSessionPaths {
                let now = try sandbox.read(vault + "/" + path)
                if now != original[path] { changed.append(path) }
                // The body is never touched.
                #expect(bodyAfterFrontMatter(now) == bodyAfterFrontMatter(original[path]!), "body of \(path) kept")
                // Known keys in canonical order, before the user's own keys.
                let keys = frontMatterKeys(String(decoding: now, as: UTF8.self))
                let known = keys.filter { canonicalKeyOrder.contains($0) }
                #expect(known == canonicalKeyOrder.filter { known.contains($0) }, "\(path): \(keys)")
                if let firstOwn = keys.firstIndex(where: { !canonicalKeyOrder.contains($0) }) {
                    #expect(keys[firstOwn...].allSatisfy { !canonicalKeyOrder.contains($0) }, "\(path): own keys last: \(keys)")
                }
            }
            #expect(changed == listed.sorted(), "exactly the listed files changed")

            let recheck = try sandbox.run(["fmt", "--check"], directory: vault)
            expectStatus(recheck, 0)
            #expect(recheck.stdout == "")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
            let again = try sandbox.run(["fmt"], directory: vault)
            expectStatus(again, 0)
            #expect(again.stdout == "")
            #expect(again.stderr == "All \(exampleDocumentPaths.count) files are already canonical.\n")
        }
    }

    @Test("fmt rewrites values into canonical form")
    func canonicalValues() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let text = validSession(id: "11111111-2222-4333-8444-555555555555")
                .replacingOccurrences(of: "date: 2024-12-10T14:30:00-08:00\n", with: "date: 2024-12-10 14:30\n")
                .replacingOccurrences(of: "dose: 3.5 g\n", with: "dose: \"3.5 g\"\n")
                .replacingOccurrences(of: "treatment: psilocybin\n", with: "treatment: Psilocybin\n")
                .replacingOccurrences(of: "administration: oral\n", with: "administration: IV\n")
                .replacingOccurrences(of: "tags: [integration]\n", with: "tags:\n  - integration\n  - calm\n")
                .replacingOccurrences(of: "id: 11111111-2222-4333-8444-555555555555\n", with: "")
            try sandbox.write("vault/sessions/2024/x.md", text)
            let result = try sandbox.run(["fmt"], directory: "vault")
            expectStatus(result, 0)
            let after = try sandbox.readText("vault/sessions/2024/x.md")
            #expect(frontMatterValue(after, "date") == "2024-12-10T14:30:00-08:00")
            #expect(frontMatterValue(after, "dose") == "3.5 g")
            #expect(frontMatterValue(after, "treatment") == "psilocybin")
            #expect(frontMatterValue(after, "administration") == "intravenous")
            #expect(frontMatterValue(after, "tags") == "[integration, calm]")
            let id = try #require(frontMatterValue(after, "id"), "fmt adds an id")
            #expect(UUID(uuidString: id) != nil)
            #expect(frontMatterKeys(after).first == "id")
            expectStatus(try sandbox.run(["check"], directory: "vault"), 0)
        }
    }

    @Test("a CRLF file stays CRLF after fmt")
    func crlfKept() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let crlfPaths = try exampleSessionPaths.filter { try sandbox.readText(vault + "/" + $0).contains("\r\n") }
            let path = try #require(crlfPaths.first, "the ExampleVault has a CRLF file")
            // Make it non-canonical: swap two keys.
            var lines = try sandbox.readText(vault + "/" + path).components(separatedBy: "\r\n")
            let date = try #require(lines.firstIndex { $0.hasPrefix("date:") })
            let treatment = try #require(lines.firstIndex { $0.hasPrefix("treatment:") })
            lines.swapAt(date, treatment)
            try sandbox.write(vault + "/" + path, lines.joined(separator: "\r\n"))
            let before = try sandbox.readText(vault + "/" + path)

            let check = try sandbox.run(["fmt", "--check", path], directory: vault)
            expectStatus(check, 1)
            #expect(check.stdout == path + "\n")
            let result = try sandbox.run(["fmt", path], directory: vault)
            expectStatus(result, 0)
            let after = try sandbox.readText(vault + "/" + path)
            #expect(after != before)
            #expect(!after.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line still ends in CRLF")
            #expect(after.components(separatedBy: "\r\n").count == before.components(separatedBy: "\r\n").count)
            let keys = frontMatterKeys(after)
            #expect(keys.firstIndex(of: "date")! < keys.firstIndex(of: "treatment")!)
            expectStatus(try sandbox.run(["fmt", "--check", path], directory: vault), 0)
        }
    }

    @Test("a file with errors is left byte-identical and fmt exits 1; the others are still formatted")
    func errorsLeftAlone() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let broken = validSession(id: "11111111-2222-4333-8444-555555555555",
                                      replacing: ("treatment: psilocybin", "treatment: aspirin"))
                .replacingOccurrences(of: "dose: 3.5 g\n", with: "dose: \"3.5 g\"\n")
            try sandbox.write("vault/sessions/2024/broken.md", broken)
            let fixable = validSession(id: "11111111-2222-4333-8444-555555555556", day: "2024-12-11")
                .replacingOccurrences(of: "dose: 3.5 g\n", with: "dose: \"3.5 g\"\n")
            try sandbox.write("vault/sessions/2024/fixable.md", fixable)
            let before = try sandbox.read("vault/sessions/2024/broken.md")

            let check = try sandbox.run(["fmt", "--check"], directory: "vault")
            expectStatus(check, 1)
            #expect(check.stdout == "sessions/2024/fixable.md\n")

            let result = try sandbox.run(["fmt"], directory: "vault")
            expectStatus(result, 1)
            #expect(try sandbox.read("vault/sessions/2024/broken.md") == before, "left byte-identical")
            #expect(result.stderr.contains("sessions/2024/broken.md:4:12: error: treatment must be one of"))
            #expect(result.stderr.contains("error: 1 file has errors and was left alone; fix it first"))
            #expect(result.stdout == "  sessions/2024/fixable.md\n")
            #expect(frontMatterValue(try sandbox.readText("vault/sessions/2024/fixable.md"), "dose") == "3.5 g")
        }
    }

    @Test("fmt REF formats only that session")
    func oneSession() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let check = try sandbox.run(["fmt", "--check"], directory: vault)
            let listed = check.stdoutLines
            try #require(listed.count >= 2)
            var before: [String: Data] = [:]
            for path in listed { before[path] = try sandbox.read(vault + "/" + path) }
            let result = try sandbox.run(["fmt", listed[0]], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout == "  \(listed[0])\n")
            #expect(try sandbox.read(vault + "/" + listed[0]) != before[listed[0]])
            for path in listed.dropFirst() {
                #expect(try sandbox.read(vault + "/" + path) == before[path], "\(path) untouched")
            }
        }
    }
}
