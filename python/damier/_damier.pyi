"""The compiled half of the `damier` package: rules, PDN, the engine, endgame databases, self-play."""

from typing import Dict, List, Optional, Tuple, Union

class DamierError(ValueError):
    """A variant, FEN, move, PDN or limit that Damier refuses; the message says what and where."""

def variants() -> List[str]:
    """The ids of every variant (`international`, `english`, ..., `english-giveaway`, ...)."""

class Move:
    """A legal move, described in the variant's notation."""
    @property
    def short(self) -> str:
        """Short notation (`32-28`, `28x19`)."""
    @property
    def long(self) -> str:
        """Long notation: every landing square (`28x19x10`)."""
    @property
    def from_square(self) -> str: ...
    @property
    def to_square(self) -> str: ...
    @property
    def path(self) -> List[str]:
        """The start square, then every landing square."""
    @property
    def captured(self) -> List[str]:
        """The squares of the captured pieces."""
    @property
    def promotes(self) -> bool: ...

class Board:
    """A position of any variant with the moves that led to it."""
    def __init__(self, variant: str = "international", fen: Optional[str] = None) -> None:
        """The start position of `variant`, or the position of `fen` (PDN FEN)."""
    @property
    def variant(self) -> str: ...
    @property
    def fen(self) -> str: ...
    @property
    def side_to_move(self) -> str:
        """`"white"` or `"black"`."""
    @property
    def moves(self) -> List[str]:
        """The moves played, in short notation."""
    def legal_moves(self) -> List[Move]: ...
    def push(self, move: Union[Move, str]) -> Move:
        """Play a move (a `Move`, or its short or long text); raises `DamierError` if it is not legal."""
    def pop(self) -> Move:
        """Take the last move back and return it."""
    def perft(self, depth: int) -> int:
        """Leaf positions `depth` plies on; runs without the interpreter's lock."""
    def is_over(self) -> bool: ...
    def result(self) -> Optional[str]:
        """`"1-0"`, `"0-1"` or `"1/2-1/2"` once the rules end the game, else `None`."""
    def pdn(self, tags: Optional[Dict[str, str]] = None) -> str:
        """The game so far as PDN."""
    def copy(self) -> "Board": ...

class PdnRecord:
    """A game read from PDN."""
    variant: str
    tags: Dict[str, str]
    moves: List[str]
    result: str
    start_fen: str
    read_notes: List[str]
    """What reading chose or read past, as `damier pdn check` says it."""
    def board(self) -> Board:
        """The position after the main line, with its moves."""

def read_pdn(text: str, variant: str = "international") -> List[PdnRecord]:
    """Every game of a PDN text; `variant` for games without a GameType tag."""

class Line:
    """One line of an analysis."""
    multipv: int
    depth: int
    score: int
    """For the side to move, hundredths of a man."""
    score_text: str
    pv: List[str]
    nodes: int

class Engine:
    """Damier's engine: a transposition table and search threads, kept between analyses."""
    def __init__(self, threads: int = 1, hash_mb: int = 64) -> None: ...
    def analyse(
        self,
        board: Board,
        depth: Optional[int] = None,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        multipv: int = 1,
    ) -> List[Line]:
        """The `multipv` best moves with scores and lines; searches without the interpreter's lock."""

class EgdbValue:
    """What a database says of a position, for its side to move (draw rules that count moves aside)."""
    result: str
    """`"win"`, `"draw"` or `"loss"`."""
    plies: Optional[int]
    """Moves of either side to the end of the game; `None` for a draw."""

class Egdb:
    """A variant's endgame databases in a folder, as `damier egdb build` writes them."""
    def __init__(self, variant: str, dir: Optional[str] = None, cache_mb: int = 64) -> None:
        """`dir` defaults to `$DAMIER_EGDB`, else the user's data folder (`egdb_default_dir()`)."""
    @property
    def variant(self) -> str: ...
    @property
    def max_pieces(self) -> int:
        """Every position of this many pieces or fewer is in the set."""
    def slices(self) -> List[Tuple[str, int]]:
        """The slices present (`K2M1-K1`) with their sizes in bytes."""
    def probe(self, board: Board) -> Optional[EgdbValue]:
        """The value for the side to move, or `None` when the position's slice is not in the set."""
    def moves(self, board: Board) -> Optional[List[Tuple[Move, EgdbValue]]]:
        """Every legal move with the value it keeps, best first; `None` when a slice it reaches is missing."""

def egdb_default_dir() -> str:
    """The folder databases are found in when none is named."""

def egdb_plan(variant: str, pieces: int) -> List[Tuple[str, List[str]]]:
    """The jobs that build a set up to `pieces` pieces, each after those it needs: (slice, needs)."""

def egdb_build_slice(
    variant: str, slice: str, dir: Optional[str] = None, threads: int = 0
) -> Dict[str, Union[str, bool, int, None]]:
    """Build one job (a slice and its swap) whose needs are built; a pair already there is kept.
    Returns `{"slice", "kept", "positions", "bytes", "replaced"}` (`replaced`: why damaged files were built again, or None); runs without the interpreter's lock."""

def selfplay(
    out: str,
    variant: str,
    games: int,
    first_game: int = 1,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    threads: int = 1,
    seed: int = 1,
    eval: Optional[str] = None,
) -> Dict[str, Union[int, bool, List[Tuple[int, int]]]]:
    """`damier selfplay` into the folder `out` until it holds `games`; `first_game` numbers its
    first game, so that parts of one run hold the games one folder would. Returns `{"before",
    "played", "positions", "white_wins", "draws", "black_wins", "stopped"}` and what opening
    the folder mended after a run stopped part way: `"dtp_cut_bytes"` (a torn game cut off the
    training file), `"pdn_cut_bytes"`, `"pdn_cut_games"`, `"pdn_torn"` (the PDN file brought
    to the training file's games) and `"pdn_missing"` (`(first, last)` runs of games the PDN
    file lacks); runs without the lock."""
