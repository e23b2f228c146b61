import Foundation
import Testing

/// Nothing leaves the machine (#14): every command, with realistic arguments, runs under
/// `strace -f` watching the calls that reach a network address. Only local Unix sockets are
/// allowed, and, for the commands that print with Chromium, loopback inside its own processes and
/// calls the empty network namespace refused (`PrintPrivacyTests.outsideConnections`); and
/// `music fetch --online`, the one command allowed the network, only to the server it is given.
@Suite("no command touches the network", .serialized)
struct NoNetworkTests {
    static let now = "2025-10-20T09:00:00-07:00"

    /// Every command with the arguments a user gives it, in an order that makes sense on a copy of
    /// ExampleVault (`VAULT` and `SANDBOX` are replaced). Those that print with a browser are marked.
    static let runs: [(arguments: [String], browser: Bool)] = [
        (["init", "SANDBOX/fresh", "--no-git", "--time-zone", "Europe/Berlin"], false),
        (["new", "--treatment", "lsd", "--mood-before", "5", "--intention", "Listen", "--date", "2025-10-19 10:00"], false),
        (["list"], false), (["list", "--format", "json"], false), (["list", "--kind", "trials", "--client", "maya-t"], false),
        (["show", "2024-12-10"], false), (["search", "ocean"], false), (["stats"], false), (["tags"], false),
        (["remind", "2025-10-19", "tomorrow"], false), (["due"], false),
        (["set", "2025-10-19", "mood_after=7"], false), (["reflect", "2025-10-19", "Felt calm."], false), (["drafts"], false),
        (["reminders"], false), (["reminders", "--ics", "-o", "SANDBOX/r.ics"], false),
        (["edit", "2025-10-19"], false),
        (["delete", "2025-10-19", "--yes"], false), (["undo"], false), (["trash"], false),
        (["check"], false), (["fmt"], false), (["index"], false), (["index", "--rebuild"], false),
        (["export", "csv", "-o", "SANDBOX/s.csv"], false), (["export", "json", "-o", "SANDBOX/s.json"], false),
        (["export", "html", "-o", "SANDBOX/s.html"], false),
        (["export", "pdf", "-o", "SANDBOX/s.pdf"], true),
        (["import", "csv", "SANDBOX/s.csv", "--dry-run"], false),
        (["client", "add", "Ana Lima", "--born", "2018-06-14"], false), (["client", "list"], false), (["client", "show", "maya-t"], false),
        (["goal", "add", "ana-l", "Produce /k/ in word-final position", "--short", "k-final"], false), (["goal", "list", "ana-l"], false),
        (["goal", "set", "ana-l", "k-final", "min_trials=10"], false), (["goal", "phase", "ana-l", "k-final", "maintenance"], false),
        (["goal", "due"], false),
        (["units"], false),
        (["units", "sam-r", "--format", "csv"], false),
        (["trials", "start", "ana-l"], false), (["trial", "ana-l", "k-final", "success"], false),
        (["trial", "ana-l", "k-final", "failure", "--cue", "minimal", "--note", "said /t/"], false),
        (["goal", "add", "ana-l", "Hitting", "--short", "hitting"], false), (["goal", "set", "ana-l", "hitting", "measure=count"], false),
        (["record", "ana-l", "hitting", "--note", "hit his sister"], false),
        (["log", "ana-l"], false), (["trials", "end", "ana-l"], false), (["summary", "ana-l"], false), (["note", "ana-l"], false),
        (["sign", "ana-l", "--as", "J. Doe, CCC-SLP"], false), (["addendum", "ana-l", "Late entry.", "--as", "J. Doe, CCC-SLP"], false),
        (["agreement", "sam-r/2025-03-24"], false),
        (["progress", "maya-t"], false), (["progress", "maya-t", "--format", "csv"], false),
        (["export", "progress", "maya-t", "-o", "SANDBOX/p.html"], false),
        (["export", "progress", "maya-t", "--format", "pdf", "-o", "SANDBOX/p.pdf"], true),
        (["export", "trials", "csv", "-o", "SANDBOX/t.csv"], false),
        (["import", "trials", "csv", "SANDBOX/t.csv", "--dry-run"], false),
        (["mood", "7", "Walked by the sea with my sister", "--date", "2025-10-19 18:00"], false),
        (["moods"], false), (["moods", "--trend"], false), (["list", "--kind", "mood"], false),
        (["init", "SANDBOX/shared", "--git", "--time-zone", "UTC"], false),
        (["backup", "-o", "SANDBOX/b.age", "--dry-run"], false),
        (["backup", "-o", "SANDBOX/b.age", "--recipient", "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p"], false),
        (["import", "daylio", packageRoot + "/Tests/AfterflowKitTests/Fixtures/daylio/daylio_export.csv"], false),
        (["export", "csv", "--moods", "-o", "SANDBOX/m.csv"], false),
        (["export", "html", "--include", "moods,measures", "-o", "SANDBOX/m.html"], false),
        (["assess", "phq9", "--answers", "1,1,2,1,0,1,0,0,1", "--date", "2025-10-19 18:05"], false),
        (["assessments"], false), (["export", "fhir", "-o", "SANDBOX/f.json"], false),
        (["instrument", "list"], false), (["instrument", "show", "meq30"], false),
        (["instrument", "show", "meq30", "--file"], false), (["instrument", "add", "SANDBOX/calm.md"], false),
        (["git", "setup", "--vault", "SANDBOX/shared"], false), (["git", "pre-commit", "--vault", "SANDBOX/shared"], false),
        (["git", "sync", "--vault", "SANDBOX/shared"], false), (["open", "2024-12-10"], false),
        (["merge-driver", "SANDBOX/base.md", "SANDBOX/ours.md", "SANDBOX/theirs.md", "sessions/2024/merge.md"], false),
        (["backup", "-o", "SANDBOX/mine.age", "--recipient", "RECIPIENT"], false),
        (["restore", "SANDBOX/mine.age", "SANDBOX/restored", "--identity", "SANDBOX/key.txt"], false),
        (["disclosures"], false), (["disclosures", "maya-t", "--all", "--format", "csv"], false),
        (["disclosed", "maya-t", "--to", "Acme Health Plan", "--purpose", "payer review", "--what", "session notes"], false),
    ]

