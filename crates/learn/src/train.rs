//! Fitting the learned evaluation to self-play positions: logistic regression, as Scan's and
//! Texel's tuning do.
//!
//! A position's score `v` (hundredths of a man, what the engine's evaluation computes from
//! the weights) predicts the side to move's result as `p = 1 / (1 + exp(-v / K))`. The target
//! is a blend of the game's result and the search's score seen through the same curve,
//! `t = λ·result + (1 − λ)·σ(score / K)`, and the loss is the cross-entropy of `p` against
//! `t`, minimised by Adam over shuffled mini-batches, with an L2 penalty on the pattern
//! weights (most configurations are rare). `K` is fitted first so that the search's scores
//! predict the results best, which keeps a man worth about 100 as in the data.
//!
//! Games are split between training and validation by a hash of the game, so that positions
//! of one game never sit on both sides; the weights of the epoch with the lowest validation
//! loss are kept. The same data, settings and seed give the same weights, whatever the
//! number of threads: per-position work is parallel, every sum is taken in a fixed order.

use crate::data::{self, DataError, GameBlock};
use crate::rng::splitmix;
use damier_core::{with_geometry, Variant};
use damier_engine::eval::learned::{
    material_only, FeatureReader, Layout, PatternView, CONFIGS, DENSE,
};
use damier_engine::setting::{self, SettingError};
use damier_engine::Weights;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Why training could not run.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A setting out of its range.
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// A training file.
    #[error(transparent)]
    Data(#[from] DataError),
    /// Nothing to learn from.
    #[error("{0}")]
    NoData(String),
    /// The thread pool.
    #[error("the thread pool: {0}")]
    Threads(String),
}

/// How to train.
#[derive(Clone, Debug)]
pub struct Config {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Threads.
    pub threads: usize,
    /// Seed of the shuffling and of the validation split.
    pub seed: u64,
    /// Weight of the game result in the target (1: the result only; 0: the search's score
    /// only).
    pub lambda: f32,
    /// Adam's step, in hundredths of a man; it falls linearly to a tenth over the epochs.
    pub learning_rate: f32,
    /// L2 penalty on the pattern weights: `l2 · w²` per weight (in hundredths of a man)
    /// against the loss summed over all training positions, so that its strength does not
    /// depend on the size of the data or of a batch. A configuration seen in a handful of
    /// positions stays near zero; one seen in thousands follows its data.
    pub l2: f32,
    /// The same penalty on the global terms (material, the extra worth of a first, second or
    /// third king, runaways, mobility, ...), pulling each towards its starting value (a man
    /// 100 and a king 250, or `init`'s) rather than zero. Terms that few positions show (kings
    /// while the board is still full) otherwise take whatever value a few games give them,
    /// and the search steers towards it. 0 leaves them free.
    pub l2_global: f32,
    /// Positions per step.
    pub batch: usize,
    /// Percent of the games kept apart for validation.
    pub validation_percent: u32,
    /// Hundredths of a man per unit of log-odds; fitted to the data when `None`.
    pub scale: Option<f32>,
    /// Weights to start from (default: a man 100, a king 250, the rest zero).
    pub init: Option<Arc<Weights>>,
    /// Learn the pattern tables (false: only the global terms).
    pub patterns: bool,
    /// What the pattern tables see (kings or not); weights given as `init` are read as
    /// a start whatever they saw.
    pub view: PatternView,
}

impl Config {
    /// Whether every setting is within its range (training checks before it starts).
    ///
    /// # Errors
    /// The first [`SettingError`].
    pub fn check(&self) -> Result<(), SettingError> {
        setting::within("epochs", self.epochs, 1, 10_000)?;
        setting::threads(self.threads)?;
        let lambda = self.lambda;
        setting::require(
            (0.0..=1.0).contains(&lambda),
            "lambda",
            "between 0 and 1",
            lambda,
        )?;
        let rate = self.learning_rate;
        setting::require(rate > 0.0 && rate < 1e4, "learning_rate", "positive", rate)?;
        setting::require(self.l2 >= 0.0 && self.l2 < 1e3, "l2", "at least 0", self.l2)?;
        let l2_global = self.l2_global;
        setting::require(
            (0.0..1e3).contains(&l2_global),
            "l2_global",
            "at least 0",
            l2_global,
        )?;
        setting::within("batch", self.batch, 1, 1 << 24)?;
        let percent = self.validation_percent;
        setting::require(
            (1..=50).contains(&percent),
            "validation",
            "between 1 and 50 percent",
            percent,
        )?;
        if let Some(k) = self.scale {
            setting::require(k > 1.0 && k < 1e5, "scale", "between 1 and 100000", k)?;
        }
        Ok(())
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            epochs: 20,
            threads: 2,
            seed: 1,
            lambda: 0.5,
            learning_rate: 2.0,
            l2: 0.005,
            l2_global: 0.0,
            batch: 4096,
            validation_percent: 10,
            scale: None,
            init: None,
            patterns: true,
            view: PatternView::default(),
        }
    }
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// 1-based epoch.
    pub epoch: usize,
    /// Of how many.
    pub epochs: usize,
    /// Mean loss over the training positions during the epoch.
    pub train_loss: f64,
    /// Mean loss over the validation positions after it.
    pub validation_loss: f64,
    /// Whether this is the best validation loss so far (these weights are kept).
    pub best: bool,
    /// Seconds the epoch took.
    pub seconds: f64,
}

