#!/usr/bin/env python3
# The live logger's latency, through a real pseudo-terminal: `afterflow log` started on a copy of a
# vault, then N trial keys typed one at a time; for each, the time from the key's write to the
# screen showing the new count, drawn once the line is appended and fsync'd (before the cue picker), and the
# time from start to the screen that takes the first trial.
#
#   Benchmarks/live-log.py VAULT N AFTERFLOW_BINARY      (VAULT is changed: use a copy)
import os, sys, time, select, glob, statistics
vault = sys.argv[1]; n = int(sys.argv[2]); binary = sys.argv[3]
t_start = time.monotonic()
pid, fd = os.forkpty()
if pid == 0:
    os.environ["TERM"] = "xterm"; os.environ["NO_COLOR"] = "1"
    os.execv(binary, [binary, "log", "maya-t", "--vault", vault])
buf = b""
def pump(t):
    global buf
    r, _, _ = select.select([fd], [], [], t)
    if r:
        try: buf += os.read(fd, 65536)
        except OSError: pass
while b"no trials yet" not in buf: pump(0.05)
ready = time.monotonic() - t_start
path = None
while path is None:
    files = glob.glob(vault + "/clients/maya-t/sessions/*/*.md")
    path = max(files, key=os.path.getmtime)
lat = []
for i in range(n):
    mark = len(buf)
    wanted = b" of %d " % (i + 1)
    t0 = time.monotonic()
    os.write(fd, b"k" if i % 3 else b"j")
    # The screen shows the new count only after the line is appended and fsync'd.
    while wanted not in buf[mark:]:
        pump(0.05)
    lat.append((time.monotonic() - t0) * 1000)
os.write(fd, b"q")
end = time.monotonic() + 10
while time.monotonic() < end:
    try:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r and not os.read(fd, 65536): break
    except OSError: break
os.waitpid(pid, 0)
lat.sort()
print("start to first trial loggable: %.0f ms" % (ready * 1000))
print("keypress to fsync'd line, shown, over %d trials: p50 %.1f ms, p99 %.1f ms, max %.1f ms" % (n, lat[len(lat)//2], lat[int(len(lat)*0.99)-1], lat[-1]))
