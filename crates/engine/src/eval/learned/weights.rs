//! The learned evaluation's weights as data, and their file format.
//!
//! A weights file (`docs/weights-format.md` describes it byte by byte):
//!
//! ```text
//! magic "DAMIEREV" | format u16 | variant id (u8 length, UTF-8) | board u8 | regions u16 |
//! terms u16 | pattern view u8 (format 2 on) | scale f32 | notes (u16 length, UTF-8) |
//! payload length u32 | CRC-32 u32 |
//! payload: DEFLATE of the weights, i16 little-endian, (opening, ending) per entry
//! ```
//!
//! All numbers are little-endian. The file names its variant, so weights are never applied
//! to another game by mistake, and its layout, so a file from another version of the
//! features is refused rather than misread.

use super::layout::{Dense, Layout, PatternView, DENSE};
use damier_core::{BoardKind, Variant};
use damier_game::{CutShort, LeReader};
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use std::io::{Read, Write};
use std::path::Path;

/// The first bytes of every weights file.
pub const MAGIC: &[u8; 8] = b"DAMIEREV";
/// The version of the format and of the features this program writes; it reads every
/// version from 1 (whose regions see men only) up to this one.
pub const FORMAT: u16 = 2;
/// The largest pattern weight, in hundredths of a man: two of them differ by less than an
/// `i16` holds in [`UNIT`]s, which lets the evaluation merge both sides' lookups into one.
pub const PATTERN_LIMIT: f32 = 2000.0;

/// Weights are stored in this fraction of a hundredth of a man, so that small terms counted
/// many times (tempo, mobility) keep their precision.
pub const UNIT: i32 = 8;

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read or written.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        reason: std::io::Error,
    },
    /// The file does not start as a weights file does.
    #[error("not a Damier weights file (it does not start with DAMIEREV)")]
    NotWeights,
    /// Another version of the format.
    #[error("weights format {found}, this program reads formats 1 to {FORMAT}")]
    Format {
        /// The file's format.
        found: u16,
    },
    /// The file ends early.
    #[error("the weights file is truncated (it ends inside {part})")]
    Truncated {
        /// Which part was being read.
        part: &'static str,
    },
    /// The payload does not match its checksum.
    #[error("the weights file is corrupt (its checksum does not match)")]
    Checksum,
    /// The checksum matches but what it holds cannot be weights.
    #[error("the weights file is damaged: {0}")]
    Damaged(String),
    /// The variant named in the file is unknown.
    #[error("the weights file names an unknown variant '{0}'")]
    UnknownVariant(String),
    /// The layout recorded does not match this program's for that board.
    #[error("the weights file has {found}, this program's evaluation of {variant} has {expected}")]
    Layout {
        /// The file's variant.
        variant: Variant,
        /// What the file records.
        found: String,
        /// What this program expects.
        expected: String,
    },
    /// Weights for another variant than the one in use.
    #[error("the weights are for {found}, not {wanted}")]
    WrongVariant {
        /// The file's variant.
        found: Variant,
        /// The variant being played.
        wanted: Variant,
    },
}

/// The weights of one variant's learned evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    variant: Variant,
    /// What the pattern tables were fitted to see.
    view: PatternView,
    /// Hundredths of a man per unit of the logistic model's log-odds: a score `s` predicts
    /// a win with probability `1 / (1 + exp(-s / scale))`.
    scale: f32,
    notes: String,
    /// (opening, ending) per entry of the layout, in [`UNIT`]s.
    values: Vec<[i16; 2]>,
}

fn board_code(kind: BoardKind) -> u8 {
    match kind {
        BoardKind::Diagonal8 => 0,
        BoardKind::Diagonal10 => 1,
        BoardKind::Diagonal12 => 2,
        BoardKind::Orthogonal8 => 3,
    }
}

impl From<CutShort> for WeightsError {
    fn from(e: CutShort) -> WeightsError {
        WeightsError::Truncated { part: e.part }
    }
}

