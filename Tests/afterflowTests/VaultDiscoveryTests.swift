import Foundation
import Testing

/// `--vault`, then `$AFTERFLOW_VAULT`, then the nearest folder at or above the current one.
@Suite("vault discovery")
struct VaultDiscoveryTests {
    /// Two vaults with one session each, so the output shows which one was used.
    private func twoVaults(_ sandbox: Sandbox) throws {
        _ = try sandbox.initVault("one")
        _ = try sandbox.initVault("two")
        expectStatus(try sandbox.run(["new", "--vault", "one", "--date", "2024-01-01 10:00", "--treatment", "lsd",
                                      "--mood-before", "5", "--intention", "One."]), 0)
        expectStatus(try sandbox.run(["new", "--vault", "two", "--date", "2024-02-02 10:00", "--treatment", "dmt",
                                      "--mood-before", "5", "--intention", "Two."]), 0)
    }

    @Test("--vault names the vault, from outside it")
    func explicitVault() throws {
        try withSandbox { sandbox in
            try twoVaults(sandbox)
            // Paths as seen from the current folder (#10).
            let result = try sandbox.run(["list", "--format", "paths", "--vault", "two"])
            expectStatus(result, 0)
            #expect(result.stdout == "two/sessions/2024/2024-02-02-dmt.md\n")
            let absolute = try sandbox.run(["list", "--format", "paths", "--vault", sandbox.path("one")], directory: "home")
            expectStatus(absolute, 0)
            #expect(absolute.stdout == sandbox.path("one/sessions/2024/2024-01-01-lsd.md") + "\n")
        }
    }

    @Test("AFTERFLOW_VAULT names the vault when there is no --vault")
    func environmentVault() throws {
        try withSandbox { sandbox in
            try twoVaults(sandbox)
            let result = try sandbox.run(["list", "--format", "paths"], environment: ["AFTERFLOW_VAULT": sandbox.path("one")])
            expectStatus(result, 0)
            #expect(result.stdout == "one/sessions/2024/2024-01-01-lsd.md\n")
        }
    }

    @Test("--vault wins over AFTERFLOW_VAULT, which wins over the current folder")
    func precedence() throws {
        try withSandbox { sandbox in
            try twoVaults(sandbox)
            let flag = try sandbox.run(["list", "--format", "paths", "--vault", sandbox.path("two")],
                                       directory: "one", environment: ["AFTERFLOW_VAULT": sandbox.path("one")])
            expectStatus(flag, 0)
            #expect(flag.stdout == sandbox.path("two/sessions/2024/2024-02-02-dmt.md") + "\n")
            let env = try sandbox.run(["list", "--format", "paths"],
                                      directory: "one", environment: ["AFTERFLOW_VAULT": sandbox.path("two")])
            expectStatus(env, 0)
            #expect(env.stdout == sandbox.path("two/sessions/2024/2024-02-02-dmt.md") + "\n")
        }
    }

    @Test("the vault is found by walking up from a subfolder")
    func walksUp() throws {
        try withSandbox { sandbox in
            try twoVaults(sandbox)
            let result = try sandbox.run(["list", "--format", "paths"], directory: "one/sessions/2024")
            expectStatus(result, 0)
            #expect(result.stdout == "2024-01-01-lsd.md\n")

            // A new session made from the subfolder still goes to the vault's sessions/YYYY/.
            let made = try sandbox.run(["new", "--date", "2023-05-05 09:00", "--treatment", "other", "--mood-before", "6",
                                        "--intention", "Deep.", "--format", "json"], directory: "one/sessions/2024")
            expectStatus(made, 0)
            #expect(sandbox.exists("one/sessions/2023/2023-05-05-other.md"))
            // A reference by path is taken relative to the current folder first.
            let shown = try sandbox.run(["show", "2024-01-01-lsd.md", "--format", "json"], directory: "one/sessions/2024")
            expectStatus(shown, 0)
            #expect((shown.json as? [String: Any])?["path"] as? String == "sessions/2024/2024-01-01-lsd.md")
        }
    }

    @Test("no vault anywhere: exit 1 and a message that points to afterflow init")
    func noVault() throws {
        try withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("empty/deeper"), withIntermediateDirectories: true)
            let result = try sandbox.run(["list"], directory: "empty/deeper")
            expectStatus(result, 1)
            #expect(result.stdout == "")
            #expect(result.stderrLines.first == "error: no afterflow vault here or in any folder above \(sandbox.path("empty/deeper"))")
            #expect(result.stderr.contains("'afterflow init [DIR]'"))
            #expect(result.stderr.contains("--vault DIR or AFTERFLOW_VAULT=DIR"))
        }
    }

    @Test("--vault or AFTERFLOW_VAULT naming a folder that is not a vault is an error (1)",
          arguments: [true, false])
    func notAVault(viaFlag: Bool) throws {
        try withSandbox { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("plain"), withIntermediateDirectories: true)
            let source = viaFlag ? "--vault" : "AFTERFLOW_VAULT"
            let result = viaFlag
                ? try sandbox.run(["list", "--vault", sandbox.path("plain")])
                : try sandbox.run(["list"], environment: ["AFTERFLOW_VAULT": sandbox.path("plain")])
            expectStatus(result, 1)
            #expect(result.stderrLines == [
                "error: \(sandbox.path("plain")) (from \(source)) is not an afterflow vault: it has no .afterflow folder",
                "Make it one with: afterflow init \(sandbox.path("plain"))",
            ])
            let missing = try sandbox.run(["list", "--vault", sandbox.path("nowhere")])
            expectStatus(missing, 1)
            #expect(missing.stderrLines.first == "error: \(sandbox.path("nowhere")) (from --vault) is not a folder")
        }
    }
}
