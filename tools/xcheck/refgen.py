"""refgen: an independent reference move generator for every Damier variant.

Written for this cross-check from shared/RULES.md alone (it shares no code with
Damier or with the third-party libraries). It is deliberately simple and slow: the board
is a list, captures are found by a plain depth-first search, and every rule is a flag
in RULESETS below, read off the table in RULES.md section 2.

Coordinates: square index = rank * n + file, rank 0 = row 1 (White's side). White's men
move up (+rank), Black's men down, in every variant (Damier draws Black at the top even
where Black moves first).
"""
from common import Pos, mkpos, base_variant

DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
ORTH1 = [(0, 1), (0, -1), (1, 0), (-1, 0)]
ORTH2 = [(0, 2), (0, -2), (2, 0), (-2, 0)]   # Frisian: orthogonal neighbour on the playing squares


class Rules:
    def __init__(self, n, orient, first, rows, man_caps, man_takes_king=True, king="flying",
                 landing="any", choice="free", promo="pass", removal="end", no_reverse=False,
                 frisian_run=False, crowning_wins=False):
        self.n, self.orient, self.first, self.rows = n, orient, first, rows
        self.man_caps = man_caps          # 'forward' | 'all' | 'frisian' | 'turkish'
        self.man_takes_king = man_takes_king
        self.king = king                  # 'short' | 'flying'
        self.landing = landing            # 'any' | 'continue' | 'behind'
        self.choice = choice              # 'free' | 'majority' | 'spanish' | 'italian' | 'czech' | 'frisian'
        self.promo = promo                # 'stop' | 'continue' | 'pass'
        self.removal = removal            # 'end' | 'immediate'
        self.no_reverse = no_reverse      # Turkish: no 180 degree turn between two jumps
        self.frisian_run = frisian_run    # Frisian: same king at most 3 non-capturing moves in a row
        self.crowning_wins = crowning_wins  # Breakthrough: a king on the board ends the game


RULESETS = {
    "english": Rules(8, "normal", "B", 3, "forward", king="short", promo="stop"),
    "italian": Rules(8, "mirrored", "W", 3, "forward", man_takes_king=False, king="short",
                     choice="italian", promo="stop"),
    "spanish": Rules(8, "mirrored", "W", 3, "forward", choice="spanish", promo="stop"),
    "portuguese": Rules(8, "mirrored", "W", 3, "forward", choice="spanish", promo="stop"),
    "czech": Rules(8, "normal", "W", 3, "forward", landing="continue", choice="czech", promo="stop"),
    "russian": Rules(8, "normal", "W", 3, "all", landing="continue", promo="continue"),
    "brazilian": Rules(8, "normal", "W", 3, "all", choice="majority"),
    "german": Rules(8, "normal", "W", 3, "all", choice="majority"),
    "pool": Rules(8, "normal", "B", 3, "all", landing="continue"),
    "international": Rules(10, "normal", "W", 4, "all", choice="majority"),
    "frisian": Rules(10, "normal", "W", 4, "frisian", choice="frisian", frisian_run=True),
    "canadian": Rules(12, "normal", "W", 5, "all", choice="majority"),
    "sri-lankan": Rules(12, "mirrored", "W", 5, "all", choice="majority"),
    "turkish": Rules(8, "all", "W", 2, "turkish", choice="majority", removal="immediate",
                     no_reverse=True),
    "thai": Rules(8, "normal", "B", 2, "forward", landing="behind", promo="stop",
                  removal="immediate"),
    # Frysk!: Frisian from one row of five men each.
    "frysk": Rules(10, "normal", "W", 1, "frisian", choice="frisian", frisian_run=True),
    "breakthrough": Rules(10, "normal", "W", 4, "all", choice="majority", crowning_wins=True),
}


