//! What training and self-play say of their runs: the data read, each epoch, the weights
//! kept, a self-play folder's new games. Front ends print these lines as they are.

use crate::data::DataError;
use crate::selfplay::{SelfplayError, Summary, PDN_FILE};
use crate::train::{Dataset, Epoch, TrainError, Trained};
use damier_core::Variant;
use damier_engine::{EvalChoice, Weights, WeightsError};
use std::fmt;
use std::path::Path;
use std::sync::Arc;

impl Dataset {
    /// What reading the files left out or merged, a sentence each: a torn last game, games
    /// read twice.
    pub fn notes(&self) -> Vec<String> {
        let torn = self
            .files
            .iter()
            .filter(|(_, torn)| *torn)
            .map(|(path, _)| {
                format!(
                    "{}: its last game was cut short (a run stopped while writing); left out",
                    path.display()
                )
            });
        let repeated = (self.repeated > 0).then(|| {
            format!(
                "{} games were read twice (a file listed twice, or runs alike in every setting, \
                 the seed too) and are counted once",
                self.repeated
            )
        });
        torn.chain(repeated).collect()
    }

    /// What was read, for training `variant`, in `seconds`.
    pub fn summary(&self, variant: Variant, seconds: f64) -> String {
        format!(
            "{variant}: {} positions of {} games in {} files, read in {seconds:.1}s",
            self.positions(),
            self.games.len(),
            self.files.len()
        )
    }
}

impl fmt::Display for Epoch {
    /// `epoch   3/20  train loss 0.61234  validation loss 0.61876 *  (2.1s)`; the star marks
    /// the best epoch so far.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "epoch {:>3}/{}  train loss {:.5}  validation loss {:.5}{}  ({:.1}s)",
            self.epoch,
            self.epochs,
            self.train_loss,
            self.validation_loss,
            if self.best { " *" } else { "" },
            self.seconds
        )
    }
}

impl Trained {
    /// The line for a run stopped before the `asked` epochs; `None` when it ran them all.
    pub fn stopped_line(&self, asked: usize) -> Option<String> {
        (self.epochs_run < asked)
            .then(|| format!("stopped after epoch {} of {asked}", self.epochs_run))
    }

    /// The warning for weights no epoch improved on, saved to `out`.
    pub fn unimproved_note(&self, out: &Path) -> Option<String> {
        (self.best_epoch == 0).then(|| {
            format!(
                "no epoch improved the validation loss: {} holds the starting weights",
                out.display()
            )
        })
    }

    /// The closing line: the weights kept in `out`, their losses, the positions, the scale
    /// and the `seconds` the whole run took.
    pub fn summary(&self, out: &Path, seconds: f64) -> String {
        format!(
            "{}: epoch {} kept, validation loss {:.5} (start {:.5}, knowing nothing {:.5}); \
             {} training and {} validation positions; scale {:.1}; {seconds:.1}s in all",
            out.display(),
            self.best_epoch,
            self.best_loss,
            self.start_loss,
            self.constant_loss,
            self.train_positions,
            self.validation_positions,
            self.scale
        )
    }

    /// The kept weights' global terms as a table, in hundredths of a man.
    pub fn global_terms_table(&self) -> String {
        let mut table = String::from("global terms, hundredths of a man (opening, ending):");
        for (name, [opening, ending]) in self.weights.global_terms() {
            table.push_str(&format!("\n  {name:<26}{opening:>8.1}{ending:>8.1}"));
        }
        table
    }
}

impl TrainError {
    /// Whether the error is about the data named (a path with no training file, a file of
    /// another kind or variant, one that cannot be read), rather than a failure while
    /// training: a mistake in what was asked.
    pub fn is_about_the_data(&self) -> bool {
        matches!(
            self,
            TrainError::Data(
                DataError::NoFiles { .. }
                    | DataError::NotTraining { .. }
                    | DataError::WrongVariant { .. }
                    | DataError::Io { .. }
            )
        )
    }
}

/// Why training cannot start from the weights asked for.
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    /// The hand-set evaluation was named.
    #[error(
        "the hand-set evaluation has no weights to start from (give a weights file, or builtin)"
    )]
    Classic,
    /// The weights file cannot be used.
    #[error(transparent)]
    Weights(#[from] WeightsError),
}

