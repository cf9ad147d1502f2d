"""Endgame-database probes and self-play from Python, and both run as Ray tasks by
`python -m damier.cluster` on a local Ray instance of 2 CPUs."""

import os
import subprocess
import sys

import pytest

import damier

# Training files start with "DAMIERTP", the format (u16) and the variant's id (its length u8).
HEADER = 8 + 2 + 1 + len("english")


@pytest.fixture(scope="module")
def english3(tmp_path_factory):
    """English databases to 3 pieces, built job by job in plan order."""
    root = tmp_path_factory.mktemp("egdb")
    for slice_name, _needs in damier.egdb_plan("english", 3):
        damier.egdb_build_slice("english", slice_name, dir=str(root))
    return str(root)


def test_probes_give_the_known_results(english3):
    db = damier.Egdb("english", dir=english3)
    assert db.max_pieces == 3 and db.variant == "english"
    # Two kings beat one; a king against a king is a draw.
    won = db.probe(damier.Board("english", fen="W:WK29,K30:BK1"))
    assert won.result == "win" and won.plies > 0 and str(won).startswith("win in")
    drawn = db.probe(damier.Board("english", fen="W:WK29:BK1"))
    assert drawn.result == "draw" and drawn.plies is None
    # The losing side sees the mirror: its best move keeps the longest loss.
    lost = db.probe(damier.Board("english", fen="B:WK29,K30:BK1"))
    assert lost.result == "loss"
    moves = db.moves(damier.Board("english", fen="W:WK29,K30:BK1"))
    assert moves[0][1] == won  # the best move keeps the value
    legal = [m.short for m in damier.Board("english", fen="W:WK29,K30:BK1").legal_moves()]
    assert sorted(m.short for m, _ in moves) == sorted(legal)
    # Four pieces are beyond the set.
    assert db.probe(damier.Board("english", fen="W:WK29,K30:BK1,K2")) is None


def test_database_errors_are_damier_errors(english3, tmp_path):
    db = damier.Egdb("english", dir=english3)
    with pytest.raises(damier.DamierError, match="the board plays international"):
        db.probe(damier.Board("international", fen="W:WK29:BK1"))
    with pytest.raises(damier.DamierError, match="needs slice K1-K1"):
        damier.egdb_build_slice("english", "K2-K1", dir=str(tmp_path))
    with pytest.raises(damier.DamierError, match="not a material slice"):
        damier.egdb_build_slice("english", "K9", dir=str(tmp_path))
    with pytest.raises(damier.DamierError, match="pieces must be between 2 and 8"):
        damier.egdb_plan("english", 12)
    with pytest.raises(damier.DamierError, match="no english databases in"):
        damier.Egdb("english", dir=str(tmp_path / "none"))


def test_selfplay_parts_hold_the_games_of_one_folder(tmp_path):
    one = tmp_path / "one"
    done = damier.selfplay(str(one), "english", 4, nodes=300)
    assert done["played"] == 4 and done["before"] == 0
    assert done["white_wins"] + done["draws"] + done["black_wins"] == 4
    for first in (1, 3):
        damier.selfplay(str(tmp_path / f"p{first}"), "english", 2, first_game=first, nodes=300)
    read = lambda d, f: (tmp_path / d / f).read_bytes()
    assert read("p1", "games.pdn") + read("p3", "games.pdn") == read("one", "games.pdn")
    parts = read("p1", "positions.dtp")[HEADER:] + read("p3", "positions.dtp")[HEADER:]
    assert parts == read("one", "positions.dtp")[HEADER:]
    assert not done["stopped"] and done["pdn_torn"] == 0 and done["pdn_missing"] == []
    # A full folder plays nothing more; bad settings are refused with the reason.
    assert damier.selfplay(str(one), "english", 4, nodes=300)["played"] == 0
    # A run stopped while writing a game's text left it torn: opening the folder cuts it,
    # and says so.
    whole = read("one", "games.pdn")
    (one / "games.pdn").write_bytes(whole + b'[Event "Damier self-play"]\n1. 11-15 ')
    mended = damier.selfplay(str(one), "english", 4, nodes=300)
    assert (mended["played"], mended["pdn_torn"], mended["dtp_cut_bytes"]) == (0, 1, 0)
    assert mended["pdn_cut_bytes"] == len(b'[Event "Damier self-play"]\n1. 11-15 ')
    assert read("one", "games.pdn") == whole
    with pytest.raises(damier.DamierError, match="holds english games"):
        damier.selfplay(str(one), "russian", 4)
    with pytest.raises(damier.DamierError, match="nodes or depth, not both"):
        damier.selfplay(str(tmp_path / "x"), "english", 1, nodes=10, depth=3)
    with pytest.raises(damier.DamierError, match="eval nowhere.weights"):
        damier.selfplay(str(tmp_path / "x"), "english", 1, eval="nowhere.weights")
    # The ranges are the library's, in the command line's words but Python's names.
    with pytest.raises(damier.DamierError, match="^first_game must be between 1 and 1000000000, got 0$"):
        damier.selfplay(str(tmp_path / "x"), "english", 1, first_game=0)
    with pytest.raises(damier.DamierError, match="^depth must be between 1 and 100, got 0$"):
        damier.selfplay(str(tmp_path / "x"), "english", 1, depth=0)
    with pytest.raises(damier.DamierError, match="^threads must be between 1 and"):
        damier.selfplay(str(tmp_path / "x"), "english", 1, threads=0)
    assert not (tmp_path / "x").exists()


def cluster(*args):
    return subprocess.run(
        [sys.executable, "-m", "damier.cluster", *args, "--cpus", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_cluster_selfplay_on_ray_writes_the_single_machine_games(tmp_path):
    out = tmp_path / "parts"
    run = cluster("selfplay", "-v", "english", "--games", "5", "--part-games", "2",
                  "--nodes", "300", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert "[3/3]" in run.stdout and "5 games played" in run.stdout
    parts = sorted(os.listdir(out))
    assert parts == ["games-000001", "games-000003", "games-000005"]
    damier.selfplay(str(tmp_path / "one"), "english", 5, nodes=300)
    pdn = b"".join((out / p / "games.pdn").read_bytes() for p in parts)
    assert pdn == (tmp_path / "one" / "games.pdn").read_bytes()
    # Again: every part is full already.
    again = cluster("selfplay", "-v", "english", "--games", "5", "--part-games", "2",
                    "--nodes", "300", "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert again.stdout.count(": kept") == 3 and "0 games played" in again.stdout


def test_cluster_egdb_on_ray_builds_the_set_in_dependency_order(tmp_path, english3):
    run = cluster("egdb", "-v", "english", "--pieces", "3", "--dir", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "[9/9]" in run.stdout and "every slice up to 3 pieces" in run.stdout
    # The same files as the jobs run one after another.
    names = sorted(os.listdir(os.path.join(english3, "english")))
    assert sorted(os.listdir(tmp_path / "english")) == names
    for name in names:
        with open(os.path.join(english3, "english", name), "rb") as f:
            assert (tmp_path / "english" / name).read_bytes() == f.read(), name
    assert damier.Egdb("english", dir=str(tmp_path)).max_pieces == 3


def test_cluster_refuses_bad_arguments():
    run = cluster("egdb", "-v", "english", "--pieces", "20")
    assert run.returncode != 0 and "pieces must be between 2 and 8" in run.stderr
    run = cluster("selfplay", "-v", "nowhere", "--games", "2", "--out", "x")
    assert run.returncode != 0 and "unknown variant 'nowhere'" in run.stderr
