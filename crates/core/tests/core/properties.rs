//! Properties over random positions of every variant, reached by random play from the start.

use damier_core::{fen, hub, notation, perft, with_geometry, BitSet, Geometry, Position, Variant};
use proptest::prelude::*;

/// A small deterministic generator, so a failing case is reproduced from its seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn variant_at(i: usize) -> Variant {
    Variant::all().nth(i % 30).unwrap()
}

/// Positions met along a random game of up to `plies` moves.
fn random_game<G: Geometry>(variant: Variant, seed: u64, plies: usize) -> Vec<Position<G>> {
    let mut rng = Rng(seed | 1);
    let mut pos = Position::<G>::start(variant.rules());
    let mut seen = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        seen.push(pos);
    }
    seen
}

fn check_game<G: Geometry>(variant: Variant, seed: u64, plies: usize) {
    for pos in random_game::<G>(variant, seed, plies) {
        // Hash kept up to date by play equals the hash computed from scratch.
        assert_eq!(pos.hash(), pos.compute_hash(), "{variant} {pos:?}");
        // FEN round trip.
        let text = fen::write(&pos);
        let back: Position<G> = fen::parse(variant.rules(), &text).unwrap();
        assert_eq!(back, pos, "{variant} {text}");
        assert_eq!(back.hash(), pos.hash(), "{variant} {text}");
        // Hub string round trip (it carries no king-move counters).
        let h = hub::write(&pos);
        let from_hub: Position<G> = hub::parse(variant.rules(), &h).unwrap();
        assert_eq!(hub::write(&from_hub), h);
        // Every legal move: its FEN parses back, its notation reads back to the same move,
        // playing leaves the original untouched (copy-make), and counting agrees with listing.
        let moves = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), moves.len());
        assert_eq!(perft::perft(&pos, 1), moves.len() as u64);
        assert_eq!(
            pos.must_capture(),
            moves.first().is_some_and(|m| m.is_capture())
        );
        // The captures alone: every legal move where one must capture, else none.
        let mut captures = damier_core::MoveList::new();
        pos.captures_into(&mut captures);
        if pos.must_capture() {
            assert_eq!(captures, moves, "{variant} {text}");
        } else {
            assert!(captures.is_empty(), "{variant} {text}");
        }
        // The quiet-move question agrees with the move list for every piece and every square.
        for from in pos.pieces(pos.side()).squares() {
            for to in G::ALL.squares() {
                let listed = moves
                    .iter()
                    .any(|m| !m.is_capture() && m.from == from && m.to == to);
                assert_eq!(
                    pos.is_legal_quiet(from, to),
                    listed,
                    "{variant} {text} {from:?}-{to:?}"
                );
            }
        }
        let before = pos;
        for mv in moves.iter() {
            let next = pos.play_unchecked(mv);
            // make/unmake agrees with copy-make and restores the position and its hash.
            let mut inplace = pos;
            let undo = inplace.make(mv);
            assert_eq!(inplace, next);
            assert_eq!(inplace.hash(), next.hash());
            inplace.unmake(mv, undo);
            assert_eq!(inplace, pos);
            assert_eq!(inplace.hash(), pos.hash());
            let next_fen = fen::write(&next);
            let parsed: Position<G> = fen::parse(variant.rules(), &next_fen).unwrap();
            assert_eq!(parsed, next);
            assert_eq!(notation::parse(&pos, &notation::short(&pos, mv)), Ok(*mv));
            assert_eq!(notation::parse(&pos, &notation::long(&pos, mv)), Ok(*mv));
            // Captures remove exactly the captured pieces.
            let them = pos.side().opponent();
            assert_eq!(
                pos.pieces(them) & !mv.captured,
                next.pieces(them),
                "{variant} {text}"
            );
        }
        assert_eq!(before, pos);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_games_keep_every_invariant(v in 0usize..30, seed in any::<u64>(), plies in 0usize..120) {
        let variant = variant_at(v);
        with_geometry!(variant.rules().board, G => check_game::<G>(variant, seed, plies));
    }

    #[test]
    fn fen_parser_never_panics(v in 0usize..30, text in "\\PC{0,60}") {
        let variant = variant_at(v);
        with_geometry!(variant.rules().board, G => {
            let _ = fen::parse::<G>(variant.rules(), &text);
            let _ = hub::parse::<G>(variant.rules(), &text);
        });
    }

    #[test]
    fn fen_like_text_never_panics(v in 0usize..30, text in "[WB]:[WBK0-9,:\\-a-l ]{0,40}") {
        let variant = variant_at(v);
        with_geometry!(variant.rules().board, G => {
            let _ = fen::parse::<G>(variant.rules(), &text);
        });
    }

    #[test]
    fn move_parser_never_panics(v in 0usize..30, text in "[0-9a-lx:\\- ]{0,12}|\\PC{0,12}") {
        let variant = variant_at(v);
        with_geometry!(variant.rules().board, G => {
            let pos = Position::<G>::start(variant.rules());
            let _ = notation::parse(&pos, &text);
        });
    }
}

