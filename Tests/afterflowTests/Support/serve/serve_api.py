"""The phone page's API, driven over HTTP with the standard library: the token, the page's
headers, a session started, trials written once (sent again: acknowledged, not written again),
a cue changed, an undo, the end. The session file is read back after each step.

With the afterflow binary as a fourth argument, also: another front end (`afterflow trial`)
logging into the same session at once, trial for trial; the vault's lock keeps every one.

Usage: serve_api.py BASE TOKEN VAULT [AFTERFLOW]  (exit 0 when every check holds)."""
import datetime
import http.client
import json
import os
import re
import stat
import sys
import time
import urllib.parse
from zoneinfo import ZoneInfo

BASE, TOKEN, VAULT = sys.argv[1], sys.argv[2], sys.argv[3]
BINARY = sys.argv[4] if len(sys.argv) > 4 else None
HOST = urllib.parse.urlsplit(BASE)
ZONE = re.search(r"^time_zone: (\S+)", open(os.path.join(VAULT, ".afterflow", "config.yml")).read(), re.M).group(1)
TRIAL = re.compile(r"^- (\d\d:\d\d:\d\d) (\S+) ([+-]) (\S+)(?:  (.*))?$")


def request(method, path, body=None, token=TOKEN, raw=None, headers=None):
    conn = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=30)
    h = dict(headers or {})
    if token is not None:
        h["Authorization"] = "Bearer " + token
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    if data is not None:
        h.setdefault("Content-Type", "application/json")
    conn.request(method, path, body=data, headers=h)
    r = conn.getresponse()
    payload = r.read()
    conn.close()
    return r.status, dict((k.lower(), v) for k, v in r.getheaders()), payload


def api(method, path, body=None, **kw):
    status, headers, payload = request(method, path, body, **kw)
    return status, json.loads(payload)


def trials(path):
    with open(os.path.join(VAULT, path), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Trials", 1)[1] if "## Trials" in text else ""
    return [TRIAL.match(line).groups()[:4] for line in section.splitlines() if TRIAL.match(line)]


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)
    print("ok:", message)


# The token.
status, _, _ = request("GET", "/", token=None)
check(status == 401, "the page without the token: 401")
status, _, _ = request("GET", "/?token=" + "0" * 32, token=None)
check(status == 401, "the page with a wrong token: 401")
status, _, _ = request("GET", "/api/clients", token=TOKEN[:-1] + ("0" if TOKEN[-1] != "0" else "1"))
check(status == 401, "the API with a token one character off: 401")
check(len(TOKEN) >= 32 and re.fullmatch(r"[0-9a-f]+", TOKEN), "the token is 128 bits or more of hex")

# The page and its headers.
status, headers, page = request("GET", "/?token=" + TOKEN, token=None)
check(status == 200 and headers["content-type"].startswith("text/html"), "the page with the token: 200, HTML")
csp = headers.get("content-security-policy", "")
directives = dict((d.strip().split(" ", 1) + [""])[:2] for d in csp.split(";") if d.strip())
check(directives.get("default-src") == "'none'", "CSP: default-src 'none'")
check(directives.get("connect-src") == "'self'", "CSP: connect-src 'self'")
nonce = re.fullmatch(r"'nonce-([A-Za-z0-9+/=]+)'", directives.get("script-src", ""))
check(nonce is not None, "CSP: scripts by nonce only")
check(directives.get("style-src") == directives.get("script-src"), "CSP: styles by the same nonce only")
html = page.decode()
check(html.count('nonce="%s"' % nonce.group(1)) == 2, "the page's one style and one script carry the nonce")
check(not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=\"(?!data:)", html), "the page names no outside file")
check(len(page) < 60 * 1024, "the page is under 60 KB (%d bytes)" % len(page))
status, headers2, page2 = request("GET", "/?token=" + TOKEN, token=None)
check(headers2["content-security-policy"] != csp, "a new nonce for each load")
check(headers.get("cache-control") == "no-store", "nothing cached")

# The clients: badges only.
status, data = api("GET", "/api/clients")
check(status == 200, "clients: 200")
maya = [c for c in data["clients"] if c["short"] == "maya-t"]
check(len(maya) == 1 and maya[0]["badge"] == "Maya T.", "Maya T. is listed by badge")
check("Thompson" not in json.dumps(data), "no full name is sent")
goals = {g["short"]: g for g in maya[0]["goals"]}
check(goals["s-initial"]["cue"] == "independent" and goals["two-step"]["cue"] == "minimal", "each goal with its default cue")

# A session.
status, session = api("POST", "/api/sessions", {"client": "maya-t"})
check(status == 200 and session["path"].startswith("clients/maya-t/sessions/"), "a session started: " + session.get("path", ""))
path = session["path"]
with open(os.path.join(VAULT, path), encoding="utf-8") as f:
    front = f.read()
check("recorded_on: phone" in front, "the session says it was recorded on the phone")
check(trials(path) == [], "no trials yet")

