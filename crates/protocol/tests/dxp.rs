//! DamExchange over real loopback sockets: Damier against itself (the initiator and the
//! follower agree on every move and on how each game ended), and a follower that answers
//! malformed and out-of-order messages with a CHAT that says why, and goes on.

use damier_core::Color;
use damier_engine::{Engine, EngineOptions, Limits};
use damier_protocol::dxp::play::{follow, initiate, Played, Request, Side};
use damier_protocol::dxp::{Acceptance, Message, Wire};
use std::io::{BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};

fn engine() -> Engine {
    Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 4,
    })
}

fn side(name: &str) -> Side {
    Side {
        name: name.into(),
        limits: Some(Limits::depth(3)),
    }
}

fn wire(stream: &TcpStream) -> Wire<BufReader<TcpStream>, TcpStream> {
    Wire::new(
        BufReader::new(stream.try_clone().unwrap()),
        stream.try_clone().unwrap(),
    )
}

/// What one side of a DXP session played, and the messages it logged.
struct Session {
    played: Vec<Played>,
    lines: Vec<String>,
}

/// Damier as initiator against Damier as follower over a loopback socket, two games of
/// `moves` moves (0: no limit): (initiator, follower).
fn damier_against_itself(moves: u16) -> (Session, Session) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let follower = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut lines = Vec::new();
        let played = follow(
            &mut wire(&stream),
            &engine(),
            &side("Damier follower"),
            &mut |l| lines.push(l.to_string()),
        )
        .unwrap();
        Session { played, lines }
    });
    let stream = TcpStream::connect(addr).unwrap();
    let mut lines = Vec::new();
    let request = Request {
        games: 2,
        first_colour: Color::White,
        minutes: 1,
        moves,
        start: None,
    };
    let played = initiate(
        &mut wire(&stream),
        &engine(),
        &side("Damier initiator"),
        &request,
        &mut |l| lines.push(l.to_string()),
    )
    .unwrap();
    drop(stream);
    (Session { played, lines }, follower.join().unwrap())
}

#[test]
fn damier_plays_itself_over_dxp() {
    let (initiator, follower) = damier_against_itself(0);
    let (played, lines, followed) = (initiator.played, initiator.lines, follower.played);
    assert_eq!(played.len(), 2);
    assert_eq!(followed.len(), 2);
    for (mine, theirs) in played.iter().zip(&followed) {
        assert_eq!(mine.ours, theirs.ours.opponent());
        let moves = |g: &damier_game::Game| {
            g.plies()
                .iter()
                .map(|p| p.notation.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&mine.game), moves(&theirs.game));
        assert!(mine.game.plies().len() > 10, "{}", mine.end);
        // Each game ended by the rules, and both sides say the same.
        assert!(mine.game.is_over(), "{}", mine.end);
        assert_eq!(mine.end, theirs.end);
    }
    assert_eq!(played[0].ours, Color::White);
    assert_eq!(played[1].ours, Color::Black);
    assert!(lines.iter().any(|l| l.starts_with("> R01Damier initiator")));
    // Each side knows the other's name, and writes it into the game's PDN.
    assert_eq!(followed[0].opponent, "Damier initiator");
    assert_eq!(played[0].opponent, "Damier follower");
    let pdn = damier_game::pdn::write_game(&followed[0].pdn("Me"), &Default::default());
    assert!(
        pdn.contains("[White \"Damier initiator\"]") && pdn.contains("[Black \"Me\"]"),
        "{pdn}"
    );
    assert!(pdn.contains("[Event \"DamExchange game\"]"), "{pdn}");
}

/// A request's number of moves ends each game there: the side to move when both have made
/// that many ends it with a GAMEEND, the other agrees, and neither claims a result.
#[test]
fn a_game_ends_at_the_requested_number_of_moves() {
    let (initiator, follower) = damier_against_itself(5);
    let (played, lines) = (initiator.played, initiator.lines);
    let (followed, follower_lines) = (follower.played, follower.lines);
    assert_eq!(played.len(), 2);
    for (mine, theirs) in played.iter().zip(&followed) {
        assert_eq!(mine.game.plies().len(), 10, "{}", mine.end);
        assert_eq!(theirs.game.plies().len(), 10, "{}", theirs.end);
        assert!(!mine.game.is_over());
        assert!(
            mine.end.contains("move limit") && mine.end.contains("5 moves"),
            "{}",
            mine.end
        );
        assert!(theirs.end.contains("move limit"), "{}", theirs.end);
    }
    // After ten plies White is to move: the initiator ends the first game (as White), the
    // follower the second, each with reason 0 (none), and the other answers alike.
    let ends = |lines: &[String]| {
        lines
            .iter()
            .filter(|l| l.contains("E00"))
            .map(|l| &l[..1])
            .collect::<String>()
    };
    assert_eq!(ends(&lines), "><<>", "{lines:?}");
    assert_eq!(ends(&follower_lines), "<>><", "{follower_lines:?}");
}

/// A raw client: sends text messages and reads the follower's.
struct Raw {
    stream: TcpStream,
}

impl Raw {
    fn send(&mut self, text: &str) {
        self.stream.write_all(text.as_bytes()).unwrap();
        self.stream.write_all(b"\0").unwrap();
    }

    fn next(&mut self) -> String {
        let mut out = Vec::new();
        let mut byte = [0u8];
        loop {
            self.stream.read_exact(&mut byte).unwrap();
            if byte[0] == 0 {
                return String::from_utf8(out).unwrap();
            }
            out.push(byte[0]);
        }
    }
}

