"""The Python package against published numbers and the command line's behaviour."""

import threading
import time

import pytest

import damier


# Published perft counts (../shared/reference/perft.md): duplicates of a capture dropped.
@pytest.mark.parametrize(
    "variant,counts",
    [
        ("international", [9, 81, 658, 4265, 27117]),
        ("english", [7, 49, 302, 1469, 7361, 36768]),
        ("russian", [7, 49, 302, 1469, 7482, 37986]),
        ("turkish", [8, 64, 708, 7538]),
        ("canadian", [11, 121, 1222, 10053]),
    ],
)
def test_perft_matches_the_published_counts(variant, counts):
    board = damier.Board(variant)
    assert [board.perft(d) for d in range(1, len(counts) + 1)] == counts


def test_every_variant_has_a_start_with_moves():
    names = damier.variants()
    assert len(names) == 34
    assert {"international", "frisian-giveaway", "frysk", "breakthrough"} <= set(names)
    for v in names:
        assert damier.Board(v).legal_moves()


def test_push_pop_and_fen():
    board = damier.Board("international")
    start = board.fen
    moves = board.legal_moves()
    assert [m.short for m in moves][:3] == ["31-27", "32-28", "33-29"]
    played = board.push("32-28")
    assert played.short == "32-28" and played.path == ["32", "28"]
    assert board.side_to_move == "black"
    board.push(board.legal_moves()[0])
    assert board.moves == ["32-28", "17-21"]
    assert board.pop().short == "17-21"
    assert board.pop().short == "32-28"
    assert board.fen == start
    with pytest.raises(damier.DamierError):
        board.pop()


def test_captures_are_compulsory_and_described():
    board = damier.Board("english", fen="W:W22:B17,9,18,10")
    moves = board.legal_moves()
    assert {m.long for m in moves} == {"22x13x6", "22x15x6"}
    assert all(m.captured for m in moves)
    with pytest.raises(damier.DamierError, match="capture is compulsory"):
        board.push("22-18")


def test_bad_input_is_a_clear_error():
    with pytest.raises(damier.DamierError, match="variant"):
        damier.Board("chess")
    with pytest.raises(damier.DamierError):
        damier.Board("english", fen="W:W99")
    with pytest.raises(damier.DamierError):
        damier.Board().push("99-98")
    with pytest.raises(damier.DamierError, match="a move is a damier.Move or its text"):
        damier.Board().push(42)
    assert issubclass(damier.DamierError, ValueError)


def test_pdn_round_trip():
    board = damier.Board("international")
    for m in ["32-28", "19-23", "28x19", "14x23"]:
        board.push(m)
    text = board.pdn({"White": "A", "Black": "B"})
    [game] = damier.read_pdn(text)
    assert game.moves == ["32-28", "19-23", "28x19", "14x23"]
    assert game.tags["White"] == "A" and game.result == "*"
    assert game.board().fen == board.fen
    assert game.read_notes == []
    with pytest.raises(damier.DamierError, match="line"):
        damier.read_pdn("1. 32-28 19-24 2. 99-98 *")
    # A wrong variation is left out, and said.
    [annotated] = damier.read_pdn("1. 32-28 (1. 19-23) 19-23 *")
    assert annotated.moves == ["32-28", "19-23"]
    assert annotated.read_notes[0].startswith("the variation at line 1, column 10 was left out")
    # A result the final position contradicts is said as `damier pdn check` says it.
    [wrong] = damier.read_pdn('[FEN "W:W28:B22"]\n1. 28x17 0-1')
    assert wrong.result == "0-1"
    assert wrong.read_notes[-1].startswith("the result 0-1 is not the board's")


def test_a_game_over_by_the_rules():
    board = damier.Board("english", fen="W:W18:B14")
    board.push("18x9")
    assert board.is_over() and board.result() == "1-0"


def test_analysis_gives_several_lines_and_finds_the_stroke():
    engine = damier.Engine(hash_mb=8)
    lines = engine.analyse(damier.Board(), depth=6, multipv=3)
    assert [l.multipv for l in lines] == [1, 2, 3]
    assert len({l.pv[0] for l in lines}) == 3
    assert lines[0].score >= lines[1].score >= lines[2].score
    # "Seeing is Believing" (The Checker Maven, 2013): 22-17 wins.
    stroke = damier.Board("english", fen="W:W30,29,22,21,9,6:B24,20,16,13,8,7")
    [best] = engine.analyse(stroke, depth=16)
    assert best.pv[0] == "22-17" and best.score_text.startswith("win")
    # A time limit gives as many lines as asked for too (the last depth may be cut short).
    for seconds in (0.05, 0.2):
        timed = engine.analyse(damier.Board(), time=seconds, multipv=3)
        assert [l.multipv for l in timed] == [1, 2, 3], seconds
        assert len({l.depth for l in timed}) == 1
    with pytest.raises(damier.DamierError, match="give a limit"):
        engine.analyse(stroke)
    with pytest.raises(damier.DamierError, match="multipv"):
        engine.analyse(stroke, depth=2, multipv=0)


def test_the_search_lets_other_threads_run():
    engine = damier.Engine(hash_mb=8)
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    engine.analyse(damier.Board(), time=0.5)
    done.set()
    t.join()
    # Holding the lock for the whole search would leave one tick at most.
    assert len(ticks) > 10
