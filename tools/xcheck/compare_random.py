"""Compare Damier's legal moves with an independent generator on random positions.

usage: compare_random.py LIB VARIANT [--games N] [--kings N] [--seed S] [--maxpk K]
Positions: N positions met in random games from the start (played with Damier's moves),
plus N random placements with kings and men. Every position is compared on the set of
moves (start, end, captured set) and on the position each move leads to.
"""
import argparse
import json
import os
import random
import sys
import time
from common import *
from adapters import get_adapter

ap = argparse.ArgumentParser()
ap.add_argument("lib")
ap.add_argument("variant")
ap.add_argument("--games", type=int, default=300)
ap.add_argument("--kings", type=int, default=300)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--maxpk", type=int, default=8, help="max pieces per side in king positions")
ap.add_argument("--show", type=int, default=5)
ap.add_argument("--kingprob", type=float, default=0.5)
ap.add_argument("--tag", default="")
a = ap.parse_args()

lib = get_adapter(a.lib)
v = a.variant
rng = random.Random(a.seed)
t0 = time.time()
positions = [("game", p) for p in random_game_positions(v, rng, a.games)]
positions += [("kings", p) for p in random_king_positions(v, rng, a.kings, a.maxpk, a.kingprob)]
bad = []
nmoves = 0
for kind, p in positions:
    p = strip_extra(p)
    try:
        d = {k: r for k, (r, l) in damier_moves(v, p).items()}
    except RuntimeError as e:
        bad.append((kind, p, [str(e)]))
        continue
    try:
        l = lib.moves(v, p)
    except Exception as e:  # library crashed on this position
        bad.append((kind, p, [f"library error: {type(e).__name__}: {e}"]))
        continue
    nmoves += len(d)
    diffs = compare_sets(v, p, d, l)
    if diffs:
        bad.append((kind, p, diffs))
os.makedirs(RESULTS, exist_ok=True)
out = os.path.join(RESULTS, f"random-{v}-{a.lib}-s{a.seed}{a.tag}.txt")
with open(out, "w") as fh:
    fh.write(f"# {lib.name} {lib.version} vs damier, variant {v}, seed {a.seed}: "
             f"{len(positions)} positions ({a.games} from games, {a.kings} with kings, "
             f"up to {a.maxpk} pieces a side, king probability {a.kingprob}), "
             f"{nmoves} damier moves, {len(bad)} positions differ\n# A = damier, B = {lib.name}\n")
    for kind, p, diffs in bad:
        fh.write(f"{kind} {pos_to_damier_fen(v, p)}\n")
        for d in diffs:
            fh.write("   " + d + "\n")
print(f"{v:24s} {lib.name} {lib.version}: {len(positions)} positions, {nmoves} moves, "
      f"{len(bad)} differ ({time.time()-t0:.0f}s) -> {out}")
for kind, p, diffs in bad[: a.show]:
    print(f"  {kind} {pos_to_damier_fen(v, p)}")
    for d in diffs[:6]:
        print("     " + d)
