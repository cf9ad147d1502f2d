//! Damier playing DamExchange games: as the follower (waits for requests on a listening
//! socket) or as the initiator (asks for games). Every message that does not fit — unreadable,
//! out of order, an illegal move — gets a CHAT that says why; nothing the other side sends
//! makes Damier stop with a panic.

use super::board::{self, VARIANT};
use super::message::{Acceptance, BackAnswer, EndReason, Message, MessageError};
use super::wire::Wire;
use damier_core::Color;
use damier_engine::setting::{self, SettingError};
use damier_engine::{ClockLimit, Control, Engine, Limits, SearchInput, Silent, Style};
use damier_game::pdn::{self, PdnGame};
use damier_game::{Board, Game, Outcome};
use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

/// What happened on a connection, for a log: a message sent or received, one that could not
/// be read, and the other side's chat. Its `Display` is the log's line (`> ` before what
/// Damier sent, `< ` before what it received).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A message Damier sent.
    Sent(Message),
    /// A message received.
    Received(Message),
    /// A game request received: the colour Damier is asked to play, the thinking time and
    /// the moves of the game.
    GameRequest {
        /// Damier's colour.
        plays: Color,
        /// Thinking time of each side, minutes.
        minutes: u16,
        /// Moves of each side (0: no limit).
        moves: u16,
    },
    /// A GAMEEND received with no game in progress (a late answer, a stray end).
    StrayEnd,
    /// A message that could not be read.
    Unreadable(MessageError),
    /// The other side's words, from a CHAT.
    Chat(String),
}

impl Event {
    /// Whether a log shows the event: every one when `verbose`, otherwise only the other
    /// side's chat (what its operator means a person to read).
    pub fn shown(&self, verbose: bool) -> bool {
        verbose || matches!(self, Event::Chat(_))
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Sent(m) => write!(f, "> {m}"),
            Event::Received(m) => write!(f, "< {m}"),
            Event::GameRequest {
                plays,
                minutes,
                moves,
            } => write!(
                f,
                "< game request: Damier plays {}, {minutes} min for {moves} moves",
                plays.name()
            ),
            Event::StrayEnd => f.write_str("< GAMEEND with no game in progress"),
            Event::Unreadable(e) => write!(f, "< (unreadable: {e})"),
            Event::Chat(text) => write!(f, "chat: {text}"),
        }
    }
}

/// A GAMEEND without a reason, willing to play on: Damier's answer to a GAMEEND, and its own
/// end of a game the rules did not decide.
const END_NO_REASON: Message = Message::GameEnd {
    reason: EndReason::Unknown,
    stop: false,
};

/// How Damier plays its side.
#[derive(Clone, Debug)]
pub struct Side {
    /// The name sent in GAMEREQ and GAMEACC.
    pub name: String,
    /// Fixed limits per move (depth, time); `None` plays by the game's clock.
    pub limits: Option<Limits>,
}

impl Side {
    /// The fixed limits of each move: a search to `depth`, or of `movetime_ms` milliseconds
    /// (the depth first, if both are given); neither plays by the game's clock.
    ///
    /// # Errors
    /// [`SettingError`] for a depth or a time out of the engine's range.
    pub fn limits(
        depth: Option<i32>,
        movetime_ms: Option<u64>,
    ) -> Result<Option<Limits>, SettingError> {
        match (depth, movetime_ms) {
            (Some(d), _) => setting::depth(d).map(|()| Some(Limits::depth(d))),
            (None, Some(ms)) => setting::movetime_ms(ms)
                .map(|()| Some(Limits::move_time(Duration::from_millis(ms)))),
            (None, None) => Ok(None),
        }
    }
}

/// A game played, as Damier saw it.
#[derive(Clone, Debug)]
pub struct Played {
    /// The moves.
    pub game: Game,
    /// Damier's colour.
    pub ours: Color,
    /// The other program's name, as its GAMEREQ or GAMEACC gave it (may be blank).
    pub opponent: String,
    /// How it ended, in words.
    pub end: String,
    /// The other side asked to play no further game.
    pub stop: bool,
}

impl Played {
    /// The game as it ended; a closed connection wants no further game.
    fn after(game: Game, ours: Color, opponent: String, after: After) -> Played {
        let (end, stop) = match after {
            After::Ended { end, stop } => (end, stop),
            After::Closed => ("the connection closed".into(), true),
        };
        Played {
            game,
            ours,
            opponent: opponent.trim().to_string(),
            end,
            stop,
        }
    }