class Gen:
    def __init__(self, variant):
        self.variant = variant
        R = self.R = RULESETS[base_variant(variant)]
        n = self.n = R.n
        if R.orient == "all":
            self.playing = [True] * (n * n)
        else:
            par = 0 if R.orient == "normal" else 1
            self.playing = [((i % n) + (i // n)) % 2 == par for i in range(n * n)]

        def ray(sq, d):
            f, r = sq % n, sq // n
            out = []
            while True:
                f, r = f + d[0], r + d[1]
                if not (0 <= f < n and 0 <= r < n):
                    return out
                out.append(r * n + f)

        if R.man_caps == "turkish":
            kmove, kcap = ORTH1, ORTH1
        elif R.man_caps == "frisian":
            kmove, kcap = DIAG, DIAG + ORTH2
        else:
            kmove, kcap = DIAG, DIAG
        self.alldirs = list(dict.fromkeys(DIAG + ORTH1 + ORTH2))
        self.rays = {d: [ray(s, d) for s in range(n * n)] for d in self.alldirs}
        self.kmove, self.kcap = kmove, kcap
        # men: per colour (1 = White, -1 = Black)
        self.mmove, self.mcap = {}, {}
        for c in (1, -1):
            if R.man_caps == "turkish":
                self.mmove[c] = [(0, c), (1, 0), (-1, 0)]
                self.mcap[c] = [(0, c), (1, 0), (-1, 0)]
            else:
                self.mmove[c] = [(1, c), (-1, c)]
                if R.man_caps == "forward":
                    self.mcap[c] = [(1, c), (-1, c)]
                elif R.man_caps == "all":
                    self.mcap[c] = DIAG
                else:
                    self.mcap[c] = DIAG + ORTH2

    # ------------------------------------------------------------------ positions
    def start(self):
        R, n = self.R, self.n
        b = [0] * (n * n)
        if R.orient == "all":
            for f in range(n):
                for r in (1, 2):
                    b[r * n + f] = 1
                for r in (n - 2, n - 3):
                    b[r * n + f] = -1
        else:
            for i in range(n * n):
                if self.playing[i]:
                    r = i // n
                    if r < R.rows:
                        b[i] = 1
                    elif r >= n - R.rows:
                        b[i] = -1
        return State(b, 1 if R.first == "W" else -1)

    def from_pos(self, pos):
        n = self.n
        b = [0] * (n * n)
        for (f, r), col, k in pos.pieces:
            b[r * n + f] = (2 if k else 1) * (1 if col == "W" else -1)
        st = State(b, 1 if pos.turn == "W" else -1)
        if pos.extra:  # Frisian king run, e.g. RW2@28 (Damier's numbering)
            from common import damier_squares
            sq = damier_squares(self.variant)
            for part in pos.extra.split(":"):
                if part.startswith("R"):
                    col = 1 if part[1] == "W" else -1
                    cnt, at = part[2:].split("@")
                    f, r = sq[at]
                    st.run[col] = (r * n + f, int(cnt))
        return st

    def to_pos(self, st):
        n = self.n
        pd = {}
        for i, v in enumerate(st.b):
            if v:
                pd[(i % n, i // n)] = ("W" if v > 0 else "B", abs(v) == 2)
        extra = ""
        if st.run:
            from common import damier_names
            names = damier_names(self.variant)
            extra = ":".join(f"R{'W' if c == 1 else 'B'}{cnt}@{names[(sq % n, sq // n)]}"
                             for c, (sq, cnt) in sorted(st.run.items(), key=lambda x: -x[0]))
        return mkpos("W" if st.turn == 1 else "B", pd, extra)

    # ------------------------------------------------------------------ move generation
    def far(self, sq, c):
        r = sq // self.n
        return r == (self.n - 1 if c == 1 else 0)

    def captures(self, st):
        """All complete capture sequences: list of (from, to, [captured squares], [captured kinds], by_king, crowned)."""
        b, c = st.b, st.turn
        out = []
        for s in range(len(b)):
            v = b[s]
            if v * c > 0:
                b[s] = 0
                self._dfs(b, c, s, s, abs(v) == 2, [], [], None, out, abs(v) == 2)
                b[s] = v
        return out

    def _jumps(self, b, c, cur, king, capped, lastdir):
        """Single jumps from cur: list of (dir, captured square, [landing squares])."""
        R = self.R
        res = []
        dirs = self.kcap if king else self.mcap[c]
        for d in dirs:
            if R.no_reverse and lastdir is not None and d == (-lastdir[0], -lastdir[1]):
                continue
            ray = self.rays[d][cur]
            if king and R.king == "flying":
                i = 0
                while i < len(ray) and b[ray[i]] == 0:
                    i += 1
                if i >= len(ray):
                    continue
            else:
                i = 0
                if not ray:
                    continue
            t = ray[i]
            if b[t] * c >= 0 or t in capped:
                continue
            if not king and not R.man_takes_king and abs(b[t]) == 2:
                continue
            lands = []
            for x in ray[i + 1:]:
                if b[x] != 0:
                    break
                lands.append(x)
                if not (king and R.king == "flying") or R.landing == "behind":
                    break
            if lands:
                res.append((d, t, lands))
        return res

    def _dfs(self, b, c, start, cur, king, capped, kinds, lastdir, out, by_king):
        R = self.R
        jumps = self._jumps(b, c, cur, king, capped, lastdir)
        if not jumps:
            if capped:
                crowned = king and not by_king or (not king and self.far(cur, c))
                out.append((start, cur, list(capped), list(kinds), by_king, crowned))
            return
        for d, t, lands in jumps:
            tv = b[t]
            if R.removal == "immediate":
                b[t] = 0
            capped.append(t)
            kinds.append(abs(tv) == 2)
            if king and R.landing == "continue" and len(lands) > 1:
                good = [x for x in lands if self._jumps(b, c, x, True, capped, d)]
                if good:
                    lands = good
            for x in lands:
                if not king and self.far(x, c):
                    if R.promo == "stop":
                        out.append((start, x, list(capped), list(kinds), by_king, True))
                        continue
                    if R.promo == "continue":
                        self._dfs(b, c, start, x, True, capped, kinds, d, out, by_king)
                        continue
                self._dfs(b, c, start, x, king, capped, kinds, d, out, by_king)
            capped.pop()
            kinds.pop()
            if R.removal == "immediate":
                b[t] = tv

    def choose(self, seqs):
        R = self.R
        if R.choice == "free":
            return seqs
        if R.choice == "majority":
            m = max(len(s[2]) for s in seqs)
            return [s for s in seqs if len(s[2]) == m]
        if R.choice == "spanish":
            m = max(len(s[2]) for s in seqs)
            seqs = [s for s in seqs if len(s[2]) == m]
            k = max(sum(s[3]) for s in seqs)
            return [s for s in seqs if sum(s[3]) == k]
        if R.choice == "czech":
            if any(s[4] for s in seqs):
                return [s for s in seqs if s[4]]
            return seqs
        if R.choice == "frisian":
            val = lambda s: 199 * sum(s[3]) + 100 * (len(s[3]) - sum(s[3]))
            m = max(val(s) for s in seqs)
            seqs = [s for s in seqs if val(s) == m]
            if any(s[4] for s in seqs):
                seqs = [s for s in seqs if s[4]]
            return seqs
        if R.choice == "italian":
            m = max(len(s[2]) for s in seqs)
            seqs = [s for s in seqs if len(s[2]) == m]
            if any(s[4] for s in seqs):
                seqs = [s for s in seqs if s[4]]
            k = max(sum(s[3]) for s in seqs)
            seqs = [s for s in seqs if sum(s[3]) == k]
            if k > 0:
                first = lambda s: s[3].index(True)
                e = min(first(s) for s in seqs)
                seqs = [s for s in seqs if first(s) == e]
            return seqs
        raise ValueError(R.choice)

    def legal(self, st):
        """List of moves (from, to, captured tuple, crowned, is_king_move), one per
        distinct (from, to, captured set)."""
        if self.R.crowning_wins and any(abs(v) == 2 for v in st.b):
            return []
        seqs = self.captures(st)
        moves = {}
        if seqs:
            for s in self.choose(seqs):
                key = (s[0], s[1], frozenset(s[2]))
                if key not in moves:
                    moves[key] = (s[0], s[1], tuple(s[2]), s[5], s[4])
            return list(moves.values())
        b, c, R = st.b, st.turn, self.R
        res = []
        has_men = R.frisian_run and any(v == c for v in b)
        for s in range(len(b)):
            v = b[s]
            if v * c <= 0:
                continue
            if abs(v) == 2:
                if has_men and st.run.get(c, (None, 0))[0] == s and st.run[c][1] >= 3:
                    continue
                for d in self.kmove:
                    for x in self.rays[d][s]:
                        if b[x] != 0:
                            break
                        res.append((s, x, (), False, True))
                        if R.king == "short":
                            break
            else:
                for d in self.mmove[c]:
                    ray = self.rays[d][s]
                    if ray and b[ray[0]] == 0:
                        res.append((s, ray[0], (), self.far(ray[0], c), False))
        return res

    def play(self, st, m):
        s, t, caps, crowned, kingmove = m
        b = list(st.b)
        v = b[s]
        b[s] = 0
        for x in caps:
            b[x] = 0
        b[t] = (2 if (crowned or abs(v) == 2) else 1) * (1 if v > 0 else -1)
        ns = State(b, -st.turn)
        if self.R.frisian_run:
            ns.run = dict(st.run)
            c = st.turn
            if abs(v) == 2 and not caps:
                prev = st.run.get(c)
                ns.run[c] = (t, prev[1] + 1 if prev and prev[0] == s else 1)
            else:
                ns.run.pop(c, None)
            if -c in ns.run and ns.run[-c][0] in caps:  # the opponent's running king was taken
                del ns.run[-c]
        return ns

    def perft(self, st, depth):
        counts = [0] * depth

        def rec(st, d):
            ms = self.legal(st)
            counts[d] += len(ms)
            if d + 1 < depth:
                for m in ms:
                    rec(self.play(st, m), d + 1)
        rec(st, 0)
        return counts

    # ------------------------------------------------------------------ adapter interface
    def moves_keyed(self, pos):
        st = self.from_pos(pos)
        n = self.n
        co = lambda i: (i % n, i // n)
        res = {}
        for m in self.legal(st):
            key = (co(m[0]), co(m[1]), frozenset(co(x) for x in m[2]))
            res[key] = self.to_pos(self.play(st, m))
        return res


class State:
    __slots__ = ("b", "turn", "run")

    def __init__(self, b, turn):
        self.b, self.turn, self.run = b, turn, {}


class RefGen:
    """Adapter with the same interface as adapters.py."""
    name = "refgen"
    version = "xcheck"

    def __init__(self):
        self._g = {}

    def gen(self, v):
        if v not in self._g:
            self._g[v] = Gen(v)
        return self._g[v]

    def supports(self, variant):
        return base_variant(variant) in RULESETS

    def moves(self, variant, pos):
        return self.gen(variant).moves_keyed(pos)

    def perft(self, variant, pos, depth):
        g = self.gen(variant)
        return g.perft(g.from_pos(pos), depth)
