//! The search against the rules: it never returns an illegal move, and it finds the shortest
//! forced win that an exhaustive search (written here, independently of the engine) finds.

use crate::Rng;
use damier_core::{with_geometry, Geometry, Position, Variant};
use damier_engine::{Control, Engine, EngineOptions, Limits, SearchInput, Silent, Style};
use damier_game::{widen, Board};

fn engine() -> Engine {
    Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 4,
    })
}

/// Positions met along random games of `variant`, reached by playing random moves.
fn random_positions<G: Geometry>(variant: Variant, seed: u64, games: usize) -> Vec<Position<G>> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<G>::start(variant.rules());
        for _ in 0..rng.below(90) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}

fn check_legal<G: Geometry>(variant: Variant, seed: u64) -> usize
where
    Board: From<Position<G>>,
{
    let e = engine();
    let mut searched = 0;
    for pos in random_positions::<G>(variant, seed, 6) {
        let legal: Vec<_> = pos.legal_moves().iter().map(widen).collect();
        let input = SearchInput::new(Board::from(pos));
        let r = e.search(
            &input,
            &Limits::nodes(3_000),
            Style::default(),
            &Control::new(),
            &mut Silent,
        );
        match r.best {
            None => assert!(legal.is_empty(), "{variant}: no move returned"),
            Some(m) => {
                assert!(legal.contains(&m), "{variant} {pos:?}: illegal move {m:?}");
                // The whole principal variation is playable.
                let mut b = Board::from(pos);
                for mv in &r.pv {
                    assert!(b.legal_moves().contains(mv), "{variant} {pos:?}: bad PV");
                    b = b.play_unchecked(mv);
                }
                searched += 1;
            }
        }
    }
    searched
}

#[test]
fn never_returns_an_illegal_move() {
    let mut searched = 0;
    for (i, v) in Variant::all().enumerate() {
        searched += with_geometry!(v.rules().board, G => check_legal::<G>(v, 77 + i as u64));
    }
    assert!(searched > 100, "{searched}");
}

/// A game-theoretic value within a depth: won or lost in so many plies, or not decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Solved {
    Win(u32),
    Loss(u32),
    Open,
}

/// Exhaustive search to `depth` plies, knowing nothing but the rules: the side to move
/// without a move has lost (won, in a giveaway form).
fn solve<G: Geometry>(pos: &Position<G>, depth: u32) -> Solved {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.rules().variant.giveaway {
            Solved::Win(0)
        } else {
            Solved::Loss(0)
        };
    }
    if depth == 0 {
        return Solved::Open;
    }
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss: Option<u32> = Some(0);
    for mv in moves.iter() {
        match solve(&pos.play_unchecked(mv), depth - 1) {
            Solved::Loss(n) => fastest_win = Some(fastest_win.map_or(n + 1, |w| w.min(n + 1))),
            Solved::Win(n) => slowest_loss = slowest_loss.map(|l| l.max(n + 1)),
            Solved::Open => slowest_loss = None,
        }
    }
    match (fastest_win, slowest_loss) {
        (Some(w), _) => Solved::Win(w),
        (None, Some(l)) => Solved::Loss(l),
        (None, None) => Solved::Open,
    }
}

fn check_forced_wins<G: Geometry>(variant: Variant, seed: u64) -> usize
where
    Board: From<Position<G>>,
{
    let e = engine();
    let mut rng = Rng(seed | 1);
    let mut checked = 0;
    let mut tries = 0;
    while checked < 4 && tries < 400 {
        tries += 1;
        // Play random games down to a few pieces.
        let mut pos = Position::<G>::start(variant.rules());
        while pos.occupied().count_ones_u() > 5 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        if pos.legal_moves().is_empty() {
            continue;
        }
        let Solved::Win(plies) = solve(&pos, 5) else {
            continue;
        };
        let r = e.search(
            &SearchInput::new(Board::from(pos)),
            &Limits::depth(6),
            Style::default(),
            &Control::new(),
            &mut Silent,
        );
        assert_eq!(
            r.score.plies_to_end(),
            Some(plies),
            "{variant} {pos:?}: exhaustive search wins in {plies}, engine says {}",
            r.score
        );
        assert!(r.score.0 > 0, "{variant} {pos:?}");
        // The move played keeps the win: the opponent is lost in one ply less.
        let next = pos.play_unchecked(&damier_game::narrow(&r.best.unwrap()));
        let after = solve(&next, plies - 1);
        assert_eq!(
            after,
            Solved::Loss(plies - 1),
            "{variant} {pos:?}: {:?} does not keep the win",
            r.best
        );
        checked += 1;
    }
    checked
}

