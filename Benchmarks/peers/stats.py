#!/usr/bin/env python3
"""The `stats` peer: what a user would write with python-frontmatter to get `afterflow stats`'s
journal figures (sessions, by status, average moods and lift, by treatment, per month, the longest
gap, reflections owed, first and last day) from a vault's session files. Prints JSON.

    stats.py VAULT
"""
import datetime
import json
import pathlib
import sys
from collections import Counter, defaultdict

import frontmatter


def day_of(value):
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(str(value)[:10])


def mean(values):
    return round(sum(values) / len(values), 2) if values else None


def main(vault):
    sessions = []
    for path in sorted(pathlib.Path(vault, "sessions").rglob("*.md")):
        meta = frontmatter.load(path).metadata
        if "date" in meta:
            sessions.append(meta)
    by_status = Counter(str(s.get("status", "draft")) for s in sessions)
    befores = [s["mood_before"] for s in sessions if isinstance(s.get("mood_before"), int)]
    afters = [s["mood_after"] for s in sessions if isinstance(s.get("mood_after"), int)]
    lifts = [s["mood_after"] - s["mood_before"] for s in sessions
             if isinstance(s.get("mood_before"), int) and isinstance(s.get("mood_after"), int)]
    treatments = defaultdict(list)
    for s in sessions:
        treatments[str(s.get("treatment", ""))].append(s)
    days = sorted(day_of(s["date"]) for s in sessions)
    gap = max(((b - a).days, a, b) for a, b in zip(days, days[1:])) if len(days) > 1 else None
    report = {
        "sessions": len(sessions),
        "by_status": dict(by_status),
        "average_mood_before": mean(befores),
        "average_mood_after": mean(afters),
        "average_lift": mean(lifts),
        "by_treatment": [{"treatment": name, "sessions": len(group),
                          "average_mood_before": mean([s["mood_before"] for s in group if isinstance(s.get("mood_before"), int)]),
                          "average_mood_after": mean([s["mood_after"] for s in group if isinstance(s.get("mood_after"), int)])}
                         for name, group in sorted(treatments.items(), key=lambda item: -len(item[1]))],
        "per_month": dict(sorted(Counter(d.strftime("%Y-%m") for d in days).items())),
        "longest_gap": {"days": gap[0], "from": str(gap[1]), "to": str(gap[2])} if gap else None,
        "reflections_owed": by_status.get("needs-reflection", 0),
        "first": str(days[0]) if days else None,
        "last": str(days[-1]) if days else None,
    }
    json.dump(report, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
