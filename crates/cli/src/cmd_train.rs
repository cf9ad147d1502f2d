//! `damier train`: fit the learned evaluation's weights to self-play positions.

use crate::output::{outln, usage, Usage, UsageContext};
use anyhow::{Context, Result};
use clap::Args;
use damier_core::Variant;
use damier_engine::PatternView;
use damier_learn::report::initial_weights;
use damier_learn::train::{self, Config};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Arguments of `damier train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Variant id or alias (every training file must be of it, or of the same game under
    /// another name: German trains on Brazilian games).
    #[arg(long, short = 'v', default_value = "international")]
    variant: Variant,
    /// Self-play folders or training files (.dtp); several merge.
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
    /// Passes over the training positions.
    #[arg(allow_negative_numbers = true, long, default_value_t = Config::default().epochs)]
    epochs: usize,
    /// Threads.
    #[arg(allow_negative_numbers = true, long, short = 't', default_value_t = Config::default().threads)]
    threads: usize,
    /// Seed of the shuffling and of the validation split (the same seed and data give the
    /// same weights).
    #[arg(allow_negative_numbers = true, long, default_value_t = Config::default().seed)]
    seed: u64,
    /// Weight of the game's result in the target, against the search's score (0 to 1).
    #[arg(allow_negative_numbers = true, long, default_value_t = Config::default().lambda)]
    lambda: f32,
    /// Adam's step in hundredths of a man (it falls to a tenth over the epochs).
    #[arg(allow_negative_numbers = true, long, default_value_t = Config::default().learning_rate)]
    learning_rate: f32,
    /// L2 penalty on the pattern weights, each weight's square against the loss summed over
    /// all training positions (rare configurations stay near zero).
    #[arg(allow_negative_numbers = true, long, default_value_t = Config::default().l2)]
    l2: f32,
    /// A penalty on the global terms (material, the extra worth of a second king, runaways,
    /// ...) pulling each towards its starting value (a man 100, a king 250, or --init's), for
    /// variants whose games rarely show some of them [default: 0, free].
    #[arg(
        allow_negative_numbers = true,
        long,
        default_value_t = Config::default().l2_global,
        hide_default_value = true
    )]
    l2_global: f32,
    /// Positions per step.
    #[arg(allow_negative_numbers = true, long, default_value_t = Config::default().batch)]
    batch: usize,
    /// Percent of the games kept apart for validation.
    #[arg(allow_negative_numbers = true, long, default_value_t = Config::default().validation_percent)]
    validation: u32,
    /// Hundredths of a man per unit of log-odds (default: fitted to the search's scores).
    #[arg(allow_negative_numbers = true, long)]
    scale: Option<f32>,
    /// Weights to start from: a weights file or `builtin` (default: material only).
    #[arg(long)]
    init: Option<String>,
    /// Learn only the global terms (material, tempo, runaways, ...), not the patterns.
    #[arg(long)]
    no_patterns: bool,
    /// What the pattern tables see: `men` (a king's square read as empty, as every shipped
    /// file) or `pieces` (men and kings alike, each as its side's).
    #[arg(long, default_value_t = PatternView::default())]
    pattern_view: PatternView,
}

pub fn run(args: &TrainArgs) -> Result<()> {
    let variant = args.variant;
    let init = initial_weights(args.init.as_deref(), variant)
        .usage_context(|| format!("--init {}", args.init.as_deref().unwrap_or_default()))?;
    let cfg = Config {
        epochs: args.epochs,
        threads: args.threads,
        seed: args.seed,
        lambda: args.lambda,
        learning_rate: args.learning_rate,
        l2: args.l2,
        l2_global: args.l2_global,
        batch: args.batch,
        validation_percent: args.validation,
        scale: args.scale,
        init,
        patterns: !args.no_patterns,
        view: args.pattern_view,
    };
    // The library's ranges, said with the command line's options.
    cfg.check().map_err(Usage::from)?;
    if let Err(e) = train::check_out(&args.out) {
        usage!("--out {e}");
    }
    // A reader that closes the pipe (`| head`) stops the printing, not the training: the
    // weights are saved whatever becomes of standard output, and its error is returned last.
    let mut out = crate::output::Sink::new();
    let started = Instant::now();
    let data = train::load(variant, &args.data).or_else(|e| match e {
        // What the user named is not there or not training data: a mistake in the command.
        e if e.is_about_the_data() => usage!("--data: {e}"),
        e => Err(e.into()),
    })?;
    if let Err(e) = data.check_out(&args.out) {
        usage!("--out {e}");
    }
    for note in data.notes() {
        out.write(|| outln!("{note}"));
    }
    out.write(|| outln!("{}", data.summary(variant, started.elapsed().as_secs_f64())));
    let stop = crate::interrupt::stop_flag(
        "stopping after this epoch; the best weights so far will be saved",
    );
    let trained = train::train(&data, &cfg, &mut |e| {
        out.write(|| outln!("{e}"));
        !stop.load(Ordering::Relaxed)
    })?;
    trained
        .weights
        .save(&args.out)
        .with_context(|| "--out".to_string())?;
    if let Some(note) = trained.unimproved_note(&args.out) {
        crate::output::tell!("damier: {note}");
    }
    out.done()?;
    if let Some(line) = trained.stopped_line(args.epochs) {
        outln!("{line}")?;
    }
    outln!(
        "{}",
        trained.summary(&args.out, started.elapsed().as_secs_f64())
    )?;
    outln!("{}", trained.global_terms_table())?;
    Ok(())
}
