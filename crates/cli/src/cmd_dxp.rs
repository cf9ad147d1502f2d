//! `damier dxp`: Damier playing international draughts against another program over
//! DamExchange (TCP), as the follower (`--listen`) or the initiator (`--connect`).

use crate::output::{outln, usage, Usage, UsageContext};
use anyhow::{Context, Result};
use clap::{ArgGroup, Args};
use damier_game::{Board, ColorName};
use damier_protocol::dxp::board::VARIANT;
use damier_protocol::dxp::play::{check_address, initiate, Event, Request, Side};
use damier_protocol::dxp::serve::{serve, Setup};
use damier_protocol::dxp::Wire;
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
    #[arg(long, help = crate::eval_arg::HELP)]
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
    let limits = Side::limits(args.depth, args.movetime).map_err(Usage::from)?;
    let setup = Setup {
        side: Side {
            name: args.name.clone(),
            limits,
        },
        eval: crate::eval_arg::parse(args.eval.as_deref(), Some(VARIANT))?,
        book: crate::book_arg::parse(args.book.as_deref(), Some(VARIANT))?,
        pdn: args.pdn.clone(),
    };
    let verbose = args.verbose;
    if let Some(port) = args.listen {
        let listener = TcpListener::bind((args.host.as_str(), port))
            .with_context(|| format!("cannot listen on {}:{port}", args.host))?;
        outln!(
            "Damier waits for DamExchange games on {} (Ctrl-C stops it)",
            listener.local_addr()?
        )?;
        // The server ends only by failing.
        match serve(&listener, &setup, move |told| {
            if told.shown(verbose) {
                // Nobody reading the log does not stop the games.
                let _ = outln!("{told}");
            }
        })? {}
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
    request.check().map_err(Usage::from)?;
    if let Err(e) = check_address(address) {
        usage!("--connect {e}");
    }
    let stream = TcpStream::connect(address)
        .with_context(|| format!("cannot connect to a DamExchange follower at {address}"))?;
    let mut log = |event: &Event| {
        if event.shown(verbose) {
            let _ = outln!("{event}");
        }
    };
    let games = initiate(
        &mut Wire::tcp(&stream)?,
        &setup.engine()?,
        &setup.side,
        &request,
        &mut log,
    )?;
    for (i, g) in games.iter().enumerate() {
        outln!("{}", g.line(i + 1))?;
    }
    Ok(setup.keep(&games)?)
}
