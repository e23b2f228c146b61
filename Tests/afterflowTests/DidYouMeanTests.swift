import Foundation
import Testing

/// Unknown commands, flags and values suggest the nearest, with exit code 64 (#10).
@Suite("did you mean")
struct DidYouMeanTests {
    @Test("a mistyped command, subcommand, flag or value", arguments: [
        (["lst"], "Error: unknown command 'lst'. Did you mean 'list'?"),
        (["export", "cvs"], "Error: unknown command 'export cvs'. Did you mean 'export csv'?"),
        (["xyzzy"], "Error: unknown command 'xyzzy'."),
        (["list", "--treatmnt", "lsd"], "Error: Unknown option '--treatmnt'. Did you mean '--treatment'?"),
        (["list", "--format", "jsn"], "Error: The value 'jsn' is invalid for '--format <format>'. Please provide one of 'table', 'json', 'csv' or 'paths'. Did you mean 'json'?"),
        (["list", "--sort", "newst"], "Did you mean 'newest'?"),
        (["new", "--treatment", "ketamin"], "found \"ketamin\"; did you mean \"ketamine\"?"),
        (["new", "--administration", "sublingal"], "found \"sublingal\"; did you mean \"sublingual\"?"),
        (["list", "--treatment", "lsd,psilocibin"], "found \"psilocibin\"; did you mean \"psilocybin\"?"),
        (["stats", "--status", "complet"], "found \"complet\"; did you mean \"complete\"?"),
        (["init", "j", "--treatment", "mdna"], "found \"mdna\"; did you mean \"mdma\"?"),
        (["remind", "last", "tomorow"], "found \"tomorow\"; did you mean \"tomorrow\"?"),
    ])
    func suggested(_ arguments: [String], _ expected: String) throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let result = try sandbox.run(arguments, directory: "vault")
            expectStatus(result, 64)
            #expect(result.stderrLines.first?.contains(expected) == true, "\(result)")
            #expect(result.stdout == "")
        }
    }

    @Test("a value far from every choice gets no guess")
    func farValue() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let result = try sandbox.run(["list", "--format", "xml"], directory: "vault")
            expectStatus(result, 64)
            #expect(result.stderrLines.first == "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json', 'csv' or 'paths'.")
        }
    }

    @Test("set names the nearest treatment")
    func set() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            expectStatus(try sandbox.run(["new", "--vault", vault, "--date", "2024-01-01 10:00", "--treatment", "lsd",
                                          "--mood-before", "5", "--intention", "x", "--remind", "none"]), 0)
            let result = try sandbox.run(["set", "last", "treatment=psilocibin", "--vault", vault])
            expectStatus(result, 64)
            #expect(result.stderr.contains("found \"psilocibin\"; did you mean \"psilocybin\"?"), "\(result)")
        }
    }

    @Test("set with a key one edit from a known one writes it and warns with the known key (#20 item 21)")
    func setNearKey() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["set", "2024-12-10", "moodafter=8"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderrLines == ["warning: \"moodafter\" is not a key afterflow knows; did you mean \"mood_after\"? It is written as a key of your own."],
                    "\(result)")
            #expect(try sandbox.readText(vault + "/sessions/2024/2024-12-10-psilocybin.md").contains("\nmoodafter: \"8\"\n"), "the user's own key stays allowed")
        }
    }

    @Test("set with a key of the user's own far from every known key, or already in the file, warns of nothing")
    func setOwnKey() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = vault + "/sessions/2024/2024-12-10-psilocybin.md"
            try sandbox.write(path, try sandbox.readText(path).replacingOccurrences(of: "dose: 3.5 g\n", with: "dose: 3.5 g\ndoses: 2\n"))
            let result = try sandbox.run(["set", "2024-12-10", "facilitator=Maya", "doses=3"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderr == "", "facilitator is far from every key, and doses is in the file already: \(result)")
        }
    }

    @Test("list --where with a key one edit from a known one suggests it")
    func whereNearKey() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["list", "--where", "moodafter>=8"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stderrLines.first == "warning: --where \"moodafter\" is not a key afterflow knows; did you mean \"mood_after\"? Only sessions with a key of your own by that name match.",
                    "\(result)")
        }
    }

    @Test("goal phase with a mistyped phase names the nearest, as other values do", arguments: [
        ["goal", "phase", "maya-t", "s-initial", "mastred"],
        ["goal", "add", "maya-t", "Say /z/", "--phase", "mastred"],
    ])
    func goalPhase(_ arguments: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(arguments, directory: vault)
            expectStatus(result, 64)
            #expect(result.stderrLines.first?.hasSuffix("found \"mastred\"; did you mean \"mastered\"?") == true, "\(result)")
        }
    }

    @Test("--since after --until is a usage error that says to swap them", arguments: [
        ["list", "--since", "2025-03", "--until", "2025-01-31"],
        ["stats", "--since", "2025-03", "--until", "2025-01-31"],
        ["progress", "maya-t", "--since", "2025-03", "--until", "2025-01-31"],
        ["list", "--kind", "trials", "--since", "2025-03", "--until", "2025-01-31"],
    ])
    func sinceAfterUntil(_ arguments: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(arguments, directory: vault)
            expectStatus(result, 64)
            #expect(result.stderrLines.first == "Error: --since 2025-03 starts after --until 2025-01-31 ends, so no day is between them; swap them: --since 2025-01-31 --until 2025-03",
                    "\(result)")
        }
    }

    @Test("help, version and a command alone still work")
    func helpStillWorks() throws {
        try withSandbox { sandbox in
            expectStatus(try sandbox.run(["--help"]), 0)
            expectStatus(try sandbox.run(["help", "list"]), 0)
            let version = try sandbox.run(["--version"])
            expectStatus(version, 0)
            #expect(version.stdout == "0.1.0\n")
            expectStatus(try sandbox.run(["export", "--help"]), 0)
        }
    }
}
