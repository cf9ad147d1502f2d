"""Run perft with Damier and with an independent generator, store both.
usage: run_perft.py LIB VARIANT ID FEN|start MAXDEPTH [--budget NODES]
The depth actually run is the largest d <= MAXDEPTH such that Damier's perft(d-1) (the
number of positions the independent generator has to expand) is at most --budget.
Results are appended to results/perft-runs.jsonl."""
import argparse, json, time, os
from common import *
from adapters import get_adapter
ap = argparse.ArgumentParser()
ap.add_argument("lib"); ap.add_argument("variant"); ap.add_argument("id"); ap.add_argument("fen")
ap.add_argument("maxdepth", type=int)
ap.add_argument("--budget", type=float, default=3e6)
ap.add_argument("--libvariant", default=None, help="run the library on this variant instead (e.g. base of a giveaway)")
a = ap.parse_args()
v = a.variant
fen = None if a.fen == "start" else a.fen
# grow the depth until perft(depth-1) exceeds the budget (Damier is fast; never ask it for
# a depth far beyond the one the independent generator will reach)
depth = 1
dc = damier_perft(v, fen, 1)
while depth < a.maxdepth and dc[depth - 1] <= a.budget:
    depth += 1
    dc = damier_perft(v, fen, depth)
lib = get_adapter(a.lib)
lv = a.libvariant or v
pos = damier_start(v) if fen is None else damier_fen_to_pos(v, fen)
t = time.time()
lc = lib.perft(lv, pos, depth)
dt = time.time() - t
rec = {"variant": v, "id": a.id, "fen": a.fen, "lib": lib.name, "libversion": lib.version,
       "libvariant": lv, "damier": dc[:depth], "independent": lc, "seconds": round(dt, 1)}
os.makedirs(RESULTS, exist_ok=True)
with open(os.path.join(RESULTS, "perft-runs.jsonl"), "a") as fh:
    fh.write(json.dumps(rec) + "\n")
agree = [i + 1 for i in range(depth) if dc[i] == lc[i]]
print(f"{v} {a.id} {lib.name}: depths 1-{depth} {'AGREE' if len(agree) == depth else 'DIFFER'} ({dt:.0f}s) {lc}")
if len(agree) != depth:
    print("   damier", dc[:depth])
