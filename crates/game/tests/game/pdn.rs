//! PDN reading and writing: the features of PDN 3.0 and the exact place of errors.

use damier_core::notation::MoveError;
use damier_core::{Base, Color, Variant};
use damier_game::pdn::{self, PdnError, PdnErrorKind, PdnGame, PdnResult, WriteOptions};
use damier_game::{Board, Game, Outcome};

fn one(text: &str, default: Variant) -> PdnGame {
    let mut games = pdn::read(text, default);
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0).unwrap()
}

fn error(text: &str) -> PdnError {
    pdn::read(text, Variant::INTERNATIONAL)
        .into_iter()
        .find_map(|g| g.err())
        .expect("an error")
}

#[test]
fn a_bad_game_is_reported_where_it_goes_wrong_and_the_others_are_read() {
    let text = "\
[Event \"one\"]
1. 32-28 19-23 2. 28x19 14x23 1-0

[Event \"two\"]
1. 32-28 19-23
2. 33-29 1-0

[Event \"three\"]
1. 31-26 *
";
    let games = pdn::read(text, Variant::INTERNATIONAL);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].as_ref().unwrap().main.moves.len(), 4);
    let e = games[1].as_ref().unwrap_err();
    // 2. 33-29 ignores the compulsory capture 28x19.
    assert_eq!((e.game, e.line, e.column), (2, 6, 4));
    match &*e.kind {
        PdnErrorKind::Move { number, error } => {
            assert_eq!(number, "2.");
            assert!(matches!(error, MoveError::Illegal { .. }), "{error}");
        }
        other => panic!("{other}"),
    }
    assert!(
        e.to_string()
            .starts_with("game 2, line 6, column 4: move 2."),
        "{e}"
    );
    assert_eq!(games[2].as_ref().unwrap().tag("Event"), Some("three"));
    // The moves of the main line read before the bad one.
    assert_eq!(e.moves_read, 2);
}

#[test]
fn unknown_game_type_and_bad_fen_point_at_their_tags() {
    let e = error("[Event \"x\"]\n  [GameType \"99\"]\n1. 32-28 *");
    assert_eq!((e.line, e.column), (2, 3));
    assert_eq!(*e.kind, PdnErrorKind::UnknownGameType("99".into()));
    let e = error("[SetUp \"1\"]\n[FEN \"W:W51:B1\"]\n*");
    assert_eq!((e.line, e.column), (2, 1));
    assert!(matches!(*e.kind, PdnErrorKind::Fen(_)), "{e}");
}

#[test]
fn unterminated_comment_is_found_and_the_next_game_still_read() {
    let text = "[Event \"a\"]\n1. 32-28 {never closed 19-23\n\n[Event \"b\"]\n1. 31-26 *\n";
    let games = pdn::read(text, Variant::INTERNATIONAL);
    assert_eq!(games.len(), 2);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (2, 10));
    assert_eq!(games[1].as_ref().unwrap().main.moves.len(), 1);
}

#[test]
fn variation_errors() {
    let e = error("( 1. 32-28 ) *");
    assert_eq!((e.line, e.column), (1, 1));
    let e = error("1. 32-28 ) *");
    assert_eq!((e.line, e.column), (1, 10));
    let e = error("1. 32-28 (1. 31-26 *");
    assert_eq!((e.line, e.column), (1, 10));
}

