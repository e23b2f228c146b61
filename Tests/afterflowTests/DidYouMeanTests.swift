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