now = int(time.time() * 1000) - 2000
clock = datetime.datetime.fromtimestamp(now / 1000, ZoneInfo(ZONE)).strftime("%H:%M:%S")
status, ack = api("POST", "/api/trial", {"session": path, "id": "trial-a-0001", "time": now, "goal": "s-initial", "success": True})
check(status == 200 and ack["ok"] and not ack["duplicate"], "a trial: acknowledged")
rows = trials(path)
check(len(rows) == 1 and rows[0][1:] == ("s-initial", "+", "independent"), "on disk with the goal's default cue: %s" % rows)
check(rows[0][0] == clock, "at the time the page gave, in the vault's time zone (%s)" % clock)
check(ack["session"]["counts"]["s-initial"] == [1, 1], "the answer counts it")

status, ack = api("POST", "/api/trial", {"session": path, "id": "trial-a-0001", "time": now, "goal": "s-initial", "success": True})
check(status == 200 and ack["duplicate"], "the same trial sent again: acknowledged as a duplicate")
check(len(trials(path)) == 1, "and not written twice")

status, ack = api("POST", "/api/cue", {"session": path, "id": "trial-a-0001", "cue": "minimal"})
check(status == 200, "its cue chosen")
check([r[1:] for r in trials(path)] == [("s-initial", "+", "minimal")], "the line rewritten in place")

status, ack = api("POST", "/api/trial", {"session": path, "id": "trial-b-0002", "time": now + 1000, "goal": "two-step", "success": False})
check(status == 200 and [r[1:] for r in trials(path)][-1] == ("two-step", "-", "minimal"), "a failure on two-step, its default cue minimal")
status, ack = api("POST", "/api/undo", {"session": path, "id": "trial-b-0002"})
check(status == 200 and len(trials(path)) == 1, "undo removes it")
status, ack = api("POST", "/api/undo", {"session": path, "id": "trial-b-0002"})
check(status == 200 and len(trials(path)) == 1, "undo sent again: nothing more removed")
status, ack = api("POST", "/api/trial", {"session": path, "id": "trial-b-0002", "time": now + 1000, "goal": "two-step", "success": False})
check(status == 200 and ack["duplicate"] and len(trials(path)) == 1, "the undone trial sent again late: not written back")

# Ids are kept in the vault's state folder, owner only.
folder = os.path.join(VAULT, ".afterflow", "serve")
check(stat.S_IMODE(os.stat(folder).st_mode) == 0o700, "the ids' folder is private (0700)")
for name in os.listdir(folder):
    check(stat.S_IMODE(os.stat(os.path.join(folder, name)).st_mode) == 0o600, "the ids' file %s is private (0600)" % name)

if BINARY:
    import subprocess
    import threading
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), "NO_COLOR": "1", "TZ": "UTC"}

    def cli(*args):
        return subprocess.run([BINARY, *args, "--vault", VAULT], capture_output=True, text=True, env=env)

    r = cli("trial", path, "two-step", "success")
    check(r.returncode == 0, "afterflow trial logs into the page's session: " + r.stderr)
    status, ack = api("POST", "/api/trial", {"session": path, "id": "trial-c-0003", "time": int(time.time() * 1000), "goal": "s-initial", "success": False})
    check(status == 200 and len(trials(path)) == 3, "then the page again: three trials")
    status, ack = api("POST", "/api/cue", {"session": path, "id": "trial-a-0001", "cue": "maximal"})
    rows = [r[1:] for r in trials(path)]
    check(status == 200 and rows == [("s-initial", "+", "maximal"), ("two-step", "+", "minimal"), ("s-initial", "-", "independent")],
          "the page changes its own first trial's cue, in place, the others kept: %s" % rows)
    # Both at once: 20 trials through the API from threads, 20 by afterflow trial in parallel.
    failures = []

    def page_trial(i):
        status, _ = api("POST", "/api/trial", {"session": path, "id": "together-%04d" % i, "time": int(time.time() * 1000), "goal": "s-initial", "success": True})
        if status != 200:
            failures.append(("page", i, status))

    threads = [threading.Thread(target=page_trial, args=(i,)) for i in range(20)]
    procs = [subprocess.Popen([BINARY, "trial", path, "two-step", "failure", "--vault", VAULT], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for p in procs:
        if p.wait() != 0:
            failures.append(("cli", p.stderr.read()))
    check(not failures, "all 40 written at once: %s" % failures)
    rows = trials(path)
    check(sum(1 for r in rows if r[1:] == ("s-initial", "+", "independent")) == 20 and sum(1 for r in rows if r[1:] == ("two-step", "-", "minimal")) == 20,
          "the file holds every one of the 40 (%d trials)" % len(rows))
    r = cli("check")
    check(r.returncode == 0, "afterflow check finds the file well-formed: " + r.stdout + r.stderr)

# The end: the summary.
status, done = api("POST", "/api/end", {"session": path})
expected = 43 if BINARY else 1
check(status == 200 and done["summary"]["total"] == expected, "end: the summary counts %d trials" % expected)
with open(os.path.join(VAULT, path), encoding="utf-8") as f:
    check(re.search(r"^end: \S+", f.read(), re.M), "the session has its end")
print("all checks passed")
