//! `damier book`: grow, inspect and read opening books.

use crate::log_lines::LogLines;
use crate::output::outln;
use crate::PositionArgs;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use damier_book::{Book, GrowEnd};
use damier_core::Variant;
use damier_engine::{BookAnalyst, Control, Engine, EngineOptions, Score};
use damier_game::Board;
use std::io::Write;
use std::path::{Path, PathBuf};
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
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    variant: Variant,
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
    /// A book file instead of the compiled one.
    #[arg(long)]
    book: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ProbeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// A book file instead of the compiled one.
    #[arg(long)]
    book: Option<PathBuf>,
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

/// The book asked for: a file (which must be for `variant`) or the compiled one.
fn open(variant: Variant, file: Option<&Path>) -> Result<Arc<Book>> {
    match file {
        Some(path) => Book::load(path)
            .and_then(|book| book.check_variant(variant).map(|()| Arc::new(book)))
            .map_err(|e| anyhow::Error::new(crate::output::Usage(format!("--book: {e}")))),
        None => damier_book::builtin::book(variant).with_context(|| {
            format!("no book is compiled in for {variant}: name one with --book, or make one with `damier book build -v {variant}`")
        }),
    }
}

fn build(args: &BuildArgs) -> Result<()> {
    let variant = args.variant;
    crate::output::check_depth(args.depth.map(i32::from))?;
    let threads = crate::output::check_threads("--threads", args.threads)?;
    if let Some(Err(e)) = args.lines.map(|l| damier_engine::setting::lines(l.into())) {
        crate::output::usage!("{}", e.with_option());
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{variant}.book")));
    let mut book = Book::open_to_grow(&path, variant)
        .with_context(|| format!("growing {}", path.display()))?;
    let mut settings = *book.settings();
    settings.depth = args.depth.unwrap_or(settings.depth);
    settings.lines = args.lines.unwrap_or(settings.lines);
    settings.breadth = args.breadth.unwrap_or(settings.breadth);
    settings.widest_drop = args.widest_drop.unwrap_or(settings.widest_drop);
    book.set_settings(settings);
    let engine = Engine::try_new(EngineOptions {
        threads,
        hash_mb: args.hash,
    })
    .map_err(crate::hash_arg::refusal)?;
    let control = Arc::new(Control::new());
    let stopper = Arc::clone(&control);
    crate::interrupt::on_first_press(move || {
        stopper.stop();
        crate::output::tell!("stopping after the book is saved (Ctrl-C again quits at once)");
    });
    let mut analyst = BookAnalyst::new(&engine, &control);
    let first = book.len();
    crate::output::tell!(
        "growing {} ({variant}) from {first} to {} positions: depth {}, {} lines",
        path.display(),
        args.positions,
        settings.depth,
        settings.lines
    );
    let bar = crate::output::bar(
        args.positions as u64,
        "{bar:30} {pos}/{len} positions, {elapsed} (eta {eta}) {msg}",
    );
    bar.set_position(first as u64);
    let mut log = LogLines::new();
    let started = Instant::now();
    let end = book.grow_to(args.positions, &path, &mut analyst, &mut |book, g| {
        let best = g
            .best
            .map(|(mv, score)| format!("{} {}", g.board.short(&mv), Score(score)))
            .unwrap_or_default();
        bar.set_position(book.len() as u64);
        bar.set_message(format!("ply {}: {best}", g.ply));
        log.offer(false, || {
            format!(
                "{}/{} positions, {:.0} s; last at ply {}: {best}",
                book.len(),
                args.positions,
                started.elapsed().as_secs_f64(),
                g.ply
            )
        });
    });
    bar.finish_and_clear();
    let end = end?;
    let grown = book.len() - first;
    let secs = started.elapsed().as_secs_f64();
    outln!(
        "{}: {} positions ({grown} new in {secs:.0} s, {:.2} s each, {} nodes searched){}",
        path.display(),
        book.len(),
        secs / grown.max(1) as f64,
        analyst.nodes(),
        match end {
            GrowEnd::Finished => "; nothing is left to grow within the settings",
            GrowEnd::Stopped => "; stopped, run the same command to go on",
            GrowEnd::Reached => "",
        }
    )?;
    Ok(())
}

fn info(args: &WhichBook) -> Result<()> {
    let variant = args.variant;
    let book = open(variant, args.book.as_deref())?;
    let source = match &args.book {
        Some(p) => p.display().to_string(),
        None => "compiled in".to_string(),
    };
    let s = book.settings();
    outln!("book:      {source}")?;
    outln!("variant:   {}", book.variant())?;
    outln!(
        "positions: {} (from {} start positions)",
        book.len(),
        book.roots().len()
    )?;
    outln!(
        "grown:     depth {}, {} lines, every position to ply {}, moves within {} of the best",
        s.depth,
        s.lines,
        s.breadth,
        Score(i32::from(s.widest_drop))
    )?;
    let by_ply = book.positions_by_ply();
    let widest = by_ply.iter().copied().max().unwrap_or(1).max(1);
    outln!("by ply:")?;
    for (ply, n) in by_ply.iter().enumerate() {
        let bar = "#".repeat((n * 40).div_ceil(widest));
        outln!("  {ply:>3} {n:>7} {bar}")?;
    }
    let start = Board::start(book.variant());
    if let Some(moves) = book.moves(&start) {
        let line = book.main_line(&start);
        outln!(
            "main line: {} ({})",
            start.line_short(&line),
            Score(moves[0].value)
        )?;
    }
    Ok(())
}

fn probe(args: &ProbeArgs) -> Result<()> {
    let game = args.position.game()?;
    let board = *game.position();
    let book = open(board.variant(), args.book.as_deref())?;
    let Some(moves) = book.moves(&board) else {
        outln!("not in the book")?;
        return Ok(());
    };
    for m in moves {
        let after = board.play_unchecked(&m.mv);
        let line = book.main_line(&after);
        let line = if line.is_empty() {
            String::new()
        } else {
            format!("  {}", after.line_short(&line))
        };
        outln!(
            "{:<8} {:>6}{}{line}",
            board.short(&m.mv),
            Score(m.value).to_string(),
            if m.followed {
                ""
            } else {
                "  (searched here only)"
            }
        )?;
    }
    Ok(())
}

fn export(args: &ExportArgs) -> Result<()> {
    let variant = args.which.variant;
    let book = open(variant, args.which.book.as_deref())?;
    let text = book.to_text();
    match &args.out {
        Some(path) => damier_game::replace_file(path, |f| f.write_all(text.as_bytes()))
            .with_context(|| format!("writing {}", path.display()))?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}
