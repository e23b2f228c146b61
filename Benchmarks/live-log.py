#!/usr/bin/env python3
# The live logger's latency, through a real pseudo-terminal, beside floors measured in the same run.
#
# `afterflow log CLIENT` is started on a copy of a vault, then N trial keys are typed one at a time;
# for each, the time from the key's write to the screen showing the new count. The screen is drawn
# only once the line is appended and fsync'd (before the cue picker), so this is keypress to
# fsync'd line, plus one redraw. Start-up is the time from exec to the screen that takes the first
# trial, over STARTS runs (each starts a session, logs one trial and ends it).
#
# Floors, on the same machine in the same run:
#   pty round trip   a byte written to a pseudo-terminal and echoed back by `cat` in raw mode
#   append + fsync   one trial-sized line appended to a file in the vault and fsync'd (Python)
#   start            a process started on a pseudo-terminal until its first output (`echo`)
#
#   Benchmarks/live-log.py VAULT N AFTERFLOW_BINARY [CLIENT] [STARTS]   (VAULT is changed: use a copy)
import os, sys, time, select, glob, statistics

vault = sys.argv[1]; n = int(sys.argv[2]); binary = sys.argv[3]
client = sys.argv[4] if len(sys.argv) > 4 else "maya-t"
starts = int(sys.argv[5]) if len(sys.argv) > 5 else 7


def spawn(argv):
    pid, fd = os.forkpty()
    if pid == 0:
        os.environ["TERM"] = "xterm"; os.environ["NO_COLOR"] = "1"
        os.execvp(argv[0], argv)
    return pid, fd


class Screen:
    def __init__(self, fd):
        self.fd = fd; self.buf = b""
    def pump(self, t):
        r, _, _ = select.select([self.fd], [], [], t)
        if r:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            self.buf += data
            return bool(data)
        return True
    def wait_for(self, text, timeout=30):
        end = time.monotonic() + timeout
        while text not in self.buf:
            if time.monotonic() > end:
                raise SystemExit("timed out waiting for %r; screen ends with %r" % (text, self.buf[-400:]))
            self.pump(0.05)
    def drain(self, pid):
        end = time.monotonic() + 10
        while time.monotonic() < end and self.pump(0.2):
            pass
        os.waitpid(pid, 0)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * len(values))) - 1)]


def logger_run(trials):
    """One `log` run: returns (start-up seconds, [per-key latencies in ms])."""
    t0 = time.monotonic()
    pid, fd = spawn([binary, "log", client, "--vault", vault])
    screen = Screen(fd)
    screen.wait_for(b"no trials yet")
    ready = time.monotonic() - t0
    latencies = []
    for i in range(trials):
        mark = len(screen.buf)
        wanted = b" of %d " % (i + 1)
        t = time.monotonic()
        os.write(fd, b"k" if i % 3 else b"j")
        while wanted not in screen.buf[mark:]:
            screen.pump(0.05)
        latencies.append((time.monotonic() - t) * 1000)
    os.write(fd, b"q")
    screen.drain(pid)
    return ready, latencies


def pty_floor(count):
    pid, fd = spawn(["sh", "-c", "stty raw -echo; echo ready; exec cat"])
    screen = Screen(fd)
    screen.wait_for(b"ready")
    latencies = []
    for i in range(count):
        mark = len(screen.buf)
        t = time.monotonic()
        os.write(fd, b"k")
        while b"k" not in screen.buf[mark:]:
            screen.pump(0.05)
        latencies.append((time.monotonic() - t) * 1000)
    os.kill(pid, 9); os.waitpid(pid, 0)
    return latencies


def fsync_floor(count):
    path = os.path.join(vault, ".bench-fsync-floor.md")
    latencies = []
    with open(path, "ab") as f:
        for i in range(count):
            t = time.monotonic()
            f.write(b"- 10:%02d:%02d s-initial + independent\n" % (i // 60 % 60, i % 60))
            f.flush(); os.fsync(f.fileno())
            latencies.append((time.monotonic() - t) * 1000)
    os.remove(path)
    return latencies


def start_floor():
    t0 = time.monotonic()
    pid, fd = spawn(["echo", "ready"])
    screen = Screen(fd)
    screen.wait_for(b"ready")
    elapsed = time.monotonic() - t0
    screen.drain(pid)
    return elapsed


ready, latencies = logger_run(n)
readies = [ready] + [logger_run(1)[0] for _ in range(starts - 1)]
pty = pty_floor(n)
sync = fsync_floor(n)
start = statistics.median(start_floor() for _ in range(starts))

def row(name, values):
    print("| %s | %d | %.1f ms | %.1f ms | %.1f ms |" % (name, len(values), statistics.median(values), percentile(values, 99), max(values)))

print("| keypress to screen | n | p50 | p99 | max |")
print("|:---|---:|---:|---:|---:|")
row("`afterflow log`: key → line appended, fsync'd, shown", latencies)
row("floor: pty round trip through `cat`", pty)
row("floor: append one line + fsync (Python)", sync)
print()
print("| start to first trial loggable | runs | median | max |")
print("|:---|---:|---:|---:|")
print("| `afterflow log %s` | %d | %.0f ms | %.0f ms |" % (client, len(readies), statistics.median(readies) * 1000, max(readies) * 1000))
print("| floor: `echo` on a pty | %d | %.1f ms | |" % (starts, start * 1000))
