//! An external engine that speaks Hub, driven as a GUI drives it.

use crate::player::{Player, PlayerError};
use damier_core::Variant;
use damier_engine::Limits;
use damier_game::{AnyMove, Board, Game, PlyKind};
use damier_protocol::hub::moves::{parse_move, parse_position, write_move, write_position};
use damier_protocol::hub::syntax;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    variant: Variant,
}

/// A Hub engine started as a command.
pub struct HubPlayer {
    name: String,
    command: Vec<String>,
    /// `set-param` values to send before `init`; `move-time` and `depth` set the level when
    /// the match has no clock.
    params: Vec<(String, String)>,
    running: Option<Running>,
}

/// Extra time an engine gets beyond its clock before it is declared dead.
const GRACE: Duration = Duration::from_secs(5);

impl HubPlayer {
    /// A player that will run `command` (program and arguments).
    pub fn new(name: String, command: Vec<String>, params: Vec<(String, String)>) -> HubPlayer {
        HubPlayer {
            name,
            command,
            params,
            running: None,
        }
    }

    fn fail(&self, message: impl Into<String>) -> PlayerError {
        PlayerError::Engine {
            name: self.name.clone(),
            message: message.into(),
        }
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        let r = self.running.as_mut().ok_or_else(|| PlayerError::Engine {
            name: String::new(),
            message: "not started".into(),
        })?;
        writeln!(r.stdin, "{line}")
            .and_then(|_| r.stdin.flush())
            .map_err(|e| self.fail(format!("cannot write to the engine: {e}")))
    }

    /// Read lines until one starts with `word`, within `limit`.
    fn expect(&mut self, word: &str, limit: Duration) -> Result<String, PlayerError> {
        let deadline = Instant::now() + limit;
        loop {
            let r = self
                .running
                .as_ref()
                .ok_or_else(|| self.fail("not started"))?;
            let left = deadline.saturating_duration_since(Instant::now());
            match r.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(format!("no '{word}' within {limit:?}")))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.fail(format!("the engine exited before '{word}'")))
                }
            }
        }
    }

    fn start(&mut self, variant: Variant) -> Result<(), PlayerError> {
        self.stop();
        let mut child = Command::new(&self.command[0])
            .args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| self.fail(format!("cannot start '{}': {e}", self.command.join(" "))))?;
        let stdin = child.stdin.take().ok_or_else(|| self.fail("no stdin"))?;
        let stdout = child.stdout.take().ok_or_else(|| self.fail("no stdout"))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        self.running = Some(Running {
            child,
            stdin,
            lines: rx,
            variant,
        });
        self.send("hub")?;
        self.expect("wait", Duration::from_secs(30))?;
        let variant_name = variant.to_string();
        self.send(&syntax::format(
            "set-param",
            &[("name", Some("variant")), ("value", Some(&variant_name))],
        ))?;
        let params: Vec<(String, String)> = self
            .params
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "move-time" | "depth" | "nodes"))
            .cloned()
            .collect();
        for (k, v) in params {
            self.send(&syntax::format(
                "set-param",
                &[("name", Some(&k)), ("value", Some(&v))],
            ))?;
        }
        self.send("init")?;
        self.expect("ready", Duration::from_secs(120))?;
        Ok(())
    }

    fn stop(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = writeln!(r.stdin, "quit");
            let _ = r.stdin.flush();
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = r.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    /// The `level` line for `limits` (a clock, or the player's own per-move setting).
    fn level(&self, clock: Option<Limits>) -> (String, Duration) {
        let secs = |d: Duration| format!("{:.3}", d.as_secs_f64());
        if let Some(c) = clock.and_then(|l| l.clock) {
            let mut args = vec![("time".to_string(), secs(c.remaining))];
            if !c.increment.is_zero() {
                args.push(("inc".into(), secs(c.increment)));
            }
            if let Some(m) = c.moves_to_go {
                args.push(("moves".into(), m.to_string()));
            }
            let refs: Vec<(&str, Option<&str>)> = args
                .iter()
                .map(|(k, v)| (k.as_str(), Some(v.as_str())))
                .collect();
            return (syntax::format("level", &refs), c.remaining + GRACE);
        }
        if let Some(t) = clock.and_then(|l| l.move_time) {
            return (format!("level move-time={}", secs(t)), t + GRACE);
        }
        let own = |k: &str| {
            self.params
                .iter()
                .find(|(n, _)| n == k)
                .map(|(_, v)| v.clone())
        };
        if let Some(d) = own("depth") {
            return (format!("level depth={d}"), Duration::from_secs(600));
        }
        if let Some(n) = own("nodes") {
            return (format!("level nodes={n}"), Duration::from_secs(600));
        }
        let t = own("move-time")
            .and_then(|t| t.parse::<f64>().ok())
            .filter(|t| t.is_finite() && *t > 0.0 && *t < 1e5)
            .unwrap_or(1.0);
        (
            format!("level move-time={t}"),
            Duration::from_secs_f64(t) + GRACE,
        )
    }
}

