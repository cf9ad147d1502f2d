//! Rule-book positions: one or more per capture rule of RULES.md §2, each with the exact list
//! of legal moves the rule allows. Every expectation was worked out by hand from the rule its
//! comment cites (a RULES.md section, a seed, a federation article), not copied from the
//! generator's output. A rule misread in RULES.md would be misread here too (the Czech king
//! landing was, until dctl's published counts showed it), which is why the perft files carry
//! published counts wherever they exist.

use damier_core::{
    fen, notation, with_geometry, BitSet, Color, Geometry, Position, SquareNames, Variant,
};

fn moves_of<G: Geometry>(variant: &str, fen_text: &str) -> Vec<String> {
    let rules = variant.parse::<Variant>().unwrap().rules();
    let pos: Position<G> = fen::parse(rules, fen_text).unwrap();
    let mut list: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::short(&pos, m))
        .collect();
    list.sort();
    list
}

/// Assert the sorted short forms of every legal move.
fn assert_moves(variant: &str, fen_text: &str, expected: &[&str]) {
    let board = variant.parse::<Variant>().unwrap().rules().board;
    let got = with_geometry!(board, G => moves_of::<G>(variant, fen_text));
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want, "{variant} {fen_text}");
}

fn after_of<G: Geometry>(variant: &str, fen_text: &str, mv: &str) -> (String, Vec<String>) {
    let rules = variant.parse::<Variant>().unwrap().rules();
    let pos: Position<G> = fen::parse(rules, fen_text).unwrap();
    let m = notation::parse(&pos, mv).unwrap();
    let names = SquareNames::of(rules);
    let captured = names
        .in_order()
        .filter(|&s| m.captured.contains(s))
        .map(|s| names.name(s))
        .collect();
    (fen::write(&pos.play(&m).unwrap()), captured)
}

/// Play one move and compare the FEN after it and the captured squares.
fn assert_after(variant: &str, fen_text: &str, mv: &str, fen_after: &str, captured: &[&str]) {
    let board = variant.parse::<Variant>().unwrap().rules().board;
    let (got, caps) = with_geometry!(board, G => after_of::<G>(variant, fen_text, mv));
    assert_eq!(got, fen_after, "{variant} {fen_text} {mv}");
    assert_eq!(caps, captured, "{variant} {fen_text} {mv}: captured");
}

#[test]
fn capture_is_compulsory() {
    // RULES.md §1, "Capturing is compulsory in every variant".
    // English (RULES.md §2 english row: Black first, men capture forward): Black's man on 14
    // must take 18 (landing on 23); 9-13 is not allowed.
    assert_moves("english", "B:W18:B14,9", &["14x23"]);
    // Russian (where seed 004's summary wrongly says capture is optional): c3 must take d4.
    assert_moves("russian", "W:Wc3,g3:Bd4", &["c3:e5"]);
}

#[test]
fn english_promotion_stops_the_capture() {
    // RULES.md §2, promotion mid-capture "stop" (English, Italian, Spanish, Portuguese, Czech,
    // Thai). 22x31 reaches the king row; as a king it could go on over 27, but the move ends.
    assert_moves("english", "B:W26,27:B22", &["22x31"]);
    assert_after("english", "B:W26,27:B22", "22x31", "W:W27:BK31", &["26"]);
}

#[test]
fn promotion_mid_capture_three_ways() {
    // RULES.md §1 "Promotion" and §2's column "promotion mid-capture": stop, continue as king
    // (Russian; seed 002, seed 004 rule 5), pass through (Brazilian, as international).
    // A man on b6 takes c7 and reaches d8; e7 is then diagonally adjacent.
    // Russian: crowned at once, it goes on as a flying king over e7 and may land on f6, g5 or h4.
    assert_moves("russian", "W:Wb6:Bc7,e7", &["b6:f6", "b6:g5", "b6:h4"]);
    assert_after(
        "russian",
        "W:Wb6:Bc7,e7",
        "b6:h4",
        "B:WKh4:B",
        &["c7", "e7"],
    );
    // Brazilian (RULES.md §2 brazilian row: men capture fwd + back, pass through): passes
    // through as a man, ends on f6 uncrowned.
    assert_moves("brazilian", "W:Wb6:Bc7,e7", &["b6xf6"]);
    assert_after(
        "brazilian",
        "W:Wb6:Bc7,e7",
        "b6xf6",
        "B:Wf6:B",
        &["c7", "e7"],
    );
    // Czech (RULES.md §2 czech row: men capture forward only, stop): the move stops on the far
    // row.
    assert_moves("czech", "W:Wb6:Bc7,e7", &["b6xd8"]);
    assert_after("czech", "W:Wb6:Bc7,e7", "b6xd8", "B:WKd8:Be7", &["c7"]);
}

