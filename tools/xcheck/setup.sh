#!/bin/sh
# Install the outside generators the perft files cite, at the versions they cite, in a
# virtual environment under tools/xcheck (ignored by git). pydraughts and py-draughts both
# import as `draughts`, so py-draughts and kish go in folders of their own (libs/).
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
VENV=${XCHECK_VENV:-$HERE/venv}
LIBS=${XCHECK_LIBS:-$HERE/libs}
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q pydraughts==0.6.7
"$VENV/bin/pip" install -q --target "$LIBS/pydraughts2" py-draughts==1.10.1
"$VENV/bin/pip" install -q --target "$LIBS/kish" kish==1.1.7
