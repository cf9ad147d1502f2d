//! `damier egdb playout`: random database endings played by the engine on both sides, to
//! see that it wins what the databases say is won and holds what they say is drawn.

use crate::output::{outln, usage, Usage, UsageContext};
use anyhow::Result;
use clap::Args;
use damier_egdb::{store, Egdb};
use damier_match::playout::{
    draw_endings, play_endings, playable_pieces, playout_player, seeded_random, EndingRequest,
    NotKept, PlayoutReport, SetRefused, Shortfall,
};
use damier_match::MatchConfig;

/// Arguments of `damier egdb playout`.
#[derive(Args, Debug)]
pub struct PlayoutArgs {
    #[command(flatten)]
    set: crate::cmd_egdb::SetArg,
    /// Endings of at most this many pieces [default: every slice of the set].
    #[arg(long, short = 'p')]
    pieces: Option<u32>,
    /// Won endings to play (without --any-win, only wins that no draw rule counting moves
    /// can spoil).
    #[arg(long, default_value_t = 1000)]
    wins: usize,
    /// Only wins at least this many plies long by best play (most random endings of flying
    /// kings are over in a capture or two).
    #[arg(long, default_value_t = 0)]
    min_plies: usize,
    /// Also wins that a draw rule counting moves might spoil (the databases know no counts;
    /// without this, only wins that fit the shortest count on their way are played), each
    /// kind counted apart.
    #[arg(long)]
    any_win: bool,
    /// Drawn endings to play.
    #[arg(long, default_value_t = 200)]
    draws: usize,
    /// The player of both sides, as `damier match --first`; it probes the same databases.
    #[arg(long, default_value = "damier:nodes=20000")]
    player: String,
    /// Games played at once.
    #[arg(long, short = 't', default_value_t = 2)]
    threads: usize,
    /// Seed of the random endings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game still running is a draw.
    #[arg(long, default_value_t = MatchConfig::default().max_plies)]
    max_plies: usize,
}

pub fn run(args: &PlayoutArgs) -> Result<()> {
    let root = args.set.dir.path();
    let root = root.as_path();
    let variant = args.set.variant;
    crate::output::check_threads("--threads", args.threads)?;
    let config = MatchConfig {
        max_plies: args.max_plies,
        ..MatchConfig::default()
    };
    config.check().map_err(Usage::from)?;
    if let Err(e) = EndingRequest::check(args.wins, args.draws) {
        usage!("{}", e.with_option());
    }
    let spec = playout_player(&args.player, root).usage_context(|| "--player".to_string())?;
    let db = Egdb::open(root, variant, store::SEARCH_CACHE_MB)?;
    let pieces = match playable_pieces(&db, args.pieces) {
        Err(e @ SetRefused::Pieces { .. }) => usage!("--pieces {e}"),
        other => other?,
    };
    drop(spec.start()?);
    let request = EndingRequest {
        max_pieces: pieces,
        wins: args.wins,
        min_plies: args.min_plies,
        any_win: args.any_win,
        draws: args.draws,
    };
    let endings = draw_endings(&db, &request, &mut seeded_random(args.seed))?;
    if let Some(short) = Shortfall::of(&endings, &request) {
        outln!("{short}")?;
    }
    let bar = crate::output::bar(
        endings.len() as u64,
        "{bar:30} {pos}/{len} endings  {msg}  [{elapsed}]",
    );
    let mut not_kept = NotKept::default();
    let player = || spec.start();
    let played = play_endings(&endings, &player, &config, args.threads, &mut |p| {
        bar.set_message(not_kept.record(p).to_string());
        bar.inc(1);
    })?;
    bar.finish_and_clear();
    let report = PlayoutReport {
        variant,
        request,
        player: args.player.clone(),
        played,
    };
    outln!("{report}")?;
    Ok(())
}
