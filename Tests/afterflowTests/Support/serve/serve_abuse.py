"""Bad requests to `afterflow serve`: a few hundred malformed, oversized, unauthenticated or
misdirected ones. Each gets a 4xx answer with a JSON message, nothing in the vault changes, and
the server keeps answering. Failed tokens are slowed down per address; the server on 127.0.0.1 is
not reachable on another address.

Usage: serve_abuse.py BASE TOKEN VAULT  (exit 0 when every check holds)."""
import hashlib
import http.client
import json
import os
import random
import socket
import sys
import time
import urllib.parse

BASE, TOKEN, VAULT = sys.argv[1], sys.argv[2], sys.argv[3]
HOST = urllib.parse.urlsplit(BASE)


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)
    print("ok:", message)


def request(method, path, data=None, token=TOKEN, source=None, headers=None):
    conn = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=30, source_address=(source, 0) if source else None)
    h = dict(headers or {})
    if token is not None:
        h["Authorization"] = "Bearer " + token
    if isinstance(data, str):
        data = data.encode()
    conn.request(method, path, body=data, headers=h)
    r = conn.getresponse()
    payload = r.read()
    conn.close()
    return r.status, payload


def snapshot():
    out = {}
    for root, dirs, files in os.walk(VAULT):
        for name in files:
            if name.startswith("index.sqlite") or name == "lock":
                continue
            p = os.path.join(root, name)
            with open(p, "rb") as f:
                out[os.path.relpath(p, VAULT)] = hashlib.sha256(f.read()).hexdigest()
    return out


status, payload = request("POST", "/api/sessions", json.dumps({"client": "maya-t"}))
check(status == 200, "a session to send bad trials to")
session = json.loads(payload)["path"]
now = int(time.time() * 1000)
good = {"session": session, "id": "good-trial-001", "time": now - 1000, "goal": "s-initial", "success": True}
status, payload = request("POST", "/api/trial", json.dumps(good))
check(status == 200, "one good trial")
before = snapshot()

random.seed(12)
bad = []
# Not JSON, or not an object.
for body in ["", "{", "}", "nul", "[]", "\"trial\"", "42", "true", "{\"session\": }", "{'session': 'x'}", "\x00\xff\xfe", "{\"a\":1}{"]:
    bad.append(("POST", "/api/trial", body, 400))
# Fields missing or of the wrong type.
for key in ["session", "id", "time", "goal", "success"]:
    b = dict(good, id="missing-%s-01" % key)
    del b[key]
    bad.append(("POST", "/api/trial", json.dumps(b), 400))
for key, value in [("success", "yes"), ("success", 1), ("success", None), ("time", "now"), ("time", None), ("time", True),
                   ("goal", 5), ("goal", None), ("id", 12345678), ("session", ["x"]), ("cue", 3), ("cue", {"a": 1})]:
    b = dict(good, id="wrong-type-%s" % key)
    b[key] = value
    bad.append(("POST", "/api/trial", json.dumps(b), 400))
# Ids that are not ids.
for trial_id in ["short", "has space in it", "x" * 65, "semi;colon-123", "unicode-ïd-1234", "../../../etc"]:
    bad.append(("POST", "/api/trial", json.dumps(dict(good, id=trial_id)), 400))
# Unknown goal, cue, client, session; paths outside.
bad.append(("POST", "/api/trial", json.dumps(dict(good, id="unknown-goal-1", goal="no-such-goal")), 422))
bad.append(("POST", "/api/trial", json.dumps(dict(good, id="unknown-cue-01", cue="telepathic")), 422))
bad.append(("POST", "/api/sessions", json.dumps({"client": "nobody-x"}), 404))
for path in ["clients/maya-t/sessions/2025/1999-01-01-0000.md", "../../../etc/passwd", "/etc/passwd", "clients/maya-t/client.md",
             "clients/maya-t/goals/s-initial.md", ".afterflow/config.yml", "clients/maya-t/sessions/2025/2025-01-14-1500.md\u0000x"]:
    bad.append(("POST", "/api/trial", json.dumps(dict(good, id="bad-path-0001", session=path)), 404))
# Times in the future, on another day, or nonsense.
for offset in [3600e3, 86400e3, 30e3, -2 * 86400e3, -400 * 86400e3]:
    bad.append(("POST", "/api/trial", json.dumps(dict(good, id="bad-time-%d" % abs(int(offset)), time=now + offset)), 422))
for t in [0, -5, 1e300]:
    bad.append(("POST", "/api/trial", json.dumps(dict(good, id="silly-time-001", time=t)), 400))
