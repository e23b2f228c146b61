import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Symbolic links in a vault: a link that leads inside is written through; one that leads outside
/// is refused, by name, and nothing is written outside the vault.
@Suite("symbolic links")
struct SymlinkTests {
    /// A session file's text, in a hand-made key order (so that `fmt` has something to do).
    static let session = """
        ---
        treatment: psilocybin
        id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2024-12-10T14:30:00-08:00
        mood_before: 5
        status: needs-reflection
        ---
        # Psilocybin • Dec 10, 2024

        ## Intention

        Listen.

        ## Reflections

        """

    func link(_ sandbox: Sandbox, _ path: String, to target: String) throws {
        let full = sandbox.path(path)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard symlink(target, full) == 0 else { throw CLIError(description: "cannot link \(full) to \(target)") }
    }

    func isLink(_ sandbox: Sandbox, _ path: String) -> Bool {
        var info = stat()
        return lstat(sandbox.path(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    func outside(_ sandbox: Sandbox) throws -> String {
        let folder = sandbox.path("outside")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("new refuses a year folder that is a link to outside the vault, and writes nothing there")
    func newThroughYearLink() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let elsewhere = try outside(sandbox)
            try link(sandbox, "vault/sessions/2023", to: elsewhere)
            let result = try sandbox.run(["new", "--date", "2023-05-01 10:00", "--treatment", "psilocybin", "--mood-before", "5",
                                          "--intention", "Listen.", "--remind", "none"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.hasPrefix("error: sessions/2023 is a link to \(elsewhere), outside the vault; afterflow writes only inside the vault\n"), "\(result)")
            #expect(sandbox.files(under: "outside").isEmpty)
            #expect(isLink(sandbox, "vault/sessions/2023"))
        }
    }

    @Test("new writes through a year folder that links inside the vault, and list sees the file where it is")
    func newThroughInsideLink() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            try FileManager.default.createDirectory(atPath: sandbox.path("vault/archive/2023"), withIntermediateDirectories: true)
            try link(sandbox, "vault/sessions/2023", to: "../archive/2023")
            let result = try sandbox.run(["new", "--date", "2023-05-01 10:00", "--treatment", "psilocybin", "--mood-before", "5",
                                          "--intention", "Listen.", "--remind", "none", "--format", "json"], directory: "vault")
            expectStatus(result, 0)
            let path = try #require((result.json as? [String: Any])?["path"] as? String, "\(result)")
            #expect(path == "archive/2023/2023-05-01-psilocybin.md")
            #expect(sandbox.files(under: "vault/archive/2023") == ["2023-05-01-psilocybin.md"])
            #expect(isLink(sandbox, "vault/sessions/2023"))
            let list = try sandbox.run(["list", "--format", "paths"], directory: "vault")
            #expect(list.stdoutLines == [path], "\(list)")
        }
    }

    @Test("new refuses a link that would put a session where the vault does not read documents")
    func newThroughLinkIntoHiddenFolder() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            try FileManager.default.createDirectory(atPath: sandbox.path("vault/.hidden"), withIntermediateDirectories: true)
            try link(sandbox, "vault/sessions/2023", to: "../.hidden")
            let result = try sandbox.run(["new", "--date", "2023-05-01 10:00", "--treatment", "psilocybin", "--mood-before", "5",
                                          "--intention", "Listen.", "--remind", "none"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.hasPrefix("error: sessions/2023/2023-05-01-psilocybin.md would be written to .hidden/2023-05-01-psilocybin.md through a link, where afterflow does not read sessions; nothing was written\n"), "\(result)")
            #expect(sandbox.files(under: "vault/.hidden").isEmpty)
        }
    }

