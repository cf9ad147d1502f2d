//! Damier as a CheckerBoard engine, tested against what CheckerBoard's documentation and
//! header say: its square numbers, its board, the examples of its API reference, and the
//! engine's answers to its commands. (tools/wine-check loads the DLL itself under Wine.)

use damier_checkerboard::board::{self, Cells, MoveRecord, BLACK, KING, MAN, WHITE};
use damier_checkerboard::session::{result, TimeRequest};
use damier_checkerboard::{game_of_file, text, GameType, Session};
use damier_core::SquareNames;
use damier_engine::Control;
use damier_game::Board;

/// The square of an English diagram (White at the bottom) that English square `n` is: 1 is
/// b8, 4 h8, 5 a7, 29 a1, 32 g1 — the numbering every checkers book prints.
fn english_diagram_name(n: u32) -> String {
    let rank = 8 - (n - 1) / 4;
    let i = ((n - 1) % 4) as usize;
    let files = if rank.is_multiple_of(2) {
        ["b", "d", "f", "h"]
    } else {
        ["a", "c", "e", "g"]
    };
    format!("{}{rank}", files[i])
}

#[test]
fn square_numbers_agree_with_damier_s_notation() {
    // English, Italian and Spanish are numbered alike in CheckerBoard and in Damier (each by
    // its federation's diagram): two independent formulas, one answer.
    for game in [GameType::English, GameType::Italian, GameType::Spanish] {
        let names = SquareNames::of(game.variant().rules());
        for n in 1..=32 {
            let square = game.square_of_number(n).unwrap();
            assert_eq!(names.number(square), Some(n), "{game:?} square {n}");
        }
    }
    // Russian and Brazilian are named by letters in Damier; CheckerBoard numbers them as an
    // English board whose White side is at the bottom.
    for game in [GameType::Russian, GameType::Brazilian] {
        let names = SquareNames::of(game.variant().rules());
        for n in 1..=32 {
            let square = game.square_of_number(n).unwrap();
            assert_eq!(
                names.name(square),
                english_diagram_name(n),
                "{game:?} square {n}"
            );
        }
    }
}

/// cb_interface.h's `coorstonumber` for the game, written out here as the published fact.
fn header_number(game: GameType, x: u32, y: u32) -> u32 {
    match game {
        GameType::Italian => 1 + 4 * y + x / 2,
        GameType::Spanish => 1 + 4 * (7 - y) + (7 - x) / 2,
        _ => 4 * (y + 1) - x / 2,
    }
}

#[test]
fn square_numbers_are_checkerboard_s() {
    for game in GameType::ALL {
        for x in 0..8 {
            for y in 0..8 {
                let playing = (x + y) % 2 == 0;
                let number = game.number(x, y);
                assert_eq!(number.is_some(), playing, "{game:?} ({x}, {y})");
                if playing {
                    assert_eq!(
                        number,
                        Some(header_number(game, x, y)),
                        "{game:?} ({x}, {y})"
                    );
                    assert_eq!(game.coords(number.unwrap()), Some((x, y)));
                }
            }
        }
    }
}

#[test]
fn the_header_s_corner_squares() {
    // cb_interface.h: English 1 is [6][0] and 32 is [1][7]; Italian 1 is [0][0]; Spanish 1
    // is [7][7].
    assert_eq!(GameType::English.coords(1), Some((6, 0)));
    assert_eq!(GameType::English.coords(4), Some((0, 0)));
    assert_eq!(GameType::English.coords(32), Some((1, 7)));
    assert_eq!(GameType::Italian.coords(1), Some((0, 0)));
    assert_eq!(GameType::Italian.coords(32), Some((7, 7)));
    assert_eq!(GameType::Spanish.coords(1), Some((7, 7)));
    assert_eq!(GameType::Spanish.coords(32), Some((0, 0)));
    assert_eq!(GameType::English.number(1, 0), None, "a light square");
}

/// CheckerBoard's start: Black's men on rows 0 to 2, White's on rows 5 to 7, every game.
fn start_cells() -> Cells {
    let mut cells = [[board::FREE; 8]; 8];
    for (x, column) in cells.iter_mut().enumerate() {
        for (y, cell) in column.iter_mut().enumerate() {
            if (x + y) % 2 == 0 {
                if y <= 2 {
                    *cell = BLACK | MAN;
                } else if y >= 5 {
                    *cell = WHITE | MAN;
                }
            }
        }
    }
    cells
}

#[test]
fn checkerboard_s_start_is_each_variant_s_start() {
    for game in GameType::ALL {
        let start = Board::start(game.variant());
        let side = board::color_code(start.side());
        let read = board::read(game, &start_cells(), side).unwrap();
        assert_eq!(read.fen(), start.fen(), "{game:?}");
        assert_eq!(board::write(game, &start), start_cells(), "{game:?}");
    }
}

