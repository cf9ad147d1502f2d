"""Adapters: third-party move generators behind one interface.

Each adapter has
  supports(variant) -> bool
  moves(variant, pos) -> dict key -> resulting Pos   (key as in common.py)
  perft(variant, pos, depth) -> [n1..nd]            (using the library's own make/unmake)
Square numbering of every library is mapped to (file, rank) coordinates here; see
check_notation.py for the hand-checked positions that confirm each mapping.
"""
import sys
import os
from common import Pos, mkpos, base_variant, VARIANTS

HERE = os.path.dirname(os.path.abspath(__file__))
# Libraries installed with pip --target (see README.md), ignored by git.
LIBS = os.environ.get("XCHECK_LIBS", os.path.join(HERE, "libs"))


def topleft_normal(n):
    """Numbering 1.. row by row from White's top-left, a1 dark (PDN N2, normal)."""
    m = {}
    k = 1
    for rank in range(n - 1, -1, -1):
        for f in range(n):
            if (f + rank) % 2 == 0:
                m[k] = (f, rank)
                k += 1
    return m


def from_a1_rows(n):
    """pydraughts' internal numbering of algebraic 8x8 variants: a1=1,c1=2,..,b2=5,.."""
    m = {}
    k = 1
    for rank in range(n):
        for f in range(n):
            if (f + rank) % 2 == 0:
                m[k] = (f, rank)
                k += 1
    return m


def topleft_mirrored(n):
    m = {}
    k = 1
    for rank in range(n - 1, -1, -1):
        for f in range(n):
            if (f + rank) % 2 == 1:
                m[k] = (f, rank)
                k += 1
    return m


# ----------------------------------------------------------------------------- py-draughts
class PyDraughts2:
    """py-draughts (PyPI 'py-draughts', import name 'draughts'), loaded from libs/pydraughts2."""
    name = "py-draughts"
    VMAP = {"international": "StandardBoard", "frisian": "FrisianBoard",
            "english": "AmericanBoard", "russian": "RussianBoard",
            "brazilian": "BrazilianBoard", "german": "BrazilianBoard",
            "international-giveaway": "AntidraughtsBoard"}

    def __init__(self):
        p = os.path.join(LIBS, "pydraughts2")
        # py-draughts and pydraughts both import as 'draughts': use one per process.
        assert "draughts" not in sys.modules, "load only one of pydraughts / py-draughts per process"
        sys.path.insert(0, p)
        import draughts
        self.mod = draughts
        self.version = draughts.__version__

    def libvariant(self, variant):
        if variant in self.VMAP:
            return self.VMAP[variant]
        b = base_variant(variant)
        if variant.endswith("-giveaway") and b in self.VMAP and b != "international":
            return self.VMAP[b]  # giveaway: same move rules
        return None

    def supports(self, variant):
        return self.libvariant(variant) is not None

    def _num(self, variant):
        n = VARIANTS[base_variant(variant)][0]
        return topleft_normal(n)

    def board(self, variant, pos):
        cls = getattr(self.mod, self.libvariant(variant))
        num = self._num(variant)
        inv = {c: k for k, c in num.items()}
        w = [("K" if k else "") + str(inv[c]) for c, col, k in pos.pieces if col == "W"]
        b = [("K" if k else "") + str(inv[c]) for c, col, k in pos.pieces if col == "B"]
        fen = f"{pos.turn}:W{','.join(w)}:B{','.join(b)}"
        return cls.from_fen(fen)

    def _pos(self, variant, bd):
        num = self._num(variant)
        pd = {}
        for i in range(len(num)):
            v = bd._get(i)
            if v:
                pd[num[i + 1]] = ("W" if v < 0 else "B", abs(v) == 2)
        turn = "W" if bd.turn == self.mod.Color.WHITE else "B"
        return mkpos(turn, pd)

    def moves(self, variant, pos, raw=False):
        bd = self.board(variant, pos)
        num = self._num(variant)
        ms = bd.legal_moves
        if base_variant(variant) == "english":
            # py-draughts' American board makes captures optional (its docstring says so);
            # RULES.md (and the WCDF) make them compulsory: keep only captures if any.
            if any(m.captured_list for m in ms):
                ms = [m for m in ms if m.captured_list]
        res = {}
        for m in ms:
            key = (num[m.square_list[0] + 1], num[m.square_list[-1] + 1],
                   frozenset(num[c + 1] for c in m.captured_list))
            b2 = bd.copy()
            b2.push(m)
            res[key] = self._pos(variant, b2)
        return res

    def perft(self, variant, pos, depth):
        bd = self.board(variant, pos)
        eng = base_variant(variant) == "english"
        counts = [0] * depth

        def legal(b):
            ms = b.legal_moves
            if eng and any(m.captured_list for m in ms):
                ms = [m for m in ms if m.captured_list]
            # distinct (start, end, captured set), as RULES.md counts moves
            seen = {}
            for m in ms:
                k = (m.square_list[0], m.square_list[-1], frozenset(m.captured_list))
                seen.setdefault(k, m)
            return list(seen.values())

        def rec(b, d):
            ms = legal(b)
            counts[d] += len(ms)
            if d + 1 < depth:
                for m in ms:
                    b.push(m)
                    rec(b, d + 1)
                    b.pop()
        rec(bd, 0)
        return counts


