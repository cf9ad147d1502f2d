"""Write /work/xcheck/perft/<variant>.perft from results/perft-runs.jsonl.

Only depths at which Damier's count equals the count of at least one independent
generator are written, and only up to the first depth at which any independent generator
that was run disagrees with Damier (unless that library's disagreement is listed in
KNOWN_LIBRARY_FAULTS, with the reason, in which case the library is reported and ignored).
"""
import json
import os
from collections import OrderedDict

RUNS = "/work/xcheck/results/perft-runs.jsonl"
OUT = "/work/xcheck/perft"

LIBDESC = {
    "refgen": "refgen (independent Python generator written for this cross-check from RULES.md: "
              "/work/xcheck/scripts/refgen.py; it reproduces the published start-position counts of "
              "shared/reference/perft.md to the depths run, except Turkish depth 7, where the published "
              "figure counts duplicates: see turkish.perft)",
    "py-draughts": "py-draughts {ver} (PyPI 'py-draughts', board class {lv})",
    "pydraughts": "pydraughts {ver} (PyPI 'pydraughts', variant '{lv}')",
    "kish": "kish {ver} (PyPI 'kish', Rust Turkish draughts engine; perft over its actions() with "
            "duplicate actions merged, see adapters.Kish.perft)",
}
PYD2_CLASS = {"international": "StandardBoard", "frisian": "FrisianBoard", "english": "AmericanBoard",
              "russian": "RussianBoard", "brazilian": "BrazilianBoard", "german": "BrazilianBoard",
              "international-giveaway": "AntidraughtsBoard"}
PYD_NAME = {"international": "standard", "international-giveaway": "antidraughts"}

# (variant, id, lib) -> reason the library's different count is the library's fault
TURKISH_PYD = ("pydraughts 0.6.7's Turkish generator is faulty: its kings slide through occupied squares "
               "(1399 such extra moves in 2000 random positions, results/random-turkish-pydraughts-s2.txt), "
               "and from the start it counts 85146 at depth 5 against the published 85090 that Damier, "
               "kish and refgen reproduce; its Turkish counts are reported, not used")
FRISIAN_RUN = ("py-draughts 1.10.1 does not enforce the Frisian rule that the same king may make at most "
               "three non-capturing moves in a row while its side has men (its docstring: 'tracked but not "
               "currently enforced'); refgen with that rule switched off reproduces py-draughts' counts "
               "exactly (504469, 6998151 at depths 7, 8), so the difference is that rule")
EXTRA_NOTES = {
    "turkish-start": ["# Note: shared/reference/perft.md lists 10782382 and 123290300 at depths 7 and 8. Those",
                      "# count duplicates: kish's own Board.perft gives exactly those numbers, and the same",
                      "# tree with kish's duplicate actions merged gives 10782308 and 123285642 (see",
                      "# scripts/kish_dups.py), the counts Damier and refgen give under RULES.md section 1."],
}
KNOWN_LIBRARY_FAULTS = {("turkish", "*", "pydraughts"): TURKISH_PYD,
                        ("frisian", "frisian-kings", "py-draughts"): FRISIAN_RUN,
                        ("turkish-giveaway", "*", "pydraughts"): TURKISH_PYD}


def libtext(r):
    lv = r["libvariant"]
    if r["lib"] == "py-draughts":
        lv = PYD2_CLASS.get(lv, PYD2_CLASS.get(lv.replace("-giveaway", ""), lv))
    elif r["lib"] == "pydraughts":
        lv = PYD_NAME.get(lv, lv.replace("-giveaway", ""))
    s = LIBDESC[r["lib"]].format(ver=r["libversion"], lv=lv)
    if r["libvariant"] != r["variant"] or (r["variant"].endswith("-giveaway")
                                           and r["lib"] != "pydraughts" or False):
        pass
    return s


def main():
    runs = [json.loads(l) for l in open(RUNS)]
    blocks = OrderedDict()
    for r in runs:
        blocks.setdefault((r["variant"], r["id"]), []).append(r)
    files = OrderedDict()
    for (v, pid), rs in blocks.items():
        fen = rs[0]["fen"]
        damier = max((r["damier"] for r in rs), key=len)
        agreed = 0
        notes = []
        limit = len(damier)
        for r in rs:
            n = 0
            while n < len(r["independent"]) and r["independent"][n] == r["damier"][n]:
                n += 1
            if n < len(r["independent"]):
                fault = (KNOWN_LIBRARY_FAULTS.get((v, pid, r["lib"]))
                         or KNOWN_LIBRARY_FAULTS.get((v, "*", r["lib"])))
                if fault:
                    notes.append(f"# {r['lib']} differs from depth {n + 1} on: {fault}")
                else:
                    limit = min(limit, n)
                    notes.append(f"# {r['lib']} DIFFERS at depth {n + 1}: "
                                 f"{r['independent'][n]} vs {r['damier'][n]} (counts stop before it)")
            agreed = max(agreed, n)
        agreed = min(agreed, limit)
        if agreed == 0:
            continue
        src = []
        for r in rs:
            n = 0
            while n < len(r["independent"]) and r["independent"][n] == r["damier"][n]:
                n += 1
            if n == 0:
                continue
            what = libtext(r)
            if r["libvariant"] != v:
                what += f", run with the rules of '{r['libvariant']}'"
            src.append(f"#   depths 1-{min(n, agreed)}: {what}")
        lines = [f"# Checked against independent generators, position '{pid}', "
                 f"depths 1-{agreed} (each count equal to Damier's):"] + src + notes
        lines += EXTRA_NOTES.get(pid.replace("-giveaway", ""), [])
        lines += [f"id {pid}", f"variant {v}", f"fen {fen}"]
        lines += [f"perft {d} {damier[d - 1]}" for d in range(1, agreed + 1)]
        files.setdefault(v, []).append("\n".join(lines))
    os.makedirs(OUT, exist_ok=True)
    for v, bl in files.items():
        base = v.replace("-giveaway", "")
        head = [f"# Source: perft counts for Damier variant '{v}', each agreed by an independent",
                "# move generator (named per block below) and by Damier; made by",
                "# /work/xcheck/scripts/gen_perft_files.py from results/perft-runs.jsonl.",
                "# A count is written only up to the depth that an independent generator reached",
                "# with the same count; duplicates (same start, end and captured set) count once."]
        if v.endswith("-giveaway"):
            head.append(f"# Giveaway has the move rules of '{base}' (RULES.md section 2): the independent counts")
            head.append(f"# were made with the rules of '{base}' unless the block says otherwise.")
        with open(os.path.join(OUT, f"{v}.perft"), "w") as fh:
            fh.write("\n".join(head) + "\n\n" + "\n\n".join(bl) + "\n")
        print(f"wrote {v}.perft: {len(bl)} positions")


if __name__ == "__main__":
    main()