#[test]
fn same_start_end_and_captured_set_is_one_move() {
    // RULES.md §1 "Distinct moves" (and shared/reference/perft.md's counting rule).
    // An English king on 22 can go round 18, 10, 9, 17 either way and return to 22:
    // two paths, one move.
    assert_moves("english", "W:WK22:B18,10,9,17", &["22x22"]);
    assert_after(
        "english",
        "W:WK22:B18,10,9,17",
        "22x22",
        "B:WK22:B",
        &["9", "10", "17", "18"],
    );
}

#[test]
fn a_complete_long_form_is_never_ambiguous() {
    // RULES.md §4: a capture lists enough landing squares to be unique, "or all".
    // Pool king on 1: over 6 to 19, then over 23 to 30 (two pieces); or over 6 to 10, 7 to 3,
    // 8 to 12, 16 to 19 and 23 to 30 (five; Pool has no majority rule). Both end on 30, and
    // the first path's squares 19, 30 are also on the second path, so `1x19x30` must be read
    // as the complete path it is, not as a shortened form of the longer capture.
    let fen_text = "W:WK1:B6,7,8,11,16,23";
    assert_after(
        "pool",
        fen_text,
        "1x19x30",
        "B:WK30:B7,8,11,16",
        &["6", "23"],
    );
    assert_after(
        "pool",
        fen_text,
        "1x10x3x12x19x30",
        "B:WK30:B11",
        &["6", "7", "8", "16", "23"],
    );
    let rules = "pool".parse::<Variant>().unwrap().rules();
    let pos: Position<damier_core::Diagonal8> = fen::parse(rules, fen_text).unwrap();
    match notation::parse(&pos, "1x30") {
        Err(notation::MoveError::Ambiguous { candidates, .. }) => {
            assert!(
                candidates.contains(&"1x19x30".to_string()),
                "{candidates:?}"
            );
            assert!(
                candidates.contains(&"1x10x3x12x19x30".to_string()),
                "{candidates:?}"
            );
        }
        other => panic!("1x30 should be ambiguous, got {other:?}"),
    }
}

#[test]
fn a_single_jump_written_in_full_is_not_a_shortened_longer_capture() {
    // RULES.md §4 again, with two squares: the Czech king on d8 takes g5 alone (d8xh4), or
    // c7, c5, e5 and g5 round the board to the same h4 (Czech has no majority rule). The
    // single jump's complete form is `d8xh4`, so that text names it; the longer capture
    // needs its landing squares. (Found by the PDN round-trip property.)
    let fen_text = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,b4,a5,Kd8:Bc5,e5,g5,d6,a7,c7,g7,b8,h8";
    let after_single = "B:Wa1,c1,e1,g1,b2,d2,f2,h2,b4,Kh4,a5:Bc5,e5,d6,a7,c7,g7,b8,h8";
    assert_after("czech", fen_text, "d8xh4", after_single, &["g5"]);
    assert_after(
        "czech",
        fen_text,
        "d8xb6xd4xf6xh4",
        "B:Wa1,c1,e1,g1,b2,d2,f2,h2,b4,Kh4,a5:Bd6,a7,g7,b8,h8",
        &["c5", "e5", "g5", "c7"],
    );
    let rules = "czech".parse::<Variant>().unwrap().rules();
    let pos: Position<damier_core::Diagonal8> = fen::parse(rules, fen_text).unwrap();
    for mv in pos.legal_moves() {
        let text = notation::short(&pos, &mv);
        assert_eq!(notation::parse(&pos, &text), Ok(mv), "{text}");
    }
}

#[test]
fn different_captured_sets_are_different_moves() {
    // RULES.md §1 "Distinct moves": different captured pieces, different moves.
    // English man on 22 reaches 6 over 17 and 9 (via 13) or over 18 and 10 (via 15): two
    // moves, written in long form because they share start and end.
    assert_moves("english", "W:W22:B17,9,18,10", &["22x13x6", "22x15x6"]);
}

