#!/usr/bin/env python3
"""Writes small game seeds (PGSolver, game JSON, game DOT) for the game fuzz targets into
fuzz/seeds/read_{pg,game_json,game_dot}/. Standard library only: python3 fuzz/seeds/make_games.py"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


def games():
    rng = random.Random(7)
    out = [
        ("tiny", [(0, 0, [1], "a"), (1, 1, [0, 1], None)], 0),
        ("dead_end", [(0, 2, [1], None), (1, 1, [], "stuck")], None),
        ("self_loops", [(v % 2, v % 3, [v, (v + 1) % 4], None) for v in range(4)], 2),
    ]
    for n in (8, 30):
        vs = []
        for v in range(n):
            succ = sorted({rng.randrange(n) for _ in range(rng.randrange(0, 4))})
            name = f'v{v} "q" x' if v % 5 == 0 else None
            vs.append((rng.randrange(2), rng.randrange(10), succ, name))
        out.append((f"random{n}", [(o, p, s, nm) for (o, p, s, nm) in vs], rng.randrange(n)))
    return out


def pg(vs, start):
    lines = [f"parity {len(vs) - 1};"]
    if start is not None:
        lines.append(f"start {start};")
    for v, (owner, prio, succ, name) in enumerate(vs):
        s = f"{v} {prio} {owner} {','.join(map(str, succ))}"
        if name is not None:
            s += ' "' + name.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34)) + '"'
        lines.append(s + ";")
    return "\n".join(lines) + "\n"


def game_json(vs, start):
    return json.dumps({
        "start": start,
        "vertices": [
            {"id": v, "owner": o, "priority": p, "successors": s, **({"name": nm} if nm else {})}
            for v, (o, p, s, nm) in enumerate(vs)
        ],
    })


def game_dot(vs, start):
    lines = ["digraph game {"]
    for v, (o, p, s, nm) in enumerate(vs):
        shape = "box" if o else "diamond"
        extra = ', initial=true' if v == start else ""
        name = f', name="{nm.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"' if nm else ""
        lines.append(f'  {v} [shape={shape}, owner={o}, priority={p}{name}{extra}];')
    for v, (o, p, s, nm) in enumerate(vs):
        for w in s:
            lines.append(f"  {v} -> {w};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    for name, vs, start in games():
        for folder, ext, make in (("read_pg", "pg", pg), ("read_game_json", "game.json", game_json),
                                  ("read_game_dot", "game.dot", game_dot)):
            os.makedirs(os.path.join(HERE, folder), exist_ok=True)
            with open(os.path.join(HERE, folder, f"{name}.{ext}"), "w") as f:
                f.write(make(vs, start))
    # A foreign DOT game: names as ids, shapes only.
    with open(os.path.join(HERE, "read_game_dot", "foreign.game.dot"), "w") as f:
        f.write('digraph { a [shape=box]; b; c [shape=rect, priority=3]; a -> b -> c -> a; c -> c; }\n')


if __name__ == "__main__":
    main()
