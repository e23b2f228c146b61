"""The journal's API (`afterflow serve --journal`) over HTTP, with Python's standard library:
refusals that write nothing, a session deleted meanwhile, a draft, a section that is not
replaced, and an entry cut short between the ledger's two lines (saved once, not twice).

Usage: journal_api.py BASE TOKEN VAULT AFTERFLOW  (exit 0 when every check holds)."""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

BASE, TOKEN, VAULT, BINARY = sys.argv[1:5]
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(VAULT, "..", "home"), "NO_COLOR": "1", "TZ": "UTC"}


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        sys.exit(1)
    print("ok:", message)


def call(method, path, body=None):
    request = urllib.request.Request(BASE + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def snapshot():
    found = {}
    for root, dirs, names in os.walk(VAULT):
        dirs[:] = [d for d in dirs if d != ".git"]
        for n in names:
            path = os.path.join(root, n)
            if n.endswith(".md"):
                found[os.path.relpath(path, VAULT)] = open(path, "rb").read()
    return found


# A vault's own instrument (instruments/*.md): three items 1-5, item 2 reversed, two bands.
CALM = """---
type: instrument
id: calm3
title: Calm-3
measures: calm after a session
citation: "Our own, 2025"
licence: CC0-1.0
scale: 1-5
anchors: [not at all, completely]
score: sum
reverse: [2]
---

## Items

1. I feel calm
2. I feel tense
3.

## Bands

- low: 3-8
- high: 9-15
"""
os.makedirs(os.path.join(VAULT, "instruments"), exist_ok=True)
with open(os.path.join(VAULT, "instruments", "calm3.md"), "w") as f:
    f.write(CALM)

now = int(time.time() * 1000)
before = snapshot()
refusals = [
    ("/api/journal/mood", {"id": "bad-score-0001", "time": now, "score": 11}, 422, "from 1 to 10"),
    ("/api/journal/mood", {"id": "bad-label-0001", "time": now, "score": 5, "labels": ["calmm"]}, 422, "calm"),
    ("/api/journal/mood", {"id": "future-0001", "time": now + 3600 * 1000, "score": 5}, 422, "check the phone's clock"),
    ("/api/journal/mood", {"id": "short", "time": now, "score": 5}, 400, "8 to 64"),
    ("/api/journal/mood", {"id": "no-score-0001", "time": now}, 400, "\"score\""),
    ("/api/journal/reflect", {"id": "empty-0001", "time": now, "session": "29F8F0B2-69AA-439D-B61D-2A8079CCB844", "text": "   "}, 422, "empty"),
    ("/api/journal/reflect", {"id": "not-uuid-0001", "time": now, "session": "2025-09-20", "text": "Hi"}, 400, "UUID"),
    ("/api/journal/sessions", {"id": "bad-treat-0001", "time": now, "treatment": "coffee"}, 422, "no treatment coffee"),
    ("/api/journal/assess", {"id": "bad-count-0001", "time": now, "instrument": "gad7", "answers": [1, 1]}, 422, "7 answers"),
    ("/api/journal/assess", {"id": "bad-inst-0001", "time": now, "instrument": "bdi", "answers": [1]}, 422, "phq9, gad7, meq30, ceq, edi, ebi, calm3"),
    ("/api/journal/assess", {"id": "bad-scale-0001", "time": now, "instrument": "meq30", "answers": [5] * 29 + [6]}, 422, "item 30 of MEQ-30 must be a whole number from 0-5, found 6"),
    ("/api/journal/assess", {"id": "bad-edi-0001", "time": now, "instrument": "edi", "answers": [50] * 7}, 422, "EDI needs 8 answers (0-100)"),
    ("/api/journal/assess", {"id": "bad-link-0001", "time": now, "instrument": "calm3", "answers": [1, 1, 1], "session": "0A0B0C0D-1111-4222-8333-444455556666"}, 410, "no longer in the journal"),
    ("/api/journal/session", {"id": "bad-key-0001", "session": "29F8F0B2-69AA-439D-B61D-2A8079CCB844", "environment": "x"}, 409, "already has"),
]
for path, body, status, words in refusals:
    got, answer = call("POST", path, body)
    check(got == status and words in answer.get("error", ""), "%s %s: %d, %r (%d %s)" % (path, body["id"], status, words, got, answer))
check(snapshot() == before, "none of them wrote anything")

# The vault's own instrument, listed after the built-ins and answered on its scale: 4, 2, 5 with
# item 2 reversed (1 + 5 - 2 = 4) adds to 4 + 4 + 5 = 13 of 15, in the band high (9-15).
got, overview = call("GET", "/api/journal")
calm = [q for q in overview["instruments"] if q["name"] == "calm3"]
check([q["name"] for q in overview["instruments"]] == ["phq9", "gad7", "meq30", "ceq", "edi", "ebi", "calm3"], "the catalogue, the vault's own last")
check(calm and calm[0]["minimum"] == 1 and calm[0]["maximum"] == 5 and calm[0]["anchors"] == ["not at all", "completely"]
      and calm[0]["items"] == ["I feel calm", "I feel tense", "item 3"] and calm[0]["worded"] is False and calm[0]["safety_item"] is None,
      "its scale, its anchors, its items (item 3 by its number): %s" % calm)
got, answer = call("POST", "/api/journal/assess", {"id": "calm-answer-0001", "time": now, "instrument": "calm3", "answers": [4, 2, 5], "notes": "After the walk."})
check(got == 200 and answer["result"] == "Calm-3: 13/15, high" and "safety" not in answer, "saved and scored: %s" % answer)
text = open(os.path.join(VAULT, answer["path"])).read()
check("instrument: calm3\n" in text and "items: [4, 2, 5]\n" in text and text.endswith("\n\nAfter the walk.\n") and "total:" not in text,
      "the file holds the items, no total (the instrument's scores): " + text)
# EDI on its 0-100 line: the mean of 40, 50, 60, 30, 70, 45, 55, 10 is 360 / 8 = 45.
got, answer = call("POST", "/api/journal/assess", {"id": "edi-answer-0001", "time": now, "instrument": "edi", "answers": [40, 50, 60, 30, 70, 45, 55, 10]})
check(got == 200 and answer["result"] == "EDI: 45/100", "EDI's mean: %s" % answer)
# GAD-7: 1+1+2+1+0+1+0 = 6 of 7 x 3 = 21, mild (5-9); its file carries the total and band.
got, answer = call("POST", "/api/journal/assess", {"id": "gad7-answer-0001", "time": now, "instrument": "gad7", "answers": [1, 1, 2, 1, 0, 1, 0]})
check(got == 200 and answer["result"] == "GAD-7: 6 of 21, mild" and answer["total"] == 6 and answer["maximum"] == 21 and answer["band"] == "mild",
      "GAD-7's total of its maximum and band: %s" % answer)
text = open(os.path.join(VAULT, answer["path"])).read()
check("items: [1, 1, 2, 1, 0, 1, 0]\ntotal: 6\nband: mild\n" in text, "the file holds the items, total and band: " + text)

# A session deleted meanwhile: a calm message, nothing written.
run = subprocess.run([BINARY, "delete", "DD66A156", "--yes", "--vault", VAULT], env=ENV, capture_output=True, text=True, timeout=60)
check(run.returncode == 0, "afterflow delete: " + run.stdout + run.stderr)
before = snapshot()
got, answer = call("POST", "/api/journal/reflect", {"id": "deleted-0001", "time": now, "session": "DD66A156-EE2B-4BB8-8521-226FBAADABDD", "text": "Still here?"})
check(got == 410 and answer["error"].startswith("That session is no longer in the journal"), "a reflection on a deleted session: 410, calmly (%s)" % answer)
got, answer = call("GET", "/api/journal/session?id=DD66A156-EE2B-4BB8-8521-226FBAADABDD")
check(got == 410, "its page: 410")
got, overview = call("GET", "/api/journal")
ids = [r["id"] for r in overview["reflect"]]
check(got == 200 and "DD66A156-EE2B-4BB8-8521-226FBAADABDD" not in ids and "29F8F0B2-69AA-439D-B61D-2A8079CCB844" in ids, "the list no longer has it: %s" % ids)
check(snapshot() == before, "nothing written")

# A new session without an intention: a draft, as afterflow new makes it.
got, answer = call("POST", "/api/journal/sessions", {"id": "draft-0001", "time": now, "treatment": "mdma", "mood_before": 5})
check(got == 200 and answer["draft"] is True and answer["path"].startswith(".afterflow/drafts/"), "without an intention, a draft: %s" % answer)

# Cut short between the ledger's two lines: the file on disk is found, not written again ...
ledger = os.path.join(VAULT, ".afterflow", "serve", "journal.ids")
got, first = call("POST", "/api/journal/mood", {"id": "cut-short-0001", "time": now, "score": 6, "notes": "Once."})
check(got == 200 and not first["duplicate"], "a check-in saved")
lines = open(ledger).read().splitlines()
check(lines[-2].startswith("cut-short-0001 ~ ") and lines[-1] == "cut-short-0001 = " + first["path"], "the ledger's two lines: %s" % lines[-2:])
with open(ledger, "w") as f:
    f.write("\n".join(lines[:-1]) + "\n")
before = snapshot()
got, again = call("POST", "/api/journal/mood", {"id": "cut-short-0001", "time": now, "score": 6, "notes": "Once."})
check(got == 200 and again["duplicate"] and again["path"] == first["path"] and snapshot() == before, "sent again after the cut: found on disk, a duplicate (%s)" % again)
# ... and one whose file never came is written then, once, with the id the ledger gave it.
uuid = "0A0B0C0D-1111-4222-8333-444455556666"
with open(ledger, "a") as f:
    f.write("cut-before-0001 ~ %s\n" % uuid)
got, made = call("POST", "/api/journal/mood", {"id": "cut-before-0001", "time": now, "score": 4})
check(got == 200 and not made["duplicate"] and ("id: " + uuid) in open(os.path.join(VAULT, made["path"])).read(), "begun but never written: written now with its id (%s)" % made)
print("all checks passed")