#[test]
fn italian_men_do_not_take_kings() {
    // RULES.md §2, Italian: "Men may not jump kings at all" (seed 004, rule 7).
    // The man on 22 faces a king on 18 with 13 empty: no capture, so only 22-19.
    assert_moves("italian", "W:W22:BK18", &["22-19"]);
    // A man it takes (RULES.md §2 italian row: men capture forward only).
    assert_moves("italian", "W:W22:B18", &["22x13"]);
}

#[test]
fn italian_precedence() {
    // RULES.md §2, Italian precedence (seed 004, rule 7): (a) most pieces, (b) with a king,
    // (c) most kings, (d) a king earliest.
    // (b) Man 22x13 and king 27x20 each take one man: the king must capture.
    assert_moves("italian", "W:W22,K27:B18,23", &["27x20"]);
    // (c) The king can take a king (18) or a man (19): it must take the king.
    assert_moves("italian", "W:WK22:BK18,19", &["22x13"]);
    // (d) Two ways to take one king and one man: via 13 (king 18 first, then man 10) or via 15
    // (man 19 first, then king 12). The king must be taken as early as possible.
    assert_moves("italian", "W:WK22:BK18,10,19,K12", &["22x6"]);
    assert_after(
        "italian",
        "W:WK22:BK18,10,19,K12",
        "22x6",
        "B:WK6:BK12,19",
        &["10", "18"],
    );
}

#[test]
fn spanish_majority_then_kings() {
    // RULES.md §2, Spanish / Portuguese precedence: most pieces, then most kings.
    // The man on 11 can take a king on 15 (to 20) or a man on 14 (to 18): the king it is.
    assert_moves("spanish", "W:W11:BK15,14", &["11x20"]);
    // RULES.md §2 portuguese row: capture choice "as Spanish".
    assert_moves("portuguese", "W:W11:BK15,14", &["11x20"]);
}

#[test]
fn czech_king_captures_first() {
    // RULES.md §2, Czech capture choice: "with a king if any king can capture, else free".
    // Man c3 could take d4, but the king on a5 can capture b6, so the king must.
    assert_moves("czech", "W:Wc3,Ka5:Bd4,b6", &["a5xc7", "a5xd8"]);
}

#[test]
fn international_majority_and_removal_at_end() {
    // RULES.md §1 "Removal" and "Capture choice" (majority, kings count as one), §1
    // "Promotion" (pass through); the positions and their one legal move are those of
    // shared/reference/perft.md.
    assert_moves("international", "W:W48:B24,K31,34,K42,43", &["48x19"]);
    assert_moves("international", "B:W27,28,38,39,42:BK25", &["25x33"]);
    assert_moves("international", "W:W15:B9,10", &["15x13"]);
}

#[test]
fn flying_king_landing_rules() {
    // RULES.md §2, "Pool, Russian and Czech king landing" (seed 004, rule 7 of Pool and
    // Russian) and Thai's "directly behind".
    // King a1 takes c3 and may land d4..h8; only from e5 can it go on (over f4 to g3 or h2).
    // Russian: it must land on e5 and continue.
    assert_moves("russian", "W:WKa1:Bc3,f4", &["a1:g3", "a1:h2"]);
    // Czech (federation rules art. 4.6 and 4.13; RULES.md §2, "Pool, Russian and Czech king
    // landing"): as in Russian, the king must land on e5 and go on over f4.
    assert_moves("czech", "W:WKa1:Bc3,f4", &["a1xg3", "a1xh2"]);
    // Pool has Russian's landing rule (same position in English numbering: a1=29, c3=22,
    // f4=19, g3=24, h2=28).
    assert_moves("pool", "W:WK29:B22,19", &["29x24", "29x28"]);
    // Thai (RULES.md §2 thai row, king landing "directly behind", and the Thai detail): the
    // king lands directly behind the piece it takes (a1=4, d4=15, e5=18).
    assert_moves("thai", "W:WK4:B15", &["4x18"]);
}

