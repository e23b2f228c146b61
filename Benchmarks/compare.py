#!/usr/bin/env python3
"""Afterflow beside what its users would otherwise run, and beside the floors of the same work, in
one table (issue 25's benchmark). Run by `Benchmarks/run.sh` (its default part); the peers come
from `make bench-deps`.

Every figure is a ratio to a peer or a floor measured in the same hyperfine run on the same files:
the median of the ratio and its spread (the lower quartile of Afterflow over the upper of the
other, and the upper over the lower), with the load average when the row started. Each row is
measured at two sizes (a journal of 10,000 and 100,000 sessions; the benchmark's practice and ten
times it; ten and a hundred years of check-ins), and the growth from one size to the other is set
beside the floor's own growth. Peak memory is GNU time's (`/usr/bin/time -v`). With perf on the
machine, the slowest ratio of each group is profiled ("where the time goes").

    compare.py --bin AFTERFLOW --bench AFTERFLOW_BENCH --out DIR --python PEER_PYTHON \
        [--sizes "10000 100000"] [--practice "40 400"] [--years "10 100"] [--runs 15] [--no-profile]
"""
import argparse
import json
import os
import pathlib
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


class Bench:
    def __init__(self, args):
        self.bin, self.gen, self.out = args.bin, args.bench, pathlib.Path(args.out)
        self.python, self.runs = args.python, args.runs
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="afterflow-compare-"))
        self.rows, self.growth, self.memory = [], [], []

    # Vaults, made once (a `.generated` file marks one that is complete).
    def vault(self, name, *generate):
        path = self.out / name
        if not (path / ".generated").exists():
            shutil.rmtree(path, ignore_errors=True)
            subprocess.run([self.gen, *generate[:1], str(path), *map(str, generate[1:])], check=True, stdout=subprocess.DEVNULL)
            (path / ".generated").touch()
        subprocess.run([self.bin, "index", "--vault", str(path)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return path

    def hyperfine(self, commands, shell=True, prepare=None, warmup=1, least=3):
        """Times each (name, command) in one hyperfine run, at least `least` times and at most
        `runs` (hyperfine stops sooner for a slow command); returns name -> list of seconds."""
        out = self.tmp / "run.json"
        argv = ["hyperfine", "--style", "none", "--warmup", str(warmup), "--min-runs", str(least), "--max-runs", str(self.runs),
                "--export-json", str(out)]
        if not shell:
            argv.append("-N")
        if prepare:
            argv += ["--prepare", prepare]
        for name, command in commands:
            argv += ["-n", name, command]
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        return {r["command"]: r["times"] for r in json.load(open(out))["results"]}

    def row(self, group, work, size, mine, others, target=None, shell=True, prepare=None, warmup=1):
        """One line per peer or floor in `others` ([(kind, name, command)]); `mine` is Afterflow's
        command. `target` is (kind, limit): ("x", 2.0) a ratio to the first floor at most,
        ("ms", 15) a median under, ("ahead", 1.0) below the peer."""
        load = open("/proc/loadavg").read().split()[0]
        # Floors with Afterflow; the peers next, without a warm-up (their files were just read) and
        # at least twice: a Python script over 100,000 files takes a minute a run.
        floors = [(name, command) for kind, name, command in others if kind == "floor"]
        times = self.hyperfine(floors + [("afterflow", mine)], shell, prepare, warmup)
        peers = [(name, command) for kind, name, command in others if kind != "floor"]
        if peers:
            times.update(self.hyperfine(peers, shell, prepare, 0, least=2))
        a = times["afterflow"]
        first_floor = next((name for kind, name, _ in others if kind == "floor"), None)
        for kind, name, _ in others:
            # A floor's line carries the row's target; a peer's, being ahead of it; for scale, none.
            line_target = {"floor": target if name == first_floor and target and target[0] != "ahead" else None,
                           "peer": ("ahead", 1.0), "scale": None}[kind]
            if target and target[0] == "ms" and first_floor is None and kind == "peer":
                line_target = target
            self.rows.append(dict(group=group, work=work, size=size, mine=a, kind=kind, name=name, other=times[name], load=load,
                                  target=line_target))
        return a, times[others[0][1]]

    def grow(self, work, sizes, small, big, target=None):
        self.growth.append(dict(work=work, sizes=sizes, mine=(small[0], big[0]), floor=(small[1], big[1]), target=target))

    def peak(self, work, size, command, target=None):
        run = subprocess.run(["/usr/bin/time", "-v", "sh", "-c", command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        kb = next(int(line.split()[-1]) for line in run.stderr.splitlines() if "Maximum resident set size" in line)
        self.memory.append(dict(work=work, size=size, mb=kb / 1024, target=target))


def median(values):
    return statistics.median(values)


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def journal(b, sizes):
    first = None
    for n in sizes:
        v = b.vault(str(n), "generate", n, 1)
        size = f"{n:,} sessions"
        jrnl_dir = b.out / f"{n}.jrnl"
        if first is None and not (jrnl_dir / "config.yaml").exists():
            jrnl_dir.mkdir(parents=True, exist_ok=True)
            subprocess.run([b.python, str(HERE / "peers/to_jrnl.py"), str(v), str(jrnl_dir / "journal.txt"), str(jrnl_dir / "config.yaml")], check=True)
            subprocess.run([str(pathlib.Path(b.python).parent / "jrnl"), "--config-file", str(jrnl_dir / "config.yaml"), "-n", "1"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        jrnl = f"{pathlib.Path(b.python).parent / 'jrnl'} --config-file {jrnl_dir / 'config.yaml'}"
        q = shlex.quote
        find_stat = ("floor", "find with stat", f"find {q(str(v))} -name '*.md' -printf '%s %T@\\n' > /dev/null")
        files = sorted(str(p) for p in (v / "sessions").rglob("*.md"))
        if first is None:
            b.row("Start-up", "start-up (`--version`)", "", f"{b.bin} --version", [("peer", "jrnl", f"{jrnl} --version")],
                  ("ahead", 1.0), shell=False)
        refresh = b.row("Journal", "no-change `index` refresh", size, f"{b.bin} index --vault {v} > /dev/null", [find_stat],
                        ("x", 1.2 if first is None else 1.0))
        # jrnl reads its whole journal for every command: 15 s a run for `-contains` at 3,000
        # entries on this machine, so it is measured at the first size only.
        with_jrnl = first is None
        b.row("Journal", "`list --limit 20`", size, f"{b.bin} list --limit 20 --vault {v} > /dev/null",
              [find_stat] + ([("peer", "jrnl -n 20", f"{jrnl} -n 20 > /dev/null")] if with_jrnl else []), ("x", 1.0))
        b.row("Journal", "`search ocean`", size, f"{b.bin} search ocean --vault {v} > /dev/null",
              ([("peer", "jrnl -contains ocean", f"{jrnl} -contains ocean > /dev/null")] if with_jrnl else [])
              + [("scale", "rg ocean", f"rg ocean {v}/sessions > /dev/null")])
        b.row("Journal", "`stats`", size, f"{b.bin} stats --vault {v} > /dev/null",
              [("peer", "python-frontmatter script", f"{b.python} {HERE}/peers/stats.py {v} > /dev/null")], ("ahead", 1.0))
        one = files[len(files) // 2]
        ref = next(line[3:].strip() for line in open(one) if line.startswith("id:"))[:8]
        show = b.row("Journal", f"`show ID` (one session)", size, f"{b.bin} show {ref} --vault {v}",
                     [("floor", "cat its file", f"cat {one}")], ("ms", 15), shell=False, warmup=2)
        newest = files[-1000:]
        listing = b.tmp / f"newest-{n}.txt"
        listing.write_text("\n".join(newest) + "\n")
        since = pathlib.Path(newest[0]).name[:10]
        html = b.row("Journal", "`export html` of the newest ~1,000 sessions", size,
                     f"{b.bin} export html --since {since} --vault {v} > /dev/null",
                     [("floor", "cmark over the same files", f"xargs -a {listing} cat | cmark > /dev/null"),
                      ("scale", "pandoc over the same files", f"xargs -a {listing} cat | pandoc -f markdown -t html > /dev/null")],
                     ("x", 1.5))
        if first is not None:
            label = f"{first[0]:,} → {n:,} sessions"
            b.grow("no-change `index` refresh (floor: find with stat)", label, first[1], refresh, 1.2)
            b.grow("`show ID` (floor: cat its file)", label, first[2], show, 1.2)
            b.grow("`export html` of the newest ~1,000 (floor: cmark)", label, first[3], html, 1.2)
        b.peak("`export html` of the newest ~1,000 sessions", size, f"{b.bin} export html --since {since} --vault {v} > /dev/null")
        first = first or (n, refresh, show, html)


def practice(b, clients):
    first = None
    for count in clients:
        p = b.vault(f"practice-{count}", "practice", count)
        size = f"{count} clients" + {40: " (the benchmark's practice)", 400: " (ten times it)"}.get(count, "")
        cat = ("floor", "cat every file", f"find {p}/clients -name '*.md' -print0 | xargs -0 cat > /dev/null")
        csv = b.row("Practice", "`export trials csv`", size, f"{b.bin} export trials csv --vault {p} > /dev/null", [cat], ("x", 2.0))
        b.peak("`export trials csv`", size, f"{b.bin} export trials csv --vault {p} > /dev/null", 100)
        rebuild = b.row("Practice", "`index --rebuild`", size, f"{b.bin} index --rebuild --vault {p} > /dev/null 2>&1", [cat], ("x", 3.0))
        client = sorted(os.listdir(p / "clients"))[0]
        session = sorted((p / "clients" / client / "sessions").rglob("*.md"))[-1]
        goal = next(line.split()[2] for line in open(session) if line.startswith("- ") and line[2:3].isdigit())
        keep = b.tmp / "session.md"
        shutil.copy(session, keep)
        line = b.tmp / "line.txt"
        line.write_text("- 10:00:00 goal success\n")
        b.row("Practice", "`trial` (one append, fsync'd, with start-up)", size,
              f"{b.bin} trial {client} {goal} success --cue minimal --session {session} --vault {p}",
              [("floor", "dd, one fsync'd append", f"dd if={line} of={session} oflag=append conv=notrunc,fsync status=none")],
              ("ms", 10), shell=False, prepare=f"cp {keep} {session}", warmup=2)
        shutil.copy(keep, session)
        subprocess.run([b.bin, "index", "--vault", str(p)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if first is not None:
            b.grow("`export trials csv` (floor: cat every file)", f"{first[0]} → {count} clients", first[1], csv)
            b.grow("`index --rebuild` (floor: cat every file)", f"{first[0]} → {count} clients", first[2], rebuild)
        first = first or (count, csv, rebuild)
    d = b.vault("practice-decade", "practice", 1, 520)
    client = sorted(os.listdir(d / "clients"))[0]
    page = b.tmp / "progress.html"
    b.row("Practice", "`export progress CLIENT --format html`", "one client, ten years of weekly sessions",
          f"{b.bin} export progress {client} --format html -o {page} --vault {d} > /dev/null 2>&1",
          [("floor", "cat the client's files", f"find {d}/clients/{client} -name '*.md' -print0 | xargs -0 cat > /dev/null")],
          ("ms", 150), prepare=f"rm -f {page}")


def moods(b, years):
    for count in years:
        m = b.vault(f"moods-{count}y", "moods", count)
        size = f"{count} years of check-ins"
        b.row("Moods", "`moods --trend`", size, f"{b.bin} moods --trend --vault {m} > /dev/null",
              [("peer", "plain Python weekly average", f"{b.python} {HERE}/peers/weekly_average.py {m} > /dev/null")], ("ahead", 1.0))
        b.row("Moods", "`export fhir`", size, f"{b.bin} export fhir --vault {m} > /dev/null",
              [("peer", "Python FHIR bundle builder", f"{b.python} {HERE}/peers/fhir_bundle.py {m} > /dev/null")], ("ahead", 1.0))
        b.peak("`export fhir`", size, f"{b.bin} export fhir --vault {m} > /dev/null", 100)


def ms(seconds):
    return f"{seconds * 1000:,.1f} ms" if seconds < 0.1 else f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def verdict(row):
    kind, limit = row["target"] or (None, None)
    m, o = median(row["mine"]), median(row["other"])
    if kind == "ms":
        return f"< {limit} ms", "met" if m * 1000 < limit else "**not met**"
    if kind == "x":
        return f"≤ {limit}×", "met" if m / o <= limit else "**not met**"
    if kind == "ahead":
        return f"< {limit}×", "met" if m / o < limit else "**not met**"
    return "", ""


def print_rows(b):
    print("| group | work | size | Afterflow | against | its median | ratio | spread | target | | load |")
    print("|:---|:---|:---|---:|:---|---:|---:|:---|:---|:---|---:|")
    for r in b.rows:
        m, o = median(r["mine"]), median(r["other"])
        (mq1, mq3), (oq1, oq3) = quartiles(r["mine"]), quartiles(r["other"])
        target, met = verdict(r)
        against = {"floor": "floor", "peer": "peer", "scale": "for scale"}[r["kind"]] + ": " + r["name"]
        print(f"| {r['group']} | {r['work']} | {r['size']} | {ms(m)} | {against} | {ms(o)} | {m / o:.2f}× "
              f"| {mq1 / oq3:.2f}–{mq3 / oq1:.2f} | {target} | {met} | {r['load']} |")


def print_growth(b):
    print("| work | from → to | Afterflow | its growth | floor's growth | growth ÷ floor's | target | |")
    print("|:---|:---|:---|---:|---:|---:|:---|:---|")
    for g in b.growth:
        (ms0, ms1), (f0, f1) = map(lambda pair: tuple(median(x) for x in pair), (g["mine"], g["floor"]))
        ratio = (ms1 / ms0) / (f1 / f0)
        target = f"≤ {g['target']}" if g["target"] else ""
        met = "" if not g["target"] else ("met" if ratio <= g["target"] else "**not met**")
        print(f"| {g['work']} | {g['sizes']} | {ms(ms0)} → {ms(ms1)} | {ms1 / ms0:.2f}× | {f1 / f0:.2f}× | {ratio:.2f} | {target} | {met} |")


def print_memory(b):
    print("| work | size | peak memory | target | |")
    print("|:---|:---|---:|:---|:---|")
    for p in b.memory:
        target = f"< {p['target']} MB" if p["target"] else ""
        met = "" if not p["target"] else ("met" if p["mb"] < p["target"] else "**not met**")
        print(f"| {p['work']} | {p['size']} | {p['mb']:.0f} MB | {target} | {met} |")


def profile(b, commands):
    """Where the time goes: perf's flat profile of the slowest ratio of each group, top symbols."""
    if not shutil.which("perf") or subprocess.run(["perf", "stat", "-e", "task-clock", "true"], capture_output=True).returncode:
        print("perf is not on this machine (or may not measure): no profile.")
        return
    # Against a floor where the group has one (the journal, the practice), else against its peers.
    floored = {r["group"] for r in b.rows if r["kind"] == "floor"}
    groups = {}
    for r in b.rows:
        if r["kind"] == "floor" or (r["kind"] == "peer" and r["group"] not in floored):
            ratio = median(r["mine"]) / median(r["other"])
            if ratio > groups.get(r["group"], (0,))[0]:
                groups[r["group"]] = (ratio, r)
    for group, (ratio, r) in groups.items():
        command = commands[(r["work"], r["size"])]
        data = b.tmp / "perf.data"
        subprocess.run(["perf", "record", "-q", "-F", "2999", "-g", "-o", str(data), "--", "sh", "-c", command],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report = subprocess.run(["perf", "report", "-i", str(data), "--stdio", "--no-children", "--sort", "symbol",
                                 "--percent-limit", "3", "-q", "-g", "none"], capture_output=True, text=True).stdout
        if shutil.which("swift-demangle"):
            report = subprocess.run(["swift-demangle", "--simplified"], input=report, capture_output=True, text=True).stdout
        lines = [" ".join(line.split()) for line in report.splitlines() if line.strip()][:10]
        print(f"**{group}**: {r['work']}, {r['size']} ({ratio:.2f}× {r['name']}); perf, share of samples:")
        print()
        print("```")
        for line in lines:
            print(line[:150])
        print("```")
        print()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--sizes", default="10000 100000")
    parser.add_argument("--practice", default="40 400")
    parser.add_argument("--years", default="10 100")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    b = Bench(args)
    commands = {}
    original = b.row

    def remembering(group, work, size, mine, others, *rest, **options):
        commands[(work, size)] = mine
        return original(group, work, size, mine, others, *rest, **options)

    b.row = remembering
    start = open("/proc/loadavg").read().split()[:3]
    journal(b, [int(n) for n in args.sizes.split()])
    practice(b, [int(n) for n in args.practice.split()])
    moods(b, [int(n) for n in args.years.split()])
    end = open("/proc/loadavg").read().split()[:3]
    print(f"Load average at the start {' '.join(start)}, at the end {' '.join(end)}; hyperfine medians of up to "
          f"{args.runs} runs (at least 3), release build as installed.")
    print()
    print_rows(b)
    print()
    print("Growth from one size to the other, against the floor's own growth in the same runs:")
    print()
    print_growth(b)
    print()
    print("Peak memory (GNU time's maximum resident set, one run each):")
    print()
    print_memory(b)
    print()
    if not args.no_profile:
        print("#### Where the time goes: the slowest ratio of each group (to a floor, or to a peer where the group has no floor)")
        print()
        profile(b, commands)
    shutil.rmtree(b.tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
