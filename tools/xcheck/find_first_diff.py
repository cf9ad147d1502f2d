"""Walk the game tree from the start with Damier, depth-first to depth D, and report the
first positions where LIB's legal moves differ from Damier's.
usage: find_first_diff.py LIB VARIANT D [MAX_REPORTS]"""
import sys
from common import *
from adapters import get_adapter
lib = get_adapter(sys.argv[1]); v = sys.argv[2]; D = int(sys.argv[3])
MAXR = int(sys.argv[4]) if len(sys.argv) > 4 else 3
seen = set(); found = []


def rec(p, d, line):
    if len(found) >= MAXR or p in seen:
        return
    seen.add(p)
    dm = damier_moves(v, p)
    diffs = compare_sets(v, p, {k: r for k, (r, l) in dm.items()}, lib.moves(v, p))
    if diffs:
        found.append((line, p, diffs))
        return
    if d < D:
        for k in sorted(dm):
            rec(dm[k][0], d + 1, line + [dm[k][1]])


rec(damier_start(v), 1, [])
for line, p, diffs in found:
    print("after", " ".join(line), ":", pos_to_damier_fen(v, p))
    for x in diffs[:6]:
        print("   ", x)