/// Both capture paths (see `damier_core::capture_path`) give the counts of tests/perft: the
/// gather where this build has it, the shifts always. The choice is global, but the two agree,
/// so the other tests running meanwhile see the same moves either way.
#[test]
fn both_capture_paths_count_alike() {
    use damier_core::{capture_path, CapturePath, Diagonal10, Diagonal8};
    let cases: [(&str, &str, u32, u64); 3] = [
        ("international", "start", 7, 1049442),
        // frisian.perft, frisian-midgame: men capturing in eight directions.
        (
            "frisian",
            "W:W46,41,47,42,48,49,44,34,40,45,35:B6,1,7,2,8,43,3,4,10,25,15,5",
            6,
            140043,
        ),
        ("russian", "start", 8, 929899),
    ];
    let mut paths = vec![CapturePath::Shifts];
    if capture_path::gather_built() {
        paths.push(CapturePath::Gather);
    } else {
        assert!(capture_path::set(CapturePath::Gather).is_err());
    }
    for path in paths {
        capture_path::set(path).unwrap();
        for (variant, fen_text, depth, expected) in cases {
            let rules = variant.parse::<Variant>().unwrap().rules();
            let got = if rules.board == damier_core::BoardKind::Diagonal8 {
                count::<Diagonal8>(rules, fen_text, depth)
            } else {
                count::<Diagonal10>(rules, fen_text, depth)
            };
            assert_eq!(got, expected, "{variant} {fen_text} with {path}");
        }
    }
    capture_path::set(capture_path::detect()).unwrap();
}

fn count<G: Geometry>(rules: &'static damier_core::Rules, fen_text: &str, depth: u32) -> u64 {
    let pos: Position<G> = if fen_text == "start" {
        Position::start(rules)
    } else {
        fen::parse(rules, fen_text).unwrap()
    };
    perft::perft(&pos, depth)
}

/// Frisian king runs bar moves, so they are part of the hash: the same pieces with another
/// run are another position to a transposition table, and turning the board keeps the hash
/// in step.
#[test]
fn frisian_king_runs_are_hashed() {
    let rules = "frisian".parse::<Variant>().unwrap().rules();
    let parse = |text: &str| fen::parse::<damier_core::Diagonal10>(rules, text).unwrap();
    let free = parse("W:W28,K46:BK43");
    let runs = [
        parse("W:W28,K46:BK43:RW1@46"),
        parse("W:W28,K46:BK43:RW3@46"),
        parse("W:W28,K46:BK43:RB2@43"),
    ];
    for pos in &runs {
        assert_ne!(pos.hash(), free.hash(), "{pos:?}");
        assert_eq!(pos.hash(), pos.compute_hash());
        assert_eq!(pos.turned().hash(), pos.turned().compute_hash());
    }
    assert_ne!(runs[0].hash(), runs[1].hash());
    // The runs count up as played: after 46-41 43-49 41-46, the FEN's runs.
    let mut pos = parse("W:W28,K46:BK43:RW1@46");
    for text in ["46-41", "43-49", "41-46"] {
        let mv = damier_core::notation::parse(&pos, text).unwrap();
        pos = pos.play_unchecked(&mv);
    }
    assert_eq!(pos.hash(), parse("B:W28,K46:BK49:RW3@46:RB1@49").hash());
}
