import sys
from common import *
from adapters import get_adapter
lib = get_adapter(sys.argv[1])
print(lib.name, lib.version)
for v in sys.argv[2:]:
    p = damier_start(v)
    a = {k: r for k, (r, l) in damier_moves(v, p).items()}
    b = lib.moves(v, p)
    print(v, len(a), len(b), compare_sets(v, p, a, b))