#[test]
fn frisian_capture_value() {
    // RULES.md §2, Frisian (rules of the Frisian federation, as lidraughts plays them): the
    // highest value, a king just under two men, then a capture by a king; men capture
    // orthogonally too.
    // Man 33 can take king 29 (value 199) or men 28 and 17 (value 200): the two men.
    assert_moves("frisian", "W:W33:BK29,28,17", &["33x11"]);
    // A king (199) against one man (100): the king.
    assert_moves("frisian", "W:W33:BK29,28", &["33x24"]);
    // Equal value (one man each): a capture by a king is preferred, with any landing.
    assert_moves(
        "frisian",
        "W:W47,43,48,K5:B10,42",
        &[
            "5x14", "5x19", "5x23", "5x28", "5x32", "5x37", "5x41", "5x46",
        ],
    );
    // Men capture orthogonally: f4 (33) over f6 (23) to f8 (13).
    assert_moves("frisian", "W:W33:B23", &["33x13"]);
}

#[test]
fn frisian_king_may_not_move_four_times_running() {
    // RULES.md §2, Frisian: "While a side has men, it may not move the same king more than
    // three times in a row without capturing."
    // The king on 28 has made three quiet moves in a row and White still has a man: only the
    // man may move.
    assert_moves("frisian", "W:W46,K28:B5:RW3@28", &["46-41"]);
    // Without men the limit does not apply (the same Frisian detail: "while a side has men").
    let rules = Variant::new(damier_core::Base::Frisian).rules();
    let pos: Position<damier_core::Diagonal10> = fen::parse(rules, "W:WK28:B5:RW3@28").unwrap();
    assert_eq!(pos.legal_moves().len(), 16);
    // The counter is carried by play (the same detail: "three times in a row"): three king
    // moves, then the king is barred.
    let mut pos: Position<damier_core::Diagonal10> = fen::parse(rules, "W:W46,K28:BK2").unwrap();
    for (white, black) in [("28-33", "2-7"), ("33-28", "7-2"), ("28-33", "2-7")] {
        pos = pos.play(&notation::parse(&pos, white).unwrap()).unwrap();
        pos = pos.play(&notation::parse(&pos, black).unwrap()).unwrap();
    }
    assert_eq!(fen::write(&pos), "W:WK33,46:BK7:RW3@33:RB3@7");
    let texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::short(&pos, m))
        .collect();
    assert_eq!(texts, vec!["46-41"]);
}

/// A move of the barred king is refused by naming the rule, not as a piece that cannot move.
#[test]
fn frisian_barred_king_move_names_the_rule() {
    let rules = Variant::new(damier_core::Base::Frisian).rules();
    let mut pos: Position<damier_core::Diagonal10> = fen::parse(rules, "W:W46,K28:BK2").unwrap();
    for (white, black) in [("28-33", "2-7"), ("33-28", "7-2"), ("28-33", "2-7")] {
        pos = pos.play(&notation::parse(&pos, white).unwrap()).unwrap();
        pos = pos.play(&notation::parse(&pos, black).unwrap()).unwrap();
    }
    let rule = "in Frisian a king may not make a fourth move in a row while its side has men";
    let err = notation::parse(&pos, "33-28").unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("illegal move 33-28: {rule}; move a man")
    );
    // With a second king, that one may move too.
    let pos: Position<damier_core::Diagonal10> =
        fen::parse(rules, "W:W46,K28,K15:BK2:RW3@28").unwrap();
    let err = notation::parse(&pos, "28-22").unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("illegal move 28-22: {rule}; move a man or another king")
    );
    // A king boxed in by its own man, with no run behind it, is simply unable to move.
    let pos: Position<damier_core::Diagonal10> = fen::parse(rules, "W:W41,K46:BK2").unwrap();
    let err = notation::parse(&pos, "46-37").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move 46-37: that piece cannot move"
    );
}

