//! `damier dxp`: Damier playing international draughts against another program over
//! DamExchange (TCP), as the follower (`--listen`) or the initiator (`--connect`).

use crate::output::{outln, usage, UsageContext};
use anyhow::{Context, Result};
use clap::{ArgGroup, Args};
use damier_engine::{BookChoice, Engine, EngineOptions, EvalChoice};
use damier_game::{Board, ColorName};
use damier_protocol::dxp::board::VARIANT;
use damier_protocol::dxp::play::{
    check_address, follow, games_pdn, initiate, Played, Request, Side,
};
use damier_protocol::dxp::Wire;
use std::io::BufReader;
use std::net::{TcpListener, TcpStream};

/// Arguments of `damier dxp`: one of the two roles, `--listen` or `--connect`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("role").required(true).args(["listen", "connect"])))]
pub struct DxpArgs {
    /// Wait for an initiator on this port (Damier is the follower); serves one connection
    /// after another until stopped.
    #[arg(long, value_name = "PORT")]
    listen: Option<u16>,
    /// Address to listen on with --listen (0.0.0.0: reachable from the network).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Connect to a follower at HOST:PORT and ask for games (Damier is the initiator).
    #[arg(long, value_name = "HOST:PORT")]
    connect: Option<String>,
    /// Games to ask for (initiator), Damier's colour alternating.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Damier's colour in the first game (initiator): white or black.
    #[arg(long, default_value = "white")]
    colour: ColorName,
    /// Thinking time of each side for the whole game, minutes (initiator).
    #[arg(long, default_value_t = 5)]
    minutes: u16,
    /// Moves of each side in the game, after which either program may end it (the time is
    /// for them); 0: no limit (initiator).
    #[arg(long, default_value_t = 0)]
    moves: u16,
    /// Start position (PDN FEN, international); default: the usual start (initiator).
    #[arg(long)]
    fen: Option<String>,
    /// Search each move to this depth instead of by the game's clock.
    #[arg(long)]
    depth: Option<i32>,
    /// Think this many milliseconds a move instead of by the game's clock.
    #[arg(long, value_name = "MS", conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Evaluation: a weights file made by `damier train`, `classic` or `builtin`.
    #[arg(long)]
    eval: Option<String>,
    #[arg(long, help = crate::book_arg::HELP)]
    book: Option<String>,
    /// The name Damier gives the other program.
    #[arg(long, default_value = "Damier")]
    name: String,
    /// Append the games played to this PDN file.
    #[arg(long, value_name = "FILE")]
    pdn: Option<std::path::PathBuf>,
    /// Print every message sent (>) and received (<).
    #[arg(long)]
    verbose: bool,
}

pub fn run(args: &DxpArgs) -> Result<()> {
    let limits = match Side::limits(args.depth, args.movetime) {
        Ok(limits) => limits,
        Err(e) => usage!("{}", e.with_option()),
    };
    let eval = crate::eval_arg::parse(args.eval.as_deref(), Some(VARIANT))?;
    let book = crate::book_arg::parse(args.book.as_deref(), Some(VARIANT))?;
    let side = Side {
        name: args.name.clone(),
        limits,
    };
    let verbose = args.verbose;
    if let Some(port) = args.listen {
        let listener = TcpListener::bind((args.host.as_str(), port))
            .with_context(|| format!("cannot listen on {}:{port}", args.host))?;
        outln!(
            "Damier waits for DamExchange games on {} (Ctrl-C stops it)",
            listener.local_addr()?
        )?;
        // Each connection plays on its own thread with its own engine, so that a match
        // running several games at once is served at once.
        loop {
            let (stream, peer) = listener.accept()?;
            outln!("{peer} connected")?;
            let (side, eval, book, pdn_file) =
                (side.clone(), eval.clone(), book.clone(), args.pdn.clone());
            std::thread::spawn(move || {
                let served = (|| -> Result<()> {
                    let engine = engine(eval, book)?;
                    let mut log = |line: &str| {
                        if verbose || line.starts_with("chat:") {
                            let _ = outln!("{peer} {line}");
                        }
                    };
                    let games = follow(&mut wire(&stream)?, &engine, &side, &mut log)?;
                    report(&games, &side.name, pdn_file.as_deref())
                })();
                // One connection failing ends that connection, not the server.
                let _ = match served {
                    Ok(()) => outln!("{peer} left"),
                    Err(e) => outln!("{peer}: {e:#}"),
                };
            });
        }
    }
    let address = args
        .connect
        .as_deref()
        .expect("clap requires --listen or --connect");
    let start = match &args.fen {
        None => None,
        Some(f) => Some(Board::from_fen(VARIANT, f).usage_context(|| "--fen".into())?),
    };
    let request = Request {
        games: args.games,
        first_colour: args.colour.0,
        minutes: args.minutes,
        moves: args.moves,
        start,
    };
    if let Err(e) = request.check() {
        usage!("{}", e.with_option());
    }
    if let Err(e) = check_address(address) {
        usage!("--connect {e}");
    }
    let stream = TcpStream::connect(address)
        .with_context(|| format!("cannot connect to a DamExchange follower at {address}"))?;
    let engine = engine(eval, book)?;
    let mut log = |line: &str| {
        if verbose || line.starts_with("chat:") {
            let _ = outln!("{line}");
        }
    };
    let games = initiate(&mut wire(&stream)?, &engine, &side, &request, &mut log)?;
    report(&games, &side.name, args.pdn.as_deref())
}

/// An engine of its own for a connection.
fn engine(eval: EvalChoice, book: BookChoice) -> Result<Engine> {
    let mut engine = Engine::try_new(EngineOptions::default())?;
    engine.set_eval(eval);
    engine.set_book(book);
    Ok(engine)
}

fn wire(stream: &TcpStream) -> Result<Wire<BufReader<TcpStream>, TcpStream>> {
    Ok(Wire::new(
        BufReader::new(stream.try_clone()?),
        stream.try_clone()?,
    ))
}

/// A line per game, and the games appended to the PDN file under `name`, Damier's name in
/// them.
fn report(games: &[Played], name: &str, pdn_file: Option<&std::path::Path>) -> Result<()> {
    for (i, g) in games.iter().enumerate() {
        outln!("{}", g.line(i + 1))?;
    }
    if let Some(path) = pdn_file {
        use std::io::Write;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(games_pdn(games, name).as_bytes()))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
