"""The wrong-token back-off of `afterflow serve` holds nothing up. Forty requests with a wrong
token from one address are sent at once, each on its own connection: the first few are answered,
the rest wait their turn (up to 3 s each, one after another: over a minute in all). Then:

- `shutdown`: SIGINT (Ctrl-C) to the server; it must exit within a few seconds, not after the queue;
- `disconnect`: the clients close their connections; each wait must end with its client, the
  server's connections closed within a few seconds.

Usage: serve_backoff.py AFTERFLOW VAULT shutdown|disconnect  (exit 0 when every check holds)."""
import os
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

BINARY, VAULT, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
COUNT, PROMPT = 40, 10.0


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)
    print("ok:", message)


def sockets(pid):
    """How many sockets the server has open (its listening one included)."""
    count = 0
    for fd in os.listdir("/proc/%d/fd" % pid):
        try:
            if os.readlink("/proc/%d/fd/%s" % (pid, fd)).startswith("socket:"):
                count += 1
        except OSError:
            pass
    return count


out = tempfile.NamedTemporaryFile(prefix="serve-", suffix=".out", delete=False)
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}
server = subprocess.Popen([BINARY, "serve", "--vault", VAULT, "--port", "0"], stdout=out, stderr=subprocess.STDOUT, env=env)
deadline = time.time() + 60
while True:
    text = open(out.name, encoding="utf-8").read()
    found = re.search(r"^Open: http://127\.0\.0\.1:(\d+)/", text, re.M)
    if found and "The token is new at each start" in text:
        port = int(found.group(1))
        break
    if server.poll() is not None or time.time() > deadline:
        check(False, "afterflow serve printed its address:\n" + text)
    time.sleep(0.05)
baseline = sockets(server.pid)

# Forty wrong tokens at once from one address, each on its own connection.
request = b"GET /api/clients HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + b"0" * 32 + b"\r\n\r\n"
clients = []
for _ in range(COUNT):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.77", 0))
    s.connect(("127.0.0.1", port))
    s.sendall(request)
    clients.append(s)
# The first five are answered at once (401); the others wait in the queue.
answered = set()
deadline = time.time() + 30
while len(answered) < 5 and time.time() < deadline:
    ready, _, _ = select.select([s for s in clients if s not in answered], [], [], 1)
    for s in ready:
        if s.recv(4096).startswith(b"HTTP/1.1 401"):
            answered.add(s)
check(len(answered) == 5, "the first 5 wrong tokens answered at once with 401, the other %d waiting" % (COUNT - 5))
deadline = time.time() + 30
while sockets(server.pid) < baseline + COUNT and time.time() < deadline:
    time.sleep(0.05)
check(sockets(server.pid) >= baseline + COUNT, "the server holds the %d connections (%d)" % (COUNT, sockets(server.pid) - baseline))

if MODE == "shutdown":
    start = time.time()
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=120)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    took = time.time() - start
    check(took < PROMPT, "SIGINT with %d back-offs queued: the server exited in %.1f s (under %.0f s)" % (COUNT - 5, took, PROMPT))
    check(server.returncode == 0, "and cleanly (exit %s)" % server.returncode)
else:
    for s in clients:
        s.close()
    start = time.time()
    while sockets(server.pid) > baseline and time.time() - start < 30:
        time.sleep(0.05)
    took = time.time() - start
    left = sockets(server.pid) - baseline
    check(left <= 0 and took < PROMPT, "the clients gone: every waiting back-off ended, the server's connections closed in %.1f s (%d still open)" % (took, max(left, 0)))
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=30)
os.unlink(out.name)
print("all checks passed")
