//! `selfplay.json`: the folder's variant, the number of its first game and the settings of
//! each run. Every change replaces the whole file at once (`damier_game::replace_file`), so a
//! run stopped while writing it (killed, power lost, disk full) leaves the old settings, never
//! part of the new.

use super::{file_error, Config, SelfplayError, SETTINGS_FILE};
use damier_game::replace_file;
use serde_json::{json, Map, Value};
use std::io;
use std::path::{Path, PathBuf};

/// A folder's settings, as read and as they will be written.
pub(super) struct Settings {
    path: PathBuf,
    /// An object with `variant`, `first_game` and `runs` (a list of objects).
    fields: Map<String, Value>,
}

impl Settings {
    /// The settings of the folder `dir` (new ones for a new folder, written with the first
    /// run noted); a folder of another variant or of another part of a run is refused.
    ///
    /// # Errors
    /// [`SelfplayError`] when the file cannot be read or is not a folder's settings (naming
    /// what is wrong), or the folder is another variant's or another part's.
    pub(super) fn open(dir: &Path, cfg: &Config) -> Result<Settings, SelfplayError> {
        let path = dir.join(SETTINGS_FILE);
        let fields = match std::fs::read_to_string(&path) {
            Ok(text) => parse(&path, &text)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let mut fields = Map::new();
                fields.insert("variant".into(), json!(cfg.variant.to_string()));
                fields.insert("first_game".into(), json!(cfg.game_offset + 1));
                fields.insert("runs".into(), json!([]));
                fields
            }
            Err(e) => return Err(file_error(&path, e)),
        };
        let found = fields
            .get("variant")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if found != cfg.variant.to_string() {
            return Err(SelfplayError::WrongVariant {
                path: dir.display().to_string(),
                found: found.to_string(),
                wanted: cfg.variant,
            });
        }
        let first = fields
            .get("first_game")
            .and_then(Value::as_u64)
            .unwrap_or(1);
        if first != cfg.game_offset as u64 + 1 {
            return Err(SelfplayError::OtherPart {
                path: dir.display().to_string(),
                found: first,
                wanted: cfg.game_offset as u64 + 1,
            });
        }
        Ok(Settings { path, fields })
    }

    /// Add a run from game `before + 1` of the folder to the games asked for, and write the
    /// settings.
    ///
    /// # Errors
    /// [`SelfplayError::File`] when the file cannot be written (the old one is left whole).
    pub(super) fn note_run(&mut self, cfg: &Config, before: usize) -> Result<(), SelfplayError> {
        let limits = match (cfg.limits.nodes, cfg.limits.depth) {
            (Some(n), _) => json!({ "nodes": n }),
            (None, Some(d)) => json!({ "depth": d }),
            _ => json!(null),
        };
        let run = json!({
            "from_game": cfg.game_offset + before + 1,
            "to_game": cfg.game_offset + cfg.games,
            "limits": limits,
            "seed": cfg.seed,
            "eval": cfg.eval.describe(),
            "noise": cfg.noise,
            "noise_plies": cfg.noise_plies,
            "max_plies": cfg.max_plies,
            "openings": match &cfg.openings {
                Some(file) => json!({
                    "file": file.path,
                    "sha256": file.sha256,
                    "count": file.openings.len(),
                }),
                None => json!("random walks (ballots in english)"),
            },
        });
        self.runs().push(run);
        self.save()
    }

    /// Correct the run noted last, stopped after `played` games that follow game `after`: it
    /// ends there, or, having played none, is no run at all.
    ///
    /// # Errors
    /// [`SelfplayError::File`] when the file cannot be written (the old one is left whole).
    pub(super) fn end_run(&mut self, after: usize, played: usize) -> Result<(), SelfplayError> {
        let runs = self.runs();
        if played == 0 {
            runs.pop();
        } else if let Some(run) = runs.last_mut().and_then(Value::as_object_mut) {
            run.insert("to_game".into(), json!(after + played));
            run.insert("stopped".into(), json!(true));
        }
        self.save()
    }

    fn runs(&mut self) -> &mut Vec<Value> {
        let runs = self.fields.entry("runs").or_insert_with(|| json!([]));
        if !runs.is_array() {
            *runs = json!([]);
        }
        runs.as_array_mut().expect("made an array above")
    }

    fn save(&self) -> Result<(), SelfplayError> {
        let text = serde_json::to_string_pretty(&self.fields).expect("JSON values serialise");
        replace_file(&self.path, |file| {
            io::Write::write_all(file, format!("{text}\n").as_bytes())
        })
        .map_err(|e| file_error(&self.path, e))
    }
}

/// The fields of a settings file, checked: an object with a variant, a first game number if
/// any, and a list of runs if any.
fn parse(path: &Path, text: &str) -> Result<Map<String, Value>, SelfplayError> {
    let damaged = |what: String| {
        file_error(
            path,
            format!("not the settings of a self-play folder: {what}"),
        )
    };
    let value: Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            file_error(
                path,
                format!(
                    "cut short ({e}), perhaps by a run of an earlier Damier stopped while \
                     writing it; removing the file starts the settings afresh and keeps the games"
                ),
            )
        } else {
            damaged(e.to_string())
        }
    })?;
    let Value::Object(mut fields) = value else {
        return Err(damaged("not a JSON object".into()));
    };
    if !fields.get("variant").is_some_and(Value::is_string) {
        return Err(damaged("no \"variant\"".into()));
    }
    // Folders from before offsets existed start at game 1.
    match fields.get("first_game") {
        None => {
            fields.insert("first_game".into(), json!(1));
        }
        Some(n) if n.as_u64().is_some_and(|n| n >= 1) => {}
        Some(n) => return Err(damaged(format!("\"first_game\" is {n}, not a game number"))),
    }
    match fields.get("runs") {
        None => {
            fields.insert("runs".into(), json!([]));
        }
        Some(Value::Array(runs)) if runs.iter().all(Value::is_object) => {}
        Some(_) => return Err(damaged("\"runs\" is not a list of runs".into())),
    }
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::Config;
    use damier_core::Variant;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("damier-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn damaged_settings_are_named_errors_not_panics() {
        let dir = scratch("damaged");
        let cfg = Config::new(Variant::INTERNATIONAL, 4);
        let path = dir.join(SETTINGS_FILE);
        let whole =
            "{\n  \"variant\": \"international\",\n  \"first_game\": 1,\n  \"runs\": []\n}\n";
        for (text, says) in [
            (&whole[..whole.len() / 2], "cut short"),
            ("[1, 2]", "not a JSON object"),
            ("{\"runs\": []}", "no \"variant\""),
            (
                "{\"variant\": \"international\", \"first_game\": -3}",
                "\"first_game\" is -3",
            ),
            (
                "{\"variant\": \"international\", \"runs\": [1]}",
                "\"runs\" is not a list of runs",
            ),
        ] {
            std::fs::write(&path, text).unwrap();
            let e = Settings::open(&dir, &cfg).err().unwrap().to_string();
            assert!(
                e.contains("selfplay.json") && e.contains(says),
                "{text}: {e}"
            );
        }
        // Settings from before first games were numbered, or without runs, are taken.
        std::fs::write(&path, "{\"variant\": \"international\"}").unwrap();
        let mut settings = Settings::open(&dir, &cfg).unwrap();
        settings.note_run(&cfg, 0).unwrap();
        settings.end_run(0, 2).unwrap();
        let written: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(written["first_game"], 1);
        assert_eq!(written["runs"][0]["to_game"], 2);
        assert_eq!(written["runs"][0]["stopped"], true);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