/// The position at the start of the reversible stretch and the moves since, so that the
/// engine can see repetitions; further back where that position holds more than a Hub
/// position string can say (a Frisian king's run of quiet moves, which goes on across the
/// other side's man moves), so that the engine replays it instead of losing it.
fn pos_line(game: &Game) -> String {
    let positions = game.positions();
    let plies = game.plies();
    let mut first = positions.len() - 1;
    while first > 0 {
        match plies[first - 1].kind {
            PlyKind::Move(mv)
                if positions[first - 1].is_reversible(&mv) || !said_in_full(&positions[first]) =>
            {
                first -= 1
            }
            _ => break,
        }
    }
    let moves: Vec<String> = (first..positions.len() - 1)
        .filter_map(|i| match plies[i].kind {
            PlyKind::Move(mv) => Some(write_move(&positions[i], &mv)),
            _ => None,
        })
        .collect();
    let pos = write_position(&positions[first]);
    if moves.is_empty() {
        syntax::format("pos", &[("pos", Some(&pos))])
    } else {
        syntax::format(
            "pos",
            &[("pos", Some(&pos)), ("moves", Some(&moves.join(" ")))],
        )
    }
}

/// Whether a Hub position string of `board` gives back `board` itself.
fn said_in_full(board: &Board) -> bool {
    parse_position(board.variant(), &write_position(board)).is_ok_and(|read| read == *board)
}

impl Player for HubPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, variant: Variant) -> Result<(), PlayerError> {
        match &self.running {
            Some(r) if r.variant == variant => self.send("new-game"),
            _ => self.start(variant),
        }
    }

    fn choose(&mut self, game: &Game, clock: Option<Limits>) -> Result<AnyMove, PlayerError> {
        if self.running.is_none() {
            self.start(game.variant())?;
        }
        self.send(&pos_line(game))?;
        let (level, patience) = self.level(clock);
        self.send(&level)?;
        self.send("go think")?;
        let done = self.expect("done", patience)?;
        let line = syntax::parse(&done)
            .ok()
            .flatten()
            .ok_or_else(|| self.fail(format!("unreadable answer '{done}'")))?;
        let text = line
            .get("move")
            .ok_or_else(|| self.fail(format!("'done' without a move: '{done}'")))?;
        parse_move(game.position(), text).map_err(|e| self.fail(format!("played {e}")))
    }
}

impl Drop for HubPlayer {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_after(variant: &str, fen: &str, moves: &[&str]) -> Game {
        let mut game = Game::from_fen(variant.parse().unwrap(), fen).unwrap();
        for text in moves {
            game.play_text(text).unwrap();
        }
        game
    }

    /// The engine is sent the reversible stretch: from the last man's move on in English; the
    /// whole game in Turkish, whose men stepped only sideways.
    #[test]
    fn the_position_sent_starts_where_positions_can_first_repeat() {
        let english = game_after("english", "W:WK22,30:BK3", &["30-26", "3-7", "22-18"]);
        let line = pos_line(&english);
        assert!(line.ends_with("moves=\"3-7 22-18\""), "{line}");
        let turkish = game_after("turkish", "W:Wa2:Bb7,Ke8", &["a2-b2", "e8-f8", "b2-a2"]);
        let line = pos_line(&turkish);
        assert!(line.ends_with("moves=\"a2-b2 e8-f8 b2-a2\""), "{line}");
        let forward = game_after("turkish", "W:Wa2:Bb7,Ke8", &["a2-b2", "e8-f8", "b2-b3"]);
        let line = pos_line(&forward);
        assert!(!line.contains("moves="), "{line}");
    }

    /// A Frisian king's run goes on across the other side's man moves, and a Hub position
    /// cannot carry it: the moves are sent from before the run began, so that the engine,
    /// replaying them, knows the king on 30 may not move a fourth time.
    #[test]
    fn a_frisian_king_run_is_sent_as_the_moves_that_made_it() {
        let moves = ["35-30", "6-11", "30-35", "1-7", "35-30", "11-16"];
        let game = game_after("frisian", "W:W46,K35:B1,6", &moves);
        assert!(
            game.clone().play_text("30-24").is_err(),
            "the king is barred"
        );
        let line = pos_line(&game);
        assert!(
            line.ends_with(&format!("moves=\"{}\"", moves.join(" "))),
            "{line}"
        );
        assert_eq!(engine_view(&line, game.variant()), *game.position());
    }

    /// Without a clock, the player's own `move-time`, `depth` or `nodes` is each move's level
    /// (a node count sent as a parameter instead was ignored, and the engine took a second).
    #[test]
    fn a_players_own_limit_is_the_level_of_each_move() {
        let player = |k: &str, v: &str| {
            let params = vec![(k.to_string(), v.to_string()), ("hash".into(), "64".into())];
            HubPlayer::new("x".into(), vec!["x".into()], params)
        };
        assert_eq!(player("nodes", "5000").level(None).0, "level nodes=5000");
        assert_eq!(player("depth", "9").level(None).0, "level depth=9");
        assert_eq!(
            player("move-time", "0.25").level(None).0,
            "level move-time=0.25"
        );
        assert_eq!(player("hash", "16").level(None).0, "level move-time=1");
    }

    /// The position a Hub engine rebuilds from a `pos` line.
    fn engine_view(line: &str, variant: Variant) -> Board {
        let message = syntax::parse(line).unwrap().unwrap();
        let mut board = parse_position(variant, message.get("pos").unwrap()).unwrap();
        for text in message.get("moves").unwrap_or("").split_whitespace() {
            board = board.play(&parse_move(&board, text).unwrap()).unwrap();
        }
        board
    }
}