/// What training made.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The weights of the best epoch.
    pub weights: Weights,
    /// Epochs run: all asked for, or fewer when `progress` ended training.
    pub epochs_run: usize,
    /// Games and positions read.
    pub games: usize,
    /// Training positions.
    pub train_positions: usize,
    /// Validation positions.
    pub validation_positions: usize,
    /// The scale used.
    pub scale: f32,
    /// Validation loss of the starting weights.
    pub start_loss: f64,
    /// Validation loss of the kept weights, and their epoch (0: the starting weights).
    pub best_loss: f64,
    /// The epoch of the kept weights.
    pub best_epoch: usize,
    /// Validation loss of predicting every position as the mean target (no knowledge).
    pub constant_loss: f64,
}

/// Games read from training files, of one variant.
#[derive(Clone, Debug)]
pub struct Dataset {
    /// The variant.
    pub variant: Variant,
    /// The games.
    pub games: Vec<GameBlock>,
    /// Files read, and whether each had a torn last game.
    pub files: Vec<(PathBuf, bool)>,
    /// Games read more than once (a file listed twice, or runs alike in every setting),
    /// counted once: a repeated game would weigh double and could sit on both sides of the
    /// validation split's line.
    pub repeated: usize,
}

impl Dataset {
    /// Positions in all games.
    pub fn positions(&self) -> usize {
        self.games.iter().map(|g| g.records.len()).sum()
    }
}

/// Why trained weights cannot go where they were asked to: found before training, not after.
#[derive(Debug, thiserror::Error)]
pub enum OutError {
    /// The path is a folder.
    #[error("{}: is a folder; name the weights file to write", .0.display())]
    Folder(PathBuf),
    /// The folder the file would be in does not exist.
    #[error("{}: the folder {} does not exist", .out.display(), .folder.display())]
    NoFolder {
        /// The weights file asked for.
        out: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// The file is one of the training files.
    #[error("{} is one of the training files read ({}): it would be overwritten", .out.display(), .data.display())]
    IsData {
        /// The weights file asked for.
        out: PathBuf,
        /// The training file it is.
        data: PathBuf,
    },
}

/// Whether weights can be written to `out`: a file in a folder that exists.
///
/// # Errors
/// [`OutError::Folder`] or [`OutError::NoFolder`].
pub fn check_out(out: &Path) -> Result<(), OutError> {
    if out.is_dir() {
        return Err(OutError::Folder(out.to_path_buf()));
    }
    let folder = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(OutError::NoFolder {
            out: out.to_path_buf(),
            folder: folder.to_path_buf(),
        });
    }
    Ok(())
}