#[test]
fn turkish_captures() {
    // RULES.md §2, Turkish: immediate removal, no 180-degree turn between jumps, men forward
    // and sideways only.
    // The king on a4 may take a6 (landing a7 or a8) or a2 (landing a1), but not both: the
    // second would reverse direction by 180 degrees.
    assert_moves("turkish", "W:WKa4:Ba6,a2", &["a4xa7", "a4xa8", "a4xa1"]);
    // Captured pieces leave at once: the king takes a2 (landing a4), c4 (to d4), d3 (to d2)
    // and b2, landing on a2, the first captured piece's square.
    assert_moves("turkish", "W:WKa1:Ba2,c4,d3,b2", &["a1xa2"]);
    assert_after(
        "turkish",
        "W:WKa1:Ba2,c4,d3,b2",
        "a1xa2",
        "B:WKa2:B",
        &["a2", "b2", "d3", "c4"],
    );
    // Men move forward and sideways, never backward (RULES.md §1 "Men", Turkish).
    assert_moves("turkish", "W:Wd4:Ba8", &["d4-c4", "d4-d5", "d4-e4"]);
}

#[test]
fn no_legal_move_loses_or_wins_in_giveaway() {
    // RULES.md §1 "End of game": no legal move loses, and wins in the giveaway form (seed 000).
    // White's man on 46 (a1) is blocked by two black men with nothing to capture.
    for (variant, winner) in [
        ("international", Color::Black),
        ("international-giveaway", Color::White),
    ] {
        let rules = variant.parse::<Variant>().unwrap().rules();
        let pos: Position<damier_core::Diagonal10> = fen::parse(rules, "W:W46:B41,37").unwrap();
        assert_eq!(pos.no_move_winner(), Some(winner), "{variant}");
        let start = Position::<damier_core::Diagonal10>::start(rules);
        assert_eq!(start.no_move_winner(), None);
    }
}

#[test]
fn start_end_and_captured_set_name_one_move() {
    // RULES.md §1 "Distinct moves", looked up by start, end and captured set.
    // The English position of `different_captured_sets_are_different_moves`: two captures
    // from 22 to 6, told apart by what they take.
    let rules = "english".parse::<Variant>().unwrap().rules();
    let pos: Position<damier_core::Diagonal8> = fen::parse(rules, "W:W22:B17,9,18,10").unwrap();
    let names = SquareNames::of(rules);
    let sq = |n: &str| names.parse(n).unwrap();
    assert_eq!(
        notation::moves_between(&pos, sq("22"), sq("6"), None).len(),
        2
    );
    let over_17_and_9 = u64::of(sq("17")) | u64::of(sq("9"));
    let found = notation::moves_between(&pos, sq("22"), sq("6"), Some(over_17_and_9));
    assert_eq!(found.len(), 1);
    assert_eq!(notation::long(&pos, &found[0]), "22x13x6");
    let over_17_and_10 = u64::of(sq("17")) | u64::of(sq("10"));
    assert!(notation::moves_between(&pos, sq("22"), sq("6"), Some(over_17_and_10)).is_empty());
}

#[test]
fn czech_king_must_land_where_its_capture_goes_on() {
    // Czech federation rules, art. 4.6 (a king that stands on or crosses a diagonal holding a
    // piece it can capture must capture it) and 4.13 (a capture is completed): the king on d8
    // takes c7 and may not stop on a5, because on b6 it crosses the diagonal where c5 can be
    // taken; the only legal move is d8xb6xd4.
    let fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,Kd8:Bc5,d6,h6,a7,c7,g7,b8,f8,h8";
    assert_moves("czech", fen, &["d8xd4"]);
    // RULES.md §2: a giveaway form has its base's rules (seed 000).
    assert_moves("czech-giveaway", fen, &["d8xd4"]);
}

fn stops_of<G: Geometry>(variant: Variant) -> Vec<String> {
    let rules = variant.rules();
    let names = SquareNames::of(rules);
    // a1, c3, f4 and d4 seen from White's side, on the real board (mirrored boards swap files).
    let at = |row: u32, file: u32| {
        let col = if rules.mirrored {
            rules.board.size() - 1 - file
        } else {
            file
        };
        names.at_real(row, col).expect("a playing square")
    };
    let fen_text = format!(
        "W:WK{}:B{},{}",
        names.name(at(0, 0)),
        names.name(at(2, 2)),
        names.name(at(3, 5))
    );
    let pos: Position<G> = fen::parse(rules, &fen_text).unwrap();
    let stop = at(3, 3);
    pos.legal_moves()
        .iter()
        .filter(|m| m.to == stop)
        .map(|m| format!("{fen_text}: {}", notation::short(&pos, m)))
        .collect()
}

