"""perft with a library adapter (its own make/unmake), compared with Damier.
usage: perft_lib.py LIB VARIANT DEPTH [FEN|start]"""
import sys, time
from common import *
from adapters import get_adapter
lib = get_adapter(sys.argv[1]); v = sys.argv[2]; depth = int(sys.argv[3])
fen = sys.argv[4] if len(sys.argv) > 4 else "start"
pos = damier_start(v) if fen == "start" else damier_fen_to_pos(v, fen)
t = time.time()
lc = lib.perft(v, pos, depth)
dt = time.time() - t
dc = damier_perft(v, None if fen == "start" else fen, depth)
ok = lc == dc
print(f"{v} {fen} {lib.name} {lib.version}: {'AGREE' if ok else 'DIFFER'} ({dt:.0f}s)")
for i, (a, b) in enumerate(zip(dc, lc), 1):
    print(f"  perft {i} damier {a} {lib.name} {b}{'' if a == b else '   <-- differs'}")
