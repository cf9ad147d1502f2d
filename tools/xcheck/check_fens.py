"""Compare damier and LIB on given FENs (Damier notation), or on every position listed in a results file.
usage: check_fens.py LIB VARIANT FEN|@results-file ..."""
import sys
from common import *
from adapters import get_adapter
lib = get_adapter(sys.argv[1]); v = sys.argv[2]
fens = []
for arg in sys.argv[3:]:
    if arg.startswith("@"):
        fens += [l.split()[1] for l in open(arg[1:]) if l[:1] not in ("#", " ")]
    else:
        fens.append(arg)
nd = 0
for fen in fens:
    p = damier_fen_to_pos(v, fen)
    d = {k: r for k, (r, l) in damier_moves(v, p).items()}
    l = lib.moves(v, p)
    diffs = compare_sets(v, p, d, l)
    nd += bool(diffs)
    print(fen, f"damier {len(d)} {lib.name} {len(l)}", "SAME" if not diffs else "")
    for x in diffs[:8]:
        print("   ", x)
print(f"{nd} of {len(fens)} differ")
