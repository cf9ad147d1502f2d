//! Saving the game as PDN.

use super::Session;
use crate::clock_text::control_spec;
use damier_core::{Color, Variant};
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::{replace_file, TimeControl};
use std::io::Write;
use std::path::{Path, PathBuf};

impl Session {
    /// Save the game to `path`, or where it was saved before, or to a new file named after the
    /// variant and the time. A file this session did not write is never replaced.
    pub(super) fn save(&mut self, path: Option<PathBuf>) {
        let path = match path.or_else(|| self.save_path.clone()) {
            Some(p) => p,
            None => fresh_name(self.game().variant()),
        };
        if path.exists() && !self.written.iter().any(|(p, _)| *p == path) {
            return self.warn(format!(
                "{} already exists; save to another name (it is not replaced).",
                path.display()
            ));
        }
        let text = pdn::write_game(&self.record(), &WriteOptions::default());
        match replace_file(&path, |file| file.write_all(text.as_bytes())) {
            Ok(()) => {
                self.saved_revision = self.revision;
                self.written.retain(|(p, _)| *p != path);
                self.written.push((path.clone(), self.revision));
                self.info(format!("Saved the game to {}.", path.display()));
                self.save_path = Some(path);
            }
            Err(e) => self.warn(format!("Cannot save to {}: {e}.", path.display())),
        }
    }

    /// Write the game as it stands to the file named with `--save`, unless that file holds it
    /// already. A failure is also kept for the caller to report after the game, as the
    /// session may be gone by then; a later success clears it.
    pub(super) fn save_to_named_file(&mut self) {
        let Some(path) = self.save_at_end.clone() else {
            return;
        };
        let holds = |s: &Session| s.written.contains(&(path.clone(), s.revision));
        if holds(self) {
            return;
        }
        self.save(Some(path.clone()));
        let failure =
            (!holds(self)).then(|| format!("the game could not be saved to {}", path.display()));
        *self.save_failure.lock().unwrap_or_else(|e| e.into_inner()) = failure;
    }

    /// The game as a PDN record: who played, when, on what clock; tags given at the start
    /// (those of a continued PDN game) win.
    fn record(&self) -> PdnGame {
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), "Casual game".into()),
            ("Site".into(), "Damier".into()),
            ("Date".into(), pdn::date_today()),
            ("White".into(), self.player(Color::White).name(self.depth)),
            ("Black".into(), self.player(Color::Black).name(self.depth)),
        ];
        if self.control != TimeControl::Unlimited {
            tags.push(("TimeControl".into(), control_spec(self.control)));
        }
        // A continued PDN game's own tags win, but not its placeholders.
        for (name, value) in self
            .tags
            .iter()
            .filter(|(_, v)| !v.trim_matches(['?', '.']).is_empty())
        {
            match tags.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
                Some((_, v)) => v.clone_from(value),
                None => tags.push((name.clone(), value.clone())),
            }
        }
        PdnGame::from_game(self.game(), &tags)
    }
}

/// `damier-<variant>-<date>-<time>.pdn` in the working directory, numbered if taken.
fn fresh_name(variant: Variant) -> PathBuf {
    let secs = pdn::unix_seconds();
    let (y, m, d) = pdn::civil_date(secs / 86_400);
    let t = secs % 86_400;
    let stem = format!(
        "damier-{variant}-{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        t / 3600,
        t / 60 % 60,
        t % 60
    );
    let mut path = PathBuf::from(format!("{stem}.pdn"));
    let mut n = 2;
    while Path::new(&path).exists() {
        path = PathBuf::from(format!("{stem}-{n}.pdn"));
        n += 1;
    }
    path
}
