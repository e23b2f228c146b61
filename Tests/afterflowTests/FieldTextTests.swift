import Foundation
import Testing

/// What new, set, reflect and import accept, and that what they accept survives the exports and
/// comes back through the import (#9 items 10 and 13).
@Suite("values: control characters, line breaks, round trips")
struct FieldTextTests {
    static let new = ["new", "--date", "2024-12-10 14:30", "--treatment", "lsd", "--mood-before", "5", "--remind", "none"]

    @Test("new refuses a control character or a line break where it does not belong, naming the flag", arguments: [
        (["--intention", "a\u{1B}]0;pwned\u{07}b"], "--intention contains a control character (U+001B) at character 2; remove it"),
        (["--intention", "ok", "--environment", "x\u{7F}"], "--environment contains a control character (U+007F) at character 2; remove it"),
        (["--intention", "ok", "--dose", "1\u{85}g"], "--dose contains a control character (U+0085) at character 2; remove it"),
        (["--intention", "ok", "--music", "https://example.org/a\nb"], "--music must be on one line; it contains a line break"),
        (["--intention", "ok", "--tag", "a\rb"], "--tag must be on one line; it contains a line break"),
    ])
    func newRefuses(_ extra: [String], _ message: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let result = try sandbox.run(Self.new + ["--vault", vault] + extra)
            expectStatus(result, 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(sandbox.files(under: "vault/sessions").isEmpty)
            #expect(sandbox.files(under: "vault/.afterflow/drafts").isEmpty)
        }
    }

    @Test("set and reflect refuse them too, and the file is unchanged")
    func setAndReflectRefuse() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(Self.new + ["--vault", vault, "--intention", "Rest."]), 0)
            let file = "vault/sessions/2024/2024-12-10-lsd.md"
            let before = try sandbox.read(file)
            for (assignment, message) in [
                ("environment=a\u{1B}[8mhidden", "environment contains a control character (U+001B) at character 2; remove it"),
                ("music=https://example.org/x\ny", "music must be on one line; it contains a line break"),
                ("my_key=a\u{9B}b", "my_key contains a control character (U+009B) at character 2; remove it"),
            ] {
                // (A NUL cannot travel in an argument: the reflection below brings one on standard input.)
                let result = try sandbox.run(["set", "--vault", vault, "2024-12-10", assignment])
                expectStatus(result, 64)
                #expect(result.stderr.contains(message), "\(result.stderr)")
                #expect(try sandbox.read(file) == before)
            }
            let reflect = try sandbox.run(["reflect", "--vault", vault, "2024-12-10"], stdin: Data("felt\u{0}numb".utf8))
            #expect(reflect.status != 0)
            #expect(reflect.stderr.contains("the reflection contains a control character (U+0000) at character 5; remove it"), "\(reflect.stderr)")
            #expect(try sandbox.read(file) == before)
        }
    }

    @Test("import refuses a NUL or an escape in any cell, naming row and column; nothing is written")
    func importRefuses() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try sandbox.write("nul.csv", Data((ImportTests.header + "\n\"Dec 10, 2024 at 2:30 PM\",LSD,Oral,\"a\u{0}secret\",5,,,\n"
                + "\"Dec 11, 2024 at 2:30 PM\",LSD,Oral,ok,5,,\"x\u{1B}[8m\",\n").utf8))
            let result = try sandbox.run(["import", "csv", "nul.csv", "--vault", vault])
            expectStatus(result, 1)
            #expect(result.stderr.contains("nul.csv:2: column \"Intention\": expected no control characters, found U+0000 at character 2"), "\(result.stderr)")
            #expect(result.stderr.contains("nul.csv:3: column \"Reflections\": expected no control characters, found U+001B at character 2"), "\(result.stderr)")
            #expect(sandbox.files(under: "vault/sessions").isEmpty)
        }
    }

    @Test("a carriage return in section text is a line break: set keeps every one, and export, import, export gives the same bytes")
    func carriageReturns() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(Self.new + ["--vault", vault, "--intention", "one\rtwo\r\nthree"]), 0)
            let set = try sandbox.run(["set", "--vault", vault, "2024-12-10", "environment=a\r\r\nb", "reflections=x\r\ry",
                                       "music=https://example.org/p?a=1&b=\"2\"", "dose=\t=1+1"])
            expectStatus(set, 0)
            let text = try sandbox.readText("vault/sessions/2024/2024-12-10-lsd.md")
            #expect(text.contains("## Intention\n\none\ntwo\nthree\n"))
            #expect(text.contains("## Environment\n\na\n\nb\n"))
            #expect(text.contains("## Reflections\n\nx\n\ny"))
            let shown = try sandbox.run(["show", "--vault", vault, "2024-12-10", "--format", "json"])
            let json = try #require(shown.json as? [String: Any])
            #expect(json["environment"] as? String == "a\n\nb")

            for format in [["csv"], ["csv", "--full"]] {
                let first = try sandbox.run(["export"] + format + ["--vault", vault, "-o", "a-\(format.count).csv"])
                expectStatus(first, 0)
            }
            let fresh = try sandbox.initVault("fresh")
            let imported = try sandbox.run(["import", "csv", "a-1.csv", "--vault", fresh])
            expectStatus(imported, 0)
            #expect(imported.stdoutLines.last == "Imported a-1.csv: 1 created, 0 skipped as duplicates, 0 rejected.")
            let again = try sandbox.run(["export", "csv", "--vault", fresh])
            #expect(again.stdoutData == (try sandbox.read("a-1.csv")))
            let back = try sandbox.run(["show", "--vault", fresh, "2024-12-10", "--format", "json"])
            let backJSON = try #require(back.json as? [String: Any])
            for key in ["intention", "reflections", "music"] {
                #expect(backJSON[key] as? String == json[key] as? String, "\(key)")
            }
        }
    }
}
