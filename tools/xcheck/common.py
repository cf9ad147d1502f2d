"""Shared helpers for cross-checking Damier against independent move generators.

Board model used for every comparison:
  coordinate = (file, rank), both 0-based, file 0 = 'a', rank 0 = row 1 = White's side.
  Position   = Pos(turn, pieces, extra) where turn is 'W' or 'B', pieces is a dict
               coord -> (colour 'W'/'B', king bool), extra is a variant-specific string
               (Frisian king-run field like 'RW2@28', else '').
  Move key   = (from coord, to coord, frozenset(captured coords))  (Damier's notion of
               "one move": same start, end and captured set).
"""
import json
import os
import random
import re
import subprocess
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
# The repository this folder belongs to; every path below is relative to it, or set by the
# environment, so the scripts run from any checkout on any machine.
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
DAMIER = os.environ.get("DAMIER", os.path.join(REPO, "target", "release", "damier"))
# Results of runs (small text files); XCHECK_RESULTS moves them elsewhere.
RESULTS = os.environ.get("XCHECK_RESULTS", os.path.join(HERE, "results"))
# Square names read from Damier, rebuilt on demand (ignored by git).
CACHE = os.path.join(HERE, "cache")
# The perft files the tests read.
PERFT_DIR = os.path.join(REPO, "crates", "core", "tests", "perft")

# variant -> (board size, algebraic notation?, all squares used?)
VARIANTS = {
    "english": (8, False, False),
    "italian": (8, False, False),
    "spanish": (8, False, False),
    "portuguese": (8, False, False),
    "czech": (8, True, False),
    "russian": (8, True, False),
    "brazilian": (8, True, False),
    "german": (8, True, False),
    "pool": (8, False, False),
    "international": (10, False, False),
    "frisian": (10, False, False),
    "canadian": (12, False, False),
    "sri-lankan": (12, False, False),
    "turkish": (8, True, True),
    "thai": (8, False, False),
    "frysk": (10, False, False),
    "breakthrough": (10, False, False),
}


def base_variant(v):
    return v[: -len("-giveaway")] if v.endswith("-giveaway") else v


def alg(c):
    return "abcdefghijkl"[c[0]] + str(c[1] + 1)


def parse_alg(s):
    return ("abcdefghijkl".index(s[0]), int(s[1:]) - 1)


@dataclass(frozen=True)
class Pos:
    turn: str
    pieces: tuple  # sorted tuple of (coord, colour, king)
    extra: str = ""

    def pdict(self):
        return {c: (col, k) for c, col, k in self.pieces}


def mkpos(turn, pdict, extra=""):
    return Pos(turn, tuple(sorted((c, col, k) for c, (col, k) in pdict.items())), extra)


# ---------------------------------------------------------------- Damier notation
_coord_cache = {}