impl Weights {
    /// Weights of `variant` whose regions see `view`, from values in hundredths of a man,
    /// (opening, ending) per entry of the layout, rounded to the stored precision.
    ///
    /// # Panics
    /// If `values` does not have the layout's number of entries (a caller error).
    pub fn from_centimen(
        variant: Variant,
        view: PatternView,
        values: &[[f32; 2]],
        scale: f32,
        notes: &str,
    ) -> Weights {
        let layout = Layout::of(variant.rules().board);
        assert_eq!(values.len(), layout.entries(), "one pair per entry");
        let patterns = layout.regions.len() * super::layout::CONFIGS;
        let round = |v: f32, limit: f32| (v.clamp(-limit, limit) * UNIT as f32).round() as i16;
        let values = values
            .iter()
            .enumerate()
            .map(|(i, &[a, b])| {
                let limit = if i < patterns { PATTERN_LIMIT } else { 4000.0 };
                [round(a, limit), round(b, limit)]
            })
            .collect();
        Weights {
            variant,
            view,
            scale,
            notes: notes.to_string(),
            values,
        }
    }

    /// The variant the weights are for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// What the pattern tables see: men only, or men and kings.
    pub fn view(&self) -> PatternView {
        self.view
    }

    /// Hundredths of a man per unit of log-odds of winning.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// How the weights were made (the training command's summary).
    pub fn notes(&self) -> &str {
        &self.notes
    }

    /// The stored (opening, ending) pairs, in [`UNIT`]s.
    pub fn values(&self) -> &[[i16; 2]] {
        &self.values
    }

    /// The weights in hundredths of a man, (opening, ending) per entry.
    pub fn centimen(&self) -> Vec<[f32; 2]> {
        let u = UNIT as f32;
        self.values
            .iter()
            .map(|&[a, b]| [f32::from(a) / u, f32::from(b) / u])
            .collect()
    }

    /// The global terms (every [`Dense`] term, then the side to move's bonus as `side to
    /// move`), each with its name and its (opening, ending) value in hundredths of a man: the
    /// numbers that show a wild fit (a king worth less than a man) at a glance.
    pub fn global_terms(&self) -> Vec<(&'static str, [f32; 2])> {
        let layout = Layout::of(self.variant.rules().board);
        let values = self.centimen();
        Dense::ALL
            .iter()
            .map(|&term| (term.name(), values[layout.dense_entry(term)]))
            .chain([("side to move", values[layout.tempo_entry()])])
            .collect()
    }

