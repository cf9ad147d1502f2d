"""Frisian three-king-moves rule: compare Damier with refgen on positions that carry a
king-run field (R<colour><count>@<square>), including the run field of every resulting
position. Positions: random games with many king moves, and random king positions with
random run fields."""
import random, sys
from common import *
from refgen import RefGen
v = "frisian"
g = RefGen()
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
ps = []
# random placements with kings and men, plus a run field for a king of either side
for p in random_king_positions(v, rng, N, 6, 0.4):
    pd = p.pdict()
    runs = []
    for col in "WB":
        ks = [c for c, (cc, k) in pd.items() if cc == col and k]
        if ks and rng.random() < 0.8:
            runs.append(f"R{col}{rng.randint(1, 3)}@{damier_names(v)[rng.choice(ks)]}")
    ps.append(Pos(p.turn, p.pieces, ":".join(runs)))
# games: play random moves from king positions so that runs arise naturally
for p in random_king_positions(v, rng, N // 10, 5, 0.5):
    for _ in range(30):
        ms = damier_moves(v, p)
        if not ms:
            break
        ps.append(p)
        quiet = [k for k in ms if not k[2]]
        k = rng.choice(sorted(quiet or list(ms)))
        p = ms[k][0]
bad = 0; withrun = 0; blocked = 0
for p in ps:
    d = damier_moves(v, p)
    r = g.moves(v, p)
    withrun += bool(p.extra)
    diffs = [x for x in compare_sets(v, p, d, r, compare_results=False)]
    for k in set(d) & set(r):
        if d[k][0] != r[k]:
            diffs.append(f"result {fmt_key(v, k)}: damier {pos_to_damier_fen(v, d[k][0])} refgen {pos_to_damier_fen(v, r[k])}")
    if "3@" in p.extra:
        blocked += 1
    if diffs:
        bad += 1
        if bad <= 5:
            print(pos_to_damier_fen(v, p)); [print("   ", x) for x in diffs[:6]]
print(f"frisian run check: {len(ps)} positions ({withrun} with a run field, {blocked} with a count of 3), {bad} differ")
