"""Re-run the cross-check behind crates/core/tests/perft/*.perft.

Every count block there names its sources (`source KIND D1-D2: where`). This script takes the
blocks whose sources name LIB (refgen, py-draughts, pydraughts or kish), runs LIB's perft on
the block's position to the depths that source vouches for (at most --max-depth), and
compares with the counts in the file. It prints one line a block and writes the same lines
to results/perft-check-LIB.txt; it exits non-zero if any count differs.

usage: check_perft_files.py LIB [--variant V] [--max-depth D]
  refgen needs nothing but Python; the others are installed as README.md says, and Damier's
  release binary (cargo build --release) reads square names for them.
"""
import argparse
import glob
import os
import sys
import time

from common import PERFT_DIR, RESULTS, damier_fen_to_pos, damier_start

LIB_SOURCE = {"refgen": "refgen", "py-draughts": "py-draughts", "pydraughts": "pydraughts",
              "kish": "kish"}


def blocks(path):
    """(id, variant, fen, {depth: count}, [(kind, lo, hi, where)]) for each block of a file."""
    out = []
    cur = None
    with open(path) as fh:
        lines = fh.read().splitlines()
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            cur = {"id": value, "variant": None, "fen": "start", "counts": {}, "sources": []}
            out.append(cur)
        elif key == "variant":
            cur["variant"] = value
        elif key == "fen":
            cur["fen"] = value
        elif key == "perft":
            d, n = value.split()
            cur["counts"][int(d)] = int(n)
        elif key == "source":
            head, _, where = value.partition(":")
            kind, rng = head.split()
            lo, _, hi = rng.partition("-")
            cur["sources"].append((kind, int(lo), int(hi or lo), where.strip()))
    return out


def vouched_depth(block, lib):
    """The deepest depth a source of `lib` vouches for in this block, or 0."""
    best = 0
    for kind, lo, hi, where in block["sources"]:
        named = where.split(",")[0].split(" ")[0]
        if (lib == "refgen" and kind == "refgen") or (kind == "external" and named == lib):
            best = max(best, hi)
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lib", choices=sorted(LIB_SOURCE))
    ap.add_argument("--variant", help="only this variant's file")
    ap.add_argument("--max-depth", type=int, default=6)
    a = ap.parse_args()
    if a.lib == "refgen":
        from refgen import RefGen
        gen = RefGen()
    else:
        from adapters import get_adapter
        gen = get_adapter(a.lib)
    os.makedirs(RESULTS, exist_ok=True)
    name = f"perft-check-{a.lib}" + (f"-{a.variant}" if a.variant else "") + ".txt"
    report = open(os.path.join(RESULTS, name), "w")
    version = getattr(gen, "version", "") if a.lib != "refgen" else "tools/xcheck/refgen.py"
    report.write(f"# {a.lib} {version}, check_perft_files.py --max-depth {a.max_depth}, "
                 f"{time.strftime('%Y-%m-%d', time.gmtime())}\n")
    failed = 0
    for path in sorted(glob.glob(os.path.join(PERFT_DIR, "*.perft"))):
        for b in blocks(path):
            if a.variant and b["variant"] != a.variant:
                continue
            depth = min(vouched_depth(b, a.lib), a.max_depth)
            if depth == 0 or not b["counts"]:
                continue
            v = b["variant"]
            pos = damier_start(v) if b["fen"] == "start" else damier_fen_to_pos(v, b["fen"])
            t = time.time()
            got = gen.perft(v, pos, depth)
            want = [b["counts"].get(d) for d in range(1, depth + 1)]
            ok = all(w is None or g == w for g, w in zip(got, want))
            failed += not ok
            line = (f"{'agree ' if ok else 'DIFFER'} {b['id']} ({v}) depths 1-{depth} "
                    f"{time.time() - t:.1f}s" + ("" if ok else f" got {got} want {want}"))
            print(line, flush=True)
            report.write(line + "\n")
    report.close()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