    /// The commands with a test of their own below, which needs more than one run (a server, the
    /// one opt-in request), or a conversation on standard input (`lsp`: LspTests).
    static let testedBelow: Set<String> = ["serve", "music fetch", "lsp"]

    @Test("the runs above cover every command of the command tree (a new command needs a run)")
    func everyCommandHasARun() {
        let run = Set(Self.runs.map { run in
            CommandTree.leaves.map(\.path).filter { run.arguments.starts(with: $0) }.max { $0.count < $1.count }?
                .joined(separator: " ") ?? ""
        })
        let missing = CommandTree.leaves.map(\.description).filter { !run.contains($0) && !Self.testedBelow.contains($0) }
        #expect(missing.isEmpty, "commands without a run under strace: \(missing)")
    }

    /// Three versions of a session for `merge-driver`, and an age key for `backup` and `restore`;
    /// returns the key's recipient.
    static func mergeDriverInputsAndAgeKey(in sandbox: Sandbox, vault: String) throws -> String {
        let session = try String(contentsOfFile: vault + "/sessions/2024/2024-12-10-psilocybin.md", encoding: .utf8)
        try sandbox.write("base.md", session)
        try sandbox.write("ours.md", session.replacingOccurrences(of: "mood_after: 8", with: "mood_after: 7"))
        try sandbox.write("theirs.md", session + "\n[2024-12-12 10:00] A second thought.\n")
        try sandbox.write("calm.md", InstrumentTests.calm)
        try #require(try TestProgram.run(try #require(BrowserTests.onPath(["age-keygen"])), ["-o", sandbox.path("key.txt")]).succeeded)
        let key = try sandbox.readText("key.txt")
        let line = try #require(key.split(separator: "\n").first { $0.hasPrefix("# public key: ") })
        return String(line.dropFirst("# public key: ".count))
    }

