#!/usr/bin/env python3
# The phone page's latency on loopback: `afterflow serve` started on a copy of a vault, a session
# started through its API, then N trials sent one at a time over one keep-alive connection, as the
# page sends them; for each, the time from the request's first byte to the acknowledgement, which
# the server sends only once the line is appended and fsync'd. Also the page's weight.
#
#   Benchmarks/serve-trial.py VAULT N AFTERFLOW_BINARY      (VAULT is changed: use a copy)
import http.client, json, os, re, subprocess, sys, tempfile, time
vault = sys.argv[1]; n = int(sys.argv[2]); binary = sys.argv[3]
out = tempfile.NamedTemporaryFile(delete=False)
t_start = time.monotonic()
server = subprocess.Popen([binary, "serve", "--vault", vault, "--port", "0"], stdout=out, stderr=subprocess.STDOUT)
while True:
    m = re.search(r"Open: http://127\.0\.0\.1:(\d+)/\?token=(\w+)", open(out.name).read())
    if m: break
    time.sleep(0.01)
ready = time.monotonic() - t_start
port, token = int(m.group(1)), m.group(2)
conn = http.client.HTTPConnection("127.0.0.1", port)
conn.connect()
# One segment a request, as a browser sends it (else Nagle's algorithm holds the body back
# for the server's delayed acknowledgement of the headers: 40 ms of the client's own).
import socket
conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
def call(method, path, body=None):
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    r = conn.getresponse(); data = r.read()
    assert r.status == 200, (r.status, data)
    return data
page = call("GET", "/")
session = json.loads(call("POST", "/api/sessions", {"client": "maya-t"}))["path"]
lat = []
for i in range(n):
    body = {"session": session, "id": "bench-%08d" % i, "time": int(time.time() * 1000), "goal": "s-initial" if i % 2 else "two-step", "success": i % 3 != 0}
    t0 = time.monotonic()
    call("POST", "/api/trial", body)
    lat.append((time.monotonic() - t0) * 1000)
lines = sum(1 for line in open(os.path.join(vault, session)) if re.match(r"^- \d\d:\d\d:\d\d ", line))
assert lines == n, (lines, n)
server.terminate(); server.wait()
os.unlink(out.name)
lat.sort()
print("start to address printed: %.0f ms" % (ready * 1000))
print("page weight: %d bytes (%.1f KB), one request, nothing else loaded" % (len(page), len(page) / 1024))
print("HTTP request to acknowledged (fsync'd) trial over %d trials: p50 %.1f ms, p99 %.1f ms, max %.1f ms" % (n, lat[len(lat)//2], lat[int(len(lat)*0.99)-1], lat[-1]))