#[test]
fn bad_and_out_of_order_messages_get_a_clear_refusal() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let follower = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        follow(&mut wire(&stream), &engine(), &side("Damier"), &mut |_| {}).unwrap()
    });
    let mut raw = Raw {
        stream: TcpStream::connect(addr).unwrap(),
    };
    raw.send("X123");
    assert_eq!(
        raw.next(),
        "CDamier cannot read that message: unknown message type 'X'"
    );
    raw.send("M00123228");
    assert_eq!(
        raw.next(),
        "CDamier cannot read that message: MOVE message of 9 characters, expected 11 or more"
    );
    raw.send("M0001322800");
    assert!(raw
        .next()
        .starts_with("Cno game in progress: 'M0001322800' ignored"));
    // A position with a white man on Black's back row is refused, and the follower waits for
    // another request.
    let bad = format!("R01Tester{}Z001000BWw{}", " ".repeat(26), "e".repeat(49));
    raw.send(&bad);
    // The square is named as DamExchange numbers it (1, on Black's back row).
    assert_eq!(
        raw.next(),
        "Cthe position is not legal: man on 1 stands on its crowning row (it would be a king)"
    );
    let refused: Message = raw.next().parse().unwrap();
    assert!(matches!(
        refused,
        Message::GameAcc {
            answer: Acceptance::NotThisGame,
            ..
        }
    ));
    // A request of another protocol version is refused with GAMEACC code 1, one that cannot
    // be read otherwise with code 2: the initiator is never left waiting.
    let other_version = format!("R02Tester{}Z005000A", " ".repeat(26));
    raw.send(&other_version);
    assert!(raw.next().contains("is not version 01"));
    let refused: Message = raw.next().parse().unwrap();
    assert!(matches!(
        refused,
        Message::GameAcc {
            answer: Acceptance::WrongVersion,
            ..
        }
    ));
    raw.send(&format!("R01Tester{}X005000A", " ".repeat(26)));
    assert!(raw.next().contains("follower colour"));
    let refused: Message = raw.next().parse().unwrap();
    assert!(matches!(
        refused,
        Message::GameAcc {
            answer: Acceptance::NotThisGame,
            ..
        }
    ));
    // A game: Damier plays White and moves first.
    let request = format!("R01Tester{}W001000A", " ".repeat(26));
    raw.send(&request);
    let accepted: Message = raw.next().parse().unwrap();
    assert!(matches!(
        accepted,
        Message::GameAcc {
            answer: Acceptance::Accepted,
            ..
        }
    ));
    let first: Message = raw.next().parse().unwrap();
    assert!(matches!(first, Message::Move { .. }), "{first:?}");
    // A request in the middle of a game, then an illegal move: refused, and the game ends.
    raw.send(&request);
    assert_eq!(
        raw.next(),
        "Ca game is in progress: end it with GAMEEND first"
    );
    raw.send("M0000010600");
    assert!(raw.next().starts_with("Cillegal move 1-6: "));
    assert_eq!(raw.next(), "E00");
    raw.send("E01"); // the answer, and no further game
    drop(raw);
    let games = follower.join().unwrap();
    assert_eq!(games.len(), 1);
    assert!(games[0].end.contains("illegal move"), "{}", games[0].end);
}

#[test]
fn a_move_past_a_draw_of_damiers_rules_is_played_on() {
    use damier_protocol::dxp::board::{self, move_message};
    use damier_protocol::dxp::EndReason;
    // A lone white king against two black kings: Damier's rules draw it after 5 moves each
    // (RULES.md §3). The other side (White) plays on past that draw, as a DXP peer with other
    // rules may: Damier takes the move, then claims the draw at its own turn.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let follower = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        follow(&mut wire(&stream), &engine(), &side("Damier"), &mut |_| {}).unwrap()
    });
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let mut raw = Raw { stream };
    let start = damier_game::Board::from_fen(damier_core::Variant::INTERNATIONAL, "W:WK47:BK3,K15")
        .unwrap();
    raw.send(&format!(
        "R01Tester{}Z001000BW{}",
        " ".repeat(26),
        board::squares(&start)
    ));
    let accepted: Message = raw.next().parse().unwrap();
    assert!(matches!(
        accepted,
        Message::GameAcc {
            answer: Acceptance::Accepted,
            ..
        }
    ));
    let mut game = damier_game::Game::from_board(start);
    // White's king moves where no black king can take it; Black's are Damier's.
    let safe_move = |game: &damier_game::Game| {
        let pos = *game.position();
        pos.legal_moves()
            .into_iter()
            .find(|m| !pos.play_unchecked(m).must_capture())
            .expect("the lone king has a safe square")
    };
    for ply in 0..11 {
        if ply % 2 == 0 {
            let mv = safe_move(&game);
            raw.send(&move_message(game.position(), &mv, 0).to_string());
            game.play_on(&mv).unwrap();
        } else {
            let reply: Message = raw.next().parse().unwrap();
            let Message::Move {
                from, to, captured, ..
            } = reply
            else {
                panic!("ply {ply}: {reply:?}");
            };
            let mv = board::find_move(game.position(), from, to, &captured).unwrap();
            game.play_on(&mv).unwrap();
        }
    }
    // Ply 10, Damier's, made the draw; ply 11 went past it, and Damier claims the draw.
    assert!(game.is_over(), "{:?}", game.result());
    let claim: Message = raw.next().parse().unwrap();
    assert!(
        matches!(
            claim,
            Message::GameEnd {
                reason: EndReason::Draw,
                ..
            }
        ),
        "{claim:?}"
    );
    raw.send("E01");
    drop(raw);
    let games = follower.join().unwrap();
    assert_eq!(games[0].game.plies().len(), 11);
    assert!(games[0].end.contains("draw"), "{}", games[0].end);
}
