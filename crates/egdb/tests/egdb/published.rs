//! The databases against published facts.

use damier_core::{BitSet, Color, Diagonal8, Geometry, Variant};
use damier_egdb::build::{solve_in_memory, HOLE};
use damier_egdb::{Indexer, Slice, Value};

fn variant(name: &str) -> Variant {
    name.parse().expect("a known variant")
}

/// Wins, draws and losses of a slice for the side to move, and its longest win in plies.
fn tally(codes: &[u16]) -> (usize, usize, usize, u16) {
    let (mut w, mut d, mut l, mut longest) = (0, 0, 0, 0);
    for &c in codes.iter().filter(|&&c| c != HOLE) {
        match Value::from_code(c) {
            Value::Win(n) => {
                w += 1;
                longest = longest.max(n);
            }
            Value::Draw => d += 1,
            Value::Loss(_) => l += 1,
        }
    }
    (w, d, l, longest)
}

/// Ed Trice's count of king against king in English checkers (damforum.nl, "1K v 1K"): of
/// 992 positions with White to move, 230 wins, 654 draws and 108 losses, the longest win 11
/// plies.
#[test]
fn english_king_against_king_matches_trices_count() {
    let rules = variant("english").rules();
    let solved = solve_in_memory::<Diagonal8>(rules, 2, |_| true);
    let k1k1: Slice = "K1-K1".parse().unwrap();
    assert_eq!(tally(&solved[&k1k1]), (230, 654, 108, 11));
}

/// The number of placements of n pieces on an 8x8 checkers board (men off their crowning
/// row; side to move not counted; one side may have none), from Schaeffer et al., "Checkers
/// Is Solved" (Science, 2007), as tabulated by OEIS A055213: 120, 6972, 261224, 7092774.
#[test]
fn slices_number_every_checkers_placement_once() {
    fn placements<G: Geometry>(pieces: u32) -> u64 {
        let rules = variant("english").rules();
        let mut total = 0;
        for own in 0..=pieces {
            for own_men in 0..=own {
                for opp_men in 0..=pieces - own {
                    let m = Slice {
                        own_men: own_men as u8,
                        own_kings: (own - own_men) as u8,
                        opp_men: opp_men as u8,
                        opp_kings: (pieces - own - opp_men) as u8,
                    };
                    let ix = Indexer::new::<G>(rules, m);
                    total += (0..ix.size())
                        .filter(|&i| ix.position::<G>(rules, i).is_some())
                        .count() as u64;
                }
            }
        }
        total
    }
    assert_eq!(placements::<Diagonal8>(1), 120);
    assert_eq!(placements::<Diagonal8>(2), 6_972);
    assert_eq!(placements::<Diagonal8>(3), 261_224);
    assert_eq!(placements::<Diagonal8>(4), 7_092_774);
}

/// Petrov's triangle, Russian draughts: three kings that hold the main road (a1-h8) take a
/// lone king that is off it no later than their 13th move (Russian Wikipedia,
/// "Треугольник Петрова"; Ukrainian draughts teaching pages give the same bound), when the
/// lone king cannot take a king at once.
#[test]
fn russian_three_kings_on_the_main_road_win_by_the_thirteenth_move() {
    let rules = variant("russian").rules();
    let solved = solve_in_memory::<Diagonal8>(rules, 4, |m| m.men() == 0);
    let m: Slice = "K3-K1".parse().unwrap();
    let ix = Indexer::new::<Diagonal8>(rules, m);
    let t = Diagonal8::tables();
    let on_main_road = |s: u32| t.row[s as usize] == t.col[s as usize];
    let (mut wins, mut longest) = (0, 0);
    for i in 0..ix.size() {
        let pos = ix.position::<Diagonal8>(rules, i).unwrap();
        let strong = pos.pieces(Color::White);
        let lone = pos.pieces(Color::Black).lowest();
        if on_main_road(lone)
            || !strong.iter().any(on_main_road)
            || pos.with_side(Color::Black).must_capture()
        {
            continue;
        }
        match Value::from_code(solved[&m][i as usize]) {
            Value::Win(n) => {
                wins += 1;
                longest = longest.max(n);
            }
            v => panic!("{}: {v}", damier_core::fen::write(&pos)),
        }
    }
    assert!(wins > 30_000);
    // The strong side's 13th move is the 25th ply when it moves first.
    assert_eq!(longest, 25);
}

/// In English checkers (short kings) three kings beat one: "the three Kings will always win
/// when handled right" (E. Lasker, Chess and Checkers, 1918) — unless the lone king can take
/// one at once.
#[test]
fn english_three_kings_beat_one() {
    let rules = variant("english").rules();
    let solved = solve_in_memory::<Diagonal8>(rules, 4, |m| m.men() == 0);
    let m: Slice = "K3-K1".parse().unwrap();
    let ix = Indexer::new::<Diagonal8>(rules, m);
    for i in 0..ix.size() {
        let pos = ix.position::<Diagonal8>(rules, i).unwrap();
        if pos.with_side(Color::Black).must_capture() {
            continue;
        }
        let v = Value::from_code(solved[&m][i as usize]);
        assert!(
            matches!(v, Value::Win(_)),
            "{}: {v}",
            damier_core::fen::write(&pos)
        );
    }
}