#[test]
fn bad_boards_are_refused_with_the_square() {
    let mut cells = start_cells();
    cells[3][3] = 7;
    let e = board::read(GameType::English, &cells, BLACK).unwrap_err();
    assert_eq!(
        e.to_string(),
        "square (3, 3) holds 7, which is no piece (expected 0, 5, 6, 9 or 10)"
    );
    let mut cells = start_cells();
    cells[1][0] = BLACK | MAN;
    let e = board::read(GameType::English, &cells, BLACK).unwrap_err();
    assert_eq!(
        e.to_string(),
        "square (1, 0) is not played on, but holds a piece"
    );
    assert!(board::read(GameType::English, &start_cells(), 3).is_err());
    // A white man on Black's back rank would have been crowned.
    let mut cells = [[board::FREE; 8]; 8];
    cells[0][0] = WHITE | MAN;
    cells[7][7] = BLACK | KING;
    assert!(matches!(
        board::read(GameType::English, &cells, WHITE),
        Err(board::BoardError::Setup(_))
    ));
}

#[test]
fn the_api_reference_s_move_lists() {
    // The reference's Italian examples: a black man on 3 has two moves, and a black man on 9
    // takes 13 and 21 landing on 18 and 25.
    let game = GameType::Italian;
    let board = text::parse_fen(game, "B:W31:B3").unwrap();
    let list = text::movelist(game, &board);
    let mut records: Vec<&str> = list
        .trim_start_matches("movelist 2,")
        .split_terminator(';')
        .collect();
    records.sort_unstable();
    assert!(list.starts_with("movelist 2,"), "{list}");
    assert_eq!(records, ["0,6,6,3,6", "0,6,6,3,7"]);
    let board = text::parse_fen(game, "B:W13,21:B9").unwrap();
    assert_eq!(
        text::movelist(game, &board),
        "movelist 1,2,6,6,9,25,18,13,5,25,21,5;"
    );
    // The probe CheckerBoard sends when it selects an engine, whose answer must be exactly
    // this (its white man stands where it would have been crowned).
    assert_eq!(
        text::movelist_of(GameType::English, "B:W1:B").unwrap(),
        "movelist 0"
    );
    let mut s = Session::new(GameType::English);
    assert_eq!(s.command("get movelist B:W1:B").text, "movelist 0");
}

#[test]
fn a_crowning_capture_s_record() {
    // English: a black man on 23 takes 27 and lands on 32, White's back rank: crowned.
    let game = GameType::English;
    let board = text::parse_fen(game, "B:W27,K5:B23").unwrap();
    let moves = board.legal_moves();
    assert_eq!(moves.len(), 1);
    let record = MoveRecord::of(game, &board, &moves[0]);
    assert_eq!(record.old_piece, BLACK | MAN);
    assert_eq!(record.new_piece, BLACK | KING);
    let cb = record.to_cb();
    assert_eq!(cb.jumps, 1);
    assert_eq!(game.number(cb.from.x as u32, cb.from.y as u32), Some(23));
    assert_eq!(game.number(cb.to.x as u32, cb.to.y as u32), Some(32));
    assert_eq!(cb.path[1], cb.to);
    assert_eq!(
        game.number(cb.del[0].x as u32, cb.del[0].y as u32),
        Some(27)
    );
    assert_eq!(cb.delpiece[0], WHITE | MAN);
}

#[test]
fn a_flying_king_s_capture_names_the_piece_it_jumps() {
    // Russian: a white king on 29 (a1) takes the man on 18 (d4) from afar and may land on
    // any square beyond it; each record finds the captured piece between the landings.
    let game = GameType::Russian;
    let board = text::parse_fen(game, "W:WK29:B18,1").unwrap();
    for mv in board.legal_moves() {
        let record = MoveRecord::of(game, &board, &mv);
        assert_eq!(record.jumps.len(), 1);
        let captured = record.jumps[0].captured;
        assert_eq!(game.number(captured.0, captured.1), Some(18));
        assert_eq!(record.jumps[0].piece, BLACK | MAN);
    }
    assert!(!board.legal_moves().is_empty());
}

