#!/usr/bin/env python3
# The journal page's latency on loopback: `afterflow serve --journal` started on a copy of a vault,
# then N check-ins sent one at a time over one keep-alive connection, as the page sends them; for
# each, the time from the request's first byte to the answer, which the server sends only once the
# check-in's file and the ledger's two lines are on disk (fsync'd). Also the page's weight.
#
#   Benchmarks/serve-journal.py VAULT N AFTERFLOW_BINARY      (VAULT is changed: use a copy)
import http.client, json, os, re, socket, subprocess, sys, tempfile, time
vault = sys.argv[1]; n = int(sys.argv[2]); binary = sys.argv[3]
out = tempfile.NamedTemporaryFile(delete=False)
server = subprocess.Popen([binary, "serve", "--journal", "--vault", vault, "--port", "0"], stdout=out, stderr=subprocess.STDOUT)
while True:
    m = re.search(r"Open: http://127\.0\.0\.1:(\d+)/journal\?token=(\w+)", open(out.name).read())
    if m: break
    time.sleep(0.01)
port, token = int(m.group(1)), m.group(2)
conn = http.client.HTTPConnection("127.0.0.1", port)
conn.connect()
conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
def call(method, path, body=None):
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    r = conn.getresponse(); data = r.read()
    assert r.status == 200, (r.status, data)
    return data
page = call("GET", "/journal")
before = sum(len(f) for _, _, f in os.walk(os.path.join(vault, "moods")))
lat = []
for i in range(n):
    # A minute apart in the past, so that each has a file name of its own without -2, -3 ….
    body = {"id": "bench-%08d" % i, "time": int((time.time() - 60 * (n - i)) * 1000), "score": 1 + i % 10, "notes": "Bench %d." % i}
    t0 = time.monotonic()
    call("POST", "/api/journal/mood", body)
    lat.append((time.monotonic() - t0) * 1000)
after = sum(len(f) for _, _, f in os.walk(os.path.join(vault, "moods")))
assert after - before == n, (after - before, n)
server.terminate(); server.wait()
os.unlink(out.name)
lat.sort()
print("page weight: %d bytes (%.1f KB), one request" % (len(page), len(page) / 1024))
print("HTTP request to saved (fsync'd) check-in over %d: p50 %.1f ms, p99 %.1f ms, max %.1f ms" % (n, lat[len(lat)//2], lat[int(len(lat)*0.99)-1], lat[-1]))
