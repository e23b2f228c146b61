import Foundation
import Testing

/// Every path printed for people is one they can use from where they are: from the vault, from a
/// folder inside it, and with --vault from outside (#10). JSON keeps `path` vault-relative.
@Suite("paths as seen from the current folder")
struct ShownPathTests {
    /// `list --tag grief --format paths` from `directory`, each checked to name a file from there.
    func griefPaths(_ sandbox: Sandbox, _ arguments: [String] = [], from directory: String) throws -> [String] {
        let result = try sandbox.run(["list", "--tag", "grief", "--format", "paths"] + arguments, directory: directory)
        expectStatus(result, 0)
        let paths = result.stdoutLines
        #expect(paths.count == 2, "\(result)")
        for path in paths {
            let absolute = path.hasPrefix("/") ? path : sandbox.path(directory) + "/" + path
            #expect(FileManager.default.fileExists(atPath: absolute), "\(path) from \(directory)")
        }
        return paths
    }

    @Test("list --format paths works with xargs from the vault, a folder inside it, above it and elsewhere")
    func listPaths() throws {
        try withSandbox { sandbox in
            _ = try sandbox.copyExampleVault("vault")
            try FileManager.default.createDirectory(atPath: sandbox.path("vault/notes/deep"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: sandbox.path("elsewhere"), withIntermediateDirectories: true)
            let fromRoot = try griefPaths(sandbox, from: "vault")
            #expect(fromRoot.allSatisfy { $0.hasPrefix("sessions/2024/") })
            #expect(try griefPaths(sandbox, from: "vault/sessions") == fromRoot.map { String($0.dropFirst("sessions/".count)) })
            #expect(try griefPaths(sandbox, from: "vault/notes/deep") == fromRoot.map { "../../" + $0 })
            #expect(try griefPaths(sandbox, ["--vault", "vault"], from: ".") == fromRoot.map { "vault/" + $0 })
            #expect(try griefPaths(sandbox, ["--vault", "../vault"], from: "elsewhere") == fromRoot.map { sandbox.path("vault/") + $0 })

            // The README's pipe, from a folder inside the vault.
            let grep = try TestProgram.run("/bin/sh", ["-c", "'\(afterflowBinary ?? "afterflow")' list --tag grief --format paths | xargs grep -l tide"],
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.home, "NO_COLOR": "1"],
                                           directory: sandbox.path("vault/notes"))
            let found = grep.text
            #expect(grep.status == 0)
            #expect(found == "../sessions/2024/2024-08-30-psilocybin.md\n")

            // JSON keeps the vault-relative path, whatever the current folder.
            let json = try sandbox.run(["list", "--tag", "grief", "--format", "json"], directory: "vault/notes")
            let paths = try #require(json.json as? [[String: Any]]).compactMap { $0["path"] as? String }
            #expect(paths == fromRoot)
        }
    }

    @Test("fmt --check, new, set, show, delete, undo, trash and drafts name files from the current folder")
    func messages() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            try FileManager.default.createDirectory(atPath: sandbox.path("vault/notes"), withIntermediateDirectories: true)
            let here = "vault/notes"
            let new = try sandbox.run(["new", "--date", "2025-03-01 10:00", "--treatment", "lsd", "--intention", "Listen.",
                                       "--mood-before", "5", "--remind", "none"], directory: here)
            expectStatus(new, 0)
            #expect(new.stdoutLines.first == "Created ../sessions/2025/2025-03-01-lsd.md", "\(new)")
            let set = try sandbox.run(["set", "2025-03-01", "mood_after=7"], directory: here)
            #expect(set.stdout.hasPrefix("Updated ../sessions/2025/2025-03-01-lsd.md: mood_after"), "\(set)")
            let show = try sandbox.run(["show", "2025-03-01"], directory: here)
            #expect(show.stdout.contains("File      ../sessions/2025/2025-03-01-lsd.md\n"), "\(show)")

            // A file out of canonical form.
            let file = sandbox.path("vault/sessions/2025/2025-03-01-lsd.md")
            let text = try sandbox.readText(file)
            try sandbox.write(file, text.replacingOccurrences(of: "treatment: lsd", with: "treatment: LSD"))
            let check = try sandbox.run(["fmt", "--check"], directory: here)
            expectStatus(check, 1)
            #expect(check.stdout == "../sessions/2025/2025-03-01-lsd.md\n", "\(check)")
            let outside = try sandbox.run(["fmt", "--check", "--vault", vault], directory: ".")
            #expect(outside.stdout == "vault/sessions/2025/2025-03-01-lsd.md\n", "\(outside)")

            let delete = try sandbox.run(["delete", "2025-03-01", "--yes"], directory: here)
            expectStatus(delete, 0)
            #expect(delete.stdoutLines.first?.hasPrefix("Deleted ../sessions/2025/2025-03-01-lsd.md (LSD • Mar 1, 2025); it is in ../.afterflow/trash/") == true, "\(delete)")
            let trash = try sandbox.run(["trash"], directory: here)
            #expect(trash.stdout.hasSuffix("  ../sessions/2025/2025-03-01-lsd.md\n"), "\(trash)")
            let undo = try sandbox.run(["undo"], directory: "vault/sessions")
            #expect(undo.stdout == "Restored 2025/2025-03-01-lsd.md.\n", "\(undo)")

            let draft = try sandbox.run(["new", "--treatment", "mdma", "--vault", vault], directory: ".")
            #expect(draft.stdoutLines.first?.hasPrefix("Saved a draft: vault/.afterflow/drafts/") == true, "\(draft)")
            let drafts = try sandbox.run(["drafts"], directory: here)
            #expect(drafts.stdoutLines.first?.contains("  ../.afterflow/drafts/") == true, "\(drafts)")
        }
    }
}