trait CountOnes {
    fn count_ones_u(self) -> u32;
}

impl<B: damier_core::BitSet> CountOnes for B {
    fn count_ones_u(self) -> u32 {
        self.count()
    }
}

#[test]
fn finds_the_shortest_forced_win() {
    let mut checked = 0;
    for (i, v) in Variant::all().enumerate() {
        checked += with_geometry!(v.rules().board, G => check_forced_wins::<G>(v, 1000 + i as u64));
    }
    assert!(checked >= 40, "only {checked} won positions found");
}

/// With helper threads, a depth-limited search still completes the depth asked for: a helper
/// that gets there first must not cut the main thread's last iteration short.
#[test]
fn threads_complete_the_requested_depth() {
    let e = Engine::new(EngineOptions {
        threads: 3,
        hash_mb: 4,
    });
    let board = Board::from_fen(Variant::INTERNATIONAL, "W:W31-50:B1-20").unwrap();
    for depth in [6, 7, 8, 9] {
        let r = e.search(
            &SearchInput::new(board),
            &Limits::depth(depth),
            Style::default(),
            &Control::new(),
            &mut Silent,
        );
        assert_eq!(r.depth, depth, "asked for depth {depth}");
    }
}

/// A fixed time per move saves nothing for later moves: the search goes on to the end of it
/// (its last iteration cut short), however settled its best move, and still names a legal
/// move with a playable line.
#[test]
fn a_fixed_time_per_move_is_searched_to_its_end() {
    let e = engine();
    let board = Board::start("english".parse().unwrap());
    let time = std::time::Duration::from_millis(150);
    let r = e.search(
        &SearchInput::new(board),
        &Limits::move_time(time),
        Style::default(),
        &Control::new(),
        &mut Silent,
    );
    // The budget keeps 20 ms of the 150 for the interface; a search stopped at its soft
    // target would end after about 80 ms (it did before 2026-11-30).
    assert!(
        r.time >= std::time::Duration::from_millis(125),
        "{:?}",
        r.time
    );
    let best = r.best.expect("a move");
    assert!(board.legal_moves().contains(&best));
    let mut b = board;
    for mv in &r.pv {
        assert!(b.legal_moves().contains(mv), "bad line {:?}", r.pv);
        b = b.play_unchecked(mv);
    }
}

#[test]
fn a_hash_table_too_large_is_an_error_not_an_abort() {
    // More than any machine of this project has (and than the address space allows to touch):
    // the allocation is fallible, so the caller gets a message to print.
    let huge = Engine::try_new(EngineOptions {
        threads: 1,
        hash_mb: 1 << 20,
    });
    assert!(matches!(
        huge,
        Err(damier_engine::TableError::NoMemory { megabytes }) if megabytes == 1 << 20
    ));
    let beyond = Engine::try_new(EngineOptions {
        threads: 1,
        hash_mb: usize::MAX / 2,
    });
    assert!(matches!(
        beyond,
        Err(damier_engine::TableError::TooLarge { .. })
    ));
    assert!(Engine::try_new(EngineOptions {
        threads: 1,
        hash_mb: 1
    })
    .is_ok());
}

