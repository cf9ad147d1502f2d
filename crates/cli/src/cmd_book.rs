//! `damier book`: grow, inspect and read opening books.

use crate::log_lines::LogLines;
use crate::output::outln;
use crate::variant_arg::VariantArg;
use crate::PositionArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use damier_book::{default_path, Book, OpenError, Overrides};
use damier_core::Variant;
use damier_engine::{BookAnalyst, Engine, EngineOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Arguments of `damier book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Grow a book by deep searches, the most promising lines first; an existing file grows
    /// on from where it stopped (Ctrl-C keeps what is done).
    Build(BuildArgs),
    /// What a book holds: positions by ply, settings, main line.
    Info(WhichBook),
    /// The book's moves in a position, with their values.
    Probe(ProbeArgs),
    /// Every position of the book as a line of text: FEN, then each move and its value.
    Export(ExportArgs),
}

#[derive(Args, Debug)]
struct BuildArgs {
    #[command(flatten)]
    variant: VariantArg,
    /// The book file, grown on if it exists (default: <variant>.book).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Grow until the book holds this many positions.
    #[arg(long, default_value_t = 1000)]
    positions: usize,
    /// Depth of each position's search (default 12, or the book's own).
    #[arg(long)]
    depth: Option<u16>,
    /// Moves scored in each position (default 6, or the book's own).
    #[arg(long)]
    lines: Option<u8>,
    /// Search every position this many plies from the start, whatever its moves lose
    /// (default 2, or the book's own).
    #[arg(long)]
    breadth: Option<u8>,
    /// Moves losing more than this many hundredths of a man are not followed (default 40, or
    /// the book's own).
    #[arg(long)]
    widest_drop: Option<u16>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

#[derive(Args, Debug)]
struct WhichBook {
    /// Variant id or alias (its compiled book, unless --book names a file).
    #[arg(long, short = 'v', default_value = "international")]
    variant: Variant,
    #[command(flatten)]
    file: BookFile,
}

/// `--book`: a file to read instead of the compiled book.
#[derive(Args, Debug)]
struct BookFile {
    /// A book file instead of the compiled one.
    #[arg(long)]
    book: Option<PathBuf>,
}

impl BookFile {
    /// The book asked for; a file that cannot be used is a usage error.
    fn open(&self, variant: Variant) -> Result<Arc<Book>> {
        match damier_book::builtin::open(variant, self.book.as_deref()) {
            Err(e @ OpenError::File(_)) => crate::output::usage!("--book: {e}"),
            other => Ok(other?),
        }
    }
}

#[derive(Args, Debug)]
struct ProbeArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    file: BookFile,
}

#[derive(Args, Debug)]
struct ExportArgs {
    #[command(flatten)]
    which: WhichBook,
    /// Write here instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Run `damier book`.
pub fn run(args: &BookArgs) -> Result<()> {
    match &args.command {
        BookCommand::Build(a) => build(a),
        BookCommand::Info(a) => info(a),
        BookCommand::Probe(a) => probe(a),
        BookCommand::Export(a) => export(a),
    }
}

fn build(args: &BuildArgs) -> Result<()> {
    let variant = args.variant.variant;
    crate::output::check_depth(args.depth.map(i32::from))?;
    let threads = crate::output::check_threads("--threads", args.threads)?;
    if let Some(lines) = args.lines {
        damier_engine::setting::lines(lines).map_err(crate::output::Usage::from)?;
    }
    let path = args.out.clone().unwrap_or_else(|| default_path(variant));
    let mut book = Book::open_to_grow(&path, variant)
        .with_context(|| format!("growing {}", path.display()))?;
    book.set_settings(book.settings().overridden(&Overrides {
        depth: args.depth,
        lines: args.lines,
        breadth: args.breadth,
        widest_drop: args.widest_drop,
    }));
    let engine = Engine::try_new(EngineOptions {
        threads,
        hash_mb: args.hash,
    })
    .map_err(crate::hash_arg::refusal)?;
    let control = crate::interrupt::stop_control("stopping after the book is saved");
    let mut analyst = BookAnalyst::new(&engine, &control);
    crate::output::tell!("{}", book.growing_line(&path, args.positions));
    let bar = crate::output::bar(
        args.positions as u64,
        "{bar:30} {pos}/{len} positions, {elapsed} (eta {eta}) {msg}",
    );
    bar.set_position(book.len() as u64);
    let log = LogLines::new();
    let started = Instant::now();
    let report = book.grow_to(args.positions, &path, &mut analyst, &mut |book, g| {
        bar.set_position(book.len() as u64);
        bar.set_message(g.to_string());
        log.offer(false, || {
            book.progress_line(args.positions, started.elapsed().as_secs_f64(), g)
        });
    });
    bar.finish_and_clear();
    outln!("{}", report?)?;
    Ok(())
}

fn info(args: &WhichBook) -> Result<()> {
    let book = args.file.open(args.variant)?;
    outln!("{}", book.summary(args.file.book.as_deref()))?;
    Ok(())
}

fn probe(args: &ProbeArgs) -> Result<()> {
    let game = args.position.game()?;
    let board = *game.position();
    let book = args.file.open(board.variant())?;
    match book.probe(&board) {
        Some(lines) => lines.iter().try_for_each(|line| outln!("{line}"))?,
        None => outln!("not in the book")?,
    }
    Ok(())
}

fn export(args: &ExportArgs) -> Result<()> {
    let book = args.which.file.open(args.which.variant)?;
    let text = book.to_text();
    match &args.out {
        Some(path) => damier_game::replace_file(path, |f| f.write_all(text.as_bytes()))
            .with_context(|| format!("writing {}", path.display()))?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}
