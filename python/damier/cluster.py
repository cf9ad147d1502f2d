"""Self-play and endgame databases as Ray tasks, on one machine or a cluster.

    python -m damier.cluster selfplay --variant russian --games 20000 --out data/russian
    python -m damier.cluster egdb --variant english --pieces 6 --dir /shared/egdb
    ... --address auto       (join a running Ray cluster instead of starting one here)

They write what the single-machine commands write. Self-play splits the run into parts of
`--part-games` games, one folder each (`OUT/games-000001`, ...), whose games are those one
`damier selfplay` folder would hold; `damier train --data OUT` reads every part. The
databases are built one job (a slice and its swap) per task, each task started when the jobs
it needs are done, into the folder `damier egdb build` uses. Run either again with the same
arguments and finished parts or slices are kept. On a cluster, OUT and the databases' folder
must be one shared folder (NFS or alike) that every machine sees at the same path, and every
machine needs this package (`pip install ./python[cluster]`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Dict, List, Optional, Sequence

import damier


def _ray():
    try:
        import ray
    except ImportError:
        sys.exit(
            "damier.cluster: the runs need Ray: pip install 'ray>=2.9' "
            "(or pip install './python[cluster]')"
        )
    return ray


def _start(ray, address: Optional[str], cpus: Optional[int]) -> int:
    """Start Ray here, or join the cluster at `address`; the CPUs it offers."""
    options = dict(include_dashboard=False, logging_level="WARNING", log_to_driver=True)
    if address:
        ray.init(address=address, **options)
    else:
        ray.init(num_cpus=cpus, **options)
    return int(ray.cluster_resources().get("CPU", 1))


def _error(e: BaseException) -> str:
    """The message of a task's error, without Ray's wrapping."""
    cause = getattr(e, "cause", None)
    return str(cause) if cause is not None else str(e)


def _games_folder(out: str, first: int) -> str:
    return os.path.join(out, f"games-{first:06d}")


def selfplay(args: argparse.Namespace) -> int:
    if args.games < 1 or args.part_games < 1:
        sys.exit("damier.cluster: --games and --part-games must be at least 1")
    if args.variant not in damier.variants():
        sys.exit(f"damier.cluster: unknown variant '{args.variant}' (damier.variants() lists them)")
    ray = _ray()
    cpus = _start(ray, args.address, args.cpus)
    out = os.path.abspath(args.out)
    eval_file = args.eval
    if eval_file not in (None, "classic", "builtin"):
        eval_file = os.path.abspath(eval_file)

    @ray.remote(num_cpus=1)
    def play_part(first: int, count: int) -> Dict[str, int]:
        return damier.selfplay(
            _games_folder(out, first),
            args.variant,
            count,
            first_game=first,
            nodes=args.nodes,
            depth=args.depth,
            threads=1,
            seed=args.seed,
            eval=eval_file,
        )

    started = time.monotonic()
    parts = {}
    for first in range(1, args.games + 1, args.part_games):
        count = min(args.part_games, args.games - first + 1)
        parts[play_part.remote(first, count)] = (first, count)
    print(
        f"{args.variant}: {args.games} games in {len(parts)} parts of up to "
        f"{args.part_games}, on {cpus} CPUs, into {out}",
        flush=True,
    )
    pending = list(parts)
    played = positions = finished = 0
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        first, count = parts[done[0]]
        try:
            summary = ray.get(done[0])
        except Exception as e:  # a task's error arrives wrapped by Ray
            print(f"games {first}-{first + count - 1}: {_error(e)}", file=sys.stderr)
            return 1
        finished += 1
        played += summary["played"]
        positions += summary["positions"]
        rate = played / max(time.monotonic() - started, 1e-9)
        note = "kept" if summary["played"] == 0 else (
            f"+{summary['white_wins']} ={summary['draws']} -{summary['black_wins']}, "
            f"{summary['positions']} positions"
        )
        print(
            f"[{finished}/{len(parts)}] games {first}-{first + count - 1}: {note}; "
            f"{played} games played, {rate:.1f} games/s",
            flush=True,
        )
    print(
        f"{played} games and {positions} positions added in {time.monotonic() - started:.0f}s; "
        f"train with: damier train -v {args.variant} --data {out} --out FILE",
        flush=True,
    )
    return 0


def egdb(args: argparse.Namespace) -> int:
    try:
        jobs = damier.egdb_plan(args.variant, args.pieces)
    except damier.DamierError as e:
        sys.exit(f"damier.cluster: {e}")
    if args.threads_per_task < 1:
        sys.exit("damier.cluster: --threads-per-task must be at least 1")
    ray = _ray()
    cpus = _start(ray, args.address, args.cpus)
    root = os.path.abspath(args.dir or damier.egdb_default_dir())

    @ray.remote(num_cpus=args.threads_per_task)
    def build(slice_name: str, *needs_done: Dict) -> Dict:
        # Ray starts a task once the results it is given (the jobs it needs) exist.
        return damier.egdb_build_slice(
            args.variant, slice_name, dir=root, threads=args.threads_per_task
        )

    started = time.monotonic()
    refs = {}
    for slice_name, needs in jobs:
        refs[slice_name] = build.remote(slice_name, *[refs[n] for n in needs])
    names = {ref: name for name, ref in refs.items()}
    print(
        f"{args.variant}: {len(jobs)} jobs up to {args.pieces} pieces, on {cpus} CPUs, "
        f"into {root}",
        flush=True,
    )
    pending: List = list(refs.values())
    finished = built = 0
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        try:
            result = ray.get(done[0])
        except Exception as e:
            print(f"{names[done[0]]}: {_error(e)}", file=sys.stderr)
            return 1
        finished += 1
        if result["kept"]:
            note = "kept from an earlier run"
        else:
            built += 1
            note = f"{result['positions']} positions, {result['bytes']} bytes"
        print(f"[{finished}/{len(jobs)}] {result['slice']}: {note}", flush=True)
    print(
        f"{args.variant}: every slice up to {args.pieces} pieces in {root} "
        f"({built} jobs built), {time.monotonic() - started:.1f}s",
        flush=True,
    )
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m damier.cluster",
        description="Damier's self-play and endgame databases as Ray tasks.",
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--variant", "-v", default="international", help="variant id")
    common.add_argument(
        "--address", help="a running Ray cluster to join (e.g. auto, or HOST:6379)"
    )
    common.add_argument(
        "--cpus", type=int, help="CPUs of the Ray instance started here (default: all)"
    )
    commands = top.add_subparsers(dest="command", required=True)

    sp = commands.add_parser("selfplay", parents=[common], help="self-play games in parts")
    sp.add_argument("--games", "-n", type=int, required=True, help="games of the whole run")
    sp.add_argument("--out", required=True, help="folder of the parts (shared on a cluster)")
    sp.add_argument("--part-games", type=int, default=250, help="games of each task")
    limit = sp.add_mutually_exclusive_group()
    limit.add_argument("--nodes", type=int, help="nodes a move (default 5000)")
    limit.add_argument("--depth", type=int, help="depth a move, instead of --nodes")
    sp.add_argument("--seed", type=int, default=1, help="seed of openings and noise")
    sp.add_argument("--eval", help="weights file, classic or builtin (the default)")
    sp.set_defaults(run=selfplay)

    eg = commands.add_parser("egdb", parents=[common], help="endgame databases, job by job")
    eg.add_argument("--pieces", "-p", type=int, required=True, help="pieces, at most")
    eg.add_argument("--dir", help="databases' folder (default: damier.egdb_default_dir())")
    eg.add_argument("--threads-per-task", type=int, default=1, help="threads of each job")
    eg.set_defaults(run=egdb)
    return top


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("stopped: run the same command again to go on", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