#[test]
fn positions_read_back_as_written() {
    for (game, fen) in [
        (GameType::English, "W:W18,22,K30:B1,2,K9"),
        (GameType::Italian, "B:W21,22,K30:B1,2,K9"),
        (GameType::Spanish, "W:W1,2,K9:B22,23,K30"),
        (GameType::Russian, "W:W18,22,K30:B1,2,K9"),
    ] {
        let board = text::parse_fen(game, fen).unwrap();
        assert_eq!(text::write_fen(game, &board), fen, "{game:?}");
    }
    let ranges = text::parse_fen(GameType::English, "B:W21-32:B1-12").unwrap();
    assert_eq!(ranges, Board::start(GameType::English.variant()));
    let e = text::parse_fen(GameType::English, "B:W21,33:B1").unwrap_err();
    assert!(e.to_string().starts_with("position 'B:W21,33:B1': "), "{e}");
    assert!(e.to_string().contains("'33' is not a square"), "{e}");
    assert!(text::parse_fen(GameType::English, "X:W21:B1").is_err());
}

#[test]
fn commands_answer_as_checkerboard_expects() {
    let mut s = Session::new(GameType::Italian);
    let ok = |r: damier_checkerboard::session::Reply| {
        assert!(r.handled, "{r:?}");
        r.text
    };
    assert_eq!(ok(s.command("get gametype")), "22");
    assert_eq!(ok(s.command("get protocolversion")), "2");
    assert!(ok(s.command("name")).starts_with("Damier "));
    assert!(ok(s.command("about")).contains("italian"));
    assert_eq!(ok(s.command("set hashsize 16")), "");
    assert_eq!(ok(s.command("get hashsize")), "16");
    assert_eq!(ok(s.command("set book 0")), "");
    assert_eq!(ok(s.command("get book")), "0");
    assert_eq!(ok(s.command("set searchthreads 2")), "");
    assert_eq!(ok(s.command("get searchthreads")), "2");
    assert_eq!(
        ok(s.command("get movelist B:W31:B3")).len(),
        "movelist 2,0,6,6,3,6;0,6,6,3,7;".len()
    );
    // Refusals keep the setting and say why; unknown commands answer "?".
    let refused = s.command("set hashsize lots");
    assert!(!refused.handled);
    assert_eq!(
        refused.text,
        "set hashsize: expected a number from 1 to 65536, got 'lots'"
    );
    assert_eq!(ok(s.command("get hashsize")), "16");
    let unknown = s.command("get mtcpath");
    assert!(!unknown.handled);
    assert_eq!(unknown.text, "?");
    assert!(!s.command("help").handled);
    let bad = s.command("get movelist B:W31:B3,40");
    assert!(!bad.handled);
    assert!(bad.text.contains("'40' is not a square"), "{}", bad.text);
}

#[test]
fn a_folder_without_databases_gets_the_command_that_builds_them() {
    let mut s = Session::new(GameType::English);
    let dir = std::env::temp_dir().join(format!("damier-cb-none-{}", std::process::id()));
    let note = s.command(&format!("set check_wld_dir {}", dir.display()));
    assert!(
        note.text
            .contains("damier egdb build -v english --recommended"),
        "{}",
        note.text
    );
    assert!(note.text.contains(&dir.display().to_string()));
}

#[test]
fn every_game_type_knows_its_file() {
    assert_eq!(
        game_of_file(Some(r"C:\CheckerBoard\engines\damier-italian.dll")),
        GameType::Italian
    );
    assert_eq!(
        game_of_file(Some("/opt/cb/engines/Damier-Russian.dll")),
        GameType::Russian
    );
    assert_eq!(
        game_of_file(Some(r"C:\engines\damier.dll")),
        GameType::English
    );
    assert_eq!(game_of_file(None), GameType::English);
    for game in GameType::ALL {
        assert_eq!(GameType::from_code(game.code()), Some(game));
        assert_eq!(GameType::from_name(game.name()), Some(game));
    }
}

fn time(seconds: f64) -> TimeRequest {
    TimeRequest {
        maxtime: seconds,
        info: 0,
        moreinfo: 0,
    }
}

#[test]
fn getmove_plays_a_legal_move_and_writes_the_board_after_it() {
    for game in GameType::ALL {
        let mut s = Session::new(game);
        s.command("set hashsize 8");
        s.command("set book 0");
        let start = Board::start(game.variant());
        let side = board::color_code(start.side());
        let search = s.prepare(&start_cells(), side, time(0.05)).unwrap();
        let mut lines = Vec::new();
        let answer = search.run(&Control::new(), &mut |line| lines.push(line.to_string()));
        let cb = answer.mv.expect("a move from the start");
        let played = start
            .legal_moves()
            .into_iter()
            .find(|mv| MoveRecord::of(game, &start, mv).to_cb() == cb)
            .expect("the record is one of the legal moves'");
        assert_eq!(
            answer.cells,
            board::write(game, &start.play(&played).unwrap()),
            "{game:?}"
        );
        assert_eq!(answer.result, result::UNKNOWN);
        assert!(
            lines.last().unwrap().starts_with("Damier: depth "),
            "{lines:?}"
        );
        assert!(answer.status.contains(" pv "), "{}", answer.status);
    }
}

