import struct AfterflowKit.ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built binary on a real pseudo-terminal, as a person at a terminal runs it, typing keys
/// when the screen shows what is waited for.
///
/// The driver is a small Python script using only the standard library (`os.forkpty`, `termios`):
/// its child is the session leader of a new terminal (80×24 unless asked otherwise) and runs afterflow in the terminal's
/// foreground process group, as a shell does; it records `stty -a` before and after, and while
/// afterflow runs it ignores SIGINT and SIGQUIT, as a shell waiting for a foreground job does.
enum PseudoTerminal {
    /// One thing to do on the terminal: wait until the screen shows `text` (escape sequences and
    /// control characters removed, after what was last waited for), type keys, or let `seconds`
    /// pass (after an Escape, so that what follows is not read as part of a key's sequence).
    enum Step {
        case expect(String)
        case type(String)
        case pause(Double)
        /// Sends a signal to afterflow (SIGTERM, SIGKILL…).
        case signal(Int32)
        /// Waits until the file at `path` (absolute) holds `text`.
        case file(String, holds: String)
        /// Runs a program to its end (another command beside the one on the terminal).
        case run([String])
        /// Gives the terminal a new size (the program gets SIGWINCH).
        case resize(columns: Int, rows: Int)

        var json: [Any] {
            switch self {
            case .expect(let text): ["expect", text]
            case .type(let keys): ["send", keys]
            case .pause(let seconds): ["pause", seconds]
            case .signal(let number): ["signal", Int(number)]
            case .file(let path, let text): ["file", [path, text]]
            case .run(let argv): ["run", argv]
            case .resize(let columns, let rows): ["resize", [rows, columns]]
            }
        }
    }

    /// What a run on the terminal did.
    struct Run: CustomStringConvertible {
        /// afterflow's exit status, negative for the signal that ended it; nil when it did not end.
        var status: Int?
        /// Everything shown on the terminal, without escape sequences.
        var screen: String
        /// `stty -a` on the terminal before afterflow started and after it ended.
        var sttyBefore: String
        var sttyAfter: String
        /// Why the keys could not all be typed (a text never shown, a time-out), or nil.
        var failure: String?
        /// The bytes the terminal was sent, escape sequences and all.
        var raw = Data()

        var description: String {
            "exit \(status.map(String.init) ?? "none")\(failure.map { " (\($0))" } ?? "")\n--- screen ---\n\(screen)\n--- stty before ---\n\(sttyBefore)--- stty after ---\n\(sttyAfter)"
        }
    }

    static let python = BrowserTests.onPath(["python3"])

    /// Whether `name` is a program on `PATH`.
    static func installed(_ name: String) -> Bool { BrowserTests.onPath([name]) != nil }

    static let driver = #"""
        import base64, json, os, re, select, signal, subprocess, sys, time, termios, fcntl, struct

        plan = json.load(open(sys.argv[1]))
        deadline = time.monotonic() + plan["timeout"]
        pid, master = os.forkpty()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", plan["rows"], plan["columns"], 0, 0))
                os.chdir(plan["cwd"])
                def stty():
                    return subprocess.run(["stty", "-a"], capture_output=True, text=True).stdout
                before = stty()
                child = subprocess.Popen(plan["argv"], env=plan["env"])
                with open(plan["child"] + ".pid", "w") as f:
                    f.write(str(child.pid))
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                signal.signal(signal.SIGQUIT, signal.SIG_IGN)
                status = child.wait()
                after = stty()
                with open(plan["child"], "w") as f:
                    json.dump({"status": status, "before": before, "after": after}, f)
            finally:
                os._exit(0)

