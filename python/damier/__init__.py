"""Every variant of draughts for Python: exact rules, PDN, Damier's engine and endgame
databases (compiled from Rust), and runs on many machines (`python -m damier.cluster`)."""

from ._damier import (
    Board,
    DamierError,
    Egdb,
    EgdbValue,
    Engine,
    Line,
    Move,
    PdnRecord,
    egdb_build_slice,
    egdb_default_dir,
    egdb_plan,
    read_pdn,
    selfplay,
    variants,
)

__all__ = [
    "Board",
    "DamierError",
    "Egdb",
    "EgdbValue",
    "Engine",
    "Line",
    "Move",
    "PdnRecord",
    "egdb_build_slice",
    "egdb_default_dir",
    "egdb_plan",
    "read_pdn",
    "selfplay",
    "variants",
]
