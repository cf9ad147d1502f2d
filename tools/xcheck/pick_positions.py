"""Pick a few non-start positions per variant for perft (fixed seeds, reproducible).
Writes results/positions.json: [[variant, id, fen], ...]"""
import json, os, random
from common import *

V8 = ["english", "italian", "spanish", "portuguese", "czech", "russian", "brazilian", "german",
      "pool", "thai", "turkish"]
V = V8 + ["international", "frisian", "canadian", "sri-lankan"]
out = []
for v in V:
    rng = random.Random("xcheck-" + v)
    n = VARIANTS[v][0]
    # 1. kings and men, quiet root, both sides with a king
    maxpk = 6 if n == 8 else 9
    while True:
        p = random_king_positions(v, rng, 1, maxpk, 0.35)[0]
        ms = damier_moves(v, p)
        cols = {(c, k) for _, c, k in p.pieces}
        if len(ms) >= 8 and not any(k[2] for k in ms) and ("W", True) in cols and ("B", True) in cols \
                and ("W", False) in cols and ("B", False) in cols:
            out.append((v, f"{v}-kings", pos_to_damier_fen(v, p)))
            break
    # 2. a position from a random game, 24-40 plies in, with a capture to make at the root
    while True:
        pos = damier_start(v)
        plies = rng.randint(24, 40)
        okgame = True
        for _ in range(plies):
            ms = damier_moves(v, pos)
            if not ms:
                okgame = False
                break
            pos = ms[rng.choice(sorted(ms))][0]
        if not okgame:
            continue
        ms = damier_moves(v, pos)
        if len(ms) >= 2 and any(k[2] for k in ms):
            out.append((v, f"{v}-midgame", pos_to_damier_fen(v, pos)))
            break
    # 3. many kings: flying-king captures with long chains
    while True:
        p = random_king_positions(v, rng, 1, 5 if n == 8 else 7, 0.8)[0]
        ms = damier_moves(v, p)
        if len(ms) >= 4 and any(len(k[2]) >= 2 for k in ms):
            out.append((v, f"{v}-kings-capture", pos_to_damier_fen(v, p)))
            break
# Frisian positions with a king-run field: the three-moves rule bites inside the tree
out.append(("frisian", "frisian-run", "W:WK28,K42,37,38:BK5,K23,12,13:RW2@28:RB3@23"))
out.append(("frisian", "frisian-run-2", "W:WK33,45,46:BK18,4,5:RW1@33:RB1@18"))
# rule positions (see check_notation.py)
out.append(("russian", "russian-promote-continue", "W:Wb6,g3:Bc7,f6,h8"))
out.append(("pool", "pool-king-landing", "W:WK29,26:B22,19,1"))
for v, i, f in out:
    print(v, i, f, len(damier_moves(v, damier_fen_to_pos(v, f))))
os.makedirs(RESULTS, exist_ok=True)
json.dump(out, open(os.path.join(RESULTS, "positions.json"), "w"), indent=1)
