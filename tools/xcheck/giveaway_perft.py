"""Giveaway forms have the move rules of their base variant (RULES.md section 2), so the
independent counts of the base variant's positions apply unchanged. For every refgen /
library run of a base variant in results/perft-runs.jsonl, run Damier's perft for
<variant>-giveaway on the same position and depth and record it against those counts."""
import json
from common import damier_perft
RUNS = "/work/xcheck/results/perft-runs.jsonl"
runs = [json.loads(l) for l in open(RUNS)]
have = {(r["variant"], r["id"], r["lib"]) for r in runs}
new = []
for r in runs:
    v = r["variant"]
    if v.endswith("-giveaway") or r["lib"] not in ("refgen",):
        continue
    gv = v + "-giveaway"
    gid = r["id"].replace(v, gv, 1) if r["id"].startswith(v) else gv + "-" + r["id"]
    if (gv, gid, r["lib"]) in have:
        continue
    fen = None if r["fen"] == "start" else r["fen"]
    dc = damier_perft(gv, fen, len(r["independent"]))
    rec = dict(r, variant=gv, id=gid, damier=dc, libvariant=v, reused_from=r["id"])
    new.append(rec)
    ok = dc == r["independent"]
    print(f"{gv} {gid}: {'AGREE' if ok else 'DIFFER'} depths 1-{len(dc)}")
    if not ok:
        print("   damier", dc, "\n   indep ", r["independent"])
with open(RUNS, "a") as fh:
    for rec in new:
        fh.write(json.dumps(rec) + "\n")
