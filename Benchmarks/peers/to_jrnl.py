#!/usr/bin/env python3
"""Writes a vault's sessions as one jrnl journal (plain text, jrnl 4's format: `[YYYY-MM-DD
HH:MM:SS AM] title` then the body) and a jrnl config file naming it, so that jrnl reads the same
entries as Afterflow. The session's heading is the title; its body follows, front matter left out.

    to_jrnl.py VAULT JOURNAL CONFIG
"""
import datetime
import pathlib
import sys


def main(vault, journal, config):
    entries = []
    for path in pathlib.Path(vault, "sessions").rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        if not text.startswith("---"):
            continue
        head, _, body = text[3:].partition("\n---\n")
        date = next((line[5:].strip() for line in head.split("\n") if line.startswith("date:")), None)
        if not date:
            continue
        when = datetime.datetime.fromisoformat(date).replace(tzinfo=None)
        lines = body.strip("\n").split("\n")
        title = lines[0].lstrip("# ").strip() if lines else path.stem
        entries.append((when, title, "\n".join(lines[1:]).strip()))
    entries.sort(key=lambda entry: entry[0])
    with open(journal, "w", encoding="utf-8") as out:
        for when, title, body in entries:
            out.write(f"[{when.strftime('%Y-%m-%d %I:%M:%S %p')}] {title}\n{body}\n\n")
    pathlib.Path(config).write_text(
        "colors: {body: none, date: none, tags: none, title: none}\n"
        "default_hour: 9\ndefault_minute: 0\neditor: ''\nencrypt: false\nhighlight: false\n"
        "indent_character: '|'\n"
        f"journals:\n  default:\n    journal: {pathlib.Path(journal).resolve()}\n"
        "linewrap: 79\ntagsymbols: '#@'\ntemplate: false\ntimeformat: '%Y-%m-%d %I:%M:%S %p'\n"
        "version: v4.6\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:4])
