import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `afterflow serve`: the phone page's server, driven over HTTP by Python's standard library
/// (Support/serve/serve_api.py): the token, the page's Content-Security-Policy, trials written
/// once, a cue changed, an undo, the end; the session file read back after each step.
@Suite("afterflow serve", .serialized)
struct ServeTests {
    static let python = BrowserTests.onPath(["python3"])

    /// Chromium, its WebDriver and Python's selenium, all present.
    static let webDriver: Bool = {
        guard python != nil, BrowserTests.chromium != nil, BrowserTests.onPath(["chromedriver"]) != nil else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import selenium"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test("the API: token required, trials written once, cue, undo, end; the file read back",
          .enabled(if: python != nil, "needs python3"))
    func api() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault)
            defer { server.stop() }
            #expect(server.url.hasPrefix("http://127.0.0.1:"))
            #expect(server.printed.contains("Only this machine can reach it"))
            let run = try ServedVault.python("serve_api.py", [server.base, server.token, vault])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            // The file is a valid trial session for the rest of afterflow.
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
            #expect(server.stop() == 0, "serve ends cleanly on SIGTERM: \(server.printed)")
        }
    }

    @Test("a new token at each start")
    func newToken() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let first = try ServedVault(sandbox, vault: vault)
            let one = first.token
            first.stop()
            let second = try ServedVault(sandbox, vault: vault)
            defer { second.stop() }
            #expect(one != second.token)
            #expect(one.count >= 32 && second.token.count >= 32)
        }
    }

    @Test("a few hundred bad requests: each refused with a message, nothing written, still serving; not reachable elsewhere",
          .enabled(if: python != nil, "needs python3"))
    func badRequests() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault)
            defer { server.stop() }
            let run = try ServedVault.python("serve_abuse.py", [server.base, server.token, vault])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            #expect(server.process.isRunning, "the server is still running")
        }
    }

    @Test("the page in headless Chromium (WebDriver): clicks, swipes, cues, countdown, undo, end; offline and back; nothing from elsewhere",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func page() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            var arguments = [binary, vault]
            if let shot = ProcessInfo.processInfo.environment["AFTERFLOW_SCREENSHOT"] { arguments += ["--screenshot", shot] }
            let run = try ServedVault.python("serve_browser.py", arguments, timeout: 600)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }
}