# ----------------------------------------------------------------------------- pydraughts
class PyDraughts:
    """pydraughts (PyPI 'pydraughts', import name 'draughts'), installed in the venv."""
    name = "pydraughts"
    VMAP = {"international": "standard", "english": "english", "italian": "italian",
            "russian": "russian", "brazilian": "brazilian", "german": "brazilian",
            "turkish": "turkish", "frisian": "frisian", "frysk": "frysk!",
            "breakthrough": "breakthrough", "international-giveaway": "antidraughts"}

    def __init__(self):
        assert "draughts" not in sys.modules, "load only one of pydraughts / py-draughts per process"
        import draughts
        import importlib.metadata as md
        self.mod = draughts
        self.version = md.version("pydraughts")

    def libvariant(self, variant):
        if variant in self.VMAP:
            return self.VMAP[variant]
        b = base_variant(variant)
        if variant.endswith("-giveaway") and b in self.VMAP and b != "international":
            return self.VMAP[b]
        return None

    def supports(self, variant):
        return self.libvariant(variant) is not None

    def _maps(self, variant):
        """(fen name of a coord, coord of a move number)."""
        b = base_variant(variant)
        n = VARIANTS[b][0]
        if b in ("russian", "brazilian", "german"):
            from common import alg
            return alg, from_a1_rows(8)
        if b == "turkish":
            from common import alg
            m = {r * 8 + f + 1: (f, r) for r in range(8) for f in range(8)}
            return alg, m
        if b == "italian":
            num = topleft_mirrored(8)
        else:
            num = topleft_normal(n)
        inv = {c: k for k, c in num.items()}
        return (lambda c: str(inv[c])), num

    def board(self, variant, pos):
        name, _ = self._maps(variant)
        w = [("K" if k else "") + name(c) for c, col, k in pos.pieces if col == "W"]
        b = [("K" if k else "") + name(c) for c, col, k in pos.pieces if col == "B"]
        fen = f"{pos.turn}:W{','.join(w)}:B{','.join(b)}"
        return self.mod.Board(self.libvariant(variant), fen)

    def _parse_fen(self, variant, fen):
        name, num = self._maps(variant)
        inv = {name(c): c for c in num.values()}
        parts = fen.split(":")
        pd = {}
        for part in parts[1:3]:
            col = part[0]
            for tok in part[1:].split(","):
                if tok:
                    k = tok.startswith("K")
                    pd[inv[tok[1:] if k else tok]] = (col, k)
        return mkpos(parts[0], pd)

    def moves(self, variant, pos):
        bd = self.board(variant, pos)
        _, num = self._maps(variant)
        mv, caps = bd._legal_moves_board()
        res = {}
        for m, c in zip(mv, caps):
            cs = frozenset(num[x] for x in c if x is not None)
            key = (num[m[0][0]], num[m[-1][1]], cs)
            b2 = bd.copy()
            b2.push(self.mod.Move(b2, board_move=m))
            res[key] = self._parse_fen(variant, b2.fen)
        return res

    def perft(self, variant, pos, depth):
        bd = self.board(variant, pos)
        g = bd._game
        counts = [0] * depth

        # pydraughts' breakthrough goes on generating after a crowning; the game is over there.
        over = (lambda: any(p.king for p in g.board.searcher.uncaptured_pieces)) \
            if base_variant(variant) == "breakthrough" else (lambda: False)

        def rec(d):
            if over():
                return
            mv, caps = g.legal_moves()
            seen = {}
            for m, c in zip(mv, caps):
                k = (m[0][0], m[-1][1], frozenset(x for x in c if x is not None))
                seen.setdefault(k, m)
            counts[d] += len(seen)
            if d + 1 < depth:
                for m in seen.values():
                    g.push(m)
                    rec(d + 1)
                    g.pop()
        rec(0)
        return counts


