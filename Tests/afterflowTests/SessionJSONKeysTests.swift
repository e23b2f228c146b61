import Foundation
import Testing

/// The keys an object of a JSON text holds more than once, read by Python's json module, which
/// (like most JSON readers) would otherwise keep one of them silently.
func repeatedJSONKeys(_ text: String) throws -> [String] {
    guard let python = python3 else { throw CLIError(description: "python3 is not on PATH") }
    let script = """
        import sys, json
        repeated = []
        def pairs(items):
            keys = [k for k, _ in items]
            repeated.extend(sorted({k for k in keys if keys.count(k) > 1}))
            return dict(items)
        json.loads(sys.stdin.read(), object_pairs_hook=pairs)
        print(json.dumps(repeated))
        """
    let data = try TestProgram.run(python, ["-c", script], input: Data(text.utf8)).output
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String])
}

/// A session whose front matter holds `intention:` (a block) beside an empty `## Intention`.
let shadowedIntentionSession = """
    ---
    id: 3C0B3A57-7C55-4B9E-9E2B-8E1C4C3D2A10
    date: 2025-03-01T10:00:00-08:00
    treatment: psilocybin
    intention: |
      first
      second
    ---
    # Psilocybin • Mar 1, 2025

    ## Intention

    ## Reflections

    """

/// Sessions as JSON: each key once, the body's section winning its name, the front matter's key
/// kept under `shadowed`; `check` warns at the key.
@Suite("session JSON keys")
struct SessionJSONKeysTests {
    func makeVault(_ sandbox: Sandbox) throws -> String {
        let vault = try sandbox.initVault()
        try sandbox.write(vault + "/sessions/2025/2025-03-01-psilocybin.md", shadowedIntentionSession)
        return vault
    }

    @Test("list --format json writes each key once, even with intention: beside ## Intention",
          .enabled(if: python3 != nil, "needs python3"))
    func listKeysOnce() throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["list", "--format", "json"], directory: try makeVault(sandbox))
            expectStatus(result, 0)
            #expect(try repeatedJSONKeys(result.stdout) == [])
        }
    }

    @Test("show --format json writes each key once too", .enabled(if: python3 != nil, "needs python3"))
    func showKeysOnce() throws {
        try withSandbox { sandbox in
            let vault = try makeVault(sandbox)
            let result = try sandbox.run(["show", "sessions/2025/2025-03-01-psilocybin.md", "--format", "json"], directory: vault)
            expectStatus(result, 0)
            #expect(try repeatedJSONKeys(result.stdout) == [])
        }
    }

    @Test("the section wins its name; the front matter's key is kept under shadowed")
    func sectionWins() throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["list", "--format", "json"], directory: try makeVault(sandbox))
            let row = try #require((result.json as? [[String: Any]])?.first, "\(result)")
            #expect(row["intention"] as? String == "")
            #expect((row["shadowed"] as? [String: Any])?["intention"] as? String == "first\nsecond\n")
        }
    }

    @Test("check warns at the front-matter key that a section shadows")
    func checkWarns() throws {
        try withSandbox { sandbox in
            let result = try sandbox.run(["check"], directory: try makeVault(sandbox))
            let warnings = result.stdoutLines.filter { $0.contains(": warning: ") }
            #expect(warnings == ["sessions/2025/2025-03-01-psilocybin.md:5:1: warning: the front-matter key intention has the name of the ## Intention section, which afterflow reads instead; JSON writes it under \"shadowed\"; move its text into the section, or rename the key"], "\(result)")
        }
    }
}
