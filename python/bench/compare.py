"""Perft and move listing: damier against pydraughts or py-draughts (whichever `draughts` is
installed beside it), international draughts from the start position. Prints one line per
measurement: the library, what, the count, and the median time of 3 runs.

    python python/bench/compare.py pydraughts 4     # or: py-draughts 4
"""

import statistics
import sys
import time

import damier


def timed(fn, runs=3):
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return result, statistics.median(times)


def perft_python(board, depth, moves, push, pop):
    """Perft through a library's Python API: list, push, recurse, pop."""
    if depth == 0:
        return 1
    total = 0
    for m in moves(board):
        push(board, m)
        total += perft_python(board, depth - 1, moves, push, pop)
        pop(board)
    return total


def other(name):
    if name == "pydraughts":
        import draughts

        board = lambda: draughts.Board(variant="standard")
        return board, (lambda b: b.legal_moves()), (lambda b, m: b.push(m)), (lambda b: b.pop())
    if name == "py-draughts":
        from draughts import StandardBoard

        board = StandardBoard
        return board, (lambda b: list(b.legal_moves)), (lambda b, m: b.push(m)), (lambda b: b.pop())
    raise SystemExit(f"unknown library {name}")


def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    make, moves, push, pop = other(name)
    report = lambda lib, what, n, t: print(f"{lib:12} {what:28} {n:>10} {t * 1000:10.1f} ms")
    n, t = timed(lambda: perft_python(make(), depth, moves, push, pop), runs=1)
    report(name, f"perft {depth} via Python", n, t)
    board = make()
    n, t = timed(lambda: sum(len(moves(board)) for _ in range(1000)))
    report(name, "1000 move lists", n, t)
    n, t = timed(
        lambda: perft_python(
            damier.Board("international"), depth, lambda b: b.legal_moves(), lambda b, m: b.push(m), lambda b: b.pop()
        )
    )
    report("damier", f"perft {depth} via Python", n, t)
    n, t = timed(lambda: damier.Board("international").perft(depth))
    report("damier", f"perft {depth} (one call)", n, t)
    board = damier.Board("international")
    n, t = timed(lambda: sum(len(board.legal_moves()) for _ in range(1000)))
    report("damier", "1000 move lists", n, t)


if __name__ == "__main__":
    main()
