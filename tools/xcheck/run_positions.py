"""perft on the positions of results/positions.json with refgen and the libraries.
usage: run_positions.py [REFGEN_BUDGET]"""
import json, os, subprocess, sys
from common import RESULTS
B = sys.argv[1] if len(sys.argv) > 1 else "5e5"
pos = json.load(open(os.path.join(RESULTS, "positions.json")))
PD2 = {"international", "frisian", "english", "russian", "brazilian", "german"}
PD = {"international", "english", "italian", "russian", "brazilian", "german", "turkish", "frisian"}
for v, pid, fen in pos:
    def run(lib, budget, md=12):
        subprocess.run([sys.executable, "run_perft.py", lib, v, pid, fen, str(md), "--budget", budget])
    run("refgen", B)
    # the libraries do not know the Frisian king-run field: only positions without one
    if v in PD2 and ":R" not in fen:
        run("py-draughts", B)
    if v in PD and ":R" not in fen:
        run("pydraughts", "3e3")
    if v == "turkish":
        run("kish", B)
