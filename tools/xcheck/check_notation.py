"""Hand-checked positions confirming each library's square numbering and orientation.

Each case gives a FEN in Damier's notation (RULES.md section 4) and the complete set of
legal moves worked out by hand, in algebraic coordinates (file a.., rank 1 = White's
side): from, to, captured squares. The adapter of each library (and Damier, and refgen)
must produce exactly that set. usage: check_notation.py LIB"""
import sys
from common import *
from adapters import get_adapter

CASES = [
    # international 15=j8, 10=i9, 9=g9: the man jumps i9 to h10, g9 to f8 (13); not crowned.
    ("international", "W:W15:B9,10", {("j8", "f8", ("g9", "i9"))}),
    ("international-giveaway", "W:W15:B9,10", {("j8", "f8", ("g9", "i9"))}),
    # international: 48=e1 king-less man; 46=a1 .. quiet moves of a lone man on 46 (a1): b2 (41)
    ("international", "W:W46:B5", {("a1", "b2", ())}),
    # frisian 33=f4: orthogonal jump up the f-file over f6 (23) to f8 (13)
    ("frisian", "W:W33:B23", {("f4", "f8", ("f6",))}),
    # frisian: sideways over d4 (32) to b4 (31)
    ("frisian", "W:W33:B32", {("f4", "b4", ("d4",))}),
    # english 17=b4 (black man, moving down), 22=c3: jumps to d2 (26)
    ("english", "B:W21,22:B17", {("b4", "d2", ("c3",))}),
    # english quiet moves of a white man on 21 (a3): b4 (17) only
    ("english", "W:W21:B1", {("a3", "b4", ())}),
    # italian (mirrored) 21=b3, 18=c4: jump to d5 (14)
    ("italian", "W:W21:B18", {("b3", "d5", ("c4",))}),
    # italian: a man may not take a king: quiet moves only (b3-a4, b3-c4 blocked by king? no: c4 holds the king)
    ("italian", "W:W21:BK18", {("b3", "a4", ())}),
    # russian: c3 takes d4 and f6, ending on g7
    ("russian", "W:Wc3:Bd4,f6", {("c3", "g7", ("d4", "f6"))}),
    # russian: b6 takes c7, is crowned on d8 and goes on as a king over f6 to g5 or h4
    ("russian", "W:Wb6:Bc7,f6", {("b6", "g5", ("c7", "f6")), ("b6", "h4", ("c7", "f6"))}),
    # brazilian / german: same position, passes as a man: stops on d8 (crowned)
    ("brazilian", "W:Wb6:Bc7,f6", {("b6", "d8", ("c7",))}),
    ("german", "W:Wb6:Bc7,f6", {("b6", "d8", ("c7",))}),
    # turkish: c3 jumps c4 to c5
    ("turkish", "W:Wc3:Bc4,Kh8", {("c3", "c5", ("c4",))}),
]


# cases given with algebraic piece lists (turn, white, black), for variants numbered 1..N
ALG_CASES = [
    # spanish/portuguese (mirrored, 1 = h1): f3 (10) jumps e4 (14) to d5 (19)
    ("spanish", ("W", ["f3"], ["e4"]), {("f3", "d5", ("e4",))}),
    ("portuguese", ("W", ["f3"], ["e4"]), {("f3", "d5", ("e4",))}),
    # spanish/portuguese: equal number of pieces, the king must be taken (most kings)
    ("spanish", ("W", ["Kd3"], ["c4", "Ke4"]), {("d3", x, ("e4",)) for x in ("f5", "g6", "h7")}),
    ("portuguese", ("W", ["Kd3"], ["c4", "Ke4"]), {("d3", x, ("e4",)) for x in ("f5", "g6", "h7")}),
    # czech: a king can capture, so the man may not (a3xc5 is not legal)
    ("czech", ("W", ["a3", "Kg1"], ["b4", "b6"]), {("g1", "a7", ("b6",))}),
    # czech: without the king the man captures b4 and then b6 (c5 to a7)
    ("czech", ("W", ["a3"], ["b4", "b6"]), {("a3", "a7", ("b4", "b6"))}),
    # pool: the king must land on e5, from where it jumps f4
    ("pool", ("W", ["Ka1"], ["c3", "f4"]), {("a1", "g3", ("c3", "f4")), ("a1", "h2", ("c3", "f4"))}),
    # russian: same rule
    ("russian", ("W", ["Ka1"], ["c3", "f4"]), {("a1", "g3", ("c3", "f4")), ("a1", "h2", ("c3", "f4"))}),
    # brazilian: free landing, but majority: still only the 2-piece captures
    ("brazilian", ("W", ["Ka1"], ["c3", "f4"]), {("a1", "g3", ("c3", "f4")), ("a1", "h2", ("c3", "f4"))}),
    # thai (1 = g1): a king lands directly behind the captured piece
    ("thai", ("W", ["Ka1"], ["d4"]), {("a1", "e5", ("d4",))}),
    # thai: white men move up: c1 (3) to b2 (8) or d2 (7)
    ("thai", ("W", ["c1"], ["h8"]), {("c1", "b2", ()), ("c1", "d2", ())}),
    # sri-lankan (mirrored 12x12, 1 = a12): a man on b1 (67) goes to a2 or c2
    ("sri-lankan", ("W", ["b1"], ["a12"]), {("b1", "a2", ()), ("b1", "c2", ())}),
    # canadian (1 = b12): a man on a1 (67) goes to b2
    ("canadian", ("W", ["a1"], ["b12"]), {("a1", "b2", ())}),
    # english: Black moves down: a black man on b6 goes to a5 or c5
    ("english", ("B", ["g1"], ["b6"]), {("b6", "a5", ()), ("b6", "c5", ())}),
]


def alg2(s):
    return parse_alg(s)


for v, (turn, w, b), expect in ALG_CASES:
    pd = {}
    for col, lst in (("W", w), ("B", b)):
        for t in lst:
            pd[parse_alg(t.lstrip("K"))] = (col, t.startswith("K"))
    CASES.append((v, pos_to_damier_fen(v, mkpos(turn, pd)), expect))


lib = get_adapter(sys.argv[1]) if len(sys.argv) > 1 else None
gens = [("damier", None)] + ([(lib.name, lib)] if lib else [])
bad = 0
for v, fen, expect in CASES:
    exp = {(alg2(a), alg2(b), frozenset(alg2(c) for c in cs)) for a, b, cs in expect}
    pos = damier_fen_to_pos(v, fen)
    for name, g in gens:
        if g is not None and not g.supports(v):
            continue
        got = set(damier_moves(v, pos)) if g is None else set(g.moves(v, pos))
        ok = got == exp
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {name:12s} {v:24s} {fen}")
        if not ok:
            print("     expected", sorted(fmt_key(v, k) for k in exp), "got", sorted(fmt_key(v, k) for k in got))
print("all hand-checked cases agree" if not bad else f"{bad} cases disagree")
