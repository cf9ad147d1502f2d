#!/usr/bin/env python3
"""A Hub (version 2) front end for the engines of the PyPI package py-draughts, so that
`damier match` can play them. Not used by Damier itself, nor by its tests: it exists to
measure Damier's strength (see docs/strength.md).

    python3 -m venv venv && venv/bin/pip install py-draughts
    damier match --variant russian --second "hub:venv/bin/python tools/py_draughts_hub.py"

Variants: international (TurboEngine, or SimpleEngine with set-param engine=simple), russian,
brazilian, frisian, english (SimpleEngine). Positions and moves arrive in Damier's Hub form
(its own square names, in its square order) and are translated to py-draughts' boards, which
number squares from the top left with the first player at the bottom and moving first.
"""

import sys
import time

from draughts.boards.american import Board as AmericanBoard
from draughts.boards.brazilian import Board as BrazilianBoard
from draughts.boards.frisian import Board as FrisianBoard
from draughts.boards.russian import Board as RussianBoard
from draughts.boards.standard import Board as StandardBoard
from draughts.engines.simple import SimpleEngine
from draughts.engines.turbo import TurboEngine


class EnglishBoard(AmericanBoard):
    """py-draughts' American board with captures compulsory, as the English/American rules
    of RULES.md (and of the ACF) have them; py-draughts offers captures as optional."""

    @property
    def legal_moves(self):
        moves = AmericanBoard.legal_moves.fget(self)
        captures = [m for m in moves if m.captured_list]
        return captures or moves


BOARDS = {
    "international": (StandardBoard, 10),
    "frisian": (FrisianBoard, 10),
    "russian": (RussianBoard, 8),
    "brazilian": (BrazilianBoard, 8),
    "english": (EnglishBoard, 8),
}


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def parse(line):
    """Hub grammar: command name=value name="quoted value" flag."""
    words, i, n = [], 0, len(line)
    while i < n:
        if line[i].isspace():
            i += 1
            continue
        j = i
        while j < n and not line[j].isspace() and line[j] != "=":
            j += 1
        name, value = line[i:j], None
        if j < n and line[j] == "=":
            j += 1
            if j < n and line[j] == '"':
                k = line.index('"', j + 1)
                value, j = line[j + 1:k], k + 1
            else:
                k = j
                while k < n and not line[k].isspace():
                    k += 1
                value, j = line[j:k], k
        words.append((name, value))
        i = j
    return (words[0][0], dict(words[1:])) if words else (None, {})


class Variant:
    """Translation between Damier's squares and py-draughts' for one variant."""

    def __init__(self, name):
        self.name = name
        self.board_class, self.size = BOARDS[name]
        self.algebraic = name in ("russian", "brazilian")
        # English: Damier's first player (Black) starts on 1-12 and moves first; py-draughts'
        # first player (White) starts at the bottom. The board turns half round.
        self.turned = name == "english"
        half = self.size // 2
        self.count = half * self.size

    def theirs_of_ours(self, ours):
        """py-draughts' 1-based square of Damier's square `ours` (a number, or a1-h8)."""
        if self.turned:
            return self.count + 1 - int(ours)
        if not self.algebraic:
            return int(ours)
        col = ord(ours[0]) - ord("a")
        row = int(ours[1:]) - 1  # 0 = White's back rank
        top = self.size - 1 - row
        return top * (self.size // 2) + col // 2 + 1

    def ours_of_theirs(self, theirs):
        if self.turned:
            return str(self.count + 1 - theirs)
        if not self.algebraic:
            return str(theirs)
        half = self.size // 2
        top, k = divmod(theirs - 1, half)
        row = self.size - 1 - top
        col = 2 * k + (1 if row % 2 == 1 else 0)
        return "abcdefgh"[col] + str(row + 1)

    def our_order(self):
        """Damier's squares in its Hub position order."""
        if not self.algebraic:
            return [str(n) for n in range(1, self.count + 1)]
        return [
            "abcdefgh"[c] + str(r + 1)
            for r in range(self.size)
            for c in range(self.size)
            if (r + c) % 2 == 0
        ]

    def board(self, hub_pos):
        """A py-draughts board from a Damier Hub position string."""
        side, cells = hub_pos[0], hub_pos[1:]
        white, black = [], []
        for ours, c in zip(self.our_order(), cells):
            if c in "eE.":
                continue
            theirs = self.theirs_of_ours(ours)
            king = c.isupper()
            colour = c.lower()
            if self.turned:  # Damier's Black is py-draughts' White
                colour = "w" if colour == "b" else "b"
            (white if colour == "w" else black).append(("K" if king else "") + str(theirs))
        to_move = side.upper()
        if self.turned:
            to_move = "W" if to_move == "B" else "B"
        return self.board_class.from_fen(f'{to_move}:W{",".join(white)}:B{",".join(black)}')

    def hub_move(self, move):
        squares = [self.ours_of_theirs(s + 1) for s in move.square_list]
        captured = [self.ours_of_theirs(s + 1) for s in (move.captured_list or [])]
        if captured:
            return "x".join([squares[0], squares[-1]] + captured)
        return f"{squares[0]}-{squares[-1]}"

    def find(self, board, text):
        """The legal move of `board` written `text` in Damier's Hub form."""
        parts = text.replace("x", " ").replace("-", " ").replace(":", " ").split()
        for m in board.legal_moves:
            if self.hub_move(m).replace("x", " ").replace("-", " ").split()[:2] == parts[:2]:
                if len(parts) == 2 or sorted(self.hub_move(m).split("x")[2:]) == sorted(parts[2:]):
                    return m
        raise ValueError(f"no legal move {text}")


def main():
    variant, engine_kind = Variant("international"), "turbo"
    board, level = None, {"move-time": "1"}
    for raw in sys.stdin:
        command, args = parse(raw.strip())
        if command == "hub":
            say("id name=py-draughts version=1.10 author=\"py-draughts authors\"")
            say("param name=variant value=international type=enum values=\"international frisian russian brazilian english\"")
            say("param name=engine value=turbo type=enum values=\"turbo simple\"")
            say("wait")
        elif command == "set-param":
            if args.get("name") == "variant":
                variant = Variant(args["value"])
            elif args.get("name") == "engine":
                engine_kind = args["value"]
        elif command == "init":
            say("ready")
        elif command == "pos":
            board = variant.board(args["pos"])
            for text in (args.get("moves") or "").split():
                board.push(variant.find(board, text))
        elif command == "level":
            level = args
        elif command == "go":
            if "move-time" in level:
                budget = float(level["move-time"])
            elif "time" in level:
                left, inc = float(level["time"]), float(level.get("inc", 0))
                moves = int(level.get("moves", 30))
                budget = min(left / max(moves, 1) + 0.8 * inc, 0.4 * left)
            else:
                budget = 1.0
            budget = max(0.01, budget * 0.8)  # Python's own overhead
            depth = int(level["depth"]) if "depth" in level else 40
            if variant.name == "international" and engine_kind == "turbo":
                engine = TurboEngine(depth_limit=depth, time_limit=budget)
            else:
                engine = SimpleEngine(depth_limit=depth, time_limit=budget)
            start = time.time()
            move = engine.get_best_move(board)
            say(f"info time={time.time() - start:.3f}")
            say(f"done move={variant.hub_move(move)}")
        elif command == "ping":
            say("pong")
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
