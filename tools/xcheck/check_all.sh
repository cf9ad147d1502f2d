#!/bin/sh
# Re-run every cross-check the perft files cite (crates/core/tests/perft/*.perft):
# refgen to depth $REFGEN_DEPTH (default 6; its deeper counts take hours in Python), and each
# outside generator to every depth its source lines vouch for. One line per block goes to
# tools/xcheck/results/perft-check-LIB.txt (or $XCHECK_RESULTS). $XCHECK_MAX_DEPTH caps the
# outside generators' depth for a quick run. Exits non-zero if any count differs.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
VENV=${XCHECK_VENV:-$HERE/venv}
if [ ! -x "${DAMIER:-$REPO/target/release/damier}" ]; then
  (cd "$REPO" && cargo build --release -p damier)
fi
[ -x "$VENV/bin/python" ] || sh "$HERE/setup.sh"
status=0
python3 "$HERE/check_perft_files.py" refgen --max-depth "${REFGEN_DEPTH:-6}" || status=1
for lib in py-draughts kish pydraughts; do
  "$VENV/bin/python" "$HERE/check_perft_files.py" "$lib" --max-depth "${XCHECK_MAX_DEPTH:-99}" || status=1
done
exit $status