#[test]
fn no_flying_king_stops_where_its_capture_could_go_on() {
    // RULES.md §2 (capture choice column; "Pool, Russian and Czech king landing", seed 004
    // rule 7, Czech art. 4.6 and 4.13): with majority capture a longer capture outranks the
    // stop; with free choice (Russian, Pool, Czech) the landing rule forbids it. A king on a1
    // takes c3 and may land on d4 to h8; only from e5 can it go on, over f4. No variant with
    // flying diagonal kings may stop on d4, but Thai, whose king lands directly behind the
    // piece it takes (and there cannot go on).
    for variant in Variant::all() {
        let rules = variant.rules();
        if rules.king != damier_core::rules::KingRange::Flying
            || !rules.board.is_diagonal()
            || rules.variant.base == damier_core::Base::Thai
            // A king on a Breakthrough board has already won: it never moves.
            || rules.crowning_wins
        {
            continue;
        }
        let stops = with_geometry!(rules.board, G => stops_of::<G>(variant));
        assert!(stops.is_empty(), "{variant}: {stops:?}");
    }
}

/// A move typed with one square is answered with an example in the variant's own notation,
/// a move of the position.
#[test]
fn a_one_square_move_gets_an_example_in_the_variants_notation() {
    let russian = Variant::new(damier_core::Base::Russian).rules();
    let pos: Position<damier_core::Diagonal8> = fen::parse(russian, "W:Wc3:Bh8").unwrap();
    let err = notation::parse(&pos, "c3").unwrap_err().to_string();
    assert!(
        err.ends_with("a move needs a start and an end square (e.g. c3-b4)")
            || err.ends_with("a move needs a start and an end square (e.g. c3-d4)"),
        "{err}"
    );
    let international = Variant::new(damier_core::Base::International).rules();
    let pos: Position<damier_core::Diagonal10> = fen::parse(international, "W:W46:B5").unwrap();
    let err = notation::parse(&pos, "46").unwrap_err().to_string();
    assert!(
        err.ends_with("a move needs a start and an end square (e.g. 46-41)"),
        "{err}"
    );
}

fn reversible_of<G: Geometry>(variant: &str, fen_text: &str) -> Vec<(String, bool)> {
    let rules = variant.parse::<Variant>().unwrap().rules();
    let pos: Position<G> = fen::parse(rules, fen_text).unwrap();
    let mut list: Vec<(String, bool)> = pos
        .legal_moves()
        .iter()
        .map(|m| (notation::short(&pos, m), pos.is_reversible(m)))
        .collect();
    list.sort();
    list
}

/// Only a position after a reversible move can come round again (RULES.md §3's repetition):
/// a king's move, or a Turkish man's step sideways; never a capture or a step forward.
#[test]
fn kings_moves_and_turkish_sideways_steps_are_reversible() {
    for (variant, fen_text, expected) in [
        (
            "turkish",
            "W:Wb2,Kh1:Ba7",
            &[
                ("b2-a2", true),
                ("b2-b3", false),
                ("b2-c2", true),
                ("h1-a1", true),
                ("h1-b1", true),
                ("h1-c1", true),
                ("h1-d1", true),
                ("h1-e1", true),
                ("h1-f1", true),
                ("h1-g1", true),
                ("h1-h2", true),
                ("h1-h3", true),
                ("h1-h4", true),
                ("h1-h5", true),
                ("h1-h6", true),
                ("h1-h7", true),
                ("h1-h8", true),
            ][..],
        ),
        // A capture is never reversible, whoever makes it.
        ("turkish", "W:Wb2,Kh1:Bb3", &[("b2xb4", false)][..]),
        (
            "turkish",
            "W:WKh1:Bh4",
            &[
                ("h1xh5", false),
                ("h1xh6", false),
                ("h1xh7", false),
                ("h1xh8", false),
            ][..],
        ),
        (
            "english",
            "W:W22,K30:B3",
            &[
                ("22-17", false),
                ("22-18", false),
                ("30-25", true),
                ("30-26", true),
            ][..],
        ),
    ] {
        let board = variant.parse::<Variant>().unwrap().rules().board;
        let got = with_geometry!(board, G => reversible_of::<G>(variant, fen_text));
        let want: Vec<(String, bool)> = expected.iter().map(|&(m, r)| (m.to_string(), r)).collect();
        assert_eq!(got, want, "{variant} {fen_text}");
    }
}