/// The weights training starts from: none (material only), `builtin` (those compiled in for
/// `variant`, if any), or a weights file, which must be for `variant` — read as every
/// `--eval` is ([`EvalChoice::parse`]), the hand-set evaluation refused.
///
/// # Errors
/// [`InitError`] for `classic` or a file that cannot be used.
pub fn initial_weights(
    text: Option<&str>,
    variant: Variant,
) -> Result<Option<Arc<Weights>>, InitError> {
    let Some(text) = text else {
        return Ok(None);
    };
    match EvalChoice::parse(text, Some(variant))? {
        EvalChoice::Builtin => Ok(damier_engine::eval::learned::builtin(variant)),
        EvalChoice::Classic => Err(InitError::Classic),
        EvalChoice::Weights(weights) => Ok(Some(weights)),
    }
}

impl Summary {
    /// What a run into the folder `dir`, asked to fill it to `asked` games, did, a line
    /// each: what it cut, the games it added, whether it stopped early.
    pub fn lines(&self, dir: &Path, asked: usize) -> Vec<String> {
        let mut lines = Vec::new();
        if self.cut_bytes > 0 {
            lines.push(format!(
                "{}: cut {} bytes of a game torn when an earlier run stopped while writing it",
                dir.display(),
                self.cut_bytes
            ));
        }
        if let Some(note) = self.pdn.cut_note() {
            lines.push(format!("{}: {note}", dir.join(PDN_FILE).display()));
        }
        lines.push(format!(
            "{}: {} games ({} new: White +{} ={} Black +{}), {} new positions",
            dir.display(),
            self.before + self.played,
            self.played,
            self.white_wins,
            self.draws,
            self.black_wins,
            self.positions
        ));
        if self.stopped {
            lines.push(format!(
                "stopped before {asked} games: the same command goes on from here"
            ));
        }
        lines
    }

    /// The warning for games of the folder `dir`'s training file its PDN file lacks.
    pub fn warning(&self, dir: &Path) -> Option<String> {
        let note = self.pdn.missing_note()?;
        Some(format!("{} {note}", dir.join(PDN_FILE).display()))
    }
}