    /// Refuse weights made for another variant than `wanted`.
    ///
    /// # Errors
    /// [`WeightsError::WrongVariant`].
    pub fn check_variant(&self, wanted: Variant) -> Result<(), WeightsError> {
        if self.variant == wanted {
            Ok(())
        } else {
            Err(WeightsError::WrongVariant {
                found: self.variant,
                wanted,
            })
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut raw = Vec::with_capacity(self.values.len() * 4);
        for pair in &self.values {
            for v in pair {
                raw.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut encoder = DeflateEncoder::new(Vec::new(), Compression::best());
        encoder
            .write_all(&raw)
            .expect("compressing into memory cannot fail");
        let payload = encoder
            .finish()
            .expect("compressing into memory cannot fail");
        let layout = Layout::of(self.variant.rules().board);
        let id = self.variant.to_string();
        let notes = &self.notes.as_bytes()[..self.notes.len().min(u16::MAX as usize)];
        let mut out = Vec::with_capacity(payload.len() + 64 + notes.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT.to_le_bytes());
        out.push(id.len() as u8);
        out.extend_from_slice(id.as_bytes());
        out.push(board_code(layout.kind));
        out.extend_from_slice(&(layout.regions.len() as u16).to_le_bytes());
        out.extend_from_slice(&(DENSE as u16).to_le_bytes());
        out.push(self.view.code());
        out.extend_from_slice(&self.scale.to_le_bytes());
        out.extend_from_slice(&(notes.len() as u16).to_le_bytes());
        out.extend_from_slice(notes);
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Read weights from a file's bytes.
    ///
    /// # Errors
    /// [`WeightsError`] saying what is wrong: not a weights file, another format, truncated,
    /// corrupt, an unknown variant or another layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let mut r = LeReader::new(bytes);
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        r.take(MAGIC.len(), "the magic")?;
        let found = r.u16("the format")?;
        if !(1..=FORMAT).contains(&found) {
            return Err(WeightsError::Format { found });
        }
        let len = r.u8("the variant")? as usize;
        let id = r.text(len, "the variant")?;
        let variant: Variant = id
            .parse()
            .map_err(|_| WeightsError::UnknownVariant(id.clone()))?;
        let layout = Layout::of(variant.rules().board);
        let board = r.u8("the layout")?;
        let regions = r.u16("the layout")?;
        let terms = r.u16("the layout")?;
        if board != board_code(layout.kind)
            || usize::from(regions) != layout.regions.len()
            || usize::from(terms) != DENSE
        {
            return Err(WeightsError::Layout {
                variant,
                found: format!("board {board}, {regions} regions and {terms} terms"),
                expected: format!(
                    "board {}, {} regions and {DENSE} terms",
                    board_code(layout.kind),
                    layout.regions.len()
                ),
            });
        }
        let view = if found == 1 {
            PatternView::Men
        } else {
            let code = r.u8("the pattern view")?;
            PatternView::from_code(code).ok_or_else(|| {
                WeightsError::Damaged(format!(
                    "its pattern view {code} is neither men (0) nor pieces (1)"
                ))
            })?
        };
        let scale = r.f32("the scale")?;
        let notes_len = r.u16("the notes")? as usize;
        let notes = r.text(notes_len, "the notes")?;
        let payload_len = r.u32("the payload length")? as usize;
        let crc = r.u32("the checksum")?;
        let payload = r.take(payload_len, "the weights")?;
        if crc32fast::hash(payload) != crc {
            return Err(WeightsError::Checksum);
        }
        if r.remaining() > 0 {
            return Err(WeightsError::Damaged(format!(
                "{} bytes follow its weights",
                r.remaining()
            )));
        }
        let entries = layout.entries();
        let mut raw = Vec::with_capacity(entries * 4);
        DeflateDecoder::new(payload)
            .take(entries as u64 * 4 + 1)
            .read_to_end(&mut raw)
            .map_err(|_| WeightsError::Damaged("its weights do not decompress".into()))?;
        if raw.len() != entries * 4 {
            return Err(WeightsError::Layout {
                variant,
                found: format!("{} weights", raw.len() / 2),
                expected: format!("{} weights", entries * 2),
            });
        }
        let values: Vec<[i16; 2]> = raw
            .chunks_exact(4)
            .map(|c| {
                [
                    i16::from_le_bytes([c[0], c[1]]),
                    i16::from_le_bytes([c[2], c[3]]),
                ]
            })
            .collect();
        let patterns = layout.regions.len() * super::layout::CONFIGS;
        let limit = (PATTERN_LIMIT * UNIT as f32) as i16;
        let in_range = |pair: &[i16; 2]| pair.iter().all(|v| (-limit..=limit).contains(v));
        if !scale.is_finite() || scale <= 0.0 {
            return Err(WeightsError::Damaged(format!(
                "its scale is {scale}, not a positive number"
            )));
        }
        if !values[..patterns].iter().all(in_range) {
            return Err(WeightsError::Damaged(format!(
                "a pattern weight lies beyond ±{PATTERN_LIMIT} hundredths of a man"
            )));
        }
        Ok(Weights {
            variant,
            view,
            scale,
            notes,
            values,
        })
    }

    /// Read a weights file.
    ///
    /// # Errors
    /// [`WeightsError`]: the file cannot be read, or what [`Weights::from_bytes`] refuses.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        let bytes = std::fs::read(path).map_err(|reason| WeightsError::Io {
            path: path.display().to_string(),
            reason,
        })?;
        Weights::from_bytes(&bytes)
    }

    /// Write a weights file: whole or not at all (written beside it, then renamed over it),
    /// so that a run stopped while saving never leaves a torn file under the name.
    ///
    /// # Errors
    /// [`WeightsError::Io`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        let io = |reason| WeightsError::Io {
            path: path.display().to_string(),
            reason,
        };
        let bytes = self.to_bytes();
        damier_game::replace_file(path, |file| std::io::Write::write_all(file, &bytes)).map_err(io)
    }
}

