import AfterflowKit
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
        return (try? TestProgram.run("/usr/bin/env", ["python3", "-c", "import selenium"]))?.succeeded ?? false
    }()

    @Test("the API: token required, trials written once, cue, undo, end; with afterflow trial in the same session at once",
          .enabled(if: python != nil, "needs python3"))
    func api() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault)
            defer { server.stop() }
            #expect(server.url.hasPrefix("http://127.0.0.1:"))
            #expect(server.printed.contains("Only this machine can reach it"))
            let binary = try #require(afterflowBinary)
            let run = try ServedVault.python("serve_api.py", [server.base, server.token, vault, binary])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            #expect(run.output.contains("all 40 written at once"), "\(run.output)")
            // The file is a valid trial session for the rest of afterflow.
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
            #expect(server.stop() == 0, "serve ends cleanly on SIGTERM: \(server.printed)")
        }
    }

    @Test("behaviour events over the API: written once as record writes them, refusals with a message, a lost line written once, undo",
          .enabled(if: python != nil, "needs python3"))
    func events() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault)
            defer { server.stop() }
            let run = try ServedVault.python("serve_events.py", [server.base, server.token, vault])
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("the address as a QR code, by qrencode", .enabled(if: BrowserTests.onPath(["qrencode"]) != nil, "needs qrencode ('make test-deps' installs it)"))
    func qrCode() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault)
            defer { server.stop() }
            let lines = server.printed.split(separator: "\n").map(String.init)
            let block = lines.filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
            #expect(block.count >= 10, "a QR code of terminal blocks after the address:\n\(server.printed)")
            let open = try #require(lines.firstIndex { $0.hasPrefix("Open: ") })
            let first = try #require(lines.firstIndex { $0.contains("█") || $0.contains("▀") || $0.contains("▄") })
            #expect(first > open)
        }
    }

    @Test("--lan: the machine's network address, said plainly; not on 127.0.0.1",
          .enabled(if: python != nil && lanAddress != nil, "needs python3 and a network address besides loopback"))
    func lan() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault, arguments: ["--lan"])
            defer { server.stop() }
            let host = try #require(URLComponents(string: server.url)?.host)
            #expect(!host.hasPrefix("127."), "\(server.url)")
            #expect(server.printed.contains("it listens on your network: the page and the trials it sends cross it unencrypted"), "\(server.printed)")
            let get = "import urllib.request, sys\ntry:\n    print(urllib.request.urlopen(sys.argv[1], timeout=10).status)\nexcept Exception as e:\n    print('refused', type(e).__name__)"
            let open = try Self.pythonInline(get, [server.url])
            #expect(open.hasPrefix("200"), "the page at \(server.url): \(open)")
            let loopback = try Self.pythonInline(get, [server.url.replacingOccurrences(of: host, with: "127.0.0.1")])
            #expect(loopback.hasPrefix("refused"), "not on 127.0.0.1 then: \(loopback)")
        }
    }

    /// This machine's first IPv4 address that is not loopback, from `ip`.
    static let lanAddress: String? = {
        guard let ip = BrowserTests.onPath(["ip"]) else { return nil }
        guard let text = (try? TestProgram.run(ip, ["-4", "-o", "addr", "show", "up"]))?.text else { return nil }
        return text.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: " ")
            guard let at = parts.firstIndex(of: "inet"), at + 1 < parts.count else { return nil }
            let address = String(parts[at + 1].split(separator: "/")[0])
            return address.hasPrefix("127.") ? nil : address
        }.first
    }()

    static func pythonInline(_ code: String, _ arguments: [String]) throws -> String {
        try TestProgram.run("/usr/bin/env", ["python3", "-c", code] + arguments,
                            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]).text
    }

    @Test("one trial sent under several spellings of its session's path (./, //): one line in the file",
          .enabled(if: python != nil, "needs python3"))
    func spellingsOfThePath() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try ServedVault(sandbox, vault: vault)
            defer { server.stop() }
            let run = try ServedVault.python("serve_spelling.py", [server.base, server.token, vault])
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("Ctrl-C with forty wrong-token back-offs queued: the server exits at once, not after the queue",
          .enabled(if: python != nil, "needs python3"))
    func backoffDoesNotDelayShutdown() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let run = try ServedVault.python("serve_backoff.py", [binary, vault, "shutdown"])
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("a wrong-token back-off ends when its client disconnects: the connections close at once",
          .enabled(if: python != nil, "needs python3"))
    func backoffEndsWithItsClient() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let run = try ServedVault.python("serve_backoff.py", [binary, vault, "disconnect"])
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("a port that is taken: a clear error, and the first server keeps serving")
    func portTaken() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let first = try ServedVault(sandbox, vault: vault)
            defer { first.stop() }
            let second = try sandbox.run(["serve", "--vault", vault, "--port", String(first.port)], timeout: 30)
            #expect(second.status != 0)
            #expect(second.stderr.contains("port \(first.port) on 127.0.0.1 is taken"), "\(second)")
            #expect(!second.stdout.contains("Open: "), "\(second)")
            #expect(first.process.isRunning)
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

    @Test("a probe session and the end form on the page at 390x844 and 200 % text: the vault's services (its default first), places and participants; a refused service shown in the form; an end made offline written once; the keys as trials start --probe and trials end write them",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func probeAndEndForm() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            var arguments = [binary, vault]
            if let shots = ProcessInfo.processInfo.environment["AFTERFLOW_SCREENSHOT_BILLING"] { arguments += ["--shots", shots] }
            let run = try ServedVault.python("serve_billing.py", arguments, timeout: 600)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            // The page's session and the command line's, as check reads them.
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("behaviour goals on the page at 390x844: counts, a running duration, a latency, intervals prompted at their end, an ABC incident, a task run; the server killed midway, events made offline, each saved once, the file line by line",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func behaviourGoals() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            var arguments = [binary, vault]
            if let shot = ProcessInfo.processInfo.environment["AFTERFLOW_SCREENSHOT_MEASURES"] { arguments += ["--screenshot", shot] }
            let run = try ServedVault.python("serve_measures.py", arguments, timeout: 600)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            // The session file, its events and the two goals the script added, as check reads them.
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("none on the page: the end form lists the count, duration and abc goals with no line, none ticked; a goal ticked offline gets its none once, before the end",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func noneInTheEndForm() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let run = try ServedVault.python("serve_none.py", [binary, vault], timeout: 600)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
            let check = try sandbox.run(["check", "--vault", vault])
            #expect(check.status == 0, "\(check)")
        }
    }

    @Test("the page's percentages and colours are the library's: rounded down (2 of 3 is 66 %), coloured on the exact fraction",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func pagePercentages() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            // Every s of n trials up to 100, as AfterflowKit shows them (the terminal, the reports).
            var cases: [JSONValue] = []
            for n in 1...100 {
                for s in 0...n {
                    cases.append(.array([.int(s), .int(n), .int(try #require(Percent.whole(s, of: n))), .string(LiveColor(correct: s, of: n).rawValue)]))
                }
            }
            try sandbox.write("percentages.json", JSONValue.array(cases).serialized())
            let run = try ServedVault.python("serve_page_rules.py", [binary, vault, "percent", sandbox.path("percentages.json")], timeout: 300)
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("the page's interval clock is the library's: the observed seconds less the session's pauses, and back",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func pageIntervalClock() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            // Pauses apart, touching, overlapping, inside one another and starting before the
            // start; each second from 0 to 400, as AfterflowKit's ObservedClock counts it.
            let pauseSets: [[ClosedRange<Int>]] = [[], [60...120], [60...120, 200...230], [10...40, 30...50], [10...40, 40...70],
                                                   [20...300, 50...60], [-30...15], [100...100, 150...160]]
            var cases: [JSONValue] = []
            for pauses in pauseSets {
                let clock = ObservedClock(pauses: pauses)
                for second in stride(from: 0, through: 400, by: 1) {
                    cases.append(.array([.array(pauses.map { .array([.int($0.lowerBound), .int($0.upperBound)]) }), .int(second),
                                         .int(Int(clock.observed(at: Double(second)))), .int(Int(clock.elapsed(at: Double(second))))]))
                }
            }
            try sandbox.write("clock.json", JSONValue.array(cases).serialized())
            let run = try ServedVault.python("serve_page_rules.py", [binary, vault, "interval-clock", sandbox.path("clock.json")], timeout: 300)
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("the page's clock: the vault's time beside the phone's when their time zones differ",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func vaultClockWhenZonesDiffer() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            var arguments = [binary, vault, "clock-differs"]
            if let shot = ProcessInfo.processInfo.environment["AFTERFLOW_SCREENSHOT"] { arguments += ["--screenshot", shot] }
            let run = try ServedVault.python("serve_page_rules.py", arguments, timeout: 300)
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("the page's clock: one clock when the phone is in the vault's time zone",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func oneClockWhenZonesAgree() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let run = try ServedVault.python("serve_page_rules.py", [binary, vault, "clock-same"], timeout: 300)
            #expect(run.status == 0 && run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("--tls-cert and --tls-key: HTTPS with the user's own certificate",
          .enabled(if: python != nil && BrowserTests.onPath(["openssl"]) != nil, "needs python3 and openssl"))
    func tls() throws {
        let openssl = try #require(BrowserTests.onPath(["openssl"]))
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let cert = sandbox.path("cert.pem"), key = sandbox.path("key.pem")
            let make = try TestProgram.run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                                                     "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
            try #require(make.succeeded, "\(make)")
            let server = try ServedVault(sandbox, vault: vault, arguments: ["--tls-cert", cert, "--tls-key", key])
            defer { server.stop() }
            #expect(server.url.hasPrefix("https://127.0.0.1:"))
            let run = try ServedVault.python("serve_tls.py", [String(server.port), server.token, cert])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
        }
    }

    @Test("--tls-cert without --tls-key, or a file that is not there: a clear error, nothing served")
    func tlsErrors() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try sandbox.write("junk.pem", "not a certificate\n")
            let alone = try sandbox.run(["serve", "--vault", vault, "--tls-cert", sandbox.path("junk.pem")], timeout: 30)
            #expect(alone.status != 0 && alone.stderr.contains("--tls-cert and --tls-key together"), "\(alone)")
            let missing = try sandbox.run(["serve", "--vault", vault, "--tls-cert", sandbox.path("nope.pem"), "--tls-key", sandbox.path("nope.key")], timeout: 30)
            #expect(missing.status != 0 && missing.stderr.contains("nope.pem"), "\(missing)")
            let junk = try sandbox.run(["serve", "--vault", vault, "--port", "0", "--tls-cert", sandbox.path("junk.pem"), "--tls-key", sandbox.path("junk.pem")], timeout: 30)
            #expect(junk.status != 0 && junk.stderr.contains("could not read the certificate"), "\(junk)")
            #expect(!junk.stdout.contains("Open: "), "\(junk)")
        }
    }

    @Test("--neutral: no Success or Failure word, flash or colour on the page; the accessible names stay",
          .enabled(if: webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func neutralPage() throws {
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let run = try ServedVault.python("serve_browser.py", [binary, vault, "--neutral"], timeout: 300)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("all checks passed"), "\(run.output)")
        }
    }
}