impl Dataset {
    /// Refuse `out` when it is one of the files read: writing the weights would destroy
    /// training data.
    ///
    /// # Errors
    /// [`OutError::IsData`].
    pub fn check_out(&self, out: &Path) -> Result<(), OutError> {
        let same = |data: &Path| match (data.canonicalize(), out.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        match self.files.iter().find(|(data, _)| same(data)) {
            Some((data, _)) => Err(OutError::IsData {
                out: out.to_path_buf(),
                data: data.clone(),
            }),
            None => Ok(()),
        }
    }
}

/// Read the training files under `paths` (files, or folders of them), all of `variant` or of
/// a variant that is the same game under another name ([`damier_core::Rules::same_game_as`]).
///
/// # Errors
/// [`TrainError`] when a file cannot be read, is of another game, or holds positions that
/// are not of it.
pub fn load(variant: Variant, paths: &[PathBuf]) -> Result<Dataset, TrainError> {
    let mut games: Vec<GameBlock> = Vec::new();
    let mut files = Vec::new();
    let mut seen: HashMap<(u32, usize), Vec<usize>> = HashMap::new();
    let mut repeated = 0;
    for path in data::find_files(paths)? {
        let file = data::read(&path)?;
        // A variant that is the same game under another name (German and Brazilian) plays
        // the same positions to the same results: its games serve as they are.
        if !file.variant.rules().same_game_as(variant.rules()) {
            return Err(DataError::WrongVariant {
                path: path.display().to_string(),
                found: file.variant,
                wanted: variant,
            }
            .into());
        }
        data::check_positions(&path, &file)?;
        files.push((path, file.torn_tail));
        for game in file.games {
            // The key is a checksum: equal keys are compared record by record.
            let alike = seen.entry((game.key, game.records.len())).or_default();
            if alike.iter().any(|&i| games[i].records == game.records) {
                repeated += 1;
                continue;
            }
            alike.push(games.len());
            games.push(game);
        }
    }
    Ok(Dataset {
        variant,
        games,
        files,
        repeated,
    })
}

/// Every position's features, flattened for the optimiser.
struct Samples {
    regions: usize,
    /// Per sample, per region: the entry White sees, then the entry Black sees.
    patterns: Vec<u32>,
    dense: Vec<[f32; DENSE]>,
    /// Opening share of each weight.
    phase: Vec<f32>,
    /// +1 with White to move, −1 with Black.
    side: Vec<f32>,
    /// Drawn-ending scaling, as a fraction.
    drawish: Vec<f32>,
    target: Vec<f32>,
}

struct Raw {
    features: damier_engine::eval::learned::Features,
    result: f32,
    score: f32,
}

fn features_of(
    variant: Variant,
    view: PatternView,
    games: &[&GameBlock],
    threads: &rayon::ThreadPool,
) -> Vec<Raw> {
    let records: Vec<_> = games
        .iter()
        .flat_map(|g| g.records.iter().copied())
        .collect();
    threads.install(|| {
        with_geometry!(variant.rules().board, G => {
            let reader = FeatureReader::<G>::new(variant, view);
            records
                .par_iter()
                .map(|r| Raw {
                    features: reader.read(&r.position::<G>(variant).expect("positions were checked when read")),
                    result: r.result_for_mover(),
                    score: f32::from(r.score),
                })
                .collect()
        })
    })
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn cross_entropy(p: f32, t: f32) -> f64 {
    let p = f64::from(p).clamp(1e-7, 1.0 - 1e-7);
    let t = f64::from(t);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// Scores beyond this (forced wins) count as this for the target.
const SCORE_CAP: f32 = 2500.0;

/// The scale `K` with which the search's scores predict the results best.
fn fit_scale(raws: &[Raw]) -> f32 {
    let loss = |k: f32| -> f64 {
        raws.iter()
            .filter(|r| r.score.abs() < SCORE_CAP)
            .map(|r| cross_entropy(sigmoid(r.score / k), r.result))
            .sum()
    };
    // Golden-section search on a log scale.
    let (mut lo, mut hi) = (20f32.ln(), 3000f32.ln());
    let g = 0.618_034f32;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss(a.exp()) < loss(b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

impl Samples {
    fn new(raws: &[Raw], regions: usize, scale: f32, lambda: f32) -> Samples {
        let n = raws.len();
        let mut s = Samples {
            regions,
            patterns: Vec::with_capacity(n * regions * 2),
            dense: Vec::with_capacity(n),
            phase: Vec::with_capacity(n),
            side: Vec::with_capacity(n),
            drawish: Vec::with_capacity(n),
            target: Vec::with_capacity(n),
        };
        for r in raws {
            let f = &r.features;
            for pair in &f.patterns {
                s.patterns.extend_from_slice(pair);
            }
            s.dense.push(f.dense.map(|d| d as f32));
            s.phase.push(f.opening_share());
            s.side.push(if f.white_to_move { 1.0 } else { -1.0 });
            s.drawish.push(f.drawish as f32 / 100.0);
            let searched = sigmoid(r.score.clamp(-SCORE_CAP, SCORE_CAP) / scale);
            s.target.push(lambda * r.result + (1.0 - lambda) * searched);
        }
        s
    }

    fn len(&self) -> usize {
        self.target.len()
    }

    /// The score of sample `i` with weights `theta`, in hundredths of a man.
    fn score(&self, i: usize, theta: &[[f32; 2]], layout: &Layout) -> f32 {
        let [mut mg, mut eg] = [0f32; 2];
        let pats = &self.patterns[i * self.regions * 2..(i + 1) * self.regions * 2];
        for pair in pats.chunks_exact(2) {
            let (w, b) = (theta[pair[0] as usize], theta[pair[1] as usize]);
            mg += w[0] - b[0];
            eg += w[1] - b[1];
        }
        let base = layout.dense_entry(damier_engine::eval::learned::Dense::Men);
        for (k, &x) in self.dense[i].iter().enumerate() {
            mg += x * theta[base + k][0];
            eg += x * theta[base + k][1];
        }
        let phi = self.phase[i];
        let tempo = theta[layout.tempo_entry()];
        let white = mg * phi + eg * (1.0 - phi);
        self.drawish[i] * (self.side[i] * white + tempo[0] * phi + tempo[1] * (1.0 - phi))
    }

    /// Add the gradient of sample `i`'s loss, whose derivative by the score is `g`.
    fn add_gradient(&self, i: usize, g: f32, grad: &mut [[f32; 2]], layout: &Layout) {
        let phi = self.phase[i];
        let d = g * self.drawish[i];
        let (gm, ge) = (d * self.side[i] * phi, d * self.side[i] * (1.0 - phi));
        let pats = &self.patterns[i * self.regions * 2..(i + 1) * self.regions * 2];
        for pair in pats.chunks_exact(2) {
            let (w, b) = (pair[0] as usize, pair[1] as usize);
            grad[w][0] += gm;
            grad[w][1] += ge;
            grad[b][0] -= gm;
            grad[b][1] -= ge;
        }
        let base = layout.dense_entry(damier_engine::eval::learned::Dense::Men);
        for (k, &x) in self.dense[i].iter().enumerate() {
            grad[base + k][0] += x * gm;
            grad[base + k][1] += x * ge;
        }
        let t = layout.tempo_entry();
        grad[t][0] += d * phi;
        grad[t][1] += d * (1.0 - phi);
    }
}

/// Mean loss of `samples` with `theta`.
fn mean_loss(samples: &Samples, theta: &[[f32; 2]], layout: &Layout, scale: f32) -> f64 {
    if samples.len() == 0 {
        return f64::NAN;
    }
    let total: f64 = (0..samples.len())
        .into_par_iter()
        .with_min_len(1024)
        .map(|i| {
            cross_entropy(
                sigmoid(samples.score(i, theta, layout) / scale),
                samples.target[i],
            )
        })
        .sum::<f64>();
    total / samples.len() as f64
}

/// Fit the weights of `data`'s variant; `progress` sees each epoch and says whether to go
/// on (`false` ends training there, keeping the best epoch so far).
///
/// # Errors
/// [`TrainError`] when there are too few positions on either side of the split, or the
/// thread pool cannot start.
pub fn train(
    data: &Dataset,
    cfg: &Config,
    progress: &mut dyn FnMut(&Epoch) -> bool,
) -> Result<Trained, TrainError> {
    cfg.check()?;
    let variant = data.variant;
    let layout = Layout::of(variant.rules().board);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.clamp(1, 256))
        .build()
        .map_err(|e| TrainError::Threads(e.to_string()))?;
    let (valid, train): (Vec<&GameBlock>, Vec<&GameBlock>) = data.games.iter().partition(|g| {
        splitmix(u64::from(g.key) ^ cfg.seed) % 100 < u64::from(cfg.validation_percent)
    });
    let train_raw = features_of(variant, cfg.view, &train, &pool);
    let valid_raw = features_of(variant, cfg.view, &valid, &pool);
    if train_raw.len() < 100 || valid_raw.is_empty() {
        return Err(TrainError::NoData(format!(
            "too few positions to learn from: {} for training and {} for validation in {} games \
             (play more games with damier selfplay)",
            train_raw.len(),
            valid_raw.len(),
            data.games.len()
        )));
    }
    let scale = cfg
        .scale
        .unwrap_or_else(|| pool.install(|| fit_scale(&train_raw)));
    let train_set = Samples::new(&train_raw, layout.regions.len(), scale, cfg.lambda);
    let valid_set = Samples::new(&valid_raw, layout.regions.len(), scale, cfg.lambda);
    drop((train_raw, valid_raw));

    let entries = layout.entries();
    let mut theta: Vec<[f32; 2]> = match &cfg.init {
        Some(w) => w.centimen(),
        None => material_only(variant, 250.0),
    };
    let patterns_end = layout.regions.len() * CONFIGS;
    let learnable = |e: usize| cfg.patterns || e >= patterns_end;
    // What the global terms are pulled back towards (see `Config::l2_global`).
    let start = theta.clone();
    // The penalty of each entry, as a share of one position's loss (see `Config::l2`).
    let penalty = |e: usize| {
        let per_weight = if e < patterns_end {
            cfg.l2
        } else {
            cfg.l2_global
        };
        per_weight / train_set.len() as f32
    };
    let start_loss = pool.install(|| mean_loss(&valid_set, &theta, layout, scale));
    let mean_target =
        valid_set.target.iter().map(|&t| f64::from(t)).sum::<f64>() / valid_set.len() as f64;
    let constant_loss = valid_set
        .target
        .iter()
        .map(|&t| cross_entropy(mean_target as f32, t))
        .sum::<f64>()
        / valid_set.len() as f64;

    let mut best = (start_loss, 0usize, theta.clone());
    let mut m = vec![[0f32; 2]; entries];
    let mut v = vec![[0f32; 2]; entries];
    let mut grad = vec![[0f32; 2]; entries];
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    let mut order: Vec<usize> = (0..train_set.len()).collect();
    let mut rng = splitmix(cfg.seed ^ 0xD1CE);
    let batch = cfg.batch.max(1);
    let total_steps = (cfg.epochs * order.len().div_ceil(batch)).max(1) as f32;
    let mut epochs_run = 0;
    for epoch in 1..=cfg.epochs {
        let started = Instant::now();
        // Fisher–Yates with the seeded generator.
        for i in (1..order.len()).rev() {
            rng = splitmix(rng);
            order.swap(i, (rng % (i as u64 + 1)) as usize);
        }
        let mut train_loss = 0f64;
        for chunk in order.chunks(batch) {
            let (errors, losses): (Vec<f32>, Vec<f64>) = pool.install(|| {
                chunk
                    .par_iter()
                    .with_min_len(256)
                    .map(|&i| {
                        let p = sigmoid(train_set.score(i, &theta, layout) / scale);
                        let t = train_set.target[i];
                        ((p - t) / scale, cross_entropy(p, t))
                    })
                    .unzip()
            });
            train_loss += losses.iter().sum::<f64>();
            grad.iter_mut().for_each(|g| *g = [0.0; 2]);
            for (&i, &g) in chunk.iter().zip(&errors) {
                train_set.add_gradient(i, g, &mut grad, layout);
            }
            step += 1;
            let lr = cfg.learning_rate * (1.0 - 0.9 * (step as f32 - 1.0) / total_steps);
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            let inv = 1.0 / chunk.len() as f32;
            pool.install(|| {
                theta
                    .par_iter_mut()
                    .zip(m.par_iter_mut())
                    .zip(v.par_iter_mut())
                    .zip(grad.par_iter())
                    .enumerate()
                    .with_min_len(4096)
                    .for_each(|(e, (((w, m), v), g))| {
                        if !learnable(e) {
                            return;
                        }
                        for k in 0..2 {
                            let prior = if e < patterns_end { 0.0 } else { start[e][k] };
                            let gk = g[k] * inv + penalty(e) * (w[k] - prior);
                            m[k] = beta1 * m[k] + (1.0 - beta1) * gk;
                            v[k] = beta2 * v[k] + (1.0 - beta2) * gk * gk;
                            w[k] -= lr * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
                        }
                    })
            });
        }
        let validation_loss = pool.install(|| mean_loss(&valid_set, &theta, layout, scale));
        let improved = validation_loss < best.0;
        if improved {
            best = (validation_loss, epoch, theta.clone());
        }
        epochs_run = epoch;
        let go_on = progress(&Epoch {
            epoch,
            epochs: cfg.epochs,
            train_loss: train_loss / train_set.len() as f64,
            validation_loss,
            best: improved,
            seconds: started.elapsed().as_secs_f64(),
        });
        if !go_on {
            break;
        }
    }
    let (best_loss, best_epoch, theta) = best;
    let mut notes = format!(
        "damier train: {} positions of {} games ({} for validation), lambda {}, {} epochs \
         (best {best_epoch}), validation loss {best_loss:.5} (start {start_loss:.5}), scale {scale:.1}, seed {}",
        train_set.len() + valid_set.len(),
        data.games.len(),
        valid_set.len(),
        cfg.lambda,
        epochs_run,
        cfg.seed
    );
    if cfg.l2_global > 0.0 {
        notes += &format!(", l2-global {}", cfg.l2_global);
    }
    notes += &format!(", regions see {}", cfg.view);
    Ok(Trained {
        weights: Weights::from_centimen(variant, cfg.view, &theta, scale, &notes),
        games: data.games.len(),
        train_positions: train_set.len(),
        validation_positions: valid_set.len(),
        scale,
        start_loss,
        best_loss,
        best_epoch,
        epochs_run,
        constant_loss,
    })
}
