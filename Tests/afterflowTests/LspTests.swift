import Foundation
import Testing

/// `afterflow lsp` as an editor starts it: messages on standard input, answers on standard output.
@Suite("lsp")
struct LspTests {
    /// A message as the base protocol frames it.
    static func framed(_ object: [String: Any]) throws -> Data {
        let body = try JSONSerialization.data(withJSONObject: object)
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// What an editor sends to open `relative` in the vault at `root` holding `text`, then close.
    static func script(root: String?, uri: String, text: String) throws -> Data {
        var initialize: [String: Any] = ["capabilities": [:] as [String: Any]]
        initialize["rootUri"] = root.map { URL(fileURLWithPath: $0).absoluteString } ?? NSNull()
        let messages: [[String: Any]] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:] as [String: Any]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]]],
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
        ]
        return try messages.reduce(Data()) { $0 + (try framed($1)) }
    }

    /// The bodies of the messages in `output`.
    static func messages(_ output: Data) -> [[String: Any]] {
        var found: [[String: Any]] = []
        var rest = output[...]
        while let blank = rest.firstRange(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: rest[..<blank.lowerBound], as: UTF8.self)
            guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
            let body = rest[blank.upperBound..<blank.upperBound + length]
            if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] { found.append(object) }
            rest = rest[(blank.upperBound + length)...]
        }
        return found
    }

    static func diagnosticMessages(_ output: Data) -> [String] {
        messages(output).filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.flatMap { message in
            ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        }
    }

    static let session = "sessions/2024/2024-12-10-psilocybin.md"

    @Test("an opened session's problem is published as check reports it, and shutdown then exit ends with 0")
    func diagnosticsOverStandardInputAndOutput() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let text = try String(contentsOfFile: vault + "/" + Self.session, encoding: .utf8)
                .replacingOccurrences(of: "mood_before: 5", with: "mood_before: 11")
            let uri = URL(fileURLWithPath: vault + "/" + Self.session).absoluteString
            let result = try sandbox.run(["lsp"], stdin: try Self.script(root: vault, uri: uri, text: text))
            expectStatus(result, 0)
            #expect(Self.diagnosticMessages(result.stdoutData).first == "mood_before must be a whole number from 1 to 10, found \"11\"")
        }
    }

    @Test("--vault wins over the editor's workspace")
    func vaultOption() throws {
        try withSandbox { sandbox in
            let workspace = try sandbox.copyExampleVault("workspace")
            let vault = try sandbox.copyExampleVault("named")
            let uri = URL(fileURLWithPath: vault + "/moods/2025/2025-10-21-0900.md").absoluteString
            // Without --vault the workspace's vault is used, and the file, outside it, gets nothing.
            let script = try Self.script(root: workspace, uri: uri, text: "---\ntype: mood\nscore: 11\n---\n")
            let result = try sandbox.run(["lsp", "--vault", vault], stdin: script)
            #expect(Self.diagnosticMessages(result.stdoutData).contains("score must be a whole number from 1 to 10, found \"11\""))
        }
    }

    @Test("lsp writes nothing into the vault but its index")
    func writesNothing() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let before = try Self.files(vault)
            let uri = URL(fileURLWithPath: vault + "/" + Self.session).absoluteString
            try sandbox.run(["lsp"], stdin: try Self.script(root: vault, uri: uri, text: "changed, not saved\n"))
            #expect(try Self.files(vault) == before)
        }
    }

    @Test("lsp makes no network call while an editor opens a document and shuts it down")
    func noNetwork() throws {
        let strace = try #require(PrintPrivacyTests.strace)
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let uri = URL(fileURLWithPath: vault + "/" + Self.session).absoluteString
            try sandbox.write("script", try Self.script(root: vault, uri: uri, text: "---\nmood_before: 11\n---\n"))
            let log = sandbox.path("strace.log")
            let ran = try TestProgram.run(strace, ["-f", "-qq", "-e", "trace=connect,sendto,sendmsg,sendmmsg", "-o", log, binary, "lsp"],
                                          environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home],
                                          input: try sandbox.read("script"))
            let calls = NoNetworkTests.internetCalls(try sandbox.readText("strace.log"))
            #expect(ran.succeeded && calls.isEmpty, "\(ran)\n\(calls)")
        }
    }

    static let neovim = BrowserTests.onPath(["nvim"])

    @Test("headless Neovim's built-in client shows check's diagnostic at check's line and column",
          .enabled(if: neovim != nil, Comment(rawValue: "needs neovim (apt-get install neovim)")))
    func neovimShowsTheDiagnostic() throws {
        let nvim = try #require(Self.neovim)
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "mood_before: 5", with: "mood_before: 11")
            try sandbox.write(file, text)
            let shown = try TestProgram.run(nvim, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + packageRoot + "/Tests/lsp/neovim_diagnostics.lua"],
                                            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home,
                                                          "AFTERFLOW_BIN": binary, "VAULT": vault, "FILE": file]).text
            #expect(shown.split(separator: "\n").first == "7:14: mood_before must be a whole number from 1 to 10, found \"11\"")
        }
    }

    @Test("headless Neovim's built-in client goes from a link to the goal it names",
          .enabled(if: neovim != nil, Comment(rawValue: "needs neovim (apt-get install neovim)")))
    func neovimGoesToADefinition() throws {
        let nvim = try #require(Self.neovim)
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let text = try String(contentsOfFile: file, encoding: .utf8) + "\nSee [[maya-t/s-initial]].\n"
            try sandbox.write(file, text)
            // The link's line is the last; "See [[" is 6 bytes, so column 8 is inside the target.
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            let shown = try TestProgram.run(nvim, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + packageRoot + "/Tests/lsp/neovim_definition.lua"],
                                            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.home,
                                                          "AFTERFLOW_BIN": binary, "VAULT": vault, "FILE": file, "LINE": "\(line)", "COL": "8"]).text
            #expect(shown.split(separator: "\n").map(String.init) == [vault + "/clients/maya-t/goals/s-initial.md"])
        }
    }

    static func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) where !path.hasPrefix(".afterflow/index") {
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder), !folder.boolValue {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }
}
