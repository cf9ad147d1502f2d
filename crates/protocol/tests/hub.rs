//! Hub sessions scripted line by line, checked against what the protocol says the engine
//! must answer.

use damier_core::{Color, Variant};
use damier_game::{AnyMove, Board, DrawRule, Game, GameResult, Reason};
use damier_protocol::hub::moves::{parse_move, parse_position, write_move, write_position};
use damier_protocol::hub::{Flow, Output, Session};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Script {
    session: Session,
    buf: Arc<Mutex<Vec<u8>>>,
    read: usize,
}

impl Script {
    fn new() -> Script {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let out: Output = buf.clone();
        Script {
            session: Session::new(out),
            buf,
            read: 0,
        }
    }

    fn send(&mut self, line: &str) -> Flow {
        self.session.handle(line)
    }

    /// Lines written since the last call.
    fn take(&mut self) -> Vec<String> {
        let text = String::from_utf8(self.buf.lock().unwrap().clone()).unwrap();
        let new = text[self.read..].to_string();
        self.read = text.len();
        new.lines().map(str::to_string).collect()
    }

    /// Wait (up to `limit`) until a line starting with `prefix` has been written, returning
    /// every line written meanwhile.
    fn wait_for(&mut self, prefix: &str, limit: Duration) -> Vec<String> {
        let start = Instant::now();
        let mut lines = Vec::new();
        loop {
            lines.extend(self.take());
            if lines.iter().any(|l| l.starts_with(prefix)) || start.elapsed() > limit {
                return lines;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

fn value<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{name}=")))
}

#[test]
fn handshake_declares_parameters_then_waits() {
    let mut s = Script::new();
    s.send("hub");
    let lines = s.take();
    assert!(lines[0].starts_with("id name=Damier "));
    assert!(lines.iter().any(|l| l.starts_with("param name=variant ")));
    assert!(lines
        .iter()
        .any(|l| l == "param name=eval value=builtin type=string"));
    assert!(lines.iter().any(|l| l.contains("international-giveaway")));
    // Declared as Scan declares it, so that a GUI's `ponder` setting is not refused.
    assert!(lines
        .iter()
        .any(|l| l == "param name=ponder value=false type=bool"));
    assert_eq!(lines.last().unwrap(), "wait");
    s.send("set-param name=ponder value=true");
    assert!(s.take().is_empty());
    s.send("hub");
    assert!(s
        .take()
        .iter()
        .any(|l| l == "param name=ponder value=true type=bool"));
    s.send("set-param name=ponder value=yes");
    assert_eq!(
        s.take(),
        vec![r#"error message="set-param ponder: expected true or false, got 'yes'""#]
    );
    s.send("set-param name=variant value=russian");
    s.send("set-param name=hash value=8");
    assert!(s.take().is_empty());
    s.send("init");
    assert_eq!(s.take(), vec!["ready"]);
    assert_eq!(s.send("quit"), Flow::Quit);
}

#[test]
fn think_answers_a_legal_move_after_info_lines() {
    let mut s = Script::new();
    // The search is tested here, not the book.
    for line in [
        "hub",
        "set-param name=hash value=8",
        "set-param name=book value=none",
        "init",
    ] {
        s.send(line);
    }
    s.take();
    let start = Board::start(Variant::INTERNATIONAL);
    s.send(&format!(
        "pos pos={} moves=\"32-28 19-23\"",
        write_position(&start)
    ));
    s.send("level depth=6");
    s.send("go think");
    let lines = s.wait_for("done", Duration::from_secs(30));
    let infos: Vec<_> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert!(infos.len() >= 6, "{lines:?}");
    assert!(infos
        .iter()
        .all(|l| value(l, "score").is_some() && l.contains("pv=")));
    let done = lines.iter().find(|l| l.starts_with("done ")).unwrap();
    let mv = value(done, "move").unwrap();
    // 28x19 is forced after 32-28 19-23 (in Hub form: 28x19x23).
    assert_eq!(mv, "28x19x23");
    let after = start.play_unchecked(&parse_move(&start, "32-28").unwrap());
    let after = after.play_unchecked(&parse_move(&after, "19-23").unwrap());
    assert!(parse_move(&after, mv).is_ok());
}

#[test]
fn ping_is_answered_during_a_search_and_stop_ends_it() {
    let mut s = Script::new();
    s.send("init");
    s.send(&format!(
        "pos pos={}",
        write_position(&Board::start(Variant::INTERNATIONAL))
    ));
    s.send("level infinite");
    s.send("go analyze");
    std::thread::sleep(Duration::from_millis(50));
    s.send("ping");
    let lines = s.wait_for("pong", Duration::from_secs(5));
    assert!(lines.iter().any(|l| l == "pong"));
    assert!(!lines.iter().any(|l| l.starts_with("done")));
    s.send("stop");
    let lines = s.wait_for("done", Duration::from_secs(5));
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
}

#[test]
fn ponder_waits_for_the_hit() {
    let mut s = Script::new();
    s.send("init");
    s.send(&format!(
        "pos pos={}",
        write_position(&Board::start(Variant::INTERNATIONAL))
    ));
    s.send("level move-time=0.05");
    s.send("go ponder");
    let early = s.wait_for("done", Duration::from_millis(400));
    assert!(!early.iter().any(|l| l.starts_with("done")), "{early:?}");
    s.send("ponder-hit");
    let lines = s.wait_for("done", Duration::from_secs(5));
    assert!(lines.iter().any(|l| l.starts_with("done move=")));
}

#[test]
fn bad_lines_get_errors_and_the_session_goes_on() {
    let mut s = Script::new();
    s.send("init");
    s.take();
    s.send("go think");
    assert_eq!(
        s.take(),
        vec![r#"error message="go: no position (send pos first)""#]
    );
    s.send("pos pos=Wxyz");
    assert!(s.take()[0].starts_with("error message=\"pos: Hub position has 4 characters"));
    s.send("level depth=deep");
    assert!(s.take()[0].contains("level depth: expected a whole number"));
    s.send(r#"pos pos="W"#);
    assert!(s.take()[0].contains("unterminated quote"));
    s.send("set-param name=variant value=chess");
    assert!(s.take()[0].contains("unknown variant"));
    s.send("set-param name=eval value=/nonexistent.weights");
    assert!(s.take()[0].contains("set-param eval: /nonexistent.weights"));
    s.send("set-param name=eval value=classic");
    assert!(s.take().is_empty());
    // Unknown commands are ignored, as the protocol asks.
    s.send("frobnicate a=1");
    assert!(s.take().is_empty());
    let start = write_position(&Board::start(Variant::INTERNATIONAL));
    // A good position, then a refused one: `go` searches neither, so a GUI that missed the
    // error cannot be answered with a move of the old position.
    s.send(&format!("pos pos={start}"));
    assert!(s.take().is_empty());
    s.send(&format!("pos pos={start} moves=\"32-26\""));
    assert!(s.take()[0].contains("'32-26' is not a legal move"));
    s.send("go think");
    assert_eq!(
        s.take(),
        vec![r#"error message="go: no position (send pos first)""#]
    );
    s.send("ping");
    assert_eq!(s.take(), vec!["pong"]);
}

#[test]
fn out_of_range_values_are_refused_once_and_named() {
    let mut s = Script::new();
    // The depth searched is checked at the end: the book would answer without a search.
    s.send("set-param name=book value=none");
    s.send("init");
    s.take();
    // The value once, after what was expected.
    s.send("set-param name=strength value=11");
    assert_eq!(
        s.take(),
        vec![
            r#"error message="set-param strength: expected a level from 1 to 10 or max, got '11'""#
        ]
    );
    s.send("level depth=2");
    for (line, error) in [
        (
            "level depth=999",
            "level depth: expected 1 to 100, got '999'",
        ),
        ("level depth=0", "level depth: expected 1 to 100, got '0'"),
        ("level nodes=0", "level nodes: expected at least 1, got '0'"),
        (
            "level move-time=0",
            "level move-time: expected seconds more than 0",
        ),
        (
            "level moves=40 time=0",
            "level time: expected seconds more than 0",
        ),
        (
            "level moves=0 time=60",
            "level moves: expected 1 to 1000, got '0'",
        ),
        ("level time=60 inc=-1", "level inc: expected seconds from 0"),
    ] {
        s.send(line);
        let lines = s.take();
        assert_eq!(lines.len(), 1, "{line}: {lines:?}");
        assert!(
            lines[0].starts_with(&format!("error message=\"{error}")),
            "{line}: {lines:?}"
        );
    }
    // The level before them holds.
    s.send(&format!(
        "pos pos={}",
        write_position(&Board::start(Variant::INTERNATIONAL))
    ));
    s.send("go think");
    let lines = s.wait_for("done", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
    let depths: Vec<_> = lines.iter().filter_map(|l| value(l, "depth")).collect();
    assert_eq!(depths.last(), Some(&"2"), "{lines:?}");
}

#[test]
fn every_board_shape_plays_through_hub() {
    for variant in ["canadian", "turkish", "russian", "frisian-giveaway"] {
        let v: Variant = variant.parse().unwrap();
        let mut s = Script::new();
        s.send(&format!("set-param name=variant value={variant}"));
        s.send("init");
        let start = Board::start(v);
        let text = write_position(&start);
        assert_eq!(parse_position(v, &text).unwrap(), start);
        s.send(&format!("pos pos={text}"));
        s.send("level depth=3");
        s.send("go think");
        let lines = s.wait_for("done", Duration::from_secs(20));
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        let mv = value(done, "move").unwrap();
        assert!(parse_move(&start, mv).is_ok(), "{variant}: {mv}");
    }
}

/// Scan's Hub names Breakthrough `bt`; Damier takes it, and Frysk! by its own id.
#[test]
fn lidraughts_variants_play_through_hub_under_scans_names_too() {
    for (param, id) in [("bt", "breakthrough"), ("frysk", "frysk")] {
        let v: Variant = id.parse().unwrap();
        let mut s = Script::new();
        s.send(&format!("set-param name=variant value={param}"));
        s.send("init");
        let start = Board::start(v);
        s.send(&format!("pos pos={}", write_position(&start)));
        s.send("level depth=4");
        s.send("go think");
        let lines = s.wait_for("done", Duration::from_secs(20));
        assert!(!lines.iter().any(|l| l.starts_with("error")), "{lines:?}");
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        let mv = value(done, "move").unwrap();
        assert!(parse_move(&start, mv).is_ok(), "{id}: {mv}");
    }
}

#[test]
fn end_of_input_ends_even_an_unlimited_search_with_its_move() {
    // HUB.md: when the input closes, a search under way finishes and the engine exits; a
    // search with no limit (the session starts with none) is stopped rather than run forever.
    let buf = Arc::new(Mutex::new(Vec::new()));
    let out: Output = buf.clone();
    let input =
        "hub\ninit\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww\ngo think\n";
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        damier_protocol::hub::run(input.as_bytes(), out);
        tx.send(()).unwrap();
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the session ends when its input does");
    let text = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
    let done = text.lines().last().unwrap();
    assert!(done.starts_with("done move="), "{text}");
}

#[test]
fn multipv_reports_several_lines_at_each_depth() {
    let mut s = Script::new();
    s.send("hub");
    let hello = s.take();
    assert!(
        hello
            .iter()
            .any(|l| l == "param name=multipv value=1 type=int min=1 max=64"),
        "{hello:?}"
    );
    for bad in ["0", "65", "two"] {
        s.send(&format!("set-param name=multipv value={bad}"));
        let lines = s.take();
        assert!(
            lines.len() == 1 && lines[0].starts_with("error message=\"set-param multipv: "),
            "{bad}: {lines:?}"
        );
    }
    for line in [
        "set-param name=hash value=8",
        "set-param name=multipv value=3",
        "init",
    ] {
        s.send(line);
    }
    s.take();
    s.send(&format!(
        "pos pos={}",
        write_position(&Board::start(Variant::INTERNATIONAL))
    ));
    s.send("level depth=5");
    s.send("go analyze");
    let lines = s.wait_for("done", Duration::from_secs(30));
    for depth in 1..=5 {
        let at_depth: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info ") && value(l, "depth") == Some(&depth.to_string()))
            .collect();
        let numbers: Vec<_> = at_depth.iter().map(|l| value(l, "multipv")).collect();
        assert_eq!(
            numbers,
            [Some("1"), Some("2"), Some("3")],
            "depth {depth}: {lines:?}"
        );
        let firsts: std::collections::HashSet<_> = at_depth
            .iter()
            .map(|l| {
                l.split("pv=")
                    .nth(1)
                    .unwrap()
                    .trim_matches('"')
                    .split(' ')
                    .next()
            })
            .collect();
        assert_eq!(
            firsts.len(),
            3,
            "depth {depth}: three different first moves"
        );
        let scores: Vec<f64> = at_depth
            .iter()
            .map(|l| value(l, "score").unwrap().parse().unwrap())
            .collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "best first: {scores:?}"
        );
    }
    // Back to one line: `info` carries no multipv, as Scan's does not.
    s.send("set-param name=multipv value=1");
    s.send("level depth=3");
    s.send("go analyze");
    let lines = s.wait_for("done", Duration::from_secs(30));
    let infos: Vec<_> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    assert!(infos.iter().all(|l| value(l, "multipv").is_none()));
}

/// A way past one automatic draw of RULES.md §3: from `fen`, the moves of `prefix`, then quiet
/// moves that keep the material and `keep`, with a man's move at the plies `man_at` names,
/// until Damier's rules draw the game by `rule`.
struct PastDraw {
    variant: &'static str,
    fen: &'static str,
    prefix: &'static [&'static str],
    rule: DrawRule,
    keep: fn(&Board) -> bool,
    man_at: fn(usize) -> bool,
}

impl PastDraw {
    const fn walk(variant: &'static str, fen: &'static str, rule: DrawRule) -> PastDraw {
        PastDraw {
            variant,
            fen,
            prefix: &[],
            rule,
            keep: |_| true,
            man_at: |_| false,
        }
    }

    /// A quiet move of the kind wanted at `ply` (a man's where `man_at` says so or the side
    /// has no king, else a king's) that keeps the material and `keep`, leaves the opponent no
    /// capture, and (with `look_ahead`) leaves it such a move too.
    fn quiet(&self, pos: &Board, m: &AnyMove, ply: usize, look_ahead: bool) -> bool {
        let next = pos.play_unchecked(m);
        let has_king = pos.legal_moves().iter().any(|k| pos.moves_king(k));
        m.captured == 0
            && !m.promotes
            && pos.moves_king(m) == (has_king && !(self.man_at)(ply))
            && !next.must_capture()
            && (self.keep)(&next)
            && (!look_ahead
                || next
                    .legal_moves()
                    .iter()
                    .any(|r| self.quiet(&next, r, ply + 1, false)))
    }

    /// The game played until Damier's rules draw it by the rule, then two plies more.
    fn game(&self) -> Game {
        let variant: Variant = self.variant.parse().unwrap();
        let mut game = Game::from_fen(variant, self.fen).unwrap();
        for text in self.prefix {
            game.play_text(text).unwrap();
        }
        let mut seen = HashMap::new();
        let drawn = Some(GameResult::draw(Reason::Rule(self.rule)));
        let mut past = 0;
        while past < 2 {
            if game.result() == drawn || past > 0 {
                past += 1;
            } else {
                assert_eq!(game.result(), None, "{}: {:?}", self.variant, self.rule);
            }
            let pos = *game.position();
            let ply = game.plies().len();
            let visits = |m: &AnyMove| seen.get(&pos.play_unchecked(m).key()).copied();
            let mv = pos
                .legal_moves()
                .into_iter()
                .filter(|m| visits(m).unwrap_or(0) < 2 && self.quiet(&pos, m, ply, true))
                .min_by_key(|m| visits(m).unwrap_or(0))
                .unwrap_or_else(|| panic!("{}: no quiet move after {ply} plies", self.variant));
            assert!(ply < 400, "{}: {:?} never came", self.variant, self.rule);
            game.play_on(&mv).unwrap();
            *seen.entry(game.position().key()).or_default() += 1;
        }
        game
    }
}

#[test]
fn a_pos_past_every_automatic_draw_gets_a_move() {
    fn on_long_diagonal(b: &Board) -> bool {
        let lone = damier_core::Square::new(b.pieces(Color::White).trailing_zeros());
        let (row, col) = b.names().real_coords(lone).unwrap();
        row == col
    }
    let cases = [
        PastDraw {
            prefix: &[
                "1-6", "29-25", "6-1", "25-29", "1-6", "29-25", "6-1", "25-29",
            ],
            ..PastDraw::walk("english", "B:WK29,K21:BK1,K3", DrawRule::Repetition)
        },
        PastDraw::walk("english", "B:WK29,K30:BK1,K3", DrawRule::FortyMoves),
        PastDraw::walk("pool", "B:WK30,K31,K32:BK1", DrawRule::PoolLoneKing),
        PastDraw::walk(
            "international",
            "W:WK46,K50,36:BK1,K5,15",
            DrawRule::TwentyFiveKingMoves,
        ),
        PastDraw::walk("international", "W:WK47:BK1,K3,15", DrawRule::SixteenMoves),
        PastDraw::walk("international", "W:WK47:BK3,15", DrawRule::FiveMoves),
        PastDraw::walk(
            "brazilian",
            "W:WKa1,Kc1,g3:BKh8,Kf8,b6",
            DrawRule::FifteenKingMoves,
        ),
        PastDraw {
            keep: |b| !on_long_diagonal(b),
            ..PastDraw::walk(
                "russian",
                "B:WKc1:BKh6,Kg7,Kf8",
                DrawRule::ThreeKingsFifteen,
            )
        },
        PastDraw {
            man_at: |ply| ply % 10 == 4,
            ..PastDraw::walk("russian", "W:WKe3,a1,c1:BKd8,h8", DrawRule::ThirtyMoves)
        },
        PastDraw {
            man_at: |ply| ply % 10 == 4,
            ..PastDraw::walk("german", "W:WKe3,a1,c1,g1:BKd8,h8,f8", DrawRule::SixtyMoves)
        },
        PastDraw {
            keep: on_long_diagonal,
            ..PastDraw::walk("russian", "W:WKa1:BKc7,Kb8,h6", DrawRule::LongDiagonal)
        },
        PastDraw::walk("russian", "W:WKa1:BKh6,c7", DrawRule::TwoPiecesAgainstKing),
        PastDraw::walk("frisian", "W:WK47:BK1,K3", DrawRule::FrisianTwoKings),
        PastDraw {
            prefix: &["46x28"],
            ..PastDraw::walk("frisian", "W:WK46:BK1,37", DrawRule::FrisianKingAgainstKing)
        },
        PastDraw {
            prefix: &["d1xd6"],
            ..PastDraw::walk("turkish", "W:WKd1:Bd4,h7", DrawRule::TurkishOneEach)
        },
    ];
    let rules: HashSet<_> = cases.iter().map(|c| c.rule).collect();
    assert_eq!(rules.len(), cases.len(), "one case a rule");
    for case in &cases {
        let game = case.game();
        let mut board = *game.start();
        let mut moves = Vec::new();
        for mv in game.moves() {
            moves.push(write_move(&board, &mv));
            board = board.play_unchecked(&mv);
        }
        let mut s = Script::new();
        for line in [
            format!("set-param name=variant value={}", case.variant),
            "set-param name=hash value=1".to_string(),
            "init".to_string(),
            format!(
                "pos pos={} moves=\"{}\"",
                write_position(game.start()),
                moves.join(" ")
            ),
            "level depth=4".to_string(),
            "go think".to_string(),
        ] {
            s.send(&line);
        }
        let lines = s.wait_for("done", Duration::from_secs(20));
        let what = format!("{} past {:?}", case.variant, case.rule);
        assert!(
            !lines.iter().any(|l| l.starts_with("error")),
            "{what}: {lines:?}"
        );
        let done = lines.iter().find(|l| l.starts_with("done")).expect(&what);
        let mv = value(done, "move").unwrap_or_else(|| panic!("{what}: {done}"));
        assert!(parse_move(&board, mv).is_ok(), "{what}: {mv}");
    }
}

/// A small international book file, grown by the engine at a shallow depth.
fn book_file(name: &str) -> std::path::PathBuf {
    use damier_engine::{Book, BookAnalyst, Control, Engine, EngineOptions};
    let engine = Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 4,
    });
    let control = Control::new();
    let mut analyst = BookAnalyst::new(&engine, &control);
    let settings = damier_book::Settings {
        depth: 3,
        lines: 3,
        ..Default::default()
    };
    let mut book = Book::new(Variant::INTERNATIONAL, settings);
    while book.len() < 4 {
        book.grow(&mut analyst);
    }
    let path = std::env::temp_dir().join(format!("damier-hub-{name}-{}.book", std::process::id()));
    book.save(&path).unwrap();
    path
}

#[test]
fn the_book_parameter_chooses_the_book_a_game_move_comes_from() {
    let path = book_file("param");
    let mut s = Script::new();
    s.send("hub");
    assert!(s
        .take()
        .iter()
        .any(|l| l == "param name=book value=builtin type=string"));
    s.send("init");
    s.take();
    s.send(&format!("set-param name=book value={}", path.display()));
    assert!(s.take().is_empty());
    let start = Board::start(Variant::INTERNATIONAL);
    let book = damier_engine::Book::load(&path).unwrap();
    let known: Vec<String> = book
        .moves(&start)
        .unwrap()
        .iter()
        .filter(|m| m.value >= book.moves(&start).unwrap()[0].value - damier_engine::BOOK_MARGIN)
        .map(|m| write_move(&start, &m.mv))
        .collect();
    s.send(&format!("pos pos={}", write_position(&start)));
    s.send("level depth=5");
    s.send("go think");
    let lines = s.wait_for("done", Duration::from_secs(10));
    let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
    assert!(
        known.iter().any(|m| value(done, "move") == Some(m)),
        "{lines:?} {known:?}"
    );
    assert!(
        lines.iter().any(|l| value(l, "depth") == Some("0")),
        "{lines:?}"
    );
    // Without a book the same request is searched to its depth.
    s.send("set-param name=book value=none");
    s.send("go think");
    let lines = s.wait_for("done", Duration::from_secs(10));
    assert!(
        lines.iter().any(|l| value(l, "depth") == Some("5")),
        "{lines:?}"
    );
    // A book of another variant, or no book at all, is refused and named.
    s.send("set-param name=variant value=frisian");
    s.send(&format!("set-param name=book value={}", path.display()));
    assert_eq!(
        s.take(),
        vec![r#"error message="set-param book: the book is for international, not frisian""#]
    );
    s.send("set-param name=book value=/nonexistent.book");
    assert!(s.take()[0].contains("set-param book: /nonexistent.book"));
    let _ = std::fs::remove_file(&path);
}
