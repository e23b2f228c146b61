"""The phone page's behaviour events over HTTP (POST /api/event), driven with the standard library
on a session of Sam R. (ExampleVault: hitting, a count; tantrum, a duration; on-task, intervals;
incidents, ABC): each event written once as `afterflow record` writes it; refusals with a message
and nothing written; an event whose ledger line was written but not its session line (the server
stopped between the two) written once when sent again; undo of an event; no cue change on one.

Usage: serve_events.py BASE TOKEN VAULT  (exit 0 when every check holds)."""
import datetime
import http.client
import json
import os
import re
import sys
import time
import urllib.parse
from zoneinfo import ZoneInfo

BASE, TOKEN, VAULT = sys.argv[1], sys.argv[2], sys.argv[3]
HOST = urllib.parse.urlsplit(BASE)
ZONE = ZoneInfo(re.search(r"^time_zone: (\S+)", open(os.path.join(VAULT, ".afterflow", "config.yml")).read(), re.M).group(1))


def api(method, path, body=None, raw=None):
    conn = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=30)
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    conn.request(method, path, body=data, headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"})
    r = conn.getresponse()
    payload = json.loads(r.read())
    conn.close()
    return r.status, payload


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)
    print("ok:", message)


def lines(path):
    with open(os.path.join(VAULT, path), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Trials", 1)[1] if "## Trials" in text else ""
    return [line for line in section.splitlines() if line.startswith("- ")]


def hms(ms):
    return datetime.datetime.fromtimestamp(ms / 1000, ZONE).strftime("%H:%M:%S")


counter = [0]


def event(goal, words, ms=None, ident=None, cue=None):
    counter[0] += 1
    body = {"session": path, "id": ident or "event-%04d-test" % counter[0], "time": ms or int(time.time() * 1000), "goal": goal, "words": words}
    if cue:
        body["cue"] = cue
    return body, api("POST", "/api/event", body)


status, state = api("POST", "/api/sessions", {"client": "sam-r"})
check(status == 200, "a session of Sam R. started" + ("" if status == 200 else ": %s" % state))
path = state["path"]
check(state["goals"] == [], "no trial goals: Sam R. has none")
kinds = {b["short"]: b["measure"] for b in state["behaviours"]}
check(kinds == {"hitting": "count", "tantrum": "duration", "on-task": "interval", "incidents": "abc"}, "his four behaviour goals with their measures: %s" % kinds)
check("demand" in state["abc"]["antecedents"] and "escape" in state["abc"]["consequences"], "the vault's ABC lists")

# Written once each, as record writes them.
now = int(time.time() * 1000)
sent, (status, answer) = event("hitting", [], now)
check(status == 200 and answer["duplicate"] is False, "a count: 200")
check(lines(path) == ["- %s hitting count" % hms(now)], "the line is record's: %s" % lines(path))
status, again = api("POST", "/api/event", sent)
check(status == 200 and again["duplicate"] is True and len(lines(path)) == 1, "the same id again: a duplicate, not written twice")
hitting = next(b for b in answer["session"]["behaviours"] if b["short"] == "hitting")
check(hitting["events"] == 1, "the answer says where the goal stands: 1 count")
_, (status, answer) = event("tantrum", ["start"], now)
tantrum = next(b for b in answer["session"]["behaviours"] if b["short"] == "tantrum")
check(status == 200 and tantrum["open"] == now // 1000 * 1000, "a start: the duration open since its second (%s)" % tantrum["open"])
_, (status, answer) = event("incidents", ["demand", "hitting", "escape"], now)
check(status == 200 and lines(path)[-1] == "- %s incidents abc demand hitting escape" % hms(now), "an incident")

# Refused with a message, nothing written.
before = lines(path)
for goal, words, expected, code in [
    ("hitting", ["x"], "how many, from 1 to 500", 422),
    ("tantrum", ["start"], "is already running", 422),
    ("incidents", ["noise", "hitting", "escape"], "not one of the vault's antecedents", 422),
    ("on-task", ["+", "-"], "one event at a time", 422),
    ("s-initial", [], "has no goal s-initial", 422),
]:
    _, (status, answer) = event(goal, words)
    check(status == code and expected in answer.get("error", "") and "nothing was written" in answer["error"], "%s %s refused: %s" % (goal, words, answer.get("error")))
_, (status, answer) = event("hitting", [], int(time.time() * 1000) + 3_600_000)
check(status == 422 and "in the future" in answer["error"], "a time an hour ahead refused: %s" % answer["error"])
status, answer = api("POST", "/api/event", raw=json.dumps({"session": path, "id": "event-words-bad", "time": now, "goal": "hitting", "words": "count"}).encode())
check(status == 400 and "list of strings" in answer["error"], "words that are no list: %s" % answer["error"])
check(lines(path) == before, "none of them wrote a line")

# The server stopped between the ledger's line and the session's: sent again, written once.
ledger = os.path.join(VAULT, ".afterflow", "serve", re.sub(r"[^0-9A-Za-z-]", "_", path) + ".ids")
lost = "- %s hitting count" % hms(now)
with open(ledger, "a", encoding="utf-8") as f:
    f.write("event-lost-0001 + %s\n" % lost)
_, (status, answer) = event("hitting", [], now, ident="event-lost-0001")
check(status == 200 and answer["duplicate"] is True, "the lost event's id: acknowledged as sent before")
check(lines(path).count(lost) == 2, "and its line written now: two counts at %s" % hms(now))
event("hitting", [], now, ident="event-lost-0001")
check(lines(path).count(lost) == 2, "sent a third time: still two")

# Undo an event; no cue change on one.
_, (status, answer) = event("hitting", [], now, ident="event-undo-0001")
check(lines(path).count(lost) == 3, "a third count")
status, answer = api("POST", "/api/cue", {"session": path, "id": "event-undo-0001", "cue": "minimal"})
check(status == 409 and "not a trial" in answer["error"], "a cue change on an event refused: %s" % answer.get("error"))
status, answer = api("POST", "/api/undo", {"session": path, "id": "event-undo-0001"})
check(status == 200 and lines(path).count(lost) == 2, "undo removes it")
status, answer = api("POST", "/api/undo", {"session": path, "id": "event-undo-0001"})
check(status == 200 and lines(path).count(lost) == 2, "undo again: nothing more removed")
print("all checks passed")
