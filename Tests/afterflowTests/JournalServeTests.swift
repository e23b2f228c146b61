import AfterflowKit
import Foundation
import Testing

/// `afterflow serve --journal`: the journal page on a phone, driven in headless Chromium at
/// 390x844 (Support/serve/journal_browser.py), and its API over HTTP.
@Suite("afterflow serve --journal", .serialized)
struct JournalServeTests {
    /// Both copies of the example vault get the same crisis line, so that the page's and the
    /// terminal's can be compared.
    static let crisisLine = "crisis_line: \"Call the Harbor line: 555-0100.\"\n"

    @Test("the journal page: a check-in, a reflection, a new session, a questionnaire, each the file its command writes; offline and back; a reflection racing set; accessible, 200 % text",
          .enabled(if: ServeTests.webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func page() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault("phone")
            let twin = try sandbox.copyExampleVault("computer")
            for root in [vault, twin] {
                let config = root + "/.afterflow/config.yml"
                let text = try String(contentsOfFile: config, encoding: .utf8)
                try (text + Self.crisisLine).write(toFile: config, atomically: true, encoding: .utf8)
            }
            var arguments = [binary, vault, twin]
            if let shots = ProcessInfo.processInfo.environment["AFTERFLOW_SCREENSHOT"] { arguments += ["--shots", shots] }
            let run = try ServedVault.python("journal_browser.py", arguments, timeout: 600)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("the API: refusals write nothing; a session deleted meanwhile; a draft; an entry cut short between the ledger's lines saved once",
          .enabled(if: ServeTests.python != nil, "needs python3"))
    func api() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault, arguments: ["--journal"])
            defer { server.stop() }
            #expect(server.url.hasSuffix("/journal?token=" + server.token), "\(server.url)")
            let run = try ServedVault.python("journal_api.py", [server.base, server.token, vault, binary])
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("over HTTPS: a service worker that keeps the page, allowed by the page's policy, at one address whatever the token",
          .enabled(if: ServeTests.python != nil && BrowserTests.onPath(["openssl"]) != nil, "needs python3 and openssl"))
    func serviceWorkerOverHTTPS() throws {
        let openssl = try #require(BrowserTests.onPath(["openssl"]))
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let cert = sandbox.path("cert.pem"), key = sandbox.path("key.pem")
            let make = try TestProgram.run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                                                     "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
            try #require(make.succeeded, "\(make)")
            let server = try ServedVault(sandbox, vault: vault, arguments: ["--journal", "--tls-cert", cert, "--tls-key", key])
            defer { server.stop() }
            #expect(server.url.hasPrefix("https://127.0.0.1:") && server.url.contains("/journal?token="), "\(server.url)")
            let code = """
                import http.client, ssl, sys
                port, token, cert = int(sys.argv[1]), sys.argv[2], sys.argv[3]
                conn = http.client.HTTPSConnection("127.0.0.1", port, context=ssl.create_default_context(cafile=cert), timeout=30)
                conn.request("GET", "/journal?token=" + token); r = conn.getresponse(); r.read()
                print("page", r.status, r.getheader("Content-Security-Policy"))
                conn.request("GET", "/journal-sw.js"); r = conn.getresponse(); body = r.read().decode()
                print("worker", r.status, r.getheader("Content-Type"), "caches.open" in body, "/api/" in body)
                conn.request("GET", "/journal"); r = conn.getresponse(); r.read()
                print("page without the token", r.status)
                """
            let out = try ServeTests.pythonInline(code, [String(server.port), server.token, cert])
            #expect(out.contains("page 200 ") && out.contains("worker-src 'self'"), "\(out)")
            // The worker keeps the page only: it names no API path, so nothing typed is cached by it.
            // Served without the token (it names no data), so that a restarted server's new token
            // leaves the phone's worker as it is; the page itself still needs the token.
            #expect(out.contains("worker 200 text/javascript; charset=utf-8 True False"), "\(out)")
            #expect(out.contains("page without the token 401"), "\(out)")
            let page = try ServeTests.pythonInline(
                "import http.client, ssl, sys\nconn = http.client.HTTPSConnection('127.0.0.1', int(sys.argv[1]), context=ssl.create_default_context(cafile=sys.argv[3]), timeout=30)\nconn.request('GET', '/journal?token=' + sys.argv[2]); print(conn.getresponse().read().decode())",
                [String(server.port), server.token, cert])
            #expect(page.contains("serviceWorker.register(\"/journal-sw.js\", {scope: \"/journal\"})"), "the page registers the worker at its one address")
        }
    }

    @Test("200 % text: the tab bar stays one row and the content usable on every tab, measured in Chromium at 390x844",
          .enabled(if: ServeTests.webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func largeText() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault, arguments: ["--journal"])
            defer { server.stop() }
            var arguments = [server.url]
            if let shots = ProcessInfo.processInfo.environment["AFTERFLOW_SCREENSHOT"] { arguments += ["--shots", shots] }
            let run = try ServedVault.python("journal_text_size.py", arguments, timeout: 300)
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("offline in a browser over HTTPS: the service worker opens the page with the server stopped, and a check-in made then is saved once when it is back",
          .enabled(if: ServeTests.webDriver && BrowserTests.onPath(["openssl"]) != nil, "needs chromium, chromedriver, Python's selenium and openssl"))
    func offlineOpen() throws {
        let binary = try #require(afterflowBinary)
        let openssl = try #require(BrowserTests.onPath(["openssl"]))
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let cert = sandbox.path("cert.pem"), key = sandbox.path("key.pem")
            let make = try TestProgram.run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                                                     "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
            try #require(make.succeeded, "\(make)")
            var arguments = [binary, vault, cert, key]
            if let shots = ProcessInfo.processInfo.environment["AFTERFLOW_SCREENSHOT"] { arguments += ["--shots", shots] }
            let run = try ServedVault.python("journal_offline.py", arguments, timeout: 300)
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("without --journal there is no journal: /journal and its API are not found")
    func offByDefault() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault)
            defer { server.stop() }
            #expect(!server.url.contains("/journal"))
            for path in ["/journal", "/api/journal"] {
                let status = try ServeTests.pythonInline(
                    "import urllib.request, sys\ntry:\n    print(urllib.request.urlopen(sys.argv[1], timeout=10).status)\nexcept urllib.error.HTTPError as e:\n    print(e.code)",
                    [server.base + path + "?token=" + server.token])
                #expect(status.hasPrefix("404"), "\(path): \(status)")
            }
        }
    }
}
