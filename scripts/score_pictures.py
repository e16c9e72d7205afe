#!/usr/bin/env python3
"""Scores mazegraph on the hard-picture corpus written by scripts/make_hard_pictures.py: how many
real-world-looking maze pictures (web screenshots, book pages, phone photos, pen drawings,
textured tile mazes, masked mazes) it reads as exactly the maze they show, and whether it refuses
the pictures that are not rectangular grid mazes. A measurement: it exits 0, unless
--fail-on-wrong is given and some picture was read as a wrong maze (or a non-maze read as one),
timed out or crashed (exit 1: CI's guard that no wrong maze comes out with exit 0).

Usage (from the repository root; plain Python 3, no packages needed):

    python3 scripts/score_pictures.py [--dir target/hard-pictures] \\
        [--bin target/release/mazegraph] [--json out.json] [--only CLASS[,CLASS]] [--jobs 2] \\
        [--timeout 60] [--fail-on-wrong]

It reads DIR/MANIFEST.tsv (columns class, name, file, truth, expect, rooms, notes) and runs, for
each picture, with a timeout (60 s by default) and its wall-clock time measured:

  expect exact:   mazegraph --quiet equal PICTURE TRUTH.txt
                  exit 0 -> exact, 1 -> wrong (read as another maze), 2 -> refused
  expect refuse:  mazegraph --quiet convert PICTURE --to txt   (standard output captured)
                  exit 2 -> refused (right), 0 -> wrong (read as a grid maze)

Any other exit status (a crash, a signal) counts as "error", a run past the timeout as "timeout".
It prints a Markdown table per class:

    | class | pictures | exact | refused | wrong | timeout | error | median time |

with a total over the rectangular classes (web, book, photo, pen, tiles) and over all classes
(for the refuse class, "refused" is the right answer), then every wrong, refused, timed-out and
failed picture with mazegraph's stderr line (for a wrong one, the first line equal printed, which
names the first difference) and the picture's notes from the manifest. --json writes every
result (class, name, file, expect, outcome, exit, seconds, message, rooms, notes) as a JSON
array.
"""
import argparse
import csv
import json
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECT = ["web", "book", "photo", "pen", "tiles"]
ORDER = RECT + ["shapes", "refuse"]


def first_line(text):
    for ln in text.splitlines():
        if ln.strip():
            return ln.strip()
    return ""


def run_one(row, d, binary, timeout):
    pic = str(d / row["file"])
    if row["expect"] == "refuse":
        cmd = [binary, "--quiet", "convert", pic, "--to", "txt"]
    else:
        cmd = [binary, "--quiet", "equal", pic, str(d / row["truth"])]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=timeout, stdin=subprocess.DEVNULL)
        code = p.returncode
        msg = first_line(p.stderr) or first_line(p.stdout if row["expect"] != "refuse" else "")
    except subprocess.TimeoutExpired:
        code, msg = None, f"no answer within {timeout} s"
    secs = time.monotonic() - t0
    if code is None:
        outcome = "timeout"
    elif row["expect"] == "refuse":
        outcome = {0: "wrong", 2: "refused"}.get(code, "error")
    else:
        outcome = {0: "exact", 1: "wrong", 2: "refused"}.get(code, "error")
    if outcome == "error":
        msg = f"exit {code}: {msg}"
    return dict(cls=row["class"], name=row["name"], file=row["file"], expect=row["expect"],
                outcome=outcome, exit=code, seconds=round(secs, 3), message=msg,
                rooms=row.get("rooms", ""), notes=row.get("notes", ""))


def table_row(label, rs):
    n = len(rs)
    c = {k: sum(1 for r in rs if r["outcome"] == k)
         for k in ("exact", "refused", "wrong", "timeout", "error")}
    med = statistics.median(r["seconds"] for r in rs) if rs else 0.0
    return (f"| {label} | {n} | {c['exact']} | {c['refused']} | {c['wrong']} | {c['timeout']} "
            f"| {c['error']} | {med:.2f} s |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", default=str(ROOT / "target" / "hard-pictures"))
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "mazegraph"))
    ap.add_argument("--json")
    ap.add_argument("--only", help="classes to score, comma-separated")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--fail-on-wrong", action="store_true",
                    help="exit 1 when a picture is read wrong, times out or crashes")
    args = ap.parse_args()
    d = Path(args.dir)
    man = d / "MANIFEST.tsv"
    if not man.exists():
        print(f"score_pictures: no {man}; run scripts/make_hard_pictures.py first")
        return 0
    if not Path(args.bin).exists():
        print(f"score_pictures: no mazegraph binary at {args.bin}")
        return 0
    with open(man, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if args.only:
        keep = set(args.only.split(","))
        rows = [r for r in rows if r["class"] in keep]
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        results = list(ex.map(lambda r: run_one(r, d, args.bin, args.timeout), rows))
    wall = time.monotonic() - t0
    classes = [c for c in ORDER if any(r["cls"] == c for r in results)]
    classes += sorted({r["cls"] for r in results} - set(classes))
    print(f"mazegraph on {len(results)} pictures in {d} ({args.bin}, {wall:.0f} s wall clock, "
          f"{args.jobs} jobs)\n")
    print("| class | pictures | exact | refused | wrong | timeout | error | median time |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for c in classes:
        print(table_row(c, [r for r in results if r["cls"] == c]))
    rect = [r for r in results if r["cls"] in RECT]
    if rect:
        print(table_row("**total (web, book, photo, pen, tiles)**", rect))
    print(table_row("**all**", results))
    print("\n(refuse class: 'refused' is the right answer, 'wrong' means it was read as a grid "
          "maze)")
    bad = [r for r in results
           if (r["expect"] == "exact" and r["outcome"] != "exact")
           or (r["expect"] == "refuse" and r["outcome"] != "refused")]
    ref_ok = [r for r in results if r["expect"] == "refuse" and r["outcome"] == "refused"]
    if bad:
        print("\n## Misread pictures\n")
        for r in bad:
            print(f"- {r['cls']} `{r['file']}` ({r['rooms']}): **{r['outcome']}** "
                  f"{r['seconds']:.2f} s: {r['message']}  \n  _{r['notes']}_")
    if ref_ok:
        print("\n## Rightly refused\n")
        for r in ref_ok:
            print(f"- `{r['file']}`: {r['message']}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    failed = [r for r in results if r["outcome"] in ("wrong", "timeout", "error")]
    if args.fail_on_wrong and failed:
        print(f"\nscore_pictures: {len(failed)} pictures wrong, timed out or failed")
        return 1
    return 0


if __name__ == "__main__":
    try:
        code = main()
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)
