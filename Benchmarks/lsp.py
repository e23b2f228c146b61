#!/usr/bin/env python3
# The editor server's latency, as an editor sees it: `afterflow lsp` started on a copy of a vault
# and driven over its standard input and output (Content-Length frames, JSON-RPC), beside a floor
# measured in the same run: the same frames sent through `cat` and read back (a pipe round trip
# and this script's own framing, nothing checked).
#
#   Benchmarks/lsp.py AFTERFLOW_BINARY [VAULT] [N]
#
# VAULT (default: the repository's ExampleVault) is copied to a temporary folder first (a vault
# without ExampleVault's session and client maya-t gets them added to the copy); N (default
# 200) is the number of timed changes and completions of each kind. Measured:
#   - start-up: from starting the process to the answer to `initialize`, and to the first
#     diagnostics of an opened session;
#   - diagnostics after a change (one character typed, full sync) until `publishDiagnostics` for
#     that document arrives: on one of the vault's sessions and on a trial session of 5,000 lines
#     (its front matter, then trial lines), p50 and p99; `afterflow check FILE` on that file, beside it;
#   - completion: a trial line's goals and a session's treatments, p50 and p99;
#   - memory: the server's peak resident set (VmHWM of /proc/PID/status) and its RSS at the end.
# Prints Markdown lines for docs/PERFORMANCE.md. Linux (for /proc); nothing touches the network.
#
#   Benchmarks/lsp.py AFTERFLOW_BINARY [VAULT] --soak MINUTES [--every SECONDS] [--sample MINUTES]
#
# instead edits for MINUTES at a steady pace (issue 24's hour-long scripted edit session): every
# SECONDS (default 0.5) one change, alternating the session and the 5,000-line trial session, its
# diagnostics awaited, then a completion in it; the server's resident memory (VmRSS) is printed
# at the start, every --sample MINUTES (default 10) and at the end, each line as it is taken, so
# that a run stopped early still tells what it saw.
import argparse, json, os, queue, shutil, subprocess, sys, tempfile, threading, time