    /// The game as PDN, with the event, today's date and both names: `ours` for Damier's
    /// side, the opponent's own name (or "DamExchange opponent" when it sent none).
    pub fn pdn(&self, ours: &str) -> PdnGame {
        let opponent = match self.opponent.as_str() {
            "" => "DamExchange opponent",
            name => name,
        };
        let (white, black) = match self.ours {
            Color::White => (ours, opponent),
            Color::Black => (opponent, ours),
        };
        let tags = [
            ("Event", "DamExchange game"),
            ("White", white),
            ("Black", black),
            ("Date", &pdn::date_today()),
        ]
        .map(|(name, value)| (name.to_string(), value.to_string()));
        PdnGame::from_game(&self.game, &tags)
    }
}

/// What a game's loop ends with.
enum After {
    /// Ended by a GAMEEND from either side.
    Ended { end: String, stop: bool },
    /// The connection closed.
    Closed,
}

/// A thinking time for the whole game, and the moves of each side after which the game may be
/// ended (0: no limit).
#[derive(Clone, Copy, Debug)]
struct GameClock {
    left: Duration,
    moves: u16,
    made: u16,
}

impl GameClock {
    fn new(minutes: u16, moves: u16) -> Self {
        GameClock {
            left: Duration::from_secs(u64::from(minutes.max(1)) * 60),
            moves,
            made: 0,
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            clock: Some(ClockLimit {
                remaining: self.left,
                increment: Duration::ZERO,
                moves_to_go: (self.moves > 0)
                    .then(|| u32::from(self.moves.saturating_sub(self.made).max(1))),
            }),
            ..Limits::default()
        }
    }

    fn spent(&mut self, t: Duration) {
        self.left = self.left.saturating_sub(t);
        self.made += 1;
    }

    /// Whether each side has made the game's number of moves, after which either program may
    /// end it (GAMEREQ: "when the number of moves is reached ... the game may be ended").
    fn limit_reached(&self, game: &Game) -> bool {
        self.moves > 0 && game.plies().len() >= 2 * usize::from(self.moves)
    }
}

/// The reason Damier gives when the rules ended the game with Damier to move.
fn reason_for(game: &Game, ours: Color) -> EndReason {
    match game.result().map(|r| r.outcome) {
        Some(Outcome::Win(c)) if c == ours => EndReason::IWin,
        Some(Outcome::Win(_)) => EndReason::ILose,
        Some(Outcome::Draw) => EndReason::Draw,
        None => EndReason::Unknown,
    }
}

fn end_words(game: &Game, clock: &GameClock) -> String {
    match game.result() {
        Some(r) => r.describe(),
        None if clock.limit_reached(game) => {
            format!("the move limit was reached ({} moves)", clock.moves)
        }
        None => "ended by agreement of the programs".into(),
    }
}