/// A start for training: a man worth 100, a king worth `king`, every pattern zero.
pub fn material_only(variant: Variant, king: f32) -> Vec<[f32; 2]> {
    let layout = Layout::of(variant.rules().board);
    let mut values = vec![[0.0f32; 2]; layout.entries()];
    let sign = if variant.giveaway { -1.0 } else { 1.0 };
    values[layout.dense_entry(super::layout::Dense::Men)] = [sign * 100.0; 2];
    values[layout.dense_entry(super::layout::Dense::Kings)] = [sign * king; 2];
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Weights {
        let v: Variant = "russian".parse().unwrap();
        let mut values = material_only(v, 250.0);
        values[17] = [3.5, -2.25];
        Weights::from_centimen(v, PatternView::Pieces, &values, 160.0, "test weights")
    }

    /// Where the pattern view's byte sits: after the magic, format, variant ("russian"),
    /// board, regions and terms.
    const VIEW_AT: usize = 8 + 2 + 1 + "russian".len() + 1 + 2 + 2;

    #[test]
    fn global_terms_name_every_dense_term_and_the_side_to_move() {
        let w = sample();
        let terms = w.global_terms();
        assert_eq!(terms.len(), Dense::ALL.len() + 1);
        assert_eq!(terms[0].0, "men");
        assert_eq!(terms.last().unwrap().0, "side to move");
        let layout = Layout::of(w.variant().rules().board);
        assert_eq!(terms[1].1, w.centimen()[layout.dense_entry(Dense::Kings)]);
        assert_eq!(terms[1].1, [250.0, 250.0], "a king at 250 in both phases");
    }

    #[test]
    fn round_trip() {
        let w = sample();
        let back = Weights::from_bytes(&w.to_bytes()).unwrap();
        assert_eq!(back, w);
        assert_eq!(back.centimen()[17], [3.5, -2.25]);
        assert_eq!(back.notes(), "test weights");
    }

    #[test]
    fn a_format_1_file_is_read_as_weights_whose_regions_see_men() {
        // Format 1 is format 2 without the view's byte: every file written before kings were
        // seen in the regions.
        let w = sample();
        let mut bytes = w.to_bytes();
        bytes[8..10].copy_from_slice(&1u16.to_le_bytes());
        bytes.remove(VIEW_AT);
        let old = Weights::from_bytes(&bytes).unwrap();
        assert_eq!(old.view(), PatternView::Men);
        assert_eq!(old.values(), w.values());
        assert_eq!(w.view(), PatternView::Pieces);
        let men = Weights::from_centimen(w.variant(), PatternView::Men, &w.centimen(), 160.0, "");
        assert_eq!(
            Weights::from_bytes(&men.to_bytes()).unwrap().view(),
            PatternView::Men
        );
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = sample().to_bytes();
        let err = |b: &[u8]| Weights::from_bytes(b).unwrap_err().to_string();
        assert!(err(b"hello").contains("not a Damier weights file"));
        assert!(
            err(&bytes[..20]).contains("truncated"),
            "{}",
            err(&bytes[..20])
        );
        assert!(err(&bytes[..bytes.len() - 3]).contains("truncated"));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x55;
        assert!(err(&flipped).contains("corrupt"));
        let mut longer = bytes.clone();
        longer.extend_from_slice(b"junk");
        assert_eq!(
            err(&longer),
            "the weights file is damaged: 4 bytes follow its weights"
        );
        // The scale follows the pattern view.
        let mut scale = bytes.clone();
        let at = VIEW_AT + 1;
        scale[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(err(&scale).contains("its scale is NaN"), "{}", err(&scale));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(
            err(&version),
            "weights format 9, this program reads formats 1 to 2"
        );
        let mut view = bytes.clone();
        view[VIEW_AT] = 7;
        assert_eq!(
            err(&view),
            "the weights file is damaged: its pattern view 7 is neither men (0) nor pieces (1)"
        );
        let mut variant = bytes.clone();
        variant[11] = b'X';
        assert!(
            err(&variant).contains("unknown variant"),
            "{}",
            err(&variant)
        );
        assert!(sample()
            .check_variant(Variant::INTERNATIONAL)
            .unwrap_err()
            .to_string()
            .contains("for russian, not international"));
    }
}
