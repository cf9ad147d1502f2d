//! Damier's side of DamExchange connections as a program runs them: the engine each
//! connection plays with, the PDN file its games are kept in, and the follower's server,
//! which plays each connection on its own thread and tells what happens in [`Told`] lines.

use super::play::{follow, games_pdn, Event, Played, Side};
use super::wire::Wire;
use damier_engine::{BookChoice, Engine, EngineOptions, EvalChoice, TableError};
use std::convert::Infallible;
use std::fmt;
use std::io::{self, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};

/// How Damier plays each connection: its side, its evaluation and book, and the PDN file its
/// games are appended to.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Damier's name and limits.
    pub side: Side,
    /// The evaluation each connection's engine plays with.
    pub eval: EvalChoice,
    /// The opening book it plays from.
    pub book: BookChoice,
    /// The PDN file the games played are appended to, if any.
    pub pdn: Option<PathBuf>,
}

/// Why a connection could not be played, or its games not kept.
#[derive(Debug, thiserror::Error)]
pub enum DxpError {
    /// The engine's table could not be made.
    #[error(transparent)]
    Engine(#[from] TableError),
    /// The connection failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The games could not be appended to the PDN file.
    #[error("cannot write {}", path.display())]
    Pdn {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
}

impl Setup {
    /// An engine of its own for a connection (several may play at once).
    ///
    /// # Errors
    /// [`TableError`] when its table cannot be made.
    pub fn engine(&self) -> Result<Engine, TableError> {
        let mut engine = Engine::try_new(EngineOptions::default())?;
        engine.set_eval(self.eval.clone());
        engine.set_book(self.book.clone());
        Ok(engine)
    }

    /// Append `games` to the PDN file, if there is one, Damier named as its side is.
    ///
    /// # Errors
    /// [`DxpError::Pdn`] when the file cannot be written.
    pub fn keep(&self, games: &[Played]) -> Result<(), DxpError> {
        let Some(path) = &self.pdn else {
            return Ok(());
        };
        append(path, &games_pdn(games, &self.side.name)).map_err(|source| DxpError::Pdn {
            path: path.clone(),
            source,
        })
    }
}

/// Add `text` at the end of the file at `path`, made if new.
fn append(path: &Path, text: &str) -> io::Result<()> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?
        .write_all(text.as_bytes())
}

/// What the follower's server tells of its connections. Its `Display` is the server's line.
#[derive(Debug)]
pub enum Told<'a> {
    /// A program connected.
    Connected(SocketAddr),
    /// Something happened on its connection.
    Event(SocketAddr, &'a Event),
    /// A game was played: its number on the connection (from 1) and the game.
    Game(usize, &'a Played),
    /// The program left, its games kept.
    Left(SocketAddr),
    /// The connection failed, or its games could not be kept.
    Failed(SocketAddr, &'a DxpError),
}

impl Told<'_> {
    /// Whether the server's log shows it: a connection's events as [`Event::shown`] says,
    /// everything else always.
    pub fn shown(&self, verbose: bool) -> bool {
        match self {
            Told::Event(_, event) => event.shown(verbose),
            _ => true,
        }
    }
}

impl fmt::Display for Told<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Told::Connected(peer) => write!(f, "{peer} connected"),
            Told::Event(peer, event) => write!(f, "{peer} {event}"),
            Told::Game(number, game) => f.write_str(&game.line(*number)),
            Told::Left(peer) => write!(f, "{peer} left"),
            Told::Failed(peer, error) => {
                write!(f, "{peer}: {error}")?;
                // Each cause in turn: "cannot write games.pdn: permission denied".
                let mut source = std::error::Error::source(*error);
                while let Some(cause) = source {
                    write!(f, ": {cause}")?;
                    source = cause.source();
                }
                Ok(())
            }
        }
    }
}

/// Damier as the follower on every connection `listener` accepts, each on its own thread with
/// its own engine (a match playing several games at once is served at once), until accepting
/// fails. One connection failing ends that connection, not the server. `tell` hears what
/// happens.
///
/// # Errors
/// When a connection cannot be accepted.
pub fn serve<F>(listener: &TcpListener, setup: &Setup, tell: F) -> io::Result<Infallible>
where
    F: Fn(&Told<'_>) + Clone + Send + 'static,
{
    loop {
        let (stream, peer) = listener.accept()?;
        tell(&Told::Connected(peer));
        let (setup, tell) = (setup.clone(), tell.clone());
        std::thread::spawn(move || {
            match play_connection(&stream, peer, &setup, &tell) {
                Ok(()) => tell(&Told::Left(peer)),
                Err(e) => tell(&Told::Failed(peer, &e)),
            };
        });
    }
}

/// The games of one connection, told and kept.
fn play_connection(
    stream: &TcpStream,
    peer: SocketAddr,
    setup: &Setup,
    tell: &dyn Fn(&Told<'_>),
) -> Result<(), DxpError> {
    let engine = setup.engine()?;
    let mut log = |event: &Event| tell(&Told::Event(peer, event));
    let games = follow(&mut Wire::tcp(stream)?, &engine, &setup.side, &mut log)?;
    for (i, game) in games.iter().enumerate() {
        tell(&Told::Game(i + 1, game));
    }
    setup.keep(&games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dxp::board::VARIANT;
    use damier_core::Color;
    use damier_game::Game;

    fn played() -> Played {
        Played {
            game: Game::new(VARIANT),
            ours: Color::White,
            opponent: "Other".into(),
            end: "the connection closed".into(),
            stop: true,
        }
    }

    #[test]
    fn the_server_tells_each_connection_by_its_address() {
        let peer: SocketAddr = "127.0.0.1:4000".parse().unwrap();
        assert_eq!(
            Told::Connected(peer).to_string(),
            "127.0.0.1:4000 connected"
        );
        assert_eq!(Told::Left(peer).to_string(), "127.0.0.1:4000 left");
        let chat = Event::Chat("good luck".into());
        let told = Told::Event(peer, &chat);
        assert_eq!(told.to_string(), "127.0.0.1:4000 chat: good luck");
        assert!(told.shown(false));
        let sent = Event::StrayEnd;
        assert!(!Told::Event(peer, &sent).shown(false));
        let game = played();
        assert_eq!(
            Told::Game(1, &game).to_string(),
            "game 1: Damier white, 0 plies, the connection closed"
        );
        let failed = DxpError::Pdn {
            path: "games.pdn".into(),
            source: io::Error::other("disk full"),
        };
        assert_eq!(
            Told::Failed(peer, &failed).to_string(),
            "127.0.0.1:4000: cannot write games.pdn: disk full"
        );
    }

    #[test]
    fn games_are_appended_to_the_pdn_file() {
        let dir = std::env::temp_dir().join(format!("damier-dxp-keep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pdn");
        let _ = std::fs::remove_file(&path);
        let mut setup = Setup {
            side: Side {
                name: "Damier".into(),
                limits: None,
            },
            eval: EvalChoice::default(),
            book: BookChoice::None,
            pdn: Some(path.clone()),
        };
        setup.keep(&[played()]).unwrap();
        setup.keep(&[played()]).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.matches("[White \"Damier\"]").count(), 2, "{text}");
        setup.pdn = Some(dir.clone());
        let e = setup.keep(&[played()]).unwrap_err();
        assert!(e.to_string().starts_with("cannot write "), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