/// Play one game from `game`'s position, Damier as `ours`. `log` hears every message.
fn play_game<R: BufRead, W: Write>(
    wire: &mut Wire<R, W>,
    engine: &Engine,
    side: &Side,
    ours: Color,
    game: &mut Game,
    mut clock: GameClock,
    log: &mut dyn FnMut(&Event),
) -> io::Result<After> {
    let send = |wire: &mut Wire<R, W>, m: Message, log: &mut dyn FnMut(&Event)| {
        log(&Event::Sent(m.clone()));
        wire.send(&m)
    };
    loop {
        let to_move = game.side_to_move();
        if to_move == ours {
            if game.is_over() {
                // The rules ended it: say so instead of moving, and wait for the answer.
                let reason = reason_for(game, ours);
                send(
                    wire,
                    Message::GameEnd {
                        reason,
                        stop: false,
                    },
                    log,
                )?;
                return wait_end_answer(wire, game, &clock, log);
            }
            if clock.limit_reached(game) {
                // Played out to the limit the request set: the result is the operator's to
                // judge, so the end gives no reason.
                send(wire, END_NO_REASON, log)?;
                return wait_end_answer(wire, game, &clock, log);
            }
            let started = Instant::now();
            let limits = side.limits.unwrap_or_else(|| clock.limits());
            let r = engine.search(
                &SearchInput::from_game(game),
                &limits,
                Style::default(),
                &Control::new(),
                &mut Silent,
            );
            let Some(mv) = r.best else {
                send(
                    wire,
                    Message::GameEnd {
                        reason: EndReason::ILose,
                        stop: false,
                    },
                    log,
                )?;
                return wait_end_answer(wire, game, &clock, log);
            };
            clock.spent(started.elapsed());
            let secs = started.elapsed().as_secs().min(9999) as u16;
            send(wire, board::move_message(game.position(), &mv, secs), log)?;
            game.play(&mv).map_err(io::Error::other)?;
            continue;
        }
        let Some(received) = wire.receive()? else {
            return Ok(After::Closed);
        };
        let message = match received {
            Ok(m) => m,
            Err(e) => {
                log(&Event::Unreadable(e.clone()));
                send(
                    wire,
                    Message::Chat(format!("Damier cannot read that message: {e}")),
                    log,
                )?;
                continue;
            }
        };
        log(&Event::Received(message.clone()));
        match message {
            Message::Move {
                from, to, captured, ..
            } => {
                match board::find_move(game.position(), from, to, &captured) {
                    // The other side plays on past a draw of Damier's rules (its own may
                    // differ): so does Damier, and claims the draw at its own turn if the
                    // rules still give it then.
                    Ok(mv) => {
                        game.play_on(&mv).map_err(io::Error::other)?;
                    }
                    Err(why) => {
                        // The games no longer agree: say why and end this one.
                        send(
                            wire,
                            Message::Chat(format!("{why}; Damier ends the game")),
                            log,
                        )?;
                        send(wire, END_NO_REASON, log)?;
                        return match wait_end_answer(wire, game, &clock, log)? {
                            After::Ended { stop, .. } => Ok(After::Ended {
                                end: format!("ended: the other side's {why}"),
                                stop,
                            }),
                            closed => Ok(closed),
                        };
                    }
                }
            }
            Message::GameEnd { reason, stop } => {
                send(wire, END_NO_REASON, log)?;
                let said = match reason {
                    EndReason::ILose => "the other side gave up".to_string(),
                    EndReason::IWin => "the other side claimed a win".to_string(),
                    EndReason::Draw => "the other side claimed a draw".to_string(),
                    EndReason::Unknown => "ended by the other side".to_string(),
                };
                let end = if game.is_over() {
                    end_words(game, &clock)
                } else if clock.limit_reached(game) {
                    format!("{said} at the move limit ({} moves)", clock.moves)
                } else {
                    said
                };
                return Ok(After::Ended { end, stop });
            }
            Message::Chat(text) => log(&Event::Chat(text)),
            Message::BackReq {
                number,
                side: back_side,
            } => {
                let answer = take_back(game, number, back_side);
                send(wire, Message::BackAcc(answer), log)?;
            }
            Message::BackAcc(_) => {
                send(
                    wire,
                    Message::Chat("BACKACC without a BACKREQ: ignored".into()),
                    log,
                )?;
            }
            Message::GameReq { .. } | Message::GameAcc { .. } => {
                send(
                    wire,
                    Message::Chat("a game is in progress: end it with GAMEEND first".into()),
                    log,
                )?;
            }
        }
    }
}

/// After Damier's GAMEEND: the other side's answer (chats may come first).
fn wait_end_answer<R: BufRead, W: Write>(
    wire: &mut Wire<R, W>,
    game: &Game,
    clock: &GameClock,
    log: &mut dyn FnMut(&Event),
) -> io::Result<After> {
    let stop = wait_for(wire, log, "the answer to GAMEEND", |m| match m {
        Message::GameEnd { stop, .. } => Some(*stop),
        _ => None,
    })?;
    Ok(match stop {
        None => After::Closed,
        Some(stop) => After::Ended {
            end: end_words(game, clock),
            stop,
        },
    })
}