    /// Every call of an strace log that named an internet address, loopback or not, failed or not.
    static func internetCalls(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains("sa_family=AF_INET") }
    }

    @Test("every command, under strace: no call to an internet address (Chromium: none that left the machine)",
          .enabled(if: PrintPrivacyTests.strace != nil, "needs strace ('make test' installs it)"))
    func everyCommand() throws {
        let strace = try #require(PrintPrivacyTests.strace)
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let recipient = try Self.mergeDriverInputsAndAgeKey(in: sandbox, vault: vault)
            var ran = 0
            for (index, run) in Self.runs.enumerated() {
                if run.browser && BrowserTests.chromium == nil { continue }
                let arguments = run.arguments.map {
                    $0.replacingOccurrences(of: "SANDBOX", with: sandbox.path("")).replacingOccurrences(of: "RECIPIENT", with: recipient)
                }
                let log = sandbox.path("strace-\(index).log")
                let traced = ["-f", "-qq", "-e", "trace=connect,sendto,sendmsg,sendmmsg", "-o", log, binary]
                    + arguments + (run.arguments.first == "init" || run.arguments.contains("--vault")
                        || ["merge-driver", "restore"].contains(run.arguments.first ?? "") ? [] : ["--vault", vault])
                let process = try TestProgram.run(strace, traced, environment: [
                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.path(""),
                    "NO_COLOR": "1", "TZ": "UTC", "TERM": "dumb", "AFTERFLOW_NOW": Self.now, "VISUAL": "true", "EDITOR": "true",
                    "GIT_AUTHOR_NAME": "Sam", "GIT_AUTHOR_EMAIL": "sam@example.org",
                    "GIT_COMMITTER_NAME": "Sam", "GIT_COMMITTER_EMAIL": "sam@example.org",
                ])
                #expect(process.succeeded, "afterflow \(arguments.joined(separator: " ")): \(process)")
                let text = try sandbox.readText("strace-\(index).log")
                // No exception for the programs afterflow starts (git, tar, age): they are started
                // with posix_spawn, not Foundation's Process, which connected a pair of sockets on
                // 127.0.0.1 to itself to hear of a child's end.
                let calls = run.browser ? PrintPrivacyTests.outsideConnections(text) : Self.internetCalls(text)
                #expect(calls.isEmpty, "afterflow \(arguments.joined(separator: " ")):\n\(calls.joined(separator: "\n"))")
                ran += 1
            }
            #expect(ran >= Self.runs.count - 2)
        }
    }

    /// The one command allowed the network, `music fetch --online`, pointed at the test server on
    /// loopback: every connection goes to that server and nowhere else; without `--online` there
    /// is none at all.
    @Test("music fetch --online connects to the given loopback server only; without --online, nowhere",
          .enabled(if: PrintPrivacyTests.strace != nil && OEmbedServer.python != nil, "needs strace and python3"))
    func musicFetch() throws {
        let strace = try #require(PrintPrivacyTests.strace)
        let binary = try #require(afterflowBinary)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try OEmbedServer(logPath: sandbox.path("requests.log"))
            defer { server.stop() }
            for online in [false, true] {
                let log = sandbox.path("strace-music-\(online).log")
                let process = try TestProgram.run(strace, ["-f", "-qq", "-e", "trace=connect,sendto,sendmsg,sendmmsg,getsockname", "-o", log, binary,
                                                           "music", "fetch", "--all", "--vault", vault] + (online ? ["--online"] : []), environment: [
                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": sandbox.path(""),
                    "NO_COLOR": "1", "TZ": "UTC", "TERM": "dumb", "AFTERFLOW_NOW": Self.now, "AFTERFLOW_OEMBED_BASE": server.base,
                ])
                #expect(process.status == (online ? 0 : 64) && !process.signaled, "music fetch --all\(online ? " --online" : ""): \(process)")
                let text = try sandbox.readText(log)
                let all = Self.internetCalls(text)
                // getsockname names the process's own sockets; the others are calls that reach out.
                let own = all.filter { $0.contains("getsockname(") }
                let calls = all.filter { !$0.contains("getsockname(") }
                #expect(!text.contains("AF_INET6"), "an IPv6 call:\n\(text)")
                if online {
                    // ExampleVault has 13 links of the four providers: a connection to the server each.
                    let toServer = calls.filter { $0.contains("sin_port=htons(\(server.port))") && $0.contains("inet_addr(\"127.0.0.1\")") }
                    #expect(toServer.count >= 13, "\(calls.joined(separator: "\n"))")
                    // Any other is to a loopback port that a socket of the same process was bound to:
                    // Foundation's Process joins two UDP sockets of its own on 127.0.0.1.
                    let elsewhere = calls.filter { call in
                        guard !toServer.contains(call) else { return false }
                        let pid = call.prefix { $0 != " " }
                        guard call.contains("inet_addr(\"127.0.0.1\")"), let port = call.range(of: #"sin_port=htons\(\d+\)"#, options: .regularExpression) else { return true }
                        return !own.contains { $0.hasPrefix(pid + " ") && $0.contains(call[port]) && $0.contains("inet_addr(\"127.0.0.1\")") }
                    }
                    #expect(elsewhere.isEmpty, "calls to another address than the test server:\n\(elsewhere.joined(separator: "\n"))")
                    #expect(server.requests().count == 13)
                } else {
                    #expect(calls.isEmpty, "\(calls.joined(separator: "\n"))")
                    #expect(server.requests().isEmpty)
                }
            }
        }
    }

    /// `serve` listens, so it cannot run like the others: under strace it serves the phone page's
    /// API a whole session (Support/serve/serve_api.py), then is stopped. It may bind and accept on
    /// 127.0.0.1 alone, and never connects or sends to any internet address.
    @Test("serve, under strace, a whole session through its API: loopback only, no connection out",
          .enabled(if: PrintPrivacyTests.strace != nil && BrowserTests.onPath(["python3"]) != nil, "needs strace and python3"))
    func serve() throws {
        let strace = try #require(PrintPrivacyTests.strace)
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let log = sandbox.path("strace-serve.log")
            let server = try ServedVault(sandbox, vault: vault,
                                         wrapper: [strace, "-f", "-qq", "-e", "trace=bind,listen,connect,sendto,sendmsg,sendmmsg", "-o", log])
            let binary = try #require(afterflowBinary)
            let run = try ServedVault.python("serve_api.py", [server.base, server.token, vault, binary])
            #expect(run.status == 0, "\(run.output)")
            server.stop()
            let text = try sandbox.readText("strace-serve.log")
            let binds = text.split(separator: "\n").filter { $0.contains("bind(") && $0.contains("AF_INET") }
            #expect(!binds.isEmpty, "strace saw the server bind:\n\(text.prefix(2000))")
            #expect(binds.allSatisfy { $0.contains("inet_addr(\"127.0.0.1\")") }, "bound to 127.0.0.1 only:\n\(binds.joined(separator: "\n"))")
            let outside = Self.internetCalls(text).filter { !$0.contains("inet_addr(\"127.") && !$0.contains("bind(") }
            #expect(outside.isEmpty, "\(outside.joined(separator: "\n"))")
        }
    }

    /// The test would see a connection: a program that makes one is caught.
    @Test("the watch catches a program that connects",
          .enabled(if: PrintPrivacyTests.strace != nil && BrowserTests.onPath(["python3"]) != nil, "needs strace and python3"))
    func theWatchWorks() throws {
        let strace = try #require(PrintPrivacyTests.strace)
        let python = try #require(BrowserTests.onPath(["python3"]))
        try withSandbox { sandbox in
            let log = sandbox.path("strace.log")
            // Its status is not the point (the send may be refused): what strace saw is.
            _ = try TestProgram.run(strace, ["-f", "-qq", "-e", "trace=connect,sendto,sendmsg,sendmmsg", "-o", log, python, "-c",
                                         "import socket\ns=socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\ns.sendto(b'x', ('192.0.2.1', 9))"])
            #expect(Self.internetCalls(try sandbox.readText("strace.log")).count == 1)
        }
    }
}
