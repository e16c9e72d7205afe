"""Fails (exit 1) when an outcomes.csv of tools/real_pictures.py or tools/wild_pictures.py
holds a wrong maze read with exit 0 (WRONG, WRONG?), a reading that differs from a checked
truth (DIFF) or a crash (CRASH); prints them. Refusals and readings with no truth yet (NEW,
REFUSED?) are counted and listed, not failures: look at them with --keep.

Known differences of convention, not of maze, are allowed by name (KNOWN below), and so are
readings judged wrong before and checked since, by their digest (CHECKED below).

usage: python3 scripts/check_outcomes.py OUTCOMES.csv [OUTCOMES.csv ...]
"""

import csv
import hashlib
import os
import sys
from collections import Counter

FAIL = {"WRONG", "WRONG?", "DIFF", "CRASH"}

#: Pictures whose checked truth keeps another convention than the reader's: in dan__maze28.jpg
#: the truth reads the undrawn posts inside an open area as passage; the reader makes every post
#: of a line maze a wall (a post of a line maze has no area, so no evidence either way). The two
#: readings have the same rooms and doors.
KNOWN = {"dan__maze28.jpg": "DIFF"}

#: Pictures judged wrong before (WRONG? when read now) whose present reading was checked, by
#: the SHA-256 of the reading (the FILE.txt that --keep writes beside outcomes.csv): any other
#: reading fails until it is checked again.
#: - dan__3-path.gif: 3.gif with its solution drawn as an outlined tube in the walls' ink; the
#:   reading equals the truth of dan__3.gif (`mazegraph equal`).
#: - dan__maze6.jpg: a stepped outline; read with its blank corners outside the maze, every
#:   wall segment of the maze agreeing with the pixels at its middle.
CHECKED = {
    "dan__3-path.gif": ("WRONG?", "d509be9b0bfb78e0a534600b4850661be19a877c9811dc20a598a38fdfde6a9a"),
    "dan__maze6.jpg": ("WRONG?", "63423ceb350d0203de3bec4af171eab94f050585dc542f5b94eacb6855af6e0b"),
}


def checked(folder, name, outcome):
    """True when `name`'s reading, kept in `folder`, is the one checked for `outcome`."""
    if name not in CHECKED or CHECKED[name][0] != outcome:
        return False
    try:
        with open(os.path.join(folder, name + ".txt"), "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest() == CHECKED[name][1]
    except OSError:
        return False


def main(paths):
    bad, look = [], []
    for path in paths:
        with open(path, newline="") as fh:
            rows = list(csv.DictReader(fh))
        counts = Counter(r["outcome"] for r in rows)
        print(f"{path}: " + ", ".join(f"{o} {n}" for o, n in sorted(counts.items())))
        for r in rows:
            name = r.get("file") or r.get("id")
            outcome = r["outcome"]
            if checked(os.path.dirname(path), name, outcome):
                continue
            if outcome in FAIL and KNOWN.get(name) != outcome:
                bad.append(f"{name}: {outcome}")
            elif outcome in ("NEW", "REFUSED?"):
                look.append(f"{name}: {outcome}")
    for line in look:
        print(f"  read, no truth yet (look at it): {line}")
    for line in bad:
        print(f"  FAILED: {line}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