/// The first message `pick` takes, or `None` when the connection closes first; chats are
/// logged, and anything else is answered with a CHAT saying what Damier waits for.
fn wait_for<R: BufRead, W: Write, T>(
    wire: &mut Wire<R, W>,
    log: &mut dyn FnMut(&Event),
    what: &str,
    pick: impl Fn(&Message) -> Option<T>,
) -> io::Result<Option<T>> {
    loop {
        match wire.receive()? {
            None => return Ok(None),
            Some(Ok(m)) => {
                log(&Event::Received(m.clone()));
                if let Some(t) = pick(&m) {
                    return Ok(Some(t));
                }
                if let Message::Chat(t) = m {
                    log(&Event::Chat(t));
                    continue;
                }
                let m = Message::Chat(format!("waiting for {what}"));
                log(&Event::Sent(m.clone()));
                wire.send(&m)?;
            }
            Some(Err(e)) => log(&Event::Unreadable(e)),
        }
    }
}

/// Take moves back to the position of move `number` with `side` to move (move 1 is White's
/// first; a game set up with Black to move starts at move 1 with Black), if the game had it.
fn take_back(game: &mut Game, number: u16, side: Color) -> BackAnswer {
    let ply = (usize::from(number).max(1) - 1) * 2 + usize::from(side == Color::Black);
    // A game set up with Black to move has no White ply in its move 1.
    let skipped = usize::from(game.start().side() == Color::Black);
    match ply.checked_sub(skipped) {
        Some(ply) if ply <= game.plies().len() => {
            while game.plies().len() > ply && game.undo() {}
            BackAnswer::Accepted
        }
        _ => BackAnswer::Refused,
    }
}

/// The GAMEACC answer to a GAMEREQ that could not be read; `None` for another message.
fn refusal_of_request(error: &MessageError) -> Option<Acceptance> {
    match error {
        MessageError::Field {
            kind: "GAMEREQ",
            field: "version",
            ..
        } => Some(Acceptance::WrongVersion),
        MessageError::Field {
            kind: "GAMEREQ", ..
        }
        | MessageError::Length {
            kind: "GAMEREQ", ..
        } => Some(Acceptance::NotThisGame),
        _ => None,
    }
}

/// Damier as the follower on one connection: it answers game requests and plays each game,
/// until the other side closes the connection or asks for no further game. Returns the
/// games played.
///
/// # Errors
/// When the connection fails.
pub fn follow<R: BufRead, W: Write>(
    wire: &mut Wire<R, W>,
    engine: &Engine,
    side: &Side,
    log: &mut dyn FnMut(&Event),
) -> io::Result<Vec<Played>> {
    let mut played = Vec::new();
    loop {
        let Some(received) = wire.receive()? else {
            return Ok(played);
        };
        let reply = |wire: &mut Wire<R, W>, m: Message, log: &mut dyn FnMut(&Event)| {
            log(&Event::Sent(m.clone()));
            wire.send(&m)
        };
        match received {
            Err(e) => {
                log(&Event::Unreadable(e.clone()));
                reply(
                    wire,
                    Message::Chat(format!("Damier cannot read that message: {e}")),
                    log,
                )?;
                // A game request is answered even when it cannot be read, so that the
                // initiator does not wait for an acceptance that never comes: code 1 for
                // another protocol version, as the GAMEACC specification asks, else 2.
                if let Some(answer) = refusal_of_request(&e) {
                    let follower = side.name.clone();
                    reply(wire, Message::GameAcc { follower, answer }, log)?;
                }
            }
            Ok(Message::GameReq {
                initiator,
                follower,
                minutes,
                moves,
                position,
            }) => {
                log(&Event::GameRequest {
                    plays: follower,
                    minutes,
                    moves,
                });
                let start = match &position {
                    None => Ok(Board::start(VARIANT)),
                    Some((to_move, squares)) => board::position(*to_move, squares),
                };
                let refusal = match &start {
                    Ok(b) if b.legal_moves().is_empty() => {
                        Some("the position has no legal move".to_string())
                    }
                    Ok(_) => None,
                    Err(why) => Some(format!("the position is not legal: {why}")),
                };
                let start = match (start, refusal) {
                    (Ok(b), None) => b,
                    (_, why) => {
                        let why = why.unwrap_or_default();
                        reply(wire, Message::Chat(why), log)?;
                        let answer = Acceptance::NotThisGame;
                        let follower = side.name.clone();
                        reply(wire, Message::GameAcc { follower, answer }, log)?;
                        continue;
                    }
                };
                reply(
                    wire,
                    Message::GameAcc {
                        follower: side.name.clone(),
                        answer: Acceptance::Accepted,
                    },
                    log,
                )?;
                let mut game = Game::from_board(start);
                let clock = GameClock::new(minutes, moves);
                let after = play_game(wire, engine, side, follower, &mut game, clock, log)?;
                let game = Played::after(game, follower, initiator, after);
                let stop = game.stop;
                played.push(game);
                if stop {
                    return Ok(played);
                }
            }
            Ok(Message::Chat(t)) => log(&Event::Chat(t)),
            Ok(Message::GameEnd { .. }) => {
                // A late answer or a stray end: there is no game to end.
                log(&Event::StrayEnd);
            }
            Ok(other) => {
                log(&Event::Received(other.clone()));
                reply(wire, Message::Chat(format!("no game in progress: '{other}' ignored (the initiator starts with GAMEREQ)")), log)?;
            }
        }
    }
}

