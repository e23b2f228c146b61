"""One trial sent again under other spellings of its session's path (`./clients/…`,
`clients//…`, `clients/…/./…`): written once, the repeats acknowledged as duplicates.

Usage: serve_spelling.py BASE TOKEN VAULT  (exit 0 when every check holds)."""
import http.client
import json
import os
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


def post(path, body):
    conn = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=30)
    conn.request("POST", path, body=json.dumps(body), headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"})
    r = conn.getresponse()
    payload = json.loads(r.read())
    conn.close()
    return r.status, payload


status, started = post("/api/sessions", {"client": "maya-t"})
check(status == 200, "a session started: %s" % started.get("path"))
session = started["path"]
trial = {"id": "spelled-trial-01", "time": int(time.time() * 1000) - 1000, "goal": "s-initial", "success": True}
spellings = [session, "./" + session, session.replace("/", "//", 1), session.replace("/sessions/", "/./sessions/")]
answers = [post("/api/trial", dict(trial, session=spelled)) for spelled in spellings]
with open(os.path.join(VAULT, session), encoding="utf-8") as f:
    lines = [line for line in f.read().split("## Trials", 1)[1].splitlines() if line.startswith("- ")]
check(len(lines) == 1, "one trial line for one trial sent under %d spellings: %s" % (len(spellings), lines))
for spelled, (status, payload) in zip(spellings, answers):
    check(status == 200 and payload["duplicate"] == (spelled != session),
          "%s: acknowledged%s (%d %s)" % (spelled, "" if spelled == session else " as a duplicate", status, payload.get("error", "")))
print("all checks passed")
