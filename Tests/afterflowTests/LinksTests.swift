import Foundation
import Testing

/// Links between records on the command line, on a copy of ExampleVault whose 2025-06-21 session
/// gains a reflection line linking to the 2024-12-10 session three ways, and to a day with none.
@Suite("links")
struct LinksTests {
    static let linking = "sessions/2025/2025-06-21-other.md"
    static let linked = "sessions/2024/2024-12-10-psilocybin.md"
    static let line = "Like [[2024-12-10]] and [the December one](../2024/2024-12-10-psilocybin.md), not [[2024-12-11]]; [[2024-12-10-psilocybin|that night]].\n"

    /// The sandbox's copy of ExampleVault with `line` appended to the 2025-06-21 session; the
    /// line's number in that file.
    static func vault(_ sandbox: Sandbox) throws -> (String, Int) {
        let vault = try sandbox.copyExampleVault()
        let old = try sandbox.readText(vault + "/" + linking)
        try sandbox.write(vault + "/" + linking, old + "\n" + line)
        // The old text ends with a line break; the blank line added is one more line, the link line the next.
        return (vault, old.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
    }

    @Test("check warns of the link that names nothing, at its target, and still exits 0")
    func checkWarns() throws {
        try withSandbox { sandbox in
            let (vault, number) = try Self.vault(sandbox)
            let check = try sandbox.run(["check"], directory: vault)
            expectStatus(check, 0)
            // "Like [[2024-12-10]] and [the December one](../2024/2024-12-10-psilocybin.md), not [["
            // is 84 bytes: the target starts at column 85.
            let column = "Like [[2024-12-10]] and [the December one](../2024/2024-12-10-psilocybin.md), not [[".utf8.count + 1
            #expect(column == 85)
            #expect(check.stdout.contains("\(Self.linking):\(number):\(column): warning: the link [[2024-12-11]] names no record of the vault"))
            #expect(!check.stdout.contains("[[2024-12-10]] names"))
        }
    }

    @Test("check reads no link in fenced or indented code: only the link at the margin names nothing")
    func checkSkipsCode() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let old = try sandbox.readText(vault + "/" + Self.linking)
            // After the old text (ending in a line break): a blank line, a fence of three lines,
            // a blank line, an indented line (four spaces), a tab-indented one, a blank line and
            // a line at the margin. None of the three names a record; only the last is a link.
            let added = "\n```\n[[fenced-nothing]]\n```\n\n    [[indented-nothing]]\n\t[[tabbed-nothing]]\n\n[[margin-nothing]]\n"
            try sandbox.write(vault + "/" + Self.linking, old + added)
            let check = try sandbox.run(["check", "--format", "json"], directory: vault)
            expectStatus(check, 0)
            let last = old.split(separator: "\n", omittingEmptySubsequences: false).count - 1 + 9
            #expect(check.stdout.contains("margin-nothing"))
            for hidden in ["fenced-nothing", "indented-nothing", "tabbed-nothing"] {
                #expect(!check.stdout.contains(hidden), "\(hidden) is code, not a link")
            }
            let text = try sandbox.run(["check"], directory: vault)
            #expect(text.stdout.contains("\(Self.linking):\(last):3: warning: the link [[margin-nothing]] names no record of the vault"))
        }
    }

    @Test("show lists the backlinks as text and as JSON")
    func showBacklinks() throws {
        try withSandbox { sandbox in
            let (vault, number) = try Self.vault(sandbox)
            let text = try sandbox.run(["show", "2024-12-10"], directory: vault)
            expectStatus(text, 0)
            #expect(text.stdout.contains("Linked from\n  \(Self.linking):\(number)  [[2024-12-10]]\n  \(Self.linking):\(number)  (../2024/2024-12-10-psilocybin.md)\n  \(Self.linking):\(number)  [[2024-12-10-psilocybin]]\n"))
            let json = try sandbox.run(["show", "2024-12-10", "--format", "json"], directory: vault)
            expectStatus(json, 0)
            let object = try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any]
            let backlinks = object?["backlinks"] as? [[String: Any]] ?? []
            #expect(backlinks.map { $0["style"] as? String } == ["wiki", "markdown", "wiki"])
            #expect(backlinks.map { $0["text"] as? String } == [nil, "the December one", "that night"])
            #expect(backlinks.allSatisfy { $0["path"] as? String == Self.linking && $0["line"] as? Int == number })
            // The 2025-06-21 session has no backlinks: its text page says none.
            let none = try sandbox.run(["show", "2025-06-21"], directory: vault)
            #expect(!none.stdout.contains("Linked from"))
        }
    }

    @Test("search links:DAY finds the linking session's line")
    func searchLinks() throws {
        try withSandbox { sandbox in
            let (vault, number) = try Self.vault(sandbox)
            let found = try sandbox.run(["search", "links:2024-12-10"], directory: vault)
            expectStatus(found, 0)
            #expect(found.stdoutLines == ["\(Self.linking):\(number): " + Self.line.dropLast()])
            let words = try sandbox.run(["search", "breath", "links:2024-12-10-psilocybin"], directory: vault)
            expectStatus(words, 0)
            #expect(words.stdoutLines.count == 1 && words.stdoutLines[0].hasPrefix(Self.linking + ":"))
            let nothing = try sandbox.run(["search", "links:2024-03-08"], directory: vault)
            expectStatus(nothing, 1)
        }
    }

    @Test("export html shows a link as its text and day, never the path; fmt leaves links byte for byte")
    func htmlAndFmt() throws {
        try withSandbox { sandbox in
            let (vault, _) = try Self.vault(sandbox)
            let html = try sandbox.run(["export", "html", "--vault", vault])
            expectStatus(html, 0)
            #expect(html.stdout.contains("Like 2024-12-10 and the December one (2024-12-10), not 2024-12-11; that night (2024-12-10)."))
            #expect(!html.stdout.contains("2024-12-10-psilocybin.md"))
            #expect(!html.stdout.contains("[["))
            let before = try sandbox.readText(vault + "/" + Self.linking)
            let format = try sandbox.run(["fmt", Self.linking], directory: vault)
            expectStatus(format, 0)
            let after = try sandbox.readText(vault + "/" + Self.linking)
            #expect(after.hasSuffix("\n" + Self.line))
            #expect(bodyAfterFrontMatter(Data(after.utf8)) == bodyAfterFrontMatter(Data(before.utf8)))
        }
    }
}
