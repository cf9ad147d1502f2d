#!/bin/sh
# Appends to results/perft-runs.jsonl (sequential: one heavy process at a time).
# Start positions with refgen: see the loop at the top (run first, separately, ~20 min).
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ "$1" = "start-refgen" ]; then
  for v in english italian spanish portuguese czech russian brazilian german pool thai turkish international frisian canadian sri-lankan; do
    $PY run_perft.py refgen $v $v-start start 14 --budget 5e6
  done
  exit
fi
if [ "$1" = "start-libs" ]; then
  for v in international frisian english russian brazilian german international-giveaway; do
    $PY run_perft.py py-draughts $v $v-start start 14 --budget 3e6
  done
  for v in international english italian russian brazilian german turkish frisian international-giveaway; do
    $PY run_perft.py pydraughts $v $v-start start 10 --budget 1e4
  done
  $PY run_perft.py kish turkish turkish-start start 12 --budget 1.2e7
  exit
fi
if [ "$1" = "positions" ]; then
  $PY pick_positions.py
  $PY run_positions.py 5e5
  exit
fi