        raw = b""
        escape = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)|[\x00-\x08\x0b-\x1f\x7f]")
        def screen():
            return escape.sub(b"", raw).decode("utf-8", "replace")

        def pump(seconds):
            """Reads what the terminal shows for up to `seconds`; False once it is closed."""
            global raw
            end = min(deadline, time.monotonic() + seconds)
            while True:
                left = end - time.monotonic()
                if left <= 0:
                    return True
                ready, _, _ = select.select([master], [], [], left)
                if ready:
                    try:
                        chunk = os.read(master, 65536)
                    except OSError:
                        return False
                    if not chunk:
                        return False
                    raw += chunk

        failure = None
        position = 0
        for kind, value in plan["steps"]:
            if kind == "send":
                os.write(master, value.encode())
                continue
            if kind == "pause":
                pump(value)
                continue
            if kind == "signal":
                try:
                    os.kill(int(open(plan["child"] + ".pid").read()), value)
                except (OSError, ValueError) as e:
                    failure = "could not signal afterflow: %s" % e
                    break
                continue
            if kind == "resize":
                fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", value[0], value[1], 0, 0))
                continue
            if kind == "run":
                subprocess.run(value, env=plan["env"], cwd=plan["cwd"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                continue
            if kind == "file":
                path, text = value
                while True:
                    try:
                        if text in open(path, encoding="utf-8").read():
                            break
                    except OSError:
                        pass
                    if time.monotonic() >= deadline:
                        failure = "timed out waiting for %r in %s" % (text, path)
                        break
                    pump(0.01)
                if failure:
                    break
                continue
            while True:
                found = screen().find(value, position)
                if found >= 0:
                    position = found + len(value)
                    break
                if time.monotonic() >= deadline:
                    failure = "timed out waiting for %r" % value
                    break
                if not pump(0.1) and screen().find(value, position) < 0:
                    failure = "the terminal closed before showing %r" % value
                    break
            if failure:
                break

        while failure is None and pump(0.1):
            if time.monotonic() >= deadline:
                failure = "timed out waiting for afterflow to end"
        if failure:
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass
        os.close(master)
        os.waitpid(pid, 0)
        report = {"status": None, "before": "", "after": ""}
        try:
            report.update(json.load(open(plan["child"])))
        except (OSError, ValueError):
            pass
        report["failure"] = failure
        report["screen"] = screen()
        report["raw"] = base64.b64encode(raw).decode()
        with open(plan["report"], "w") as f:
            json.dump(report, f)
        """#
}

extension Sandbox {
    /// Runs `afterflow arguments` in `directory` on a new pseudo-terminal (`TERM=vt100`), doing
    /// `steps`, and waits until it ends (killing it after `timeout` seconds).
    ///
    /// The environment is the one `run` gives, plus `environment` (an editor, say). The terminal
    /// is `columns` wide and `rows` high. `program` runs instead of afterflow when given (a shell
    /// running a command line, say), with `arguments`.
    func runOnPseudoTerminal(_ arguments: [String], directory: String, environment: [String: String] = [:],
                             steps: [PseudoTerminal.Step], timeout: Double = 30,
                             columns: Int = 80, rows: Int = 24, program: String? = nil) throws -> PseudoTerminal.Run {
        guard let binary = program ?? afterflowBinary else {
            throw CLIError(description: "cannot find the afterflow binary next to the test bundle; set AFTERFLOW_BIN")
        }
        guard let python = PseudoTerminal.python else {
            throw CLIError(description: "python3 is needed to drive a pseudo-terminal; install it (apt-get install -y python3)")
        }
        var env: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": home, "NO_COLOR": "1", "TZ": "UTC", "TERM": "vt100", "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { env[key] = value }
        let io = root + "/.io/" + UUID().uuidString
        let plan: [String: Any] = [
            "argv": [binary] + arguments, "env": env, "cwd": path(directory), "timeout": timeout,
            "steps": steps.map(\.json), "child": io + ".child.json", "report": io + ".report.json",
            "columns": columns, "rows": rows,
        ]
        try write(io + ".plan.json", try JSONSerialization.data(withJSONObject: plan))
        try write(io + ".driver.py", PseudoTerminal.driver)

        let process = try ChildProcess(python, [io + ".driver.py", io + ".plan.json"], input: .null, output: .null).start()
        // The driver kills afterflow at its own deadline; this one is for the driver itself (and
        // what it started: its process group).
        guard let ended = process.wait(seconds: timeout + 30) else {
            kill(-process.processIdentifier, SIGKILL)
            _ = process.wait(seconds: 10)
            throw CLIError(description: "the pseudo-terminal driver did not end within \(Int(timeout + 30)) seconds")
        }
        guard let report = try JSONSerialization.jsonObject(with: try read(io + ".report.json")) as? [String: Any] else {
            throw CLIError(description: "the pseudo-terminal driver wrote no report; it ended with \(ended)")
        }
        return PseudoTerminal.Run(status: report["status"] as? Int, screen: report["screen"] as? String ?? "",
                                  sttyBefore: report["before"] as? String ?? "", sttyAfter: report["after"] as? String ?? "",
                                  failure: report["failure"] as? String,
                                  raw: (report["raw"] as? String).flatMap { Data(base64Encoded: $0) } ?? Data())
    }
}