parser = argparse.ArgumentParser(usage="Benchmarks/lsp.py AFTERFLOW_BINARY [VAULT] [N] [--soak MINUTES [--every SECONDS] [--sample MINUTES]]")
parser.add_argument("binary")
parser.add_argument("vault", nargs="?", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ExampleVault"))
parser.add_argument("n", nargs="?", type=int, default=200)
parser.add_argument("--soak", type=float, metavar="MINUTES", help="edit at a steady pace for MINUTES and report memory")
parser.add_argument("--every", type=float, default=0.5, metavar="SECONDS", help="the pace of --soak's changes")
parser.add_argument("--sample", type=float, default=10, metavar="MINUTES", help="how often --soak reports memory")
arguments = parser.parse_args()
binary = os.path.abspath(arguments.binary)
source = arguments.vault
n = arguments.n

SESSION = "sessions/2025/2025-09-20-psilocybin.md"
TRIALS_SOURCE = "clients/maya-t/sessions/2025/2025-03-25-1500.md"
BIG = "clients/maya-t/sessions/2025/2025-03-26-1500.md"


class Peer:
    """A process spoken to in Content-Length frames; a thread reads what it says into a queue."""

    def __init__(self, argv):
        self.started = time.monotonic()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.inbox.put(json.loads(out.read(length)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, matches, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            message = self.inbox.get(timeout=max(0.001, deadline - time.monotonic()))
            if message is None:
                sys.exit("the server ended")
            if matches(message):
                return message


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def ms(values):
    return "p50 %.2f ms, p99 %.2f ms" % (percentile(values, 0.5) * 1000, percentile(values, 0.99) * 1000)


def big_trial_session(text):
    """The trial session's front matter (no `end`, a new id), then trial lines to 5,000 lines."""
    head, _, _ = text.partition("## Trials")
    head = "\n".join(l for l in head.split("\n") if not l.startswith(("end:", "id:", "signed")))
    head = head.replace("2025-03-25", "2025-03-26").replace("type: trials", "type: trials\nid: 7E57B16F-0000-4000-8000-000000005000")
    lines = head.rstrip("\n").split("\n") + ["", "## Trials", ""]
    goals = ["s-initial", "two-step"]
    outcomes = ["+ independent", "- minimal", "+ minimal", "+ moderate"]
    while len(lines) < 5000:
        i = len(lines)
        lines.append("- %02d:%02d:%02d %s %s" % (15 + i // 3600, i // 60 % 60, i % 60, goals[i % 2], outcomes[i % 4]))
    return "\n".join(lines) + "\n"


def rss(pid):
    fields = dict(l.split(":", 1) for l in open("/proc/%d/status" % pid) if ":" in l)
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


work = tempfile.mkdtemp(prefix="afterflow-lsp-bench-")
vault = os.path.join(work, "vault")
shutil.copytree(source, vault)
for state in ("index.sqlite", "index.sqlite-wal", "index.sqlite-shm"):
    path = os.path.join(vault, ".afterflow", state)
    if os.path.exists(path):
        os.unlink(path)
# Another vault (run.sh's 10,000 sessions, its practice) gets ExampleVault's session and its client
# maya-t added, so that the same documents are edited in a vault of that size.
example = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ExampleVault")
for relative in (SESSION, "clients/maya-t"):
    if not os.path.exists(os.path.join(vault, relative)):
        os.makedirs(os.path.dirname(os.path.join(vault, relative)), exist_ok=True)
        (shutil.copytree if os.path.isdir(os.path.join(example, relative)) else shutil.copy2)(
            os.path.join(example, relative), os.path.join(vault, relative))
        print("(added ExampleVault's %s to the copy)" % relative)
documents = sum(len([f for f in files if f.endswith(".md")]) for _, _, files in os.walk(vault))
print("Vault: %s, %d Markdown files" % (os.path.basename(os.path.normpath(source)), documents))
print()
big_text = big_trial_session(open(os.path.join(vault, TRIALS_SOURCE)).read())
assert big_text.count("\n") == 5000, big_text.count("\n")
open(os.path.join(vault, BIG), "w").write(big_text)

# `check FILE` on the big file, for scale (the index built first, as an editor's server has it).
subprocess.run([binary, "check", "--vault", vault], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
checks = []
for _ in range(5):
    t0 = time.monotonic()
    subprocess.run([binary, "check", "--vault", vault, os.path.join(vault, BIG)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    checks.append(time.monotonic() - t0)


def uri(relative):
    return "file://" + os.path.join(vault, relative)


server = Peer([binary, "lsp", "--vault", vault])
server.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + vault, "capabilities": {}})
initialized = time.monotonic() - server.started
server.notify("initialized", {})
session_text = open(os.path.join(vault, SESSION)).read()
server.notify("textDocument/didOpen", {"textDocument": {"uri": uri(SESSION), "languageId": "markdown", "version": 1, "text": session_text}})
server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(SESSION))
first_diagnostics = time.monotonic() - server.started
server.notify("textDocument/didOpen", {"textDocument": {"uri": uri(BIG), "languageId": "markdown", "version": 1, "text": big_text}})
server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(BIG))


def change_latency(relative, text, version):
    """One character typed at the end of the text, then back: the time to its diagnostics."""
    edited = text + ("x" if version % 2 else "")
    t0 = time.monotonic()
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri(relative), "version": version},
                                             "contentChanges": [{"text": edited}]})
    server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(relative))
    return time.monotonic() - t0


