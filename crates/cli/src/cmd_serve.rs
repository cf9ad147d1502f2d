//! `damier serve`: the web page to play and analyse every variant (crate `damier-web`).

use crate::output::Usage;
use anyhow::Result;
use clap::Args;
use damier_web::{serve_blocking, ServeOptions, DEFAULT_PORT};

/// Arguments of `damier serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (0.0.0.0 lets other machines of the network in, for games by
    /// link).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on (0 picks a free one).
    #[arg(long, short = 'p', default_value_t = DEFAULT_PORT)]
    port: u16,
    /// Games held at once (the least recently used goes when full).
    #[arg(long, default_value_t = ServeOptions::default().max_games)]
    max_games: usize,
    /// Transposition table shared by every game's engine, MiB (1 to 65536): the server's
    /// whole budget for it, however many games run.
    #[arg(long, default_value_t = ServeOptions::default().hash_mb as i64, allow_negative_numbers = true)]
    hash: i64,
    /// Evaluation: a weights file made by `damier train` (its variant's games play it, the
    /// others their builtin weights), `classic` or `builtin` (the default).
    #[arg(long)]
    eval: Option<String>,
    /// Opening book: a book file made by `damier book build` (played in games of its
    /// variant, the others from their compiled books), `none` or `builtin` (the default).
    #[arg(long)]
    book: Option<String>,
    /// Endgame databases: a folder made by `damier egdb build` (each game probes its
    /// variant's), or `none` [default: the default folder, see `damier egdb info`].
    #[arg(long)]
    egdb: Option<String>,
    /// Whether the page may build a variant's recommended endgame databases on this machine
    /// when it has none (minutes of every core, tens of MB in the --egdb folder) [default:
    /// on when listening on a loopback address without --host-name, off otherwise].
    #[arg(long, value_name = "on|off", value_parser = ["on", "off"])]
    egdb_builds: Option<String>,
    /// Search threads shared by every game (default: the number of cores). The engine's
    /// moves go first; analyses give their thread up for them.
    #[arg(long)]
    engine_threads: Option<usize>,
    /// Games one client (one network address) may analyse at once; more is refused until
    /// one of its analyses ends.
    #[arg(long, default_value_t = ServeOptions::default().analyses_per_client)]
    analyses_per_client: usize,
    /// Games one client (one network address) may have running at once (not over, used in
    /// the last half hour); more is refused until one ends or is deleted.
    #[arg(long, default_value_t = ServeOptions::default().games_per_client)]
    games_per_client: usize,
    /// Connections one client (one network address) may hold open at once.
    #[arg(long, default_value_t = ServeOptions::default().connections_per_client)]
    connections_per_client: usize,
    /// A domain name the server answers to (repeat for several), as a public server behind
    /// its name needs: requests naming any other domain are refused, which stops pages of
    /// other sites reaching a server on this machine (DNS rebinding). IP addresses and
    /// localhost are always served.
    #[arg(long, value_name = "NAME")]
    host_name: Vec<String>,
    /// Folder of the games database (games.sqlite): every game is written there before a
    /// change is answered and survives a restart; `none` keeps games in memory only
    /// [default: Damier's data folder, see `damier egdb info`].
    #[arg(long)]
    data: Option<String>,
    /// Keep the games in a PostgreSQL database instead of the data folder's SQLite file:
    /// postgres://USER:PASSWORD@HOST:PORT/DATABASE (its table is made on first use).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    let mut options = ServeOptions {
        max_games: args.max_games,
        hash_mb: ServeOptions::hash_size(args.hash).map_err(Usage::from)?,
        egdb_builds: match args.egdb_builds.as_deref() {
            Some(choice) => choice == "on",
            None => damier_web::egdb_builds_by_default(&args.host, &args.host_name),
        },
        data: ServeOptions::data_folder(args.data.as_deref()),
        search_slots: args
            .engine_threads
            .unwrap_or(ServeOptions::default().search_slots),
        analyses_per_client: args.analyses_per_client,
        games_per_client: args.games_per_client,
        connections_per_client: args.connections_per_client,
        host_names: args.host_name.clone(),
        database: args.database.clone(),
        ..ServeOptions::default()
    };
    options.check().map_err(Usage::from)?;
    // Checked before the files are read (the databases' folder may take a while).
    options.eval = crate::eval_arg::parse(args.eval.as_deref(), None)?;
    options.book = crate::book_arg::parse(args.book.as_deref(), None)?;
    options.egdb = crate::egdb_arg::open_all(args.egdb.as_deref())?;
    options.egdb_root = crate::egdb_arg::root(args.egdb.as_deref());
    let kept = options.games_kept();
    serve_blocking(&args.host, args.port, options, |addr| {
        // Nothing is lost if no one reads this line (a closed pipe).
        let _ =
            crate::output::outln!("Damier is serving on http://{addr}/ ({kept}; Ctrl-C stops it)");
    })?;
    Ok(())
}
