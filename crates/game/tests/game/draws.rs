//! One test per automatic draw of RULES.md §3, driven move by move: the game is still on one
//! ply short of the limit and drawn by the rule on the boundary ply.

use damier_core::{Base, Color, Square, Variant};
use damier_game::{Board, DrawRule, Game, GameResult, Outcome, Reason};
use std::collections::HashMap;

fn game(base: Base, fen: &str) -> Game {
    Game::from_fen(Variant::new(base), fen).unwrap()
}

/// How the next move is chosen by [`walk`].
struct Walk<'a> {
    /// Positions that must hold after every move (e.g. the lone king stays on a diagonal).
    keep: &'a dyn Fn(&Board) -> bool,
    /// Plies (0-based) at which a man move is wanted instead of a king move.
    man_at: &'a dyn Fn(usize) -> bool,
}

const ANY: Walk = Walk {
    keep: &|_| true,
    man_at: &|_| false,
};

/// Play `plies` quiet moves chosen deterministically: no capture, none that leaves the
/// opponent a capture, the material and `keep` preserved, and the least-visited resulting
/// position first (so no position comes back a third time). Asserts the game is still on
/// after every ply but the last, and returns its result after the last.
fn walk(game: &mut Game, plies: usize, how: &Walk) -> Option<GameResult> {
    let mut seen: HashMap<_, usize> = HashMap::new();
    for p in game.positions() {
        *seen.entry(p.key()).or_default() += 1;
    }
    for ply in 0..plies {
        assert_eq!(game.result(), None, "game over before ply {}", ply + 1);
        let pos = *game.position();
        let want_man = (how.man_at)(ply);
        let candidates = pos.legal_moves().into_iter().filter(|m| {
            let next = pos.play_unchecked(m);
            let visits = seen.get(&next.key()).copied().unwrap_or(0);
            visits < 2
                && pos.moves_king(m) != want_man
                && safe(&pos, m, how)
                && has_safe_reply(&next, how, (how.man_at)(ply + 1))
        });
        let best = candidates
            .min_by_key(|m| seen.get(&pos.play_unchecked(m).key()).copied().unwrap_or(0))
            .unwrap_or_else(|| panic!("no quiet move at ply {} from {:?}", ply + 1, pos));
        game.play(&best).unwrap();
        *seen.entry(game.position().key()).or_default() += 1;
    }
    let result = game.result();
    // The rule texts list a variant's draws from draw_rules: every draw reached is there.
    if let Some(GameResult {
        reason: Reason::Rule(rule),
        ..
    }) = result
    {
        assert!(
            damier_game::draw_rules(game.variant()).contains(&rule),
            "{rule:?} is missing from draw_rules({})",
            game.variant()
        );
    }
    result
}

/// A quiet move that keeps the material and `keep`, and leaves the opponent no capture.
fn safe(pos: &Board, m: &damier_game::AnyMove, how: &Walk) -> bool {
    let next = pos.play_unchecked(m);
    m.captured == 0 && !m.promotes && !next.must_capture() && (how.keep)(&next)
}

/// Whether the side to move in `pos` has a [`safe`] move of the wanted kind (one ply of
/// lookahead keeps the walk out of positions where every move loses a piece).
fn has_safe_reply(pos: &Board, how: &Walk, man: bool) -> bool {
    pos.legal_moves()
        .iter()
        .any(|m| pos.moves_king(m) != man && safe(pos, m, how))
}

fn drawn_by(rule: DrawRule) -> Option<GameResult> {
    Some(GameResult::draw(Reason::Rule(rule)))
}

/// Walk `limit - 1` plies (still on), then one more (drawn by `rule`).
fn boundary(mut g: Game, limit: usize, how: &Walk, rule: DrawRule) {
    let before = g.plies().len();
    assert_eq!(
        walk(&mut g, limit - 1, how),
        None,
        "drawn before ply {limit}"
    );
    assert_eq!(walk(&mut g, 1, how), drawn_by(rule), "ply {limit}");
    assert_eq!(g.plies().len(), before + limit);
}

#[test]
fn third_repetition_draws_on_the_third_occurrence() {
    let mut g = game(Base::English, "B:WK29,K21:BK1,K3");
    for text in ["1-6", "29-25", "6-1", "25-29", "1-6", "29-25", "6-1"] {
        g.play_text(text).unwrap();
        assert_eq!(g.result(), None, "after {text}");
    }
    // The start position comes back for the third time.
    g.play_text("25-29").unwrap();
    assert_eq!(g.result(), drawn_by(DrawRule::Repetition));
}