def soak(minutes, every, sample):
    """Changes at a steady pace for `minutes`, alternating the two documents, each followed by a
    completion; the server's resident memory printed at the start, every `sample` minutes, at the end."""
    pid = server.proc.pid
    start = time.monotonic()
    print("| minutes | changes | VmRSS | VmHWM | load average |", flush=True)
    print("|---:|---:|---:|---:|---|", flush=True)

    def report(changes):
        peak, resident = rss(pid)
        load = open("/proc/loadavg").read().split()[:3]
        print("| %.1f | %d | %.1f MB | %.1f MB | %s |" % ((time.monotonic() - start) / 60, changes, resident, peak, " ".join(load)), flush=True)
        return resident

    first = report(0)
    documents = [(SESSION, session_text, treatment_line), (BIG, big_text, goal_line)]
    changes, next_sample, tick = 0, start + sample * 60, start
    latencies = []
    while time.monotonic() - start < minutes * 60:
        relative, text, line = documents[changes % 2]
        # Each document's text differs from its last change's: a character typed, then taken back.
        latencies.append(change_latency(relative, text + ("y" if changes // 2 % 2 else ""), 1000 + changes))
        server.request("textDocument/completion", {"textDocument": {"uri": uri(relative)}, "position": {"line": line, "character": 11}})
        changes += 1
        if time.monotonic() >= next_sample:
            report(changes)
            next_sample += sample * 60
        tick += every
        time.sleep(max(0, tick - time.monotonic()))
    last = report(changes)
    print()
    print("%d changes in %.1f minutes; diagnostics after a change %s; VmRSS %.1f MB at the start, %.1f MB at the end (%+.1f %%)"
          % (changes, (time.monotonic() - start) / 60, ms(latencies), first, last, (last - first) / first * 100), flush=True)


big_lines = big_text.split("\n")
goal_line = next(i for i, l in enumerate(big_lines) if l.startswith("- 15:"))
treatment_line = next(i for i, l in enumerate(session_text.split("\n")) if l.startswith("treatment:"))
if arguments.soak is not None:
    print("afterflow lsp on a copy of %s: a change every %.1f s for %.0f minutes (%s UTC)"
          % (os.path.basename(os.path.normpath(source)), arguments.every, arguments.soak, time.strftime("%Y-%m-%d %H:%M", time.gmtime())), flush=True)
    print(flush=True)
    soak(arguments.soak, arguments.every, arguments.sample)
    server.request("shutdown", None)
    server.notify("exit", None)
    server.proc.wait(timeout=30)
    shutil.rmtree(work)
    sys.exit(0)

session_changes = [change_latency(SESSION, session_text, v) for v in range(2, n + 2)]
big_changes = [change_latency(BIG, big_text, v) for v in range(2, n + 2)]

completions = {"trial line's goals (5,000-line file)": (BIG, goal_line, 11), "session's treatments": (SESSION, treatment_line, 11)}
completion_times = {}
for name, (relative, line, character) in completions.items():
    times = []
    for _ in range(n):
        t0 = time.monotonic()
        answer = server.request("textDocument/completion", {"textDocument": {"uri": uri(relative)}, "position": {"line": line, "character": character}})
        times.append(time.monotonic() - t0)
        assert answer.get("result", {}).get("items"), answer
    completion_times[name] = times
peak, resident = rss(server.proc.pid)
server.request("shutdown", None)
server.notify("exit", None)
server.proc.wait(timeout=30)

# The floor: the same frames through `cat`, read back.
floor = Peer(["cat"])
floor_small, floor_big = [], []
for version in range(n):
    for text, times in ((session_text, floor_small), (big_text, floor_big)):
        message = {"jsonrpc": "2.0", "id": version, "method": "textDocument/didChange",
                   "params": {"textDocument": {"uri": uri(SESSION), "version": version}, "contentChanges": [{"text": text}]}}
        t0 = time.monotonic()
        floor.send(message)
        floor.wait(lambda m: m.get("id") == version)
        times.append(time.monotonic() - t0)
floor.proc.stdin.close()
floor.proc.wait()
shutil.rmtree(work)

print("afterflow lsp on a copy of %s, %d changes and completions of each kind" % (os.path.basename(os.path.normpath(source)), n))
print()
print("| measure | afterflow lsp | floor (`cat` round trip of the same frames) |")
print("|---|---|---|")
print("| start to `initialize` answered | %.1f ms | |" % (initialized * 1000))
print("| start to first diagnostics of a session | %.1f ms | |" % (first_diagnostics * 1000))
print("| diagnostics after a change, session (%d lines) | %s | %s |" % (session_text.count("\n"), ms(session_changes), ms(floor_small)))
print("| diagnostics after a change, trial session (5,000 lines) | %s | %s |" % (ms(big_changes), ms(floor_big)))
for name, times in completion_times.items():
    print("| completion, %s | %s | |" % (name, ms(times)))
print("| `afterflow check FILE`, the 5,000-line file (median of 5 runs) | %.1f ms | |" % (percentile(checks, 0.5) * 1000))
print("| peak resident memory (VmHWM) / at the end (VmRSS) | %.1f MB / %.1f MB | |" % (peak, resident))