impl Played {
    /// The game as a line of a report: its `number` (from 1), Damier's colour, the plies
    /// played and how it ended.
    pub fn line(&self, number: usize) -> String {
        format!(
            "game {number}: Damier {}, {} plies, {}",
            self.ours.name(),
            self.game.plies().len(),
            self.end
        )
    }
}

/// The games as PDN text to append to a file, each followed by a blank line, Damier named
/// `ours` in them.
pub fn games_pdn(games: &[Played], ours: &str) -> String {
    let options = pdn::WriteOptions::default();
    games
        .iter()
        .map(|g| pdn::write_game(&g.pdn(ours), &options) + "\n")
        .collect()
}

/// An initiator's address that is not HOST:PORT.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("must be HOST:PORT (e.g. localhost:27531), got '{0}'")]
pub struct AddressError(pub String);

/// Whether `address` can be a follower's: a host and a port number.
///
/// # Errors
/// [`AddressError`] when it cannot.
pub fn check_address(address: &str) -> Result<(), AddressError> {
    match address.rsplit_once(':') {
        Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => Ok(()),
        _ => Err(AddressError(address.to_string())),
    }
}

/// What Damier asks for as the initiator.
#[derive(Clone, Debug)]
pub struct Request {
    /// Games to play, Damier's colour alternating from `first_colour`.
    pub games: u32,
    /// Damier's colour in the first game.
    pub first_colour: Color,
    /// Thinking time of each side for the whole game, minutes.
    pub minutes: u16,
    /// Moves of each side, after which the side to move ends the game (0: no limit).
    pub moves: u16,
    /// The start position (`None`: the usual one).
    pub start: Option<Board>,
}

impl Request {
    /// Whether the request asks for anything: at least one game.
    ///
    /// # Errors
    /// [`SettingError`] for no game.
    pub fn check(&self) -> Result<(), SettingError> {
        setting::require(self.games >= 1, "games", "at least 1", self.games)
    }
}