#[test]
fn the_book_answers_from_the_start() {
    let s = Session::new(GameType::English);
    let search = s.prepare(&start_cells(), BLACK, time(1.0)).unwrap();
    let answer = search.run(&Control::new(), &mut |_| {});
    assert!(
        answer.status.starts_with("Damier: book move "),
        "{}",
        answer.status
    );
}

#[test]
fn a_won_position_says_win_and_a_lost_one_has_no_move() {
    let game = GameType::English;
    let mut s = Session::new(game);
    s.command("set hashsize 8");
    // Black to move takes White's last piece.
    let board = text::parse_fen(game, "B:W18:B14").unwrap();
    let answer = s
        .prepare(&board::write(game, &board), BLACK, time(0.1))
        .unwrap()
        .run(&Control::new(), &mut |_| {});
    assert_eq!(answer.result, result::WIN);
    let after = board::read(game, &answer.cells, WHITE).unwrap();
    assert!(after.legal_moves().is_empty());
    // White, with nothing left, has lost: the board is given back as it was.
    let answer = s
        .prepare(&answer.cells, WHITE, time(0.1))
        .unwrap()
        .run(&Control::new(), &mut |_| {});
    assert_eq!(answer.mv, None);
    assert_eq!(answer.result, result::LOSS);
}

#[test]
fn the_game_history_makes_repetitions_known() {
    // Kings going back and forth: CheckerBoard sends the position after the last man move
    // and the king moves since; the position they lead to is searched with that history.
    let game = GameType::English;
    let mut s = Session::new(game);
    let reply = s.command("set gamehist W:WK26,K31:BK1 26-22 1-5 22-26 5-1");
    assert!(reply.handled, "{reply:?}");
    let now = text::parse_fen(game, "W:WK26,K31:BK1").unwrap();
    let search = s
        .prepare(&board::write(game, &now), WHITE, time(0.1))
        .unwrap();
    assert_eq!(search.input().history.len(), 4);
    assert_eq!(search.input().history[0], now.hash());
    // Another position than the history's end is searched without it.
    let other = text::parse_fen(game, "W:WK22,K31:BK1").unwrap();
    let search = s
        .prepare(&board::write(game, &other), WHITE, time(0.1))
        .unwrap();
    assert!(search.input().history.is_empty());
    let bad = s.command("set gamehist W:WK26,K31:BK1 26-19");
    assert!(!bad.handled);
    assert!(bad.text.contains("'26-19' is not legal"), "{}", bad.text);
    let bad = s.command("set gamehist W:WK26,K31:BK1 26to22");
    assert!(
        bad.text.contains("expected two square numbers"),
        "{}",
        bad.text
    );
}

#[test]
fn play_now_stops_an_analysis() {
    let s = Session::new(GameType::English);
    let board = text::parse_fen(GameType::English, "B:W21-32:B1-11,13").unwrap();
    // CheckerBoard's "infinite" analysis: 8 600 000 seconds, until the user stops it.
    let search = s
        .prepare(&board::write(GameType::English, &board), WHITE, time(8.6e6))
        .unwrap();
    let control = std::sync::Arc::new(Control::new());
    let stopper = {
        let control = std::sync::Arc::clone(&control);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            control.stop();
        })
    };
    let started = std::time::Instant::now();
    let answer = search.run(&control, &mut |_| {});
    stopper.join().unwrap();
    assert!(answer.mv.is_some());
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn time_requests_become_limits() {
    let exact = TimeRequest {
        maxtime: 2.5,
        info: 2,
        moreinfo: 0,
    };
    assert_eq!(
        exact.limits().move_time,
        Some(std::time::Duration::from_millis(2500))
    );
    assert!(!time(8.6e6).limits().is_bounded());
    // An incremental clock in hundredths: 60 s left (6000), 1 s a move (100).
    let fischer = TimeRequest {
        maxtime: 1.0,
        info: 2 << 2,
        moreinfo: (6000 << 16) | 100,
    };
    let clock = fischer.limits().clock.unwrap();
    assert_eq!(clock.remaining, std::time::Duration::from_secs(60));
    assert_eq!(clock.increment, std::time::Duration::from_secs(1));
}

#[test]
fn islegal_finds_a_user_s_move() {
    let s = Session::new(GameType::English);
    let cb = s
        .legal_move(&start_cells(), BLACK, 11, 15)
        .expect("11-15 is a first move");
    assert_eq!(
        GameType::English.number(cb.to.x as u32, cb.to.y as u32),
        Some(15)
    );
    assert_eq!(cb.jumps, 0);
    assert!(s.legal_move(&start_cells(), BLACK, 11, 14).is_none());
    assert!(s.legal_move(&start_cells(), WHITE, 11, 15).is_none());
}
