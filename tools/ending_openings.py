#!/usr/bin/env python3
"""Start positions for matches about endings: from games written by `damier pdn convert
--to fen`, the first quiet position of each game with at most N pieces (and not fewer than
N-1), the two sides within one piece of each other. One FEN a line, for `damier match
--openings`. Not used by Damier itself, nor by its tests: it makes the opening files of
docs/egdb.md ("In the search").

    damier match -v italian --first damier:nodes=3000 --second damier:nodes=3000 \\
        -n 600 --seed 7 --pdn games.pdn
    damier pdn convert -v italian --to fen games.pdn > games.fen
    python3 tools/ending_openings.py games.fen 8 > italian-8.txt
"""

import sys


def games(lines):
    """Each game as a list of (move, FEN after it); the start position's move is 'start'."""
    game = []
    for line in lines:
        line = line.rstrip("\n")
        if line.startswith("#"):
            if game:
                yield game
            game = []
        elif "\t" in line:
            game.append(tuple(line.split("\t", 1)))
    if game:
        yield game


def sides(fen):
    """The pieces of White and of Black, as lists of square names."""
    _, white, black = fen.split(":")[:3]
    pieces = lambda part: [s for s in part[1:].split(",") if s]
    return pieces(white), pieces(black)


def opening(game, most):
    """The game's first position of at most `most` pieces from which a quiet move is
    played, if it has at least most-1 pieces and balanced sides."""
    for (_, fen), (next_move, _) in zip(game, game[1:]):
        white, black = sides(fen)
        count = len(white) + len(black)
        if count > most:
            continue
        if "x" in next_move:
            continue
        if count < most - 1 or abs(len(white) - len(black)) > 1:
            return None
        return fen
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: ending_openings.py GAMES.fen PIECES")
    most = int(sys.argv[2])
    with open(sys.argv[1], encoding="utf-8") as f:
        found = {opening(g, most) for g in games(f)}
    for fen in sorted(found - {None}):
        print(fen)


if __name__ == "__main__":
    main()