/// Damier as the initiator: asks for `request.games` games and plays them.
///
/// # Errors
/// When the connection fails, or the follower refuses a game (the error says how).
pub fn initiate<R: BufRead, W: Write>(
    wire: &mut Wire<R, W>,
    engine: &Engine,
    side: &Side,
    request: &Request,
    log: &mut dyn FnMut(&Event),
) -> io::Result<Vec<Played>> {
    let mut played = Vec::new();
    for i in 0..request.games {
        let ours = if i % 2 == 0 {
            request.first_colour
        } else {
            request.first_colour.opponent()
        };
        let m = Message::GameReq {
            initiator: side.name.clone(),
            follower: ours.opponent(),
            minutes: request.minutes,
            moves: request.moves,
            position: request.start.map(|b| (b.side(), board::squares(&b))),
        };
        log(&Event::Sent(m.clone()));
        wire.send(&m)?;
        let (opponent, accepted) = wait_for(wire, log, "GAMEACC", |m| match m {
            Message::GameAcc { follower, answer } => Some((follower.clone(), *answer)),
            _ => None,
        })?
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the follower closed the connection before answering the game request",
            )
        })?;
        if accepted != Acceptance::Accepted {
            return Err(io::Error::other(format!(
                "the follower refused the game ({accepted:?})"
            )));
        }
        let mut game = Game::from_board(request.start.unwrap_or_else(|| Board::start(VARIANT)));
        let clock = GameClock::new(request.minutes, request.moves);
        let after = play_game(wire, engine, side, ours, &mut game, clock, log)?;
        let game = Played::after(game, ours, opponent, after);
        let stop = game.stop;
        played.push(game);
        if stop {
            return Ok(played);
        }
    }
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_a_host_and_a_port() {
        assert_eq!(check_address("localhost:27531"), Ok(()));
        assert_eq!(check_address("[::1]:27531"), Ok(()));
        for bad in ["localhost", ":27531", "localhost:99999", "localhost:port"] {
            let e = check_address(bad).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("must be HOST:PORT (e.g. localhost:27531), got '{bad}'")
            );
        }
    }

    #[test]
    fn limits_are_a_depth_or_a_time_in_the_engines_range() {
        assert_eq!(Side::limits(None, None), Ok(None));
        assert_eq!(Side::limits(Some(4), None), Ok(Some(Limits::depth(4))));
        assert_eq!(
            Side::limits(None, Some(250)),
            Ok(Some(Limits::move_time(Duration::from_millis(250))))
        );
        assert_eq!(
            Side::limits(None, Some(0)).unwrap_err().with_option(),
            "--movetime must be at least 1 ms, got 0"
        );
        assert_eq!(Side::limits(Some(0), None).unwrap_err().setting, "depth");
        let mut request = Request {
            games: 0,
            first_colour: Color::White,
            minutes: 5,
            moves: 0,
            start: None,
        };
        assert_eq!(
            request.check().unwrap_err().with_option(),
            "--games must be at least 1, got 0"
        );
        request.games = 1;
        assert_eq!(request.check(), Ok(()));
    }

    #[test]
    fn a_played_game_is_a_report_line_and_pdn() {
        let mut game = Game::new(VARIANT);
        game.play_text("32-28").unwrap();
        let played = Played {
            game,
            ours: Color::Black,
            opponent: String::new(),
            end: "the connection closed".into(),
            stop: true,
        };
        assert_eq!(
            played.line(2),
            "game 2: Damier black, 1 plies, the connection closed"
        );
        let text = games_pdn(&[played.clone(), played], "Damier");
        assert_eq!(
            text.matches("[White \"DamExchange opponent\"]").count(),
            2,
            "{text}"
        );
        assert_eq!(text.matches("[Black \"Damier\"]").count(), 2, "{text}");
        assert!(text.ends_with("\n\n"), "{text:?}");
    }

    #[test]
    fn events_read_as_log_lines_and_only_chats_are_shown_quietly() {
        let chat = Event::Chat("hello".into());
        assert_eq!(chat.to_string(), "chat: hello");
        assert!(chat.shown(false));
        let sent = Event::Sent(Message::Chat("hi".into()));
        assert!(sent.to_string().starts_with("> "), "{sent}");
        assert!(!sent.shown(false) && sent.shown(true));
        let request = Event::GameRequest {
            plays: Color::Black,
            minutes: 5,
            moves: 0,
        };
        assert_eq!(
            request.to_string(),
            "< game request: Damier plays black, 5 min for 0 moves"
        );
        assert_eq!(
            Event::StrayEnd.to_string(),
            "< GAMEEND with no game in progress"
        );
    }

    #[test]
    fn a_back_request_names_a_move_number_and_a_side() {
        let mut game = Game::new(VARIANT);
        for m in ["32-28", "19-23", "28x19", "14x23"] {
            game.play_text(m).unwrap();
        }
        assert_eq!(take_back(&mut game, 3, Color::Black), BackAnswer::Refused);
        assert_eq!(take_back(&mut game, 3, Color::White), BackAnswer::Accepted);
        assert_eq!(game.plies().len(), 4);
        assert_eq!(take_back(&mut game, 2, Color::Black), BackAnswer::Accepted);
        assert_eq!(game.plies().len(), 3);
        assert_eq!(take_back(&mut game, 1, Color::Black), BackAnswer::Accepted);
        assert_eq!(game.plies().len(), 1);
        // Set up with Black to move: move 1 starts with Black's ply.
        let mut set_up = Game::from_board(
            board::position(Color::Black, &board::squares(&Board::start(VARIANT))).unwrap(),
        );
        set_up.play_text("19-23").unwrap();
        assert_eq!(take_back(&mut set_up, 1, Color::White), BackAnswer::Refused);
        assert_eq!(
            take_back(&mut set_up, 1, Color::Black),
            BackAnswer::Accepted
        );
        assert!(set_up.plies().is_empty());
    }
}