#[test]
fn repetition_holds_in_giveaway_forms_too() {
    let mut g = Game::from_fen(Variant::giveaway(Base::English), "B:WK29,K21:BK1,K3").unwrap();
    for text in [
        "1-6", "29-25", "6-1", "25-29", "1-6", "29-25", "6-1", "25-29",
    ] {
        g.play_text(text).unwrap();
    }
    assert_eq!(g.result(), drawn_by(DrawRule::Repetition));
}

#[test]
fn english_forty_moves_each_without_capture_or_man_move() {
    let g = game(Base::English, "B:WK29,K30:BK1,K3");
    boundary(g, 80, &ANY, DrawRule::FortyMoves);
}

#[test]
fn a_man_move_restarts_the_forty_move_count() {
    let mut g = game(Base::Italian, "W:WK29,K25,32:BK4,K8,1");
    let man_at = |ply: usize| ply == 40;
    let how = Walk {
        keep: &|_| true,
        man_at: &man_at,
    };
    // The man move at ply 41 restarts the count: 80 plies after ply 41 are needed.
    assert_eq!(walk(&mut g, 120, &how), None);
    assert_eq!(walk(&mut g, 1, &how), drawn_by(DrawRule::FortyMoves));
}

#[test]
fn pool_lone_king_draws_on_its_thirteenth_move() {
    // Black's lone king moves first: its 13th move is ply 25.
    let g = game(Base::Pool, "B:WK30,K31,K32:BK1");
    boundary(g, 25, &ANY, DrawRule::PoolLoneKing);
}

#[test]
fn international_twenty_five_king_moves_each() {
    let g = game(Base::International, "W:WK46,K50,36:BK1,K5,15");
    boundary(g, 50, &ANY, DrawRule::TwentyFiveKingMoves);
}

#[test]
fn international_lone_king_against_three_pieces_sixteen_moves() {
    let g = game(Base::International, "W:WK47:BK1,K3,15");
    boundary(g, 32, &ANY, DrawRule::SixteenMoves);
}

#[test]
fn international_lone_king_against_two_pieces_five_moves() {
    let g = game(Base::International, "W:WK47:BK3,15");
    boundary(g, 10, &ANY, DrawRule::FiveMoves);
}

#[test]
fn canadian_three_against_one_is_the_sixteen_move_rule() {
    let g = game(Base::Canadian, "W:WK67:BK1,K2,K3");
    boundary(g, 32, &ANY, DrawRule::SixteenMoves);
}

#[test]
fn sixteen_move_count_restarts_when_the_material_changes() {
    // A man of the stronger side is crowned at ply 1: the count starts from there.
    let mut g = game(Base::International, "B:WK50:BK1,K2,42");
    g.play_text("42-47").unwrap();
    assert_eq!(g.result(), None);
    boundary(g, 32, &ANY, DrawRule::SixteenMoves);
}

#[test]
fn russian_three_kings_against_lone_king_fifteenth_move_of_the_stronger_side() {
    // Black (three kings) moves first, so its 15th move is ply 29: before the 15-move
    // kings-only rule (ply 30) could apply. The lone king keeps off the long diagonal.
    let off_diagonal = |b: &Board| {
        let names = b.names();
        let (row, col) = names
            .real_coords(Square::new(b.pieces(Color::White).trailing_zeros()))
            .unwrap();
        row != col
    };
    let how = Walk {
        keep: &off_diagonal,
        man_at: &|_| false,
    };
    let g = game(Base::Russian, "B:WKc1:BKh6,Kg7,Kf8");
    boundary(g, 29, &how, DrawRule::ThreeKingsFifteen);
}

#[test]
fn fmjd_fifteen_moves_each_by_kings_only() {
    let g = game(Base::Brazilian, "W:WKa1,Kc1,g3:BKh8,Kf8,b6");
    boundary(g, 30, &ANY, DrawRule::FifteenKingMoves);
}

#[test]
fn fmjd_thirty_moves_with_four_or_five_pieces() {
    // Kings on both sides, five pieces; a man move every 10 plies keeps the kings-only rule
    // away, so only the balance rule can end it.
    let how = Walk {
        keep: &|_| true,
        man_at: &|ply| ply % 10 == 4,
    };
    let g = game(Base::Russian, "W:WKe3,a1,c1:BKd8,h8");
    boundary(g, 60, &how, DrawRule::ThirtyMoves);
}