def get_adapter(name):
    return {"py-draughts": PyDraughts2, "pydraughts": PyDraughts}[name]()


# ----------------------------------------------------------------------------- kish
class Kish:
    """kish (PyPI 'kish', Rust Turkish draughts engine), loaded from libs/kish."""
    name = "kish"

    def __init__(self):
        sys.path.insert(0, os.path.join(LIBS, "kish"))
        import kish
        import importlib.metadata as md
        self.mod = kish
        try:
            self.version = md.version("kish")
        except md.PackageNotFoundError:
            self.version = "1.1.7"

    def supports(self, variant):
        return base_variant(variant) == "turkish"

    def board(self, variant, pos):
        k = self.mod
        sq = lambda c: k.Square.from_row_col(c[1], c[0])
        return k.Board.from_squares(
            k.Team.White if pos.turn == "W" else k.Team.Black,
            [sq(c) for c, col, _ in pos.pieces if col == "W"],
            [sq(c) for c, col, _ in pos.pieces if col == "B"],
            [sq(c) for c, _, kg in pos.pieces if kg])

    def _pos(self, bd):
        c = lambda s: (int(s) % 8, int(s) // 8)
        kings = {int(s) for s in bd.kings()}
        pd = {}
        for s in bd.white_pieces():
            pd[c(s)] = ("W", int(s) in kings)
        for s in bd.black_pieces():
            pd[c(s)] = ("B", int(s) in kings)
        return mkpos("W" if bd.turn == self.mod.Team.White else "B", pd)

    def moves(self, variant, pos):
        bd = self.board(variant, pos)
        res = {}
        c = lambda s: (int(s) % 8, int(s) // 8)
        for a in bd.actions():
            caps = frozenset(c(s) for s in a.captured_pieces())
            if int(a.source()) > 63 or int(a.destination()) > 63:
                # kish 1.1.7 bug: a capture that ends on its own start square comes out
                # as a bogus action (source = destination = 'A9', path [A9]). Keep it as a
                # wildcard key that compare_sets matches against a from == to capture.
                res[(None, None, caps)] = None
                continue
            key = (c(a.source()), c(a.destination()), caps)
            res[key] = self._pos(bd.apply(a))
        return res

    def perft(self, variant, pos, depth):
        """Distinct moves only (kish's own Board.perft counts every action it lists, and
        it lists some captures twice: see kish_dups.py)."""
        bd = self.board(variant, pos)
        counts = [0] * depth

        def rec(b, d):
            keys = {}
            for a in b.actions():
                keys.setdefault((int(a.source()), int(a.destination()), a.captured_bitboard()), a)
            counts[d] += len(keys)
            if d + 1 < depth:
                for a in keys.values():
                    rec(b.apply(a), d + 1)
        rec(bd, 0)
        return counts

    def raw_perft(self, variant, pos, depth):
        bd = self.board(variant, pos)
        return [bd.perft(d) for d in range(1, depth + 1)]


_ADAPTERS = {"py-draughts": PyDraughts2, "pydraughts": PyDraughts, "kish": Kish}


def get_adapter(name):
    return _ADAPTERS[name]()


def _refgen():
    from refgen import RefGen
    return RefGen()


_ADAPTERS["refgen"] = _refgen