impl SelfplayError {
    /// Whether the error is about the folder named (another variant's, another part of a
    /// run), a mistake in what was asked rather than a failure.
    pub fn is_about_the_folder(&self) -> bool {
        matches!(
            self,
            SelfplayError::WrongVariant { .. } | SelfplayError::OtherPart { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::PdnRepair;
    use damier_engine::eval::learned::material_only;
    use damier_engine::PatternView;
    use std::path::PathBuf;

    #[test]
    fn the_data_read_is_summed_up_with_what_was_left_out() {
        let data = Dataset {
            variant: "brazilian".parse().unwrap(),
            games: Vec::new(),
            files: vec![
                (PathBuf::from("a.dtp"), false),
                (PathBuf::from("b.dtp"), true),
            ],
            repeated: 2,
        };
        let notes = data.notes();
        assert_eq!(notes.len(), 2);
        assert!(
            notes[0].starts_with("b.dtp: its last game was cut short"),
            "{}",
            notes[0]
        );
        assert!(
            notes[1].starts_with("2 games were read twice"),
            "{}",
            notes[1]
        );
        // The variant asked for is said, not the files' (German trains on Brazilian games).
        assert_eq!(
            data.summary("german".parse().unwrap(), 1.25),
            "german: 0 positions of 0 games in 2 files, read in 1.2s"
        );
        let clean = Dataset {
            files: vec![(PathBuf::from("a.dtp"), false)],
            repeated: 0,
            ..data
        };
        assert!(clean.notes().is_empty());
    }

    #[test]
    fn an_epoch_is_a_line_with_its_losses() {
        let mut e = Epoch {
            epoch: 3,
            epochs: 20,
            train_loss: 0.612_344,
            validation_loss: 0.618_76,
            best: true,
            seconds: 2.06,
        };
        assert_eq!(
            e.to_string(),
            "epoch   3/20  train loss 0.61234  validation loss 0.61876 *  (2.1s)"
        );
        e.best = false;
        assert!(e.to_string().contains("0.61876  (2.1s)"));
    }

    fn trained(epochs_run: usize, best_epoch: usize) -> Trained {
        let variant: Variant = "english".parse().unwrap();
        Trained {
            weights: Weights::from_centimen(
                variant,
                PatternView::Pieces,
                &material_only(variant, 250.0),
                120.0,
                "",
            ),
            epochs_run,
            games: 10,
            train_positions: 900,
            validation_positions: 100,
            scale: 98.76,
            start_loss: 0.7,
            best_loss: 0.65,
            best_epoch,
            constant_loss: 0.69,
        }
    }

    #[test]
    fn a_training_run_closes_with_the_weights_kept() {
        let out = Path::new("w.weights");
        let t = trained(4, 0);
        assert_eq!(
            t.stopped_line(5).as_deref(),
            Some("stopped after epoch 4 of 5")
        );
        assert_eq!(t.stopped_line(4), None);
        assert_eq!(
            t.unimproved_note(out).as_deref(),
            Some("no epoch improved the validation loss: w.weights holds the starting weights")
        );
        assert_eq!(trained(4, 2).unimproved_note(out), None);
        assert_eq!(
            t.summary(out, 12.34),
            "w.weights: epoch 0 kept, validation loss 0.65000 (start 0.70000, knowing nothing \
             0.69000); 900 training and 100 validation positions; scale 98.8; 12.3s in all"
        );
        let table = t.global_terms_table();
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(
            lines[0],
            "global terms, hundredths of a man (opening, ending):"
        );
        assert_eq!(lines.len(), 1 + t.weights.global_terms().len());
        // Material only: a man is worth 100 in the opening and the ending.
        assert!(
            lines.iter().any(|l| l.ends_with("   100.0   100.0")),
            "{table}"
        );
    }

    #[test]
    fn training_starts_from_nothing_the_builtin_weights_or_a_file() {
        let variant: Variant = "international".parse().unwrap();
        assert!(initial_weights(None, variant).unwrap().is_none());
        assert!(initial_weights(Some("builtin"), variant).unwrap().is_some());
        assert!(matches!(
            initial_weights(Some("classic"), variant),
            Err(InitError::Classic)
        ));
        let missing = initial_weights(Some("/no/such/file.weights"), variant).unwrap_err();
        assert!(
            matches!(missing, InitError::Weights(WeightsError::Io { .. })),
            "{missing}"
        );
    }

    #[test]
    fn training_starts_from_nothing_the_builtin_weights_or_a_file_never_classic() {
        let english: Variant = "english".parse().unwrap();
        assert!(initial_weights(None, english).unwrap().is_none());
        let builtin = initial_weights(Some("builtin"), english).unwrap().unwrap();
        assert_eq!(builtin.variant(), english);
        assert!(matches!(
            initial_weights(Some("classic"), english),
            Err(InitError::Classic)
        ));
        assert!(matches!(
            initial_weights(Some("/no/such.weights"), english),
            Err(InitError::Weights(_))
        ));
    }

    #[test]
    fn a_selfplay_run_says_what_it_cut_and_added() {
        let dir = Path::new("run");
        let mut s = Summary {
            before: 4,
            played: 2,
            positions: 80,
            white_wins: 1,
            draws: 1,
            black_wins: 0,
            ..Summary::default()
        };
        assert_eq!(
            s.lines(dir, 6),
            ["run: 6 games (2 new: White +1 =1 Black +0), 80 new positions"]
        );
        assert_eq!(s.warning(dir), None);
        s.stopped = true;
        s.cut_bytes = 17;
        s.pdn = PdnRepair {
            cut_bytes: 40,
            cut_games: 0,
            torn: 1,
            missing: vec![3..=3],
        };
        let lines = s.lines(dir, 10);
        assert_eq!(lines.len(), 4);
        assert!(
            lines[0].starts_with("run: cut 17 bytes of a game torn"),
            "{}",
            lines[0]
        );
        assert!(lines[1].starts_with(&format!("{}: cut 40 bytes", dir.join(PDN_FILE).display())));
        assert_eq!(
            lines[3],
            "stopped before 10 games: the same command goes on from here"
        );
        let warning = s.warning(dir).unwrap();
        assert!(
            warning.contains("games.pdn lacks game 3, whose positions are in"),
            "{warning}"
        );
    }
}