    @Test("delete refuses a trash that is a link to outside the vault; the session stays")
    func deleteThroughTrashLink() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession(remind: "3h")
            let before = try sandbox.read("vault/" + path)
            let elsewhere = try outside(sandbox)
            try link(sandbox, "vault/.afterflow/trash", to: elsewhere)
            let result = try sandbox.run(["delete", "2024-12-10", "--yes"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.hasPrefix("error: .afterflow/trash is a link to \(elsewhere), outside the vault; afterflow writes only inside the vault\n"), "\(result)")
            #expect(try sandbox.read("vault/" + path) == before, "the session is where it was, reminder and all")
            #expect(sandbox.files(under: "outside").isEmpty)
        }
    }

    @Test("a draft is refused when the drafts folder is a link to outside the vault")
    func draftThroughDraftsLink() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let elsewhere = try outside(sandbox)
            try link(sandbox, "vault/.afterflow/drafts", to: elsewhere)
            let result = try sandbox.run(["new", "--treatment", "mdma"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.hasPrefix("error: .afterflow/drafts is a link to \(elsewhere), outside the vault; afterflow writes only inside the vault\n"), "\(result)")
            #expect(sandbox.files(under: "outside").isEmpty)
        }
    }

    @Test("a vault whose .afterflow is a link to outside it: list answers from the files, set is refused, nothing is written there")
    func stateFolderLinkedOutside() throws {
        try withSandbox { sandbox in
            let (path, _) = try sandbox.vaultWithSession()
            let before = try sandbox.read("vault/" + path)
            try FileManager.default.moveItem(atPath: sandbox.path("vault/.afterflow"), toPath: sandbox.path("outside"))
            let elsewhere = try outside(sandbox)
            try link(sandbox, "vault/.afterflow", to: elsewhere)
            try? FileManager.default.removeItem(atPath: elsewhere + "/index.sqlite")
            let state = sandbox.files(under: "outside")

            let list = try sandbox.run(["list", "--format", "paths"], directory: "vault")
            expectStatus(list, 0)
            #expect(list.stdoutLines == [path])
            #expect(list.stderr == "warning: the index at .afterflow/index.sqlite could not be updated (.afterflow is a link to \(elsewhere), outside the vault; afterflow writes only inside the vault), so this answer was read from the files (slower)\n")
            let set = try sandbox.run(["set", path, "mood_after=8"], directory: "vault")
            expectStatus(set, 1)
            #expect(set.stderr.contains("error: .afterflow is a link to \(elsewhere), outside the vault; afterflow writes only inside the vault\n"), "\(set)")
            #expect(try sandbox.read("vault/" + path) == before)
            #expect(sandbox.files(under: "outside") == state, "no index, lock or anything else written outside")
        }
    }

    @Test("set, reflect and fmt on a session file that links inside the vault change the target and keep the link",
          arguments: [["set", "sessions/2024/x.md", "mood_after=8"], ["reflect", "sessions/2024/x.md", "Felt lighter."], ["fmt", "sessions/2024/x.md"]])
    func editThroughFileLink(command: [String]) throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            try sandbox.write("vault/.keep/x.md", Self.session)
            try link(sandbox, "vault/sessions/2024/x.md", to: "../../.keep/x.md")
            let result = try sandbox.run(command, directory: "vault")
            expectStatus(result, 0)
            #expect(isLink(sandbox, "vault/sessions/2024/x.md"), "the link is still a link")
            #expect(linkText(sandbox.path("vault/sessions/2024/x.md")) == "../../.keep/x.md")
            let target = try sandbox.readText("vault/.keep/x.md")
            #expect(target != Self.session, "the edit reached the target")
            switch command[0] {
            case "set": #expect(frontMatterValue(target, "mood_after") == "8")
            case "reflect": #expect(target.contains("Felt lighter."))
            default: #expect(frontMatterKeys(target).prefix(2) == ["id", "date"])
            }
            #expect(sandbox.files(under: "vault/.keep") == ["x.md"], "no temporary file left beside the target")
        }
    }

    @Test("set refuses a session file that is a link to a file outside the vault")
    func editThroughFileLinkOutside() throws {
        try withSandbox { sandbox in
            _ = try sandbox.initVault()
            let elsewhere = try outside(sandbox)
            try sandbox.write("outside/x.md", Self.session)
            try link(sandbox, "vault/sessions/2024/x.md", to: elsewhere + "/x.md")
            let result = try sandbox.run(["set", "sessions/2024/x.md", "mood_after=8"], directory: "vault")
            expectStatus(result, 1)
            #expect(result.stderr.hasPrefix("error: sessions/2024/x.md is a link to \(elsewhere)/x.md, outside the vault; afterflow writes only inside the vault\n"), "\(result)")
            #expect(try sandbox.readText("outside/x.md") == Self.session)
            #expect(sandbox.files(under: "outside") == ["x.md"])
            #expect(isLink(sandbox, "vault/sessions/2024/x.md"))
        }
    }
}

/// The text of the symbolic link at `path`.
private func linkText(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
