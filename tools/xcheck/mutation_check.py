"""Sensitivity check: change one rule in refgen and count how many random positions then
differ from Damier. A rule that the random positions never exercise would show 0 here.
usage: mutation_check.py [N]"""
import sys, random, copy
from common import *
import refgen
N = int(sys.argv[1]) if len(sys.argv) > 1 else 500
MUTS = [
    ("thai", "no_reverse", True), ("thai", "landing", "any"), ("thai", "removal", "end"),
    ("turkish", "no_reverse", False), ("turkish", "removal", "end"),
    ("russian", "landing", "any"), ("russian", "promo", "pass"),
    ("pool", "landing", "any"), ("pool", "promo", "stop"),
    ("italian", "choice", "majority"), ("italian", "man_takes_king", True),
    ("spanish", "choice", "majority"), ("czech", "choice", "free"),
    ("frisian", "choice", "majority"), ("frisian", "frisian_run", False),
    ("brazilian", "promo", "stop"), ("international", "promo", "continue"),
    ("english", "promo", "pass"), ("sri-lankan", "orient", "normal"),
]
for v, attr, val in MUTS:
    orig = refgen.RULESETS[v]
    mut = copy.copy(orig); setattr(mut, attr, val)
    refgen.RULESETS[v] = mut
    g = refgen.Gen(v)
    refgen.RULESETS[v] = orig
    rng = random.Random(11)
    ps = random_game_positions(v, rng, N) + random_king_positions(v, rng, N)
    nd = 0
    for p in ps:
        p = strip_extra(p)
        d = {k: r for k, (r, l) in damier_moves(v, p).items()}
        if compare_sets(v, p, d, g.moves_keyed(p)):
            nd += 1
    print(f"{v:12s} {attr}={val!r:12s}: {nd} of {len(ps)} positions differ")