/// Turkish draws one piece against one piece as soon as it stands (RULES.md §3): Black's
/// forced e5xe3 takes White's man and leaves a king against a man, which the search would
/// otherwise judge lost for Black (the king takes the man in a few moves).
#[test]
fn a_material_drawn_as_it_stands_is_a_draw_in_the_search() {
    for (name, fen, drawn) in [
        ("turkish", "B:WKa1,e4:Be5", true),
        // The same forced capture with one more white king: the game goes on, and White's
        // two kings take the man.
        ("turkish", "B:WKa1,Kb1,e4:Be5", false),
        // Drawn at the root itself (one king each, no capture forced), though every move
        // would let the black king take White's: the game is over, a draw.
        ("frisian", "W:WK46:BK5", true),
    ] {
        let variant: Variant = name.parse().unwrap();
        let game = damier_game::Game::from_fen(variant, fen).unwrap();
        let r = engine().search(
            &SearchInput::from_game(&game),
            &Limits::depth(12),
            Style::default(),
            &Control::new(),
            &mut Silent,
        );
        assert!(r.best.is_some(), "{fen}: a move is named all the same");
        if drawn {
            assert_eq!(r.score.0, 0, "{fen}: {:?}", r.score);
        } else {
            assert!(
                r.score.plies_to_end().is_some() && r.score.0 < 0,
                "{fen}: {:?}",
                r.score
            );
        }
    }
}

/// Multi-line analysis: at every depth, as many lines as asked with different first moves,
/// and the first line exactly the one a one-line search finds at that depth.
#[test]
fn several_lines_each_depth_and_the_first_is_the_one_line_search() {
    let variant: Variant = "international".parse().unwrap();
    let game = damier_game::Game::from_fen(
        variant,
        "W:W27,28,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,22",
    )
    .unwrap();
    let input = SearchInput::from_game(&game);
    let run = |lines: usize| {
        let mut engine = engine();
        engine.set_lines(lines);
        let mut infos = Vec::new();
        let result = engine.search(
            &input,
            &Limits::depth(7),
            Style::default(),
            &Control::new(),
            &mut |info: &damier_engine::SearchInfo| infos.push(info.clone()),
        );
        // The result counts the nodes of every line, as the last depth's report does.
        assert_eq!(result.nodes, infos.last().unwrap().nodes, "{lines} lines");
        infos
    };
    let single = run(1);
    let multi = run(3);
    assert!(single.iter().all(|i| i.multipv == 1));
    for depth in 1..=7 {
        let at: Vec<_> = multi.iter().filter(|i| i.depth == depth).collect();
        assert_eq!(
            at.iter().map(|i| i.multipv).collect::<Vec<_>>(),
            [1, 2, 3],
            "depth {depth}"
        );
        let firsts: std::collections::HashSet<_> = at.iter().map(|i| i.pv[0]).collect();
        assert_eq!(firsts.len(), 3, "depth {depth}: {at:?}");
        assert!(at[1].score >= at[2].score, "depth {depth}: {at:?}");
        let one = single.iter().find(|i| i.depth == depth).unwrap();
        assert_eq!(
            (at[0].score, &at[0].pv),
            (one.score, &one.pv),
            "depth {depth}"
        );
    }
}

/// One engine kept across searches of several variants and evaluations (as the Hub, the web
/// server and matches keep it) scores each as a fresh engine does: the evaluation it keeps
/// ready between searches is the one for the variant and the choice in force.
#[test]
fn an_engine_kept_across_variants_and_evaluations_scores_as_a_fresh_one() {
    let search = |engine: &Engine, variant: &str| {
        let game = damier_game::Game::new(variant.parse().unwrap());
        let r = engine.search(
            &SearchInput::from_game(&game),
            &Limits::depth(5),
            Style::default(),
            &Control::new(),
            &mut Silent,
        );
        (r.score, r.pv)
    };
    let fresh = |variant: &str, classic: bool| {
        let mut e = engine();
        if classic {
            e.set_eval(damier_engine::EvalChoice::Classic);
        }
        search(&e, variant)
    };
    let mut kept = engine();
    for (variant, classic) in [
        ("international", false),
        ("english", false),
        ("international", false),
        ("international", true),
        ("english", true),
        ("english", false),
        // The same board as English, other weights.
        ("russian", false),
        ("english", false),
    ] {
        if classic {
            kept.set_eval(damier_engine::EvalChoice::Classic);
        } else {
            kept.set_eval(damier_engine::EvalChoice::Builtin);
        }
        kept.new_game();
        assert_eq!(
            search(&kept, variant),
            fresh(variant, classic),
            "{variant}, classic {classic}"
        );
    }
}

