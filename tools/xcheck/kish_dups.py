"""Count Turkish perft with kish two ways: every action kish lists, and distinct actions
(same start, end and captured set counted once). Explains the published Turkish figures."""
import sys, time
sys.path.insert(0, "../libs/kish")
import kish
D = int(sys.argv[1]) if len(sys.argv) > 1 else 7
allc = [0] * D; distinct = [0] * D; examples = []


def key(a):
    return (int(a.source()), int(a.destination()), a.captured_bitboard())


def rec(b, d):
    acts = b.actions()
    keys = {}
    for a in acts:
        keys.setdefault(key(a), a)
    allc[d] += len(acts)
    distinct[d] += len(keys)
    if len(keys) != len(acts) and len(examples) < 3:
        examples.append((d + 1, b, [a.notation() for a in acts]))
    if d + 1 < D:
        for a in keys.values():  # the tree below follows distinct moves only
            rec(b.apply(a), d + 1)


t = time.time()
rec(kish.Board(), 0)
print("kish actions listed (tree of distinct moves):", allc)
print("distinct moves                              :", distinct)
print(f"{time.time()-t:.0f}s")
for d, b, n in examples:
    print("example at ply", d, "white", [str(s) for s in b.white_pieces()], "black", [str(s) for s in b.black_pieces()],
          "kings", [str(s) for s in b.kings()], "turn", b.turn, n)