# Cue changes and undos of trials the server never saw.
bad.append(("POST", "/api/cue", json.dumps({"session": session, "id": "never-seen-001", "cue": "minimal"}), 404))
bad.append(("POST", "/api/cue", json.dumps({"session": session, "id": "good-trial-001", "cue": "telepathic"}), 422))
bad.append(("POST", "/api/undo", json.dumps({"session": session, "id": "never-seen-002"}), 404))
# Too large.
for size in [64 * 1024 + 1, 200 * 1024, 2 * 1024 * 1024]:
    bad.append(("POST", "/api/trial", json.dumps(dict(good, id="too-large-0001", note="x" * size)), 413))
# Wrong methods and places.
for method, path in [("GET", "/api/trial"), ("PUT", "/api/trial"), ("DELETE", "/api/end"), ("POST", "/"), ("GET", "/api/nothing"),
                     ("GET", "/../../etc/passwd"), ("GET", "/api/session?path=../x")]:
    bad.append((method, path, None, None))
# Random mutations of a good body, until a few hundred.
keys = list(good)
while len(bad) < 300:
    b = dict(good, id="fuzz-%06d" % len(bad))
    k = random.choice(keys)
    choice = random.randrange(5)
    if choice == 0:
        del b[k]
    elif choice == 1:
        b[k] = random.choice([None, [], {}, -1, 1.5, "", "x" * 2000, True])
    elif choice == 2:
        b["goal"] = "".join(random.choice("abcxyz-_/.") for _ in range(random.randrange(1, 30)))
    elif choice == 3:
        b["time"] = now + random.randrange(10 * 60 * 1000, 10 ** 11) if random.randrange(2) else now - random.randrange(2 * 86400 * 1000, 10 ** 11)
    else:
        text = json.dumps(b)
        cut = random.randrange(1, len(text) - 1)
        bad.append(("POST", "/api/trial", text[:cut], 400))
        continue
    if b == dict(good, id=b.get("id")) or (k == "success" and isinstance(b.get(k), bool)):
        continue
    bad.append(("POST", "/api/trial", json.dumps(b), None))

refused = 0
for method, path, body, expected in bad:
    status, payload = request(method, path, body)
    ok = 400 <= status < 500 and (expected is None or status == expected)
    try:
        message = json.loads(payload).get("error", "")
    except ValueError:
        message = ""
    if not ok or not message:
        check(False, "%s %s %r: expected %s with a message, got %d %r" % (method, path, (body or "")[:80], expected or "4xx", status, payload[:200]))
    refused += 1
check(refused >= 300, "%d malformed, misdirected or oversized requests: each refused with a 4xx and a message" % refused)
check(snapshot() == before, "nothing in the vault changed")

# Without the token: refused, from many addresses (127.0.0.0/8 is all this machine).
for i in range(200):
    source = "127.0.0.%d" % (10 + i // 4)
    status, payload = request("GET", "/api/clients" if i % 2 else "/", token=None if i % 3 else "f" * 32, source=source)
    check(status == 401, "unauthenticated request %d refused" % i) if i % 50 == 0 else None
    if status != 401:
        check(False, "unauthenticated request %d from %s: %d" % (i, source, status))
check(snapshot() == before, "200 requests without the token: all refused, nothing changed")

# One address that keeps failing is slowed down.
times = []
for i in range(10):
    start = time.time()
    request("GET", "/api/clients", token="0" * 32, source="127.0.0.250")
    times.append(time.time() - start)
check(max(times[:5]) < 0.5, "the first failures are answered at once (%s)" % ["%.2f" % t for t in times[:5]])
check(times[9] >= 1.0 and times[9] > times[6], "then each waits longer (%s)" % ["%.2f" % t for t in times[5:]])
start = time.time()
status, _ = request("GET", "/api/clients", source="127.0.0.250")
check(status == 200 and time.time() - start < 0.5, "the right token from that address is answered at once")

# Still serving.
status, payload = request("POST", "/api/trial", json.dumps(dict(good, id="after-the-storm", time=int(time.time() * 1000))))
check(status == 200 and not json.loads(payload)["duplicate"], "the server still writes a good trial")

# Not reachable on another address.
others = ["127.0.0.2"]
try:
    import subprocess
    listing = subprocess.run(["ip", "-4", "-o", "addr", "show"], capture_output=True, text=True).stdout
    others += [line.split()[3].split("/")[0] for line in listing.splitlines() if " inet " in line and not line.split()[3].startswith("127.")]
except OSError:
    pass
for address in others:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(3)
    try:
        s.connect((address, HOST.port))
        check(False, "the server answered on %s" % address)
    except (ConnectionRefusedError, socket.timeout, OSError):
        check(True, "not reachable on %s" % address)
    finally:
        s.close()
print("all checks passed")