def damier_squares(variant):
    """name -> coord for Damier's notation of this variant (read from `damier show`)."""
    v = base_variant(variant)
    if v in _coord_cache:
        return _coord_cache[v]
    n, algebraic, allsq = VARIANTS[v]
    os.makedirs(CACHE, exist_ok=True)
    path = os.path.join(CACHE, f"squares-{v}.json")
    if os.path.exists(path):
        with open(path) as fh:
            m = {k: tuple(x) for k, x in json.load(fh).items()}
        _coord_cache[v] = m
        return m
    m = {}
    if algebraic:
        names = [alg((f, r)) for r in range(n) for f in range(n)
                 if allsq or (f + r) % 2 == 0]
    else:
        names = [str(i) for i in range(1, n * n // 2 + 1)]
    for name in names:
        # Black to move: a Breakthrough king of the side to move is no position.
        out = subprocess.run([DAMIER, "show", "--variant", v, "--fen", f"B:WK{name}:B"],
                             capture_output=True, text=True, check=True).stdout
        lines = out.splitlines()
        found = None
        for line in lines[:n]:
            rank = int(line[:3]) - 1
            body = line[3:]
            # columns: the letters line tells where each file is
            letters = lines[n][3:]
            for f in range(n):
                col = letters.index("abcdefghijkl"[f])
                if col < len(body) and body[col] == "W":
                    found = (f, rank)
        assert found, (v, name, out)
        m[name] = found
    with open(path, "w") as fh:
        json.dump(m, fh)
    _coord_cache[v] = m
    return m


def damier_names(variant):
    return {c: name for name, c in damier_squares(variant).items()}


def pos_to_damier_fen(variant, pos):
    names = damier_names(variant)
    w = [("K" if k else "") + names[c] for c, col, k in pos.pieces if col == "W"]
    b = [("K" if k else "") + names[c] for c, col, k in pos.pieces if col == "B"]
    fen = f"{pos.turn}:W{','.join(w)}:B{','.join(b)}"
    if pos.extra:
        fen += ":" + pos.extra
    return fen


def damier_fen_to_pos(variant, fen):
    sq = damier_squares(variant)
    parts = fen.split(":")
    turn = parts[0]
    pd = {}
    extra = []
    for part in parts[1:]:
        if part[:1] in ("W", "B") and (len(part) == 1 or part[1] in "K0123456789abcdefghijkl"):
            col = part[0]
            for tok in part[1:].split(","):
                if not tok:
                    continue
                king = tok.startswith("K")
                name = tok[1:] if king else tok
                if "-" in name:
                    a, b = name.split("-")
                    for i in range(int(a), int(b) + 1):
                        pd[sq[str(i)]] = (col, king)
                else:
                    pd[sq[name]] = (col, king)
        else:
            extra.append(part)
    return mkpos(turn, pd, ":".join(extra))


def damier_start(variant):
    out = subprocess.run([DAMIER, "show", "--variant", variant], capture_output=True,
                         text=True, check=True).stdout
    fen = [l for l in out.splitlines() if re.match(r"^[WB]:", l)][0]
    return damier_fen_to_pos(variant, fen)


def damier_moves(variant, pos):
    """dict key -> resulting Pos (key = (from, to, frozenset captured))."""
    fen = pos_to_damier_fen(variant, pos)
    r = subprocess.run([DAMIER, "moves", "--variant", variant, "--fen", fen, "--json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"damier moves failed {variant} {fen}: {r.stderr}")
    sq = damier_squares(variant)
    res = {}
    for line in r.stdout.splitlines():
        if not line.strip():
            continue
        j = json.loads(line)
        key = (sq[j["from"]], sq[j["to"]], frozenset(sq[c] for c in j["captured"]))
        if key in res:
            raise RuntimeError(f"damier listed a duplicate move {key} in {variant} {fen}")
        res[key] = (damier_fen_to_pos(variant, j["fen"]), j["long"])
    return res


def damier_perft(variant, fen, depth):
    args = [DAMIER, "perft", "--variant", variant, "--depth", str(depth), "--json"]
    if fen and fen != "start":
        args += ["--fen", fen]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [json.loads(l)["nodes"] for l in out.splitlines() if l.strip()]


def fmt_key(variant, key):
    names = damier_names(variant)
    f, t, caps = key
    s = names[f] + ("x" if caps else "-") + names[t]
    if caps:
        s += " [" + ",".join(sorted(names[c] for c in caps)) + "]"
    return s


def strip_extra(pos):
    return Pos(pos.turn, pos.pieces, "")


# ---------------------------------------------------------------- random positions
def random_game_positions(variant, rng, count, max_plies=120, movegen=None):
    """Positions met in random games from the start (using Damier to play)."""
    gen = movegen or (lambda p: damier_moves(variant, p))
    out = []
    while len(out) < count:
        pos = damier_start(variant)
        plies = rng.randint(4, max_plies)
        for _ in range(plies):
            ms = gen(pos)
            if not ms:
                break
            out.append(pos)
            if len(out) >= count:
                break
            # prefer captures slightly less so games last; plain random choice
            key = rng.choice(sorted(ms.keys()))
            pos = ms[key][0]
    return out


def random_king_positions(variant, rng, count, max_per_side=8, king_prob=0.5):
    """Random legal-looking positions with kings and men (no man on its crowning row)."""
    v = base_variant(variant)
    n, algebraic, allsq = VARIANTS[v]
    squares = list(damier_squares(v).values())
    start = damier_start(v)
    # which colour moves up? White's men start on low ranks
    out = []
    while len(out) < count:
        pd = {}
        for col in ("W", "B"):
            k = rng.randint(1, max_per_side)
            for c in rng.sample([s for s in squares if s not in pd], k):
                crown = n - 1 if col == "W" else 0
                king = rng.random() < king_prob or c[1] == crown
                pd[c] = (col, king)
        turn = rng.choice("WB")
        out.append(mkpos(turn, pd))
    return out


def compare_sets(variant, pos, a, b, compare_results=True):
    """a, b: dict key -> result pos (or (pos, label)). Returns list of difference strings."""
    diffs = []
    b = dict(b)
    for k in [k for k in b if k[0] is None]:  # wildcard: a capture ending on its start square
        del b[k]
        match = [ka for ka in a if ka[0] == ka[1] and ka[2] == k[2]]
        if match:
            b[match[0]] = a[match[0]]
        else:
            diffs.append("only in B: a capture ending on its start square taking "
                         + ",".join(sorted(damier_names(variant)[c] for c in k[2])))
    for k in sorted(set(a) - set(b), key=str):
        diffs.append("only in A: " + fmt_key(variant, k))
    for k in sorted(set(b) - set(a), key=str):
        diffs.append("only in B: " + fmt_key(variant, k))
    if compare_results:
        for k in set(a) & set(b):
            ra = a[k][0] if isinstance(a[k], tuple) else a[k]
            rb = b[k][0] if isinstance(b[k], tuple) else b[k]
            if strip_extra(ra) != strip_extra(rb):
                diffs.append("different result: " + fmt_key(variant, k) + " -> "
                             + pos_to_damier_fen(variant, strip_extra(ra)) + " vs "
                             + pos_to_damier_fen(variant, strip_extra(rb)))
    return diffs