/// A line played on from a game's position carries the game's history on exactly as the game
/// would: the same repetition keys and move counts as playing the moves in the game.
#[test]
fn a_variation_carries_the_game_history_on() {
    use damier_game::Game;
    let variant: damier_core::Variant = "english".parse().unwrap();
    let mut game = Game::from_fen(variant, "W:WK22,K30,26:BK3,K5,9").unwrap();
    let mut input = SearchInput::from_game(&game);
    for text in ["22-18", "3-7", "26-23", "7-2", "18-14", "9x27"] {
        let mv = game.position().parse_move(text).unwrap();
        input = input.played(&mv).unwrap();
        game.play(&mv).unwrap();
        let expected = SearchInput::from_game(&game);
        assert_eq!(input.board, expected.board, "after {text}");
        assert_eq!(input.history, expected.history, "after {text}");
        assert_eq!(input.quiet_plies, expected.quiet_plies, "after {text}");
        assert_eq!(input.ending_plies, expected.ending_plies, "after {text}");
    }
    // A move that is not legal where the line stands is refused.
    let elsewhere = Game::new(variant).legal_moves()[0];
    assert!(input.played(&elsewhere).is_err());
}

/// Turkish men step sideways and back, so a position can come round again across men's
/// moves: the search sees such a repetition, in the game's history as in its own lines. Here
/// White, a man against a king and two men, has brought the position round twice by stepping
/// the man a2-b2-a2 while Black's king went e8-f8-e8; stepping back to a2 again repeats the
/// position after White's second move, a draw the search finds where every other move loses.
#[test]
fn a_repetition_made_by_sideways_steps_of_men_is_seen() {
    use damier_game::Game;
    let variant: Variant = "turkish".parse().unwrap();
    let mut game = Game::from_fen(variant, "W:Wa2:Bb7,c7,Ke8").unwrap();
    for text in ["a2-b2", "e8-f8", "b2-a2", "f8-e8", "a2-b2", "e8-f8"] {
        let mv = game.position().parse_move(text).unwrap();
        game.play(&mv).unwrap();
    }
    assert!(!game.is_over());
    let input = SearchInput::from_game(&game);
    assert_eq!(input.history.len(), 6, "every position since the start");
    assert_eq!(input.quiet_plies, 6);
    let r = engine().search(
        &input,
        &Limits::depth(8),
        Style::default(),
        &Control::new(),
        &mut Silent,
    );
    let best = r.best.expect("a move");
    assert_eq!(game.position().short(&best), "b2-a2", "{:?}", r.score);
    assert_eq!(r.score.0, 0, "{:?}", r.score);
}

/// The search counts one run of plies for both the repetitions and the quiet-move limits
/// (`SearchInput::quiet_plies`): right only while no variant with such a limit has men that
/// step sideways, which only the orthogonal board's (Turkish) do.
#[test]
fn no_variant_with_a_quiet_move_limit_has_men_stepping_sideways() {
    for variant in Variant::all() {
        if damier_game::quiet_king_limit(variant).is_some() {
            assert!(variant.rules().board.is_diagonal(), "{variant}");
        }
    }
}

/// Breakthrough (RULES.md §2): the first king wins, so a man three steps from the far row,
/// ahead in the race, is a win in five plies, which the exhaustive search agrees with; in
/// international the same crowning only makes a king.
#[test]
fn the_first_king_ends_a_breakthrough_search() {
    let e = engine();
    for (id, win_in) in [("breakthrough", Some(5)), ("international", None)] {
        let variant: Variant = id.parse().unwrap();
        let board = Board::from_fen(variant, "W:W16:B35").unwrap();
        let r = e.search(
            &SearchInput::new(board),
            &Limits::depth(9),
            Style::default(),
            &Control::new(),
            &mut Silent,
        );
        assert_eq!(r.score.plies_to_end(), win_in, "{id}: {}", r.score);
        if win_in.is_some() {
            let pos: Position<damier_core::Diagonal10> =
                damier_core::fen::parse(variant.rules(), "W:W16:B35").unwrap();
            assert_eq!(solve(&pos, 5), Solved::Win(5), "{id}");
            assert!(r.score.0 > 0);
        }
    }
}