#[test]
fn a_wrong_variation_is_left_out_and_the_game_read() {
    // Variations are checked too: 1. 19-23 cannot be a White move. The annotator's slip
    // costs the variation, not the game.
    let g = one(
        "1. 32-28 (1. 19-23) 19-23 2. 28x19 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.main.moves.len(), 3);
    assert!(g.main.moves[0].variations.is_empty());
    assert_eq!(
        g.read_notes,
        vec![
            "the variation at line 1, column 10 was left out (line 1, column 14: move 1.: \
             illegal move 19-23: no white piece on 19)"
        ]
    );
    // A wrong variation inside a good one costs only itself.
    let g = one(
        "1. 32-28 (1. 33-29 (1. 19-23) 19-23) 19-23 2. 28x19 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.main.moves.len(), 3);
    let kept = &g.main.moves[0].variations;
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].moves.len(), 2);
    assert!(kept[0].moves[0].variations.is_empty());
    assert_eq!(g.read_notes.len(), 1);
    assert!(
        g.read_notes[0]
            .starts_with("the variation at line 1, column 20 was left out (line 1, column 24"),
        "{}",
        g.read_notes[0]
    );
    // A variation never closed is still an error of the game.
    let e = error("1. 32-28 (1. 19-23 19-23 *");
    assert_eq!((e.line, e.column), (1, 14));
    // The first few are said, the rest counted.
    let text = format!("1. 32-28 {} 19-23 *", "(1. 19-23) ".repeat(1000));
    let g = one(&text, Variant::INTERNATIONAL);
    assert_eq!(g.read_notes.len(), 6);
    assert_eq!(g.read_notes[5], "995 more variations were left out");
}

