import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The terminal logger as a user's terminal multiplexer runs it: `afterflow log sam-r` in a tmux
/// pane, keys sent with `send-keys`, the screen read with `capture-pane`, the logger killed
/// (SIGKILL) midway and resumed in a new pane, nothing lost (issue 22). tmux runs on a socket of
/// the test's own, in the sandbox, and its server is stopped at the end.
@Suite("live behaviour logger in tmux", .serialized)
struct LiveLogTmuxTests {
    static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first(where: FileManager.default.isExecutableFile)

    /// A tmux server on `socket`, with one session named `log`.
    final class Tmux {
        let tmux: String
        let socket: String
        let environment: [String: String]
        /// The process ids of the servers started, stopped by `stop`.
        private(set) var servers: [Int32] = []

        init(tmux: String, socket: String, environment: [String: String]) {
            self.tmux = tmux
            self.socket = socket
            self.environment = environment
        }

        /// `kill-server`, then SIGKILL to each server this test started that is still there: a
        /// server started from the test has been seen to outlive kill-server and SIGTERM.
        func stop() {
            _ = try? run(["kill-server"])
            for pid in servers where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }

        @discardableResult
        func run(_ arguments: [String]) throws -> ProgramRun {
            try TestProgram.run(tmux, ["-S", socket] + arguments, environment: environment, mergingErrors: true, timeout: 20)
        }

        /// Starts `command` (a shell command line) in a new 100 × 30 pane that stays on screen
        /// after its program ends.
        func start(_ command: String) throws {
            let ran = try run(["new-session", "-d", "-s", "log", "-x", "100", "-y", "30", command, ";", "set-option", "-t", "log", "remain-on-exit", "on"])
            #expect(ran.succeeded, "tmux new-session: \(ran.text)")
            if let pid = Int32(try run(["display-message", "-p", "#{pid}"]).text.trimmingCharacters(in: .whitespacesAndNewlines)) { servers.append(pid) }
        }

        func screen() throws -> String { try run(["capture-pane", "-p", "-t", "log"]).text }

        /// Types `keys` as they are (`send-keys -l`).
        func type(_ keys: String) throws { try run(["send-keys", "-t", "log", "-l", keys]) }

        /// The pane's program's process id.
        func pid() throws -> Int32 { Int32(try run(["display-message", "-p", "-t", "log", "#{pane_pid}"]).text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }

        /// Waits, up to 20 s, until `done` holds; false if it never does (the screen is then in
        /// the failure's message). No figure is asserted of the time it took.
        func wait(_ what: String, _ done: () throws -> Bool) throws -> Bool {
            let end = Date().addingTimeInterval(20)
            while Date() < end {
                if try done() { return true }
                usleep(50_000)
            }
            Issue.record("waited in vain for \(what); the screen:\n\(try screen())")
            return false
        }

        func expect(_ text: String) throws -> Bool { try wait("\"\(text)\" on the screen") { try screen().contains(text) } }
    }

    @Test("a count, a running duration, intervals and an ABC incident in tmux; killed with SIGKILL midway, resumed, nothing lost",
          .enabled(if: tmuxPath != nil, "tmux is not installed (apt-get install tmux): the logger is not driven in tmux"))
    func killedAndResumedInTmux() throws {
        let tmuxPath = try #require(Self.tmuxPath)
        try withSandbox { sandbox in
            let vault = try LiveLogBehaviourTests.vault(sandbox)
            let file = vault + "/" + LiveLogBehaviourTests.session
            let binary = try #require(afterflowBinary)
            let tmux = Tmux(tmux: tmuxPath, socket: sandbox.root + "/tmux.sock",
                            environment: ["HOME": sandbox.home, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"])
            defer { tmux.stop() }
            func logger(_ arguments: String, now: String) -> String {
                "exec env -i HOME=\(sandbox.home) PATH=/usr/bin:/bin TERM=screen LANG=C.UTF-8 TZ=UTC NO_COLOR=1 AFTERFLOW_NOW=\(now) \(binary) log \(arguments) --vault \(vault)"
            }
            func holds(_ text: String) throws -> Bool {
                try tmux.wait("\(text.debugDescription) in the session file") { (try? sandbox.readText(file))?.contains(text) == true }
            }

            try tmux.start(logger("sam-r", now: "2025-04-07T10:00:00-07:00"))
            guard try tmux.expect("[t] hitting"), try tmux.expect("[r] tantrum"), try tmux.expect("[c] incidents") else { return }
            try tmux.type("t")
            guard try holds(" hitting count\n"), try tmux.expect("hitting: 1 this session") else { return }
            try tmux.type("r")
            guard try holds(" tantrum start\n"), try tmux.expect("● running") else { return }
            // on-task's intervals are 3 s long here: interval 1 ends and is asked for.
            guard try tmux.expect("interval 1 ended: + or -") else { return }
            try tmux.type("+")
            guard try holds(" on-task interval 1 +\n") else { return }
            try tmux.type("c")
            guard try tmux.expect("antecedent?") else { return }
            try tmux.type("1")
            guard try tmux.expect("behaviour?") else { return }
            try tmux.type("1")
            guard try tmux.expect("consequence?") else { return }
            try tmux.type("2")
            guard try holds(" incidents abc demand hitting escape\n") else { return }

            // Killed midway: the tantrum still running.
            let pid = try tmux.pid()
            #expect(pid > 1)
            #expect(kill(pid, SIGKILL) == 0)
            let dead = try tmux.wait("the logger's end", { try tmux.run(["display-message", "-p", "-t", "log", "#{pane_dead}"]).text.hasPrefix("1") })
            guard dead else { return }
            #expect(LiveLogBehaviourTests.events(try sandbox.readText(file)) == ["hitting count", "tantrum start", "on-task interval 1 +",
                                                                                 "incidents abc demand hitting escape"])
            _ = try tmux.run(["kill-session", "-t", "log"])

            // Resumed five minutes later, in a new pane: the start is on disk, the tantrum running.
            try tmux.start(logger("--resume \(LiveLogBehaviourTests.session)", now: "2025-04-07T10:05:00-07:00"))
            guard try tmux.expect("[r] tantrum"), try tmux.expect("● running") else { return }
            try tmux.type("r")
            guard try holds(" tantrum stop\n") else { return }
            // Intervals 2-100 ended while no logger ran (300 s of 3 s intervals): 101 is asked for.
            guard try tmux.expect("interval 101 ended: + or -") else { return }
            try tmux.type("-")
            guard try holds(" on-task interval 101 -  intervals 2-100 not observed\n") else { return }
            try tmux.type("t")
            guard try tmux.expect("hitting: 2 this session") else { return }
            try tmux.type("q")
            guard try tmux.expect(LiveLogBehaviourTests.session) else { return }

            let text = try sandbox.readText(file)
            #expect(LiveLogBehaviourTests.events(text) == ["hitting count", "tantrum start", "on-task interval 1 +", "incidents abc demand hitting escape",
                                                           "tantrum stop", "on-task interval 101 - intervals 2-100 not observed", "hitting count"], "\(text)")
            #expect(text.contains("\nend: 2025-04-07T10:05:00"), "q writes the end: \(text)")
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
        }
    }
}
