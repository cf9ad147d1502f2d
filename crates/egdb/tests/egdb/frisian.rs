//! Frisian endings: the limit on a king's quiet moves is part of a database position, and
//! the databases agree with what is published of the simplest endings.

use damier_core::{fen, BitSet, Color, Diagonal10, KingRun, Variant};
use damier_egdb::build::{solve_in_memory, Solved};
use damier_egdb::{Indexer, Slice, Value};
use std::sync::OnceLock;

fn frisian() -> &'static damier_core::Rules {
    "frisian".parse::<Variant>().unwrap().rules()
}

/// Every Frisian slice of up to three pieces, solved once for all the tests here.
fn three_pieces() -> &'static Solved {
    static SOLVED: OnceLock<Solved> = OnceLock::new();
    SOLVED.get_or_init(|| solve_in_memory::<Diagonal10>(frisian(), 3, |_| true))
}

fn value(fen_text: &str) -> Value {
    let pos = fen::parse::<Diagonal10>(frisian(), fen_text).unwrap();
    let m = Slice::of(&pos);
    assert_eq!(pos.side(), Color::White, "the tests give White to move");
    let ix = Indexer::new::<Diagonal10>(frisian(), m);
    Value::from_code(three_pieces()[&m][ix.index(&pos) as usize])
}

/// Each position of a slice, with its value.
fn each(m: &str) -> impl Iterator<Item = (damier_core::Position<Diagonal10>, Value)> {
    let m: Slice = m.parse().unwrap();
    let ix = Indexer::new::<Diagonal10>(frisian(), m);
    let codes = &three_pieces()[&m];
    (0..ix.size()).filter_map(move |i| {
        let pos = ix.position::<Diagonal10>(frisian(), i)?;
        Some((pos, Value::from_code(codes[i as usize])))
    })
}

/// "In Frisian draughts, 2 kings win against 1 king since the majority side can always trap
/// the lone king owing to the orthogonal and diagonal captures ... as soon as a 2 kings
/// against 1 king endgame appears, the majority side has exactly 13 plies to win. In rare
/// cases this can not be enough to win." (E. Vermeulen, damforum.nl, "Frisian draughts
/// endgame", 2010). The exceptions to the win are the positions where the two kings must
/// give one up at once.
#[test]
fn two_kings_beat_one_and_rarely_need_more_than_thirteen_plies() {
    let (mut wins, mut long_wins, mut others) = (0, 0, 0);
    for (_, v) in each("K2-K1") {
        match v {
            Value::Win(n) => {
                wins += 1;
                long_wins += usize::from(n > 13);
            }
            _ => others += 1,
        }
    }
    assert!(others * 100 < wins, "{wins} wins, {others} others");
    // 1108 of 58 280 wins here.
    assert!(
        long_wins > 0 && long_wins * 20 < wins,
        "{long_wins} of {wins}"
    );
}

/// The draw rule (RULES.md §3): one king against one king is drawn unless a capture is
/// forced at once; the capture then takes the last piece.
#[test]
fn king_against_king_is_drawn_unless_a_capture_is_forced() {
    for (pos, v) in each("K1-K1") {
        let expected = if pos.must_capture() {
            Value::Win(1)
        } else {
            Value::Draw
        };
        assert_eq!(v, expected, "{}", fen::write(&pos));
    }
}

/// A king that has made three quiet moves in a row is barred while its side has men: such a
/// position is never better for its side than the same pieces with the king free, and in
/// some it is worse.
#[test]
fn a_barred_king_can_cost_the_win() {
    let (mut worse, mut barred_positions) = (0, 0);
    for (pos, free) in each("K1M1-K1") {
        if pos.king_run(Color::White).moves != 0 || pos.king_run(Color::Black).moves != 0 {
            continue;
        }
        let mut barred = pos;
        let king = damier_core::Square::new((pos.pieces(Color::White) & pos.kings()).lowest());
        barred.set_king_run(
            Color::White,
            KingRun {
                square: king,
                moves: 3,
            },
        );
        let moves = barred.legal_moves();
        if !barred.must_capture() {
            assert!(moves.iter().all(|mv| mv.from != king));
        }
        let ix = Indexer::new::<Diagonal10>(frisian(), Slice::of(&pos));
        let v = Value::from_code(three_pieces()[&Slice::of(&pos)][ix.index(&barred) as usize]);
        assert!(
            !v.better_than(free),
            "{}: {v} against {free}",
            fen::write(&barred)
        );
        barred_positions += 1;
        worse += usize::from(free.better_than(v));
    }
    assert!(barred_positions > 10_000);
    assert!(worse > 100, "{worse}");
}

/// H. Walinga's endgame (a book of 1976, damforum.nl "Frisian draughts endgame"): king and
/// man against king, White to move, "with the tentative conclusion that it was a draw". A
/// program that ignores the limit of three king moves finds a White win; under the limit the
/// databases agree with Walinga.
#[test]
fn walingas_endgame_is_a_draw_under_the_three_move_limit() {
    assert_eq!(value("W:W28,K46:BK43"), Value::Draw);
    // With the king barred, White must move the man first: no better.
    assert_eq!(value("W:W28,K46:BK43:RW3@46"), Value::Draw);
}
