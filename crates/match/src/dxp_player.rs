//! An external 10x10 engine that speaks DamExchange, waiting as a follower on a TCP port:
//! the match connects as the initiator, asks for each game from the position the match has
//! reached, and passes the moves both ways.

use crate::player::{Player, PlayerError};
use damier_core::Variant;
use damier_engine::Limits;
use damier_game::{AnyMove, Game, PlyKind};
use damier_protocol::dxp::board::{self, VARIANT};
use damier_protocol::dxp::{Acceptance, BackAnswer, EndReason, Message, Wire};
use std::io::BufReader;
use std::net::TcpStream;
use std::time::Duration;

type TcpWire = Wire<BufReader<TcpStream>, TcpStream>;

/// A DamExchange follower at an address.
pub struct DxpPlayer {
    name: String,
    address: String,
    /// Thinking time asked for each game, minutes (DamExchange counts whole minutes); `None`:
    /// from the match's clock.
    minutes: Option<u16>,
    wire: Option<TcpWire>,
    /// Plies of the current game the follower has seen; `None` between games.
    synced: Option<usize>,
}

impl DxpPlayer {
    /// A player that connects to `address` (`host:port`) when its first game starts.
    pub fn new(name: String, address: String, minutes: Option<u16>) -> DxpPlayer {
        DxpPlayer {
            name,
            address,
            minutes,
            wire: None,
            synced: None,
        }
    }

    fn fail(&self, message: impl Into<String>) -> PlayerError {
        PlayerError::Engine {
            name: self.name.clone(),
            message: message.into(),
        }
    }

    fn wire(&mut self) -> Result<&mut TcpWire, PlayerError> {
        if self.wire.is_none() {
            let stream = TcpStream::connect(&self.address)
                .map_err(|e| self.fail(format!("cannot connect to {}: {e}", self.address)))?;
            let reader = stream
                .try_clone()
                .map_err(|e| self.fail(format!("socket: {e}")))?;
            self.wire = Some(Wire::new(BufReader::new(reader), stream));
        }
        Ok(self.wire.as_mut().expect("just made"))
    }

    fn send(&mut self, m: &Message) -> Result<(), PlayerError> {
        let name = self.name.clone();
        self.wire()?.send(m).map_err(|e| PlayerError::Engine {
            name,
            message: format!("cannot send to the engine: {e}"),
        })
    }

    /// The next message that is not a chat.
    fn receive(&mut self) -> Result<Message, PlayerError> {
        loop {
            let name = self.name.clone();
            let lost = |why: String| PlayerError::Engine {
                name: name.clone(),
                message: why,
            };
            match self.wire()?.receive() {
                Err(e) => return Err(lost(format!("connection failed: {e}"))),
                Ok(None) => return Err(lost("the engine closed the connection".into())),
                Ok(Some(Err(e))) => return Err(lost(format!("unreadable message: {e}"))),
                Ok(Some(Ok(Message::Chat(_)))) => continue,
                Ok(Some(Ok(Message::BackReq { .. }))) => {
                    // Matches play on: no takebacks.
                    self.send(&Message::BackAcc(BackAnswer::NotSupported))?;
                }
                Ok(Some(Ok(m))) => return Ok(m),
            }
        }
    }

    /// End the game in progress, if any, and read the answer.
    fn end_game(&mut self, stop: bool) -> Result<(), PlayerError> {
        if self.synced.take().is_none() {
            return Ok(());
        }
        self.send(&Message::GameEnd {
            reason: EndReason::Unknown,
            stop,
        })?;
        loop {
            match self.receive()? {
                Message::GameEnd { .. } => return Ok(()),
                // A move that crossed our GAMEEND: the game is over anyway.
                Message::Move { .. } => continue,
                other => return Err(self.fail(format!("'{other}' instead of GAMEEND"))),
            }
        }
    }

    fn start_game(&mut self, game: &Game, clock: Option<Limits>) -> Result<(), PlayerError> {
        let minutes = match self.minutes {
            Some(m) => m,
            None => {
                let left = clock
                    .and_then(|l| l.clock.map(|c| c.remaining).or(l.move_time.map(|t| t * 60)))
                    .unwrap_or(Duration::from_secs(300));
                // The engine would pace itself for a whole minute and lose on the match's
                // clock within a few moves.
                if left < Duration::from_secs(60) {
                    return Err(self.fail(format!(
                        "DamExchange gives each side whole minutes, and this clock has {:.1} s: \
                         play at --tc 1m or more, or give the engine its own time with \
                         dxp[minutes=N]:HOST:PORT",
                        left.as_secs_f64()
                    )));
                }
                (left.as_secs().div_ceil(60)).clamp(1, 999) as u16
            }
        };
        let position = *game.position();
        let request = Message::GameReq {
            initiator: "Damier match".into(),
            follower: position.side(),
            minutes,
            moves: 0,
            position: Some((position.side(), board::squares(&position))),
        };
        self.send(&request)?;
        match self.receive()? {
            Message::GameAcc {
                answer: Acceptance::Accepted,
                ..
            } => {
                self.synced = Some(game.plies().len());
                Ok(())
            }
            Message::GameAcc { answer, .. } => {
                Err(self.fail(format!("the engine refused the game ({answer:?})")))
            }
            other => Err(self.fail(format!("'{other}' instead of GAMEACC"))),
        }
    }
}

impl Player for DxpPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, variant: Variant) -> Result<(), PlayerError> {
        if variant != VARIANT {
            return Err(self.fail(format!(
                "DamExchange plays international draughts only, not {variant}"
            )));
        }
        self.end_game(false)
    }

    fn choose(&mut self, game: &Game, clock: Option<Limits>) -> Result<AnyMove, PlayerError> {
        match self.synced {
            None => self.start_game(game, clock)?,
            Some(seen) => {
                // The opponent's moves since the engine's last one.
                let positions = game.positions();
                for (i, ply) in game.plies().iter().enumerate().skip(seen) {
                    let PlyKind::Move(mv) = ply.kind else {
                        return Err(self.fail("a passed turn has no DamExchange form"));
                    };
                    let m = board::move_message(&positions[i], &mv, 0);
                    self.send(&m)?;
                }
            }
        }
        match self.receive()? {
            Message::Move {
                from, to, captured, ..
            } => {
                let mv = board::find_move(game.position(), from, to, &captured)
                    .map_err(|why| self.fail(why.to_string()))?;
                self.synced = Some(game.plies().len() + 1);
                Ok(mv)
            }
            Message::GameEnd { reason, .. } => {
                self.synced = None;
                // Answer it, as the protocol wants, then report that no move came.
                self.send(&Message::GameEnd {
                    reason: EndReason::Unknown,
                    stop: false,
                })?;
                Err(self.fail(format!(
                    "the engine ended the game ({reason:?}) instead of moving"
                )))
            }
            other => Err(self.fail(format!("'{other}' instead of a move"))),
        }
    }
}

impl Drop for DxpPlayer {
    fn drop(&mut self) {
        // The last game ends, and no other is wanted.
        let _ = self.end_game(true);
    }
}