#[test]
fn a_fen_may_leave_the_side_to_move_to_the_moves() {
    let g = one(
        "[SetUp \"1\"]\n[FEN \"?:W29,13,11:B22,4,2\"]\n1... 22-27 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.start.side(), Color::Black);
    assert_eq!(
        g.read_notes,
        vec!["FEN leaves the side to move open, and the moves say: Black"]
    );
    let g = one(
        "[SetUp \"1\"]\n[FEN \"?:W29,13,11:B22,4,2\"]\n1. 29-24 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.start.side(), Color::White);
    let g = one(
        "[SetUp \"1\"]\n[FEN \" ?:W29,13,11:B22,4,2\"]\n*",
        Variant::INTERNATIONAL,
    );
    assert_eq!(
        g.read_notes,
        vec!["FEN leaves the side to move open, and no move tells it: White"]
    );
    // Neither side reads: the error is the reading that went furthest (Black's, at move 3),
    // and its place is in the text as written.
    let e = error("[FEN \"?:W29,13,11:B22,4,2\"]\n1... 22-27 2. 29-24 4-9 3. 99-98 *");
    assert_eq!((e.line, e.column), (2, 28), "{e}");
    let e = error("[FEN \"  ?:W99:B22\"]\n*");
    assert_eq!((e.line, e.column), (1, 1), "{e}");
    assert!(e.to_string().contains("column 6"), "{e}");
}

#[test]
fn playoks_international_game_type_is_read_in_internationals_numbers() {
    // PlayOK writes 10x10 games as `N1` (square 1 bottom right), in international's own
    // numbers: they do not fit `N1`, they fit the variant's own, and are read so.
    let g = one(
        "[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 19-23 2. 28x19 14x23 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.main.moves[3].notation, "14x23");
    assert_eq!(
        g.read_notes,
        vec![
            "GameType \"20,W,10,10,N1,0\" names numbers from White's bottom right (1), but the \
             game is in international's own notation: read so"
        ]
    );
    // When neither notation reads the game, the error is the one met furthest: a real fault
    // at move 3, not the declared notation's at move 1.
    let e = error("[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 99-98 *");
    assert_eq!((e.line, e.column), (2, 34), "{e}");
}

#[test]
fn comments_variations_nags_and_marks_are_kept() {
    let text = "{Opening} 1. 32-28!? $3 {main; line} 19-23 (1... 17-21 ; side\n2. 31-27) 2. 28x19 14x23 0-1";
    let g = one(text, Variant::INTERNATIONAL);
    assert_eq!(g.main.leading, ["Opening"]);
    let m = &g.main.moves;
    assert_eq!(m[0].mark.as_deref(), Some("!?"));
    assert_eq!(m[0].nags, [3]);
    assert_eq!(m[0].comments, ["main; line"]);
    assert_eq!(m[1].variations.len(), 1);
    let v = &m[1].variations[0];
    assert_eq!(v.moves[0].notation, "17-21");
    assert_eq!(v.moves[0].comments, ["side"]);
    assert_eq!(v.moves[1].notation, "31-27");
    assert_eq!(g.result, PdnResult::BlackWins);
    let again = one(
        &pdn::write_game(&g, &WriteOptions::default()),
        Variant::INTERNATIONAL,
    );
    assert_eq!(again, g);
}

/// A comment holding a `}` is written after `;`, to the end of its line: a line break in
/// it must not let its rest be read back as moves.
#[test]
fn a_comment_with_a_brace_and_a_line_break_reads_back_as_one_comment() {
    let mut g = one("1. 32-28 19-23 *", Variant::INTERNATIONAL);
    g.main.moves[0].comments = vec!["a } b\n19-23 c\r\nd".into()];
    let written = pdn::write_game(&g, &WriteOptions::default());
    assert!(written.contains("; a } b 19-23 c  d\n"), "{written}");
    let again = one(&written, Variant::INTERNATIONAL);
    assert_eq!(again.main.moves.len(), 2, "{written}");
    assert_eq!(again.main.moves[0].comments, ["a } b 19-23 c d"]);
    assert_eq!(again.main.moves[1].notation, "19-23");
}

#[test]
fn marks_beyond_the_six_and_in_brackets_read_and_write_back() {
    // PDN 3.0's MOVESTRENGTH: any run of ! and ?, bare or in brackets (`(?)`);
    // a bracket that holds moves is still a variation.
    let text = "1. 32-28(?) 19-23!!! 2. 28x19 (!) 14x23 (2... 13x24) *";
    let g = one(text, Variant::INTERNATIONAL);
    let marks: Vec<_> = g.main.moves.iter().map(|m| m.mark.as_deref()).collect();
    assert_eq!(marks, [Some("(?)"), Some("!!!"), Some("(!)"), None]);
    assert_eq!(g.main.moves[3].variations[0].moves[0].notation, "13x24");
    let written = pdn::write_game(&g, &WriteOptions::default());
    assert!(written.contains("32-28(?)"), "{written}");
    assert_eq!(one(&written, Variant::INTERNATIONAL), g);
    for (mark, is) in [
        ("?!", true),
        ("(??)", true),
        ("!!!", true),
        ("*", false),
        ("()", false),
        ("(!", false),
    ] {
        assert_eq!(pdn::is_move_mark(mark), is, "{mark}");
    }
}

#[test]
fn every_result_form() {
    for r in PdnResult::ALL {
        let g = one(&format!("1. 32-28 {}", r.text()), Variant::INTERNATIONAL);
        assert_eq!(g.result, r);
        let text = pdn::write_game(&g, &WriteOptions::default());
        assert!(
            text.contains(&format!("[Result \"{}\"]", r.text())),
            "{text}"
        );
        assert_eq!(one(&text, Variant::INTERNATIONAL).result, r);
    }
    assert_eq!(
        PdnResult::WhiteWinsTwo.outcome(),
        Some(Outcome::Win(Color::White))
    );
    assert_eq!(PdnResult::DrawOneOne.outcome(), Some(Outcome::Draw));
    assert_eq!(PdnResult::Unknown.outcome(), None);
    assert_eq!(PdnResult::DoubleForfeit.outcome(), None);
    // Without a marker, the Result tag decides.
    let g = one("[Result \"2-0\"]\n1. 32-28", Variant::INTERNATIONAL);
    assert_eq!(g.result, PdnResult::WhiteWinsTwo);
    // So it does with `*`, which PDN 3.0 puts at the end of every game (its own example:
    // `[Result "0-2"]`, moves, `*`); a marker that names a result still decides.
    let g = one("[Result \"0-2\"]\n1. 32-28 *", Variant::INTERNATIONAL);
    assert_eq!(g.result, PdnResult::BlackWinsTwo);
    let g = one("[Result \"0-2\"]\n1. 32-28 1-1", Variant::INTERNATIONAL);
    assert_eq!(g.result, PdnResult::DrawOneOne);
}

#[test]
fn game_type_short_and_full_and_variant_tags() {
    let g = one(
        "[GameType \"21,B,8,8,N1,0\"]\n1. 11-15 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.variant, Variant::new(Base::English));
    let g = one(
        "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.variant, Variant::new(Base::Russian));
    assert_eq!(g.main.moves[2].notation, "d4:f6");
    let g = one(
        "[GameType \"20\"]\n[Variant \"Antidraughts\"]\n1. 32-28 *",
        Variant::new(Base::English),
    );
    assert_eq!(g.variant, Variant::giveaway(Base::International));
    let sri = Board::start(Variant::new(Base::SriLankan));
    let first = sri.short(&sri.legal_moves()[0]);
    let g = one(
        &format!("[Variant \"sri-lankan\"]\n1. {first} *"),
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.variant, Variant::new(Base::SriLankan));
    // Written back with the tags that make each read the same.
    for v in [
        Variant::new(Base::German),
        Variant::new(Base::SriLankan),
        Variant::giveaway(Base::Turkish),
        Variant::new(Base::Thai),
    ] {
        let g = PdnGame::new(v);
        let text = pdn::write_game(&g, &WriteOptions::default());
        assert_eq!(one(&text, Variant::INTERNATIONAL), g, "{text}");
    }
}

#[test]
fn setup_fen_black_to_move_and_long_captures() {
    let text = "[SetUp \"1\"]\n[FEN \"B:W27,28,38,39,42:BK25\"]\n1... 25x33 *";
    let g = one(text, Variant::INTERNATIONAL);
    assert_eq!(g.start.side(), Color::Black);
    let mv = g.main.moves[0].mv;
    let taken = mv.captured.count_ones() as usize;
    assert!(taken >= 2, "a multiple capture");
    // The long form names a landing square per captured piece.
    let long_move = g.start.long(&mv);
    assert_eq!(long_move.matches('x').count(), taken, "{long_move}");
    let long = pdn::write_game(&g, &WriteOptions { long_moves: true });
    assert!(long.contains(&format!("1... {long_move} *")), "{long}");
    assert!(long.contains("[FEN \"B:W27,28,38,39,42:BK25\"]"), "{long}");
    assert_eq!(one(&long, Variant::INTERNATIONAL), g);
}

#[test]
fn tags_are_escaped_and_kept_in_order() {
    let mut g = PdnGame::new(Variant::INTERNATIONAL);
    g.set_tag("White", "A \"quoted\" \\ name");
    g.set_tag("Annotator", "x");
    g.set_tag("TimeControl", "40/7200");
    let text = pdn::write_game(&g, &WriteOptions::default());
    let again = one(&text, Variant::INTERNATIONAL);
    assert_eq!(again.tag("White"), Some("A \"quoted\" \\ name"));
    let names: Vec<&str> = again.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Annotator",
            "TimeControl"
        ]
    );
}

#[test]
fn the_italian_archives_tag_names_are_read_as_the_standard_ones() {
    // As the Italian federation's archives write a game: players, result and event under
    // Italian names, the year alone.
    let text = "[Dati \"69 ASSOLUTO 1 TURNO\"]\n[Anno \"2005\"]\n[Bianco \"BORGHETTI\"]\n\
                [Nero \"MASCOLO\"]\n[Risultato \"1-0\"]\n[Apertura \"0028\"]\n\n\
                1. 21-17 12-15 2. 23-19 11-14 *\n";
    let g = one(text, Variant::new(Base::Italian));
    assert_eq!(g.tag("White"), Some("BORGHETTI"));
    assert_eq!(g.tag("Black"), Some("MASCOLO"));
    assert_eq!(g.tag("Event"), Some("69 ASSOLUTO 1 TURNO"));
    assert_eq!(g.tag("Opening"), Some("0028"));
    assert_eq!(
        g.tag("Anno"),
        Some("2005"),
        "a tag with no standard one is kept as it is"
    );
    assert_eq!(g.result, PdnResult::WhiteWins);
    let written = pdn::write_game(&g, &WriteOptions::default());
    assert!(written.contains("[White \"BORGHETTI\"]"), "{written}");
    assert!(!written.contains("Bianco"), "{written}");
    // A standard tag beside its alias wins, and the alias stays a tag of its own.
    let both = one(
        "[White \"Rossi\"]\n[Bianco \"Bianchi\"]\n1. 21-17 *\n",
        Variant::new(Base::Italian),
    );
    assert_eq!(both.tag("White"), Some("Rossi"));
    assert_eq!(both.tag("Bianco"), Some("Bianchi"));
    // The result under its Italian name is checked against the marker like the standard one.
    let notes = pdn::read_tag_notes(
        b"[Risultato \"0-1\"]\n1. 21-17 1-0\n\n[Result \"1-0\"]\n[Risultato \"0-1\"]\n1. 21-17 1-0\n",
    );
    assert_eq!(notes[0].contradicted_result.as_deref(), Some("0-1"));
    assert_eq!(
        notes[1].contradicted_result, None,
        "the standard tag is the one read"
    );
}

#[test]
fn games_convert_to_and_from_the_game_record() {
    let g = one("1. 32-28 19-23 2. 28x19 14x23 1-0", Variant::INTERNATIONAL);
    let game = g.to_game().unwrap();
    assert_eq!(game.plies().len(), 4);
    assert_eq!(game.result().unwrap().outcome, Outcome::Win(Color::White));
    let back = PdnGame::from_game(&game, &g.tags);
    assert_eq!(back.main, g.main);
    assert_eq!(back.result, PdnResult::WhiteWins);
    assert_eq!(*game.start(), Board::start(Variant::INTERNATIONAL));
}

#[test]
fn a_draw_offer_is_written_as_a_comment_and_read_back() {
    let mut game = Game::new(Variant::INTERNATIONAL);
    let board = *game.position();
    game.play_offering(&board.parse_move("32-28").unwrap(), true)
        .unwrap();
    game.play_text("19-23").unwrap();
    let text = pdn::write_game(&PdnGame::from_game(&game, &[]), &WriteOptions::default());
    assert!(
        text.contains("1. 32-28 {white offers a draw} 1... 19-23 *"),
        "{text}"
    );
    let back = one(&text, Variant::INTERNATIONAL).to_game().unwrap();
    let offers: Vec<bool> = back.plies().iter().map(|p| p.offers_draw).collect();
    assert_eq!(offers, [true, false]);
}

#[test]
fn bytes_that_are_not_utf8_are_read_as_latin1() {
    let mut bytes = b"[White \"Fran".to_vec();
    bytes.push(0xe7); // c cedilla in Latin-1
    bytes.extend_from_slice(b"ois\"]\n1. 32-28 *");
    let games = pdn::read_bytes(&bytes, Variant::INTERNATIONAL);
    assert_eq!(
        games[0].as_ref().unwrap().tag("White"),
        Some("Fran\u{e7}ois")
    );
}

#[test]
fn deeply_nested_variations_are_refused_not_overflowing() {
    // Each level replays 1. 32-28 as a variation of itself.
    let mut text = String::from("1. 32-28 ");
    for _ in 0..5000 {
        text.push_str("(1. 32-28 ");
    }
    let e = error(&text);
    assert!(matches!(*e.kind, PdnErrorKind::Variation(_)), "{e}");
    assert_eq!(e.column, 10 + 10 * 100);
}

#[test]
fn an_untagged_game_is_read_as_the_variant_its_moves_fit() {
    use damier_game::pdn::VariantSource;
    // 11-15 23-19 is no international opening (White's men stand on 31-50), but is one in
    // English, where Black's men start on 1-12 and move first.
    let text = "[White \"A\"]\n1. 11-15 23-19 *\n\n[GameType \"21\"]\n1. 11-15 *\n";
    let games = pdn::read_bytes_inferring(text.as_bytes(), Variant::INTERNATIONAL);
    assert_eq!(games.len(), 2);
    let (first, source) = &games[0];
    let VariantSource::Inferred { fits } = source else {
        panic!("{source:?}");
    };
    assert_eq!(first.as_ref().unwrap().variant, fits[0]);
    assert!(!fits.contains(&Variant::INTERNATIONAL), "{fits:?}");
    assert!(fits.contains(&"english".parse().unwrap()), "{fits:?}");
    assert_eq!(games[1].1, VariantSource::Tagged);
    // Given a variant, nothing is inferred.
    assert!(pdn::read_bytes(text.as_bytes(), Variant::INTERNATIONAL)[0].is_err());
    // An algebraic game that Czech rules allow too is Russian, the variant most such games
    // are published in.
    let russian = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 *";
    let games = pdn::read_bytes_inferring(russian.as_bytes(), Variant::INTERNATIONAL);
    let VariantSource::Inferred { fits } = &games[0].1 else {
        panic!("{:?}", games[0].1);
    };
    assert_eq!(fits[0], Variant::new(Base::Russian), "{fits:?}");
    assert!(fits.contains(&Variant::new(Base::Czech)), "{fits:?}");
    assert_eq!(games[0].0.as_ref().unwrap().variant, fits[0]);
    // A variant that reads it whole is preferred to one that must leave a variation out:
    // the king's flight 1-10 is Pool's, not English's.
    let text = "[SetUp \"1\"]\n[FEN \"B:W29:BK1\"]\n1. 1-6 (1. 1-10) *";
    let games = pdn::read_bytes_inferring(text.as_bytes(), Variant::new(Base::English));
    let VariantSource::Inferred { fits } = &games[0].1 else {
        panic!("{:?}", games[0].1);
    };
    let game = games[0].0.as_ref().unwrap();
    assert_eq!(game.variant, Variant::new(Base::Pool), "{fits:?}");
    assert_eq!(fits[0], game.variant, "the variant read as is named first");
    assert!(game.read_notes.is_empty());
}

#[test]
fn an_untagged_game_no_variant_fits_keeps_the_error_met_furthest() {
    use damier_game::pdn::VariantSource;
    // c3-d4 is a legal first move on every 8×8 board (and no square of the 10×10 one); the
    // second c3-d4 is legal nowhere. The error kept is the illegal move, not the bad square.
    let text = "[White \"A\"]\n1. c3-d4 c3-d4 *\n";
    let games = pdn::read_bytes_inferring(text.as_bytes(), Variant::INTERNATIONAL);
    let (game, source) = &games[0];
    let VariantSource::Unfit { closest } = source else {
        panic!("{source:?}");
    };
    assert_ne!(*closest, Variant::INTERNATIONAL);
    let e = game.as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (2, 10), "{e}");
    assert!(!e.to_string().contains("not a square"), "{e}");
}

#[test]
fn a_wrapped_variation_keeps_its_parenthesis_with_its_first_move() {
    // Variations after every move of a long line: wherever the 80-column wrap falls, no
    // line ends with an opening parenthesis and the text reads back as the same game.
    let mut text = String::new();
    let mut game = Game::new(Variant::INTERNATIONAL);
    for _ in 0..16 {
        let moves = game.legal_moves();
        let board = *game.position();
        let (main, other) = (moves[0], moves[moves.len() - 1]);
        let number = game.plies().len() / 2 + 1;
        let dots = if board.side() == Color::White {
            "."
        } else {
            "..."
        };
        text.push_str(&format!(
            "{number}{dots} {} ({number}{dots} {} {{a note}}) ",
            board.short(&main),
            board.short(&other)
        ));
        game.play(&main).unwrap();
    }
    text.push('*');
    let g = one(&text, Variant::INTERNATIONAL);
    let written = pdn::write_game(&g, &WriteOptions::default());
    assert!(
        written
            .lines()
            .all(|l| !l.trim_end().ends_with('(') && l.len() <= 80),
        "{written}"
    );
    assert_eq!(one(&written, Variant::INTERNATIONAL), g);
}

#[test]
fn the_main_line_lists_numbers_moves_and_positions() {
    // International: White moves first; a game set up with Black to move starts at 1...
    let g = one(
        "[GameType \"20\"]\n[FEN \"B:W33,45:B19\"]\n19-23 33-28 23x32 *",
        Variant::INTERNATIONAL,
    );
    let line = g.main_line(false);
    let numbers: Vec<&str> = line.iter().map(|m| m.number.as_str()).collect();
    assert_eq!(numbers, ["1...", "2.", "2..."]);
    let texts: Vec<&str> = line.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["19-23", "33-28", "23x32"]);
    assert_eq!(line[2].fen, "W:W45:B32");
    let positions = g.positions();
    for (ply, m) in line.iter().enumerate() {
        assert_eq!(m.number, g.move_number(ply));
        assert_eq!(m.fen, positions[ply + 1].fen());
    }
    // The long form changes the text only.
    let long = g.main_line(true);
    assert_eq!(long.len(), 3);
    assert!(long
        .iter()
        .zip(&line)
        .all(|(l, s)| l.number == s.number && l.fen == s.fen));
}

#[test]
fn the_rules_end_of_a_game_is_the_game_layers() {
    use damier_game::{DrawRule, Reason};
    let head = "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"W:WK29:BK4\"]\n";
    let shuffle = "29-25 4-8 25-29 8-4 29-25 4-8 25-29 8-4";
    // Past the third repetition: the end is after the eighth move, the ninth is past it.
    let g = one(
        &format!("{head}{shuffle} 29-25 1-0"),
        Variant::new(Base::English),
    );
    let end = g.rules_end().expect("drawn by repetition");
    assert_eq!(end.plies, 8);
    assert_eq!(end.result.reason, Reason::Rule(DrawRule::Repetition));
    assert_eq!(end.result.outcome, Outcome::Draw);
    assert_eq!(g.move_number(7), "5.");
    assert_eq!(g.move_number(8), "5...");
    // English: Black moves first, so White's first move here is 1...
    assert_eq!(g.move_number(0), "1...");
    // The same as the game layer refuses the record.
    assert!(g.to_game().is_err());
    // Twice is not the end.
    let g = one(
        &format!("{head}29-25 4-8 25-29 8-4 *"),
        Variant::new(Base::English),
    );
    assert_eq!(g.rules_end(), None);
    // The side to move has none: the end is after the move that left it so.
    let g = one(
        "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W18:B14\"]\n14x23 *",
        Variant::new(Base::English),
    );
    let end = g.rules_end().expect("white has no move");
    assert_eq!((end.plies, end.result.reason), (1, Reason::NoLegalMove));
    assert_eq!(end.result.outcome, Outcome::Win(Color::Black));
}

#[test]
fn tag_notes_name_an_unknown_variant_and_a_result_tag_the_marker_contradicts() {
    use damier_game::pdn::TagNotes;
    let text = "[Variant \"klingon\"]\n1. 32-28 *\n\n\
                [Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 1/2-1/2\n\n\
                [Result \"1-0\"]\n1. 32-28 2-0\n\n\
                [Result \"1-0\"]\n1. 32-28 *\n\n\
                [Variant \"Russian giveaway\"]\n[Result \"0-1\"]\n1. c3-d4 0-1\n";
    let notes = pdn::read_tag_notes(text.as_bytes());
    assert_eq!(
        notes,
        [
            TagNotes {
                unknown_variant: Some("klingon".into()),
                contradicted_result: None,
            },
            TagNotes {
                unknown_variant: None,
                contradicted_result: Some("1-0".into()),
            },
            // 2-0 is a win for White too; `*` leaves the tag's result.
            TagNotes::default(),
            TagNotes::default(),
            TagNotes::default(),
        ]
    );
    // One per game, as the reader counts them.
    assert_eq!(pdn::read(text, Variant::INTERNATIONAL).len(), notes.len());
}

#[test]
fn a_game_in_another_notation_is_read_in_the_one_its_game_type_names() {
    let russian = Variant::new(Base::Russian);
    let algebraic = one(
        "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *",
        russian,
    );
    // The same game numbered as English checkers numbers the board (square 1 = b8).
    let numbered = one(
        "[GameType \"25,W,8,8,N2,0\"]\n1. 22-18 11-15 2. 18x11 8x15 *",
        russian,
    );
    assert_eq!(numbered.main, algebraic.main);
    assert_eq!(numbered.main.moves[3].notation, "g7:e5", "kept in Damier's");
    assert_eq!(
        numbered.read_notes,
        vec!["GameType \"25,W,8,8,N2,0\": squares read as numbers from White's top left (1)"]
    );
    assert!(algebraic.read_notes.is_empty());
    // Its FEN too.
    let set_up = one(
        "[GameType \"25,W,8,8,N2,0\"]\n[SetUp \"1\"]\n[FEN \"W:W22,K29:B15\"]\n1. 22-18 *",
        russian,
    );
    assert_eq!(
        set_up.start,
        Board::from_fen(russian, "W:Wc3,Ka1:Be5").unwrap()
    );
    // International in letters and digits: 32-28 is d4-e5.
    let g = one(
        "[GameType \"20,W,10,10,A0,0\"]\n1. d4-e5 *",
        Variant::INTERNATIONAL,
    );
    assert_eq!(g.main.moves[0].notation, "32-28");
    // An illegal move is told in the file's own notation.
    let e = error("[GameType \"25,W,8,8,N2,0\"]\n1. 22-19 *");
    match &*e.kind {
        PdnErrorKind::Move {
            error: MoveError::Illegal { reason, .. },
            ..
        } => assert_eq!(reason, "that piece can play 22-18 or 22-17"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_game_type_that_cannot_be_read_leaves_the_variants_own_notation_and_says_why() {
    let text = "[GameType \"25,W,10,10,A0,0\"]\n1. c3-d4 *\n\n\
                [GameType \"25,W,8,8,N2,0\"]\n[SetUp \"1\"]\n[FEN \"W:Wc3:Be5\"]\n1. 22-18 *\n\n\
                [GameType \"25\"]\n1. c3-d4 *";
    let games = pdn::read(text, Variant::INTERNATIONAL);
    assert_eq!(games[0].as_ref().unwrap().main.moves[0].notation, "c3-d4");
    // A FEN in the variant's own letters, beside moves in the file's numbers.
    assert_eq!(games[1].as_ref().unwrap().main.moves[0].notation, "c3-d4");
    let read: Vec<_> = games
        .iter()
        .map(|g| &g.as_ref().unwrap().read_notes)
        .collect();
    assert_eq!(
        read[0],
        &vec![
            "GameType \"25,W,10,10,A0,0\" not understood (its board is 10x10, but russian is \
             played on 8x8): squares read in russian's own notation"
        ]
    );
    assert!(
        read[1][0].contains("numbers from White's top left"),
        "{:?}",
        read[1]
    );
    assert!(read[2].is_empty());
    // A game refused says in which notation its squares were read.
    let e = error("[GameType \"25,W,8,8,N2,0\"]\n1. 22-18 11-15 2. 99-98 *");
    assert_eq!(
        e.read_notes,
        vec!["GameType \"25,W,8,8,N2,0\": squares read as numbers from White's top left (1)"]
    );
}

/// A tag says something unless it is empty or the roster's placeholder for "unknown".
#[test]
fn known_tags_leave_out_the_roster_s_placeholders() {
    let tags: Vec<(String, String)> = [
        ("White", "Ada"),
        ("black", "?"),
        ("Date", "????.??.??"),
        ("Event", " "),
        ("Round", "2"),
    ]
    .iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect();
    assert_eq!(pdn::known_tag(&tags, "white"), Some("Ada"));
    assert_eq!(pdn::known_tag(&tags, "Black"), None);
    assert_eq!(pdn::known_tag(&tags, "Date"), None);
    assert_eq!(pdn::known_tag(&tags, "Event"), None);
    assert_eq!(pdn::known_tag(&tags, "Round"), Some("2"));
    assert_eq!(pdn::known_tag(&tags, "Site"), None);
}

#[test]
fn a_move_number_names_the_position_after_it() {
    let game = one("1. 32-28 19-23 2. 28x19 14x23 *", Variant::INTERNATIONAL);
    let after = |n: &str| game.position_after(n);
    assert_eq!(after("1").unwrap(), game.positions()[1]);
    assert_eq!(after("1.").unwrap(), game.positions()[1]);
    assert_eq!(after("1...").unwrap(), game.positions()[2]);
    assert_eq!(after("2...").unwrap(), game.positions()[4]);
    let err = after("3").unwrap_err().to_string();
    assert!(
        err.contains("no move 3.") && err.contains("its last move is 2..."),
        "{err}"
    );
    for bad in ["", "x", "2..", "1.2"] {
        let err = after(bad).unwrap_err().to_string();
        assert!(err.contains("is not a move number"), "{bad}: {err}");
    }
}
