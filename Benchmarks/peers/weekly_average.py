#!/usr/bin/env python3
"""The `moods --trend` peer: a plain Python weekly average of a vault's mood check-ins (standard
library only), as a user would write it: read each check-in's `date` and `score` from its front
matter, average the scores of each ISO week, print one line a week.

    weekly_average.py VAULT
"""
import datetime
import pathlib
import sys
from collections import defaultdict


def front_matter(text):
    fields = {}
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return fields
    for line in lines[1:]:
        if line.strip() == "---":
            break
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    return fields


def main(vault):
    weeks = defaultdict(list)
    for path in pathlib.Path(vault, "moods").rglob("*.md"):
        fields = front_matter(path.read_text(encoding="utf-8"))
        try:
            when = datetime.datetime.fromisoformat(fields["date"])
            score = int(fields["score"])
        except (KeyError, ValueError):
            continue
        year, week, _ = when.isocalendar()
        weeks[(year, week)].append(score)
    for (year, week), scores in sorted(weeks.items()):
        print(f"{year}-W{week:02d}  {sum(scores) / len(scores):4.1f}  ({len(scores)} check-ins)")


if __name__ == "__main__":
    main(sys.argv[1])