#[test]
fn fmjd_sixty_moves_with_six_or_seven_pieces() {
    let how = Walk {
        keep: &|_| true,
        man_at: &|ply| ply % 10 == 4,
    };
    let g = game(Base::German, "W:WKe3,a1,c1,g1:BKd8,h8,f8");
    boundary(g, 120, &how, DrawRule::SixtyMoves);
}

#[test]
fn fmjd_lone_king_on_the_long_diagonal_five_moves() {
    let on_diagonal = |b: &Board| {
        let names = b.names();
        let lone = Square::new(b.pieces(Color::White).trailing_zeros());
        let (row, col) = names.real_coords(lone).unwrap();
        row == col
    };
    let how = Walk {
        keep: &on_diagonal,
        man_at: &|_| false,
    };
    let g = game(Base::Russian, "W:WKa1:BKc7,Kb8,h6");
    boundary(g, 10, &how, DrawRule::LongDiagonal);
}

#[test]
fn fmjd_two_pieces_against_lone_king_five_moves() {
    let g = game(Base::Russian, "W:WKa1:BKh6,c7");
    boundary(g, 10, &ANY, DrawRule::TwoPiecesAgainstKing);
}

#[test]
fn frisian_two_kings_against_one_seven_moves() {
    let g = game(Base::Frisian, "W:WK47:BK1,K3");
    boundary(g, 14, &ANY, DrawRule::FrisianTwoKings);
}

#[test]
fn frisian_king_against_king_is_drawn_unless_a_capture_is_forced() {
    // White's king takes the man on 37 and may land on 28 or 23.
    let start = "W:WK46:BK1,37";
    let mut g = game(Base::Frisian, start);
    assert_eq!(g.result(), None, "king against king and man is still on");
    g.play_text("46x28").unwrap();
    assert_eq!(g.result(), drawn_by(DrawRule::FrisianKingAgainstKing));
    // On 23 the black king must take it at once: no draw, and Black then wins.
    let mut g = game(Base::Frisian, start);
    g.play_text("46x23").unwrap();
    assert_eq!(g.result(), None);
    g.play_text("1x29").unwrap();
    assert_eq!(
        g.result(),
        Some(GameResult::win(Color::Black, Reason::NoLegalMove))
    );
}

#[test]
fn turkish_one_piece_against_one_piece() {
    let mut g = game(Base::Turkish, "W:WKd1:Bd4,h7");
    assert_eq!(g.result(), None, "one against two is still on");
    let capture = g.legal_moves()[0];
    assert_eq!(capture.captured.count_ones(), 1);
    g.play(&capture).unwrap();
    assert_eq!(g.result(), drawn_by(DrawRule::TurkishOneEach));
}

#[test]
fn no_legal_move_loses_and_wins_in_giveaway() {
    // Black's only man, on 1, is blocked by White's men on 5 and 6, and 10 stops the jump.
    let fen = "B:W5,6,10:B1";
    let blocked = Game::from_fen(Variant::new(Base::English), fen).unwrap();
    assert_eq!(
        blocked.result(),
        Some(GameResult::win(Color::White, Reason::NoLegalMove))
    );
    let giveaway = Game::from_fen(Variant::giveaway(Base::English), fen).unwrap();
    assert_eq!(
        giveaway.result().unwrap().outcome,
        Outcome::Win(Color::Black)
    );
    // One square freed and Black can move: the game is on.
    let free = Game::from_fen(Variant::new(Base::English), "B:W6,10:B1").unwrap();
    assert_eq!(free.result(), None);
}

#[test]
fn capturing_the_last_piece_ends_the_game() {
    let mut g = game(Base::International, "W:W32:B27");
    g.play_text("32x21").unwrap();
    assert_eq!(
        g.result(),
        Some(GameResult::win(Color::White, Reason::NoLegalMove))
    );
    assert!(g.play_text("21-16").is_err());
}

/// Variants that are one game under two names share their self-play data (`damier train`),
/// so they must end games alike too: the same draw rules and the same limit on quiet king
/// moves.
#[test]
fn variants_of_one_game_have_the_same_draw_rules() {
    let mut pairs = 0;
    for a in Variant::all() {
        for b in Variant::all().filter(|&b| b != a && a.rules().same_game_as(b.rules())) {
            assert_eq!(
                damier_game::draw_rules(a),
                damier_game::draw_rules(b),
                "{a} and {b}"
            );
            assert_eq!(
                damier_game::quiet_king_limit(a),
                damier_game::quiet_king_limit(b),
                "{a} and {b}"
            );
            pairs += 1;
        }
    }
    assert_eq!(pairs, 12, "six pairs, each seen from both sides");
}
