//! The training file: quiet positions of self-play games, each with its game's result and
//! the score the search gave it (`docs/training-format.md` describes the bytes).
//!
//! ```text
//! header: magic "DAMIERTP" | format u16 | variant id (u8 length, UTF-8)
//! then one block per game: record count u32 | CRC-32 of the records u32 | records
//! record: White's men and kings, Black's, the kings (each in as many bytes as the board's
//!         bit layout needs) | flags u8 (bit 0: Black to move) | result i8 (for White:
//!         1, 0, -1) | score i16 (for the side to move) | ply u16
//! ```
//!
//! A game is written with one write, so a run stopped at any moment leaves whole games and at
//! most a torn last block, which readers skip and a resumed run cuts off. Files merge by being
//! read together: nothing in one refers to another.

use damier_core::{with_geometry, BitSet, Color, Position, SetupDefect, SetupError, Variant};
use damier_game::Board;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The first bytes of every training file.
pub const MAGIC: &[u8; 8] = b"DAMIERTP";
/// The format this program writes and reads.
pub const FORMAT: u16 = 1;
/// The most positions one game can hold: a record's ply is a u16.
const MAX_GAME_RECORDS: usize = 1 << 16;
/// The training file's name in a self-play folder.
pub const FILE_NAME: &str = "positions.dtp";
/// The extension of training files (a folder given to the trainer is searched for them).
pub const EXTENSION: &str = "dtp";

/// Why a training file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be opened, read or written.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        reason: std::io::Error,
    },
    /// The file does not start as a training file does.
    #[error("{path}: not a Damier training file (it does not start with DAMIERTP)")]
    NotTraining {
        /// The file.
        path: String,
    },
    /// Another version of the format.
    #[error("{path}: training format {found}, this program reads format {FORMAT}")]
    Format {
        /// The file.
        path: String,
        /// The file's format.
        found: u16,
    },
    /// The header is cut short or names an unknown variant.
    #[error("{path}: {message}")]
    Header {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A whole game block does not match its checksum.
    #[error("{path}: game {game} is corrupt (its checksum does not match)")]
    Corrupt {
        /// The file.
        path: String,
        /// 1-based game number in the file.
        game: usize,
    },
    /// A record is not a position of the file's variant.
    #[error("{path}: game {game} holds a position that is not one of {variant}: {message}")]
    BadPosition {
        /// The file.
        path: String,
        /// 1-based game number in the file.
        game: usize,
        /// The file's variant.
        variant: Variant,
        /// What is wrong with it.
        message: String,
    },
    /// The file is for another variant.
    #[error("{path}: the positions are of {found}, not {wanted}")]
    WrongVariant {
        /// The file.
        path: String,
        /// The file's variant.
        found: Variant,
        /// The variant asked for.
        wanted: Variant,
    },
    /// A second header where a game should start: files joined end to end.
    #[error(
        "{path}: a second file header follows game {games} (files joined end to end are not one \
         training file: list the files apart instead)"
    )]
    Joined {
        /// The file.
        path: String,
        /// Whole games before the second header.
        games: usize,
    },
    /// Another run is appending to the file.
    #[error(
        "{path}: another run is writing to this file (one selfplay per folder at a time: give \
         each its own --out, then train on them all)"
    )]
    Busy {
        /// The file.
        path: String,
    },
    /// A folder holds no training file.
    #[error(
        "{path}: no training file here (a folder of `damier selfplay`, or .{EXTENSION} files)"
    )]
    NoFiles {
        /// The folder.
        path: String,
    },
}

/// One position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// White's pieces, as internal squares.
    pub white: u128,
    /// Black's pieces.
    pub black: u128,
    /// The kings of both sides.
    pub kings: u128,
    /// Whether Black is to move.
    pub black_to_move: bool,
    /// The game's result for White: 1 won, 0 drawn, -1 lost.
    pub result: i8,
    /// The search's score for the side to move, in hundredths of a man.
    pub score: i16,
    /// Plies played before this position.
    pub ply: u16,
}

impl Record {
    /// A record of `board` with the search's `score` (for the side to move) at `ply`; the
    /// result is filled in when the game ends.
    pub fn new(board: &Board, score: i32, ply: usize) -> Record {
        Record {
            white: board.pieces(Color::White),
            black: board.pieces(Color::Black),
            kings: board.kings(),
            black_to_move: board.side() == Color::Black,
            result: 0,
            score: score.clamp(-32000, 32000) as i16,
            ply: ply.min(u16::MAX as usize) as u16,
        }
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The game's result for the side to move: 1 won, ½ drawn, 0 lost.
    pub fn result_for_mover(&self) -> f32 {
        let white = (f32::from(self.result) + 1.0) / 2.0;
        if self.black_to_move {
            1.0 - white
        } else {
            white
        }
    }

    /// The position, checked as a position of `variant`.
    ///
    /// # Errors
    /// The setup error when the pieces are not a position of `variant`.
    pub fn position<G: damier_core::Geometry>(
        &self,
        variant: Variant,
    ) -> Result<Position<G>, SetupError> {
        let fits = |set: u128| set == G::Bits::from_u128(set).to_u128();
        if !fits(self.white) || !fits(self.black) || !fits(self.kings) {
            return Err(SetupError {
                defects: vec![SetupDefect::OffBoard],
            });
        }
        Position::from_parts(
            variant.rules(),
            G::Bits::from_u128(self.white),
            G::Bits::from_u128(self.black),
            G::Bits::from_u128(self.kings),
            self.side(),
        )
    }
}

/// Bytes of one record of `variant`.
pub fn record_bytes(variant: Variant) -> usize {
    3 * set_bytes(variant) + 6
}

fn set_bytes(variant: Variant) -> usize {
    variant.rules().board.bits().div_ceil(8) as usize
}

fn encode(variant: Variant, records: &[Record]) -> Vec<u8> {
    let n = set_bytes(variant);
    let mut out = Vec::with_capacity(records.len() * record_bytes(variant));
    for r in records {
        for set in [r.white, r.black, r.kings] {
            out.extend_from_slice(&set.to_le_bytes()[..n]);
        }
        out.push(u8::from(r.black_to_move));
        out.push(r.result as u8);
        out.extend_from_slice(&r.score.to_le_bytes());
        out.extend_from_slice(&r.ply.to_le_bytes());
    }
    out
}

fn decode(variant: Variant, bytes: &[u8]) -> Vec<Record> {
    let n = set_bytes(variant);
    bytes
        .chunks_exact(record_bytes(variant))
        .map(|b| {
            let set = |i: usize| {
                let mut full = [0u8; 16];
                full[..n].copy_from_slice(&b[i * n..(i + 1) * n]);
                u128::from_le_bytes(full)
            };
            let rest = &b[3 * n..];
            Record {
                white: set(0),
                black: set(1),
                kings: set(2),
                black_to_move: rest[0] & 1 != 0,
                result: rest[1] as i8,
                score: i16::from_le_bytes([rest[2], rest[3]]),
                ply: u16::from_le_bytes([rest[4], rest[5]]),
            }
        })
        .collect()
}

fn header(variant: Variant) -> Vec<u8> {
    let id = variant.to_string();
    let mut out = Vec::with_capacity(16 + id.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.push(id.len() as u8);
    out.extend_from_slice(id.as_bytes());
    out
}

/// One game's positions as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBlock {
    /// The block's checksum: the same game has the same key in every file, which keeps it on
    /// one side of the trainer's validation split.
    pub key: u32,
    /// Its positions.
    pub records: Vec<Record>,
}

/// A training file as read.
#[derive(Clone, Debug)]
pub struct TrainingFile {
    /// The variant of its positions.
    pub variant: Variant,
    /// Its games, whole ones only.
    pub games: Vec<GameBlock>,
    /// Bytes of whole games (where a resumed run appends).
    pub valid_len: u64,
    /// Whether a torn last game (a run stopped while writing) was left out.
    pub torn_tail: bool,
}

impl TrainingFile {
    /// Positions in all games.
    pub fn positions(&self) -> usize {
        self.games.iter().map(|g| g.records.len()).sum()
    }
}

/// Read a training file's bytes (`path` names it in errors).
///
/// # Errors
/// [`DataError`] when the bytes are not a training file or a whole game is corrupt.
pub fn read_bytes(path: &str, bytes: &[u8]) -> Result<TrainingFile, DataError> {
    let header_error = |message: &str| DataError::Header {
        path: path.to_string(),
        message: message.to_string(),
    };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(DataError::NotTraining {
            path: path.to_string(),
        });
    }
    let rest = &bytes[MAGIC.len()..];
    if rest.len() < 3 {
        return Err(header_error("the header is cut short"));
    }
    let found = u16::from_le_bytes([rest[0], rest[1]]);
    if found != FORMAT {
        return Err(DataError::Format {
            path: path.to_string(),
            found,
        });
    }
    let len = usize::from(rest[2]);
    let id = rest
        .get(3..3 + len)
        .ok_or_else(|| header_error("the header is cut short"))?;
    let id = String::from_utf8_lossy(id);
    let variant: Variant = id
        .parse()
        .map_err(|_| header_error(&format!("unknown variant '{id}'")))?;
    let mut at = MAGIC.len() + 3 + len;
    let size = record_bytes(variant);
    let mut games = Vec::new();
    let mut torn_tail = false;
    while at < bytes.len() {
        if bytes[at..].starts_with(MAGIC) {
            return Err(DataError::Joined {
                path: path.to_string(),
                games: games.len(),
            });
        }
        let Some(head) = bytes.get(at..at + 8) else {
            torn_tail = true;
            break;
        };
        let count = u32::from_le_bytes(head[..4].try_into().expect("4 bytes")) as usize;
        // A torn write leaves a true count with too few bytes after it; a count no game can
        // have is damage, and taking it for a torn tail would drop every game after it.
        if count > MAX_GAME_RECORDS {
            return Err(DataError::Corrupt {
                path: path.to_string(),
                game: games.len() + 1,
            });
        }
        let crc = u32::from_le_bytes(head[4..].try_into().expect("4 bytes"));
        let end = count
            .checked_mul(size)
            .and_then(|n| n.checked_add(at + 8))
            .filter(|&end| end <= bytes.len());
        let Some(end) = end else {
            torn_tail = true;
            break;
        };
        let body = &bytes[at + 8..end];
        if crc32fast::hash(body) != crc {
            return Err(DataError::Corrupt {
                path: path.to_string(),
                game: games.len() + 1,
            });
        }
        games.push(GameBlock {
            key: crc,
            records: decode(variant, body),
        });
        at = end;
    }
    let valid_len = if torn_tail {
        (MAGIC.len() + 3 + len) as u64
            + games
                .iter()
                .map(|g| 8 + (g.records.len() * size) as u64)
                .sum::<u64>()
    } else {
        bytes.len() as u64
    };
    Ok(TrainingFile {
        variant,
        games,
        valid_len,
        torn_tail,
    })
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> DataError + '_ {
    move |reason| DataError::Io {
        path: path.display().to_string(),
        reason,
    }
}

/// Read a training file.
///
/// # Errors
/// [`DataError`] when it cannot be read, is not a training file, or a game is corrupt.
pub fn read(path: &Path) -> Result<TrainingFile, DataError> {
    let bytes = std::fs::read(path).map_err(io_error(path))?;
    read_bytes(&path.display().to_string(), &bytes)
}

/// Check every position of a file against its variant's rules.
///
/// # Errors
/// [`DataError::BadPosition`] for the first record that is not a position.
pub fn check_positions(path: &Path, file: &TrainingFile) -> Result<(), DataError> {
    let variant = file.variant;
    for (i, game) in file.games.iter().enumerate() {
        for r in &game.records {
            let checked =
                with_geometry!(variant.rules().board, G => r.position::<G>(variant).map(|_| ()));
            checked.map_err(|e| DataError::BadPosition {
                path: path.display().to_string(),
                game: i + 1,
                variant,
                message: e.to_string(),
            })?;
        }
    }
    Ok(())
}

/// The training files named by `paths`: a file as it is, a folder for the `.dtp` files in
/// it and in the folders below it (a run split into parts, one folder each), in name order.
///
/// # Errors
/// [`DataError`] when a path cannot be read or a folder holds no training file.
pub fn find_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, DataError> {
    let mut out = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(io_error(path))?;
        if !meta.is_dir() {
            out.push(path.clone());
            continue;
        }
        let before = out.len();
        files_under(path, &mut out)?;
        if out.len() == before {
            return Err(DataError::NoFiles {
                path: path.display().to_string(),
            });
        }
    }
    Ok(out)
}

/// The `.dtp` files in `dir` and below it, each folder's in name order.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), DataError> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io_error(dir))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            files_under(&entry, out)?;
        } else if entry.extension().is_some_and(|x| x == EXTENSION) {
            out.push(entry);
        }
    }
    Ok(())
}

/// Appends games to a training file.
pub struct Writer {
    file: File,
    path: PathBuf,
    variant: Variant,
    cut: u64,
}

impl Writer {
    /// Open `path` to append games of `variant`: a new file gets a header; an existing one
    /// is checked, a torn last game is cut off ([`Writer::cut_bytes`] says how much), and
    /// the number of whole games it holds is returned with the writer. The writer holds the
    /// file locked, so that a second run on it is refused rather than interleaved.
    ///
    /// # Errors
    /// [`DataError`] when the file cannot be opened, is not a training file, is for another
    /// variant, or another writer holds it.
    pub fn open(path: &Path, variant: Variant) -> Result<(Writer, usize), DataError> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io_error(path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(DataError::Busy {
                    path: path.display().to_string(),
                })
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io_error(path)(e)),
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(io_error(path))?;
        let mut cut = 0;
        let games = if bytes.is_empty() {
            file.write_all(&header(variant)).map_err(io_error(path))?;
            0
        } else {
            let existing = read_bytes(&path.display().to_string(), &bytes)?;
            if existing.variant != variant {
                return Err(DataError::WrongVariant {
                    path: path.display().to_string(),
                    found: existing.variant,
                    wanted: variant,
                });
            }
            if existing.torn_tail {
                cut = bytes.len() as u64 - existing.valid_len;
                file.set_len(existing.valid_len).map_err(io_error(path))?;
            }
            file.seek(SeekFrom::Start(existing.valid_len))
                .map_err(io_error(path))?;
            existing.games.len()
        };
        Ok((
            Writer {
                file,
                path: path.to_path_buf(),
                variant,
                cut,
            },
            games,
        ))
    }

    /// Bytes of a torn last game cut off when the file was opened (0 for none).
    pub fn cut_bytes(&self) -> u64 {
        self.cut
    }

    /// Append one game's positions, with one write.
    ///
    /// # Errors
    /// [`DataError::Io`] when the write fails.
    pub fn write_game(&mut self, records: &[Record]) -> Result<(), DataError> {
        let body = encode(self.variant, records);
        let mut block = Vec::with_capacity(body.len() + 8);
        block.extend_from_slice(&(records.len() as u32).to_le_bytes());
        block.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
        block.extend_from_slice(&body);
        self.file.write_all(&block).map_err(io_error(&self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(variant: Variant, n: usize) -> Vec<Record> {
        let mut board = Board::start(variant);
        let mut out = Vec::new();
        for ply in 0..n {
            let mut r = Record::new(&board, ply as i32 * 7 - 20, ply);
            r.result = 1;
            out.push(r);
            let moves = board.legal_moves();
            board = board.play_unchecked(&moves[ply % moves.len()]);
        }
        out
    }

    #[test]
    fn games_round_trip_and_a_torn_tail_is_cut() {
        let dir = std::env::temp_dir().join(format!("damier-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for variant in ["international", "canadian", "turkish", "english-giveaway"] {
            let variant: Variant = variant.parse().unwrap();
            let path = dir.join(format!("{variant}.dtp"));
            let _ = std::fs::remove_file(&path);
            let (mut w, before) = Writer::open(&path, variant).unwrap();
            assert_eq!(before, 0);
            let games = [records(variant, 12), records(variant, 5)];
            for g in &games {
                w.write_game(g).unwrap();
            }
            drop(w);
            let file = read(&path).unwrap();
            assert_eq!(file.variant, variant);
            assert_eq!(file.games.len(), 2);
            assert_eq!(file.games[0].records, games[0]);
            assert!(!file.torn_tail);
            check_positions(&path, &file).unwrap();
            // A run stopped in the middle of a write leaves part of a block.
            let full = std::fs::read(&path).unwrap();
            std::fs::write(&path, &full[..full.len() - 9]).unwrap();
            let torn = read(&path).unwrap();
            assert!(torn.torn_tail);
            assert_eq!(torn.games.len(), 1);
            let (mut w, before) = Writer::open(&path, variant).unwrap();
            assert_eq!(before, 1);
            assert_eq!(w.cut_bytes(), full.len() as u64 - 9 - torn.valid_len);
            w.write_game(&games[1]).unwrap();
            drop(w);
            assert_eq!(read(&path).unwrap().games[1].records, games[1]);
            // Another variant's writer is refused.
            let other = Variant::new(damier_core::Base::Frisian);
            let err = Writer::open(&path, other).err().unwrap().to_string();
            assert!(err.contains("not frisian"), "{err}");
        }
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let err = |b: &[u8]| read_bytes("f.dtp", b).unwrap_err().to_string();
        assert!(err(b"PK\x03\x04").contains("not a Damier training file"));
        let mut h = header(Variant::INTERNATIONAL);
        h[8] = 7;
        assert!(err(&h).contains("format 7"));
        let mut h = header(Variant::INTERNATIONAL);
        h[11] = b'Z';
        assert!(err(&h).contains("unknown variant"), "{}", err(&h));
        let mut bytes = header(Variant::INTERNATIONAL);
        let body = encode(Variant::INTERNATIONAL, &records(Variant::INTERNATIONAL, 3));
        bytes.extend_from_slice(&3u32.to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(&body).wrapping_add(1).to_le_bytes());
        bytes.extend_from_slice(&body);
        assert!(err(&bytes).contains("game 1 is corrupt"));
    }

    #[test]
    fn a_damaged_count_or_joined_files_are_errors_not_a_torn_tail() {
        let variant = Variant::INTERNATIONAL;
        let block = |n: usize| {
            let body = encode(variant, &records(variant, n));
            let mut b = (n as u32).to_le_bytes().to_vec();
            b.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
            b.extend_from_slice(&body);
            b
        };
        let mut file = header(variant);
        for n in [4, 6, 5] {
            file.extend(block(n));
        }
        assert_eq!(read_bytes("f.dtp", &file).unwrap().games.len(), 3);
        // A count no game can have: the games after it must not vanish as a "torn tail".
        let mut damaged = file.clone();
        let at = header(variant).len();
        damaged[at..at + 4].copy_from_slice(&0x7fff_ffffu32.to_le_bytes());
        let e = read_bytes("f.dtp", &damaged).unwrap_err().to_string();
        assert!(e.contains("game 1 is corrupt"), "{e}");
        // `cat a.dtp b.dtp`: the second header is named, not read as a game.
        let mut joined = file.clone();
        joined.extend(header(variant));
        joined.extend(block(3));
        let e = read_bytes("f.dtp", &joined).unwrap_err().to_string();
        assert!(e.contains("a second file header follows game 3"), "{e}");
    }

    #[test]
    fn a_second_writer_is_refused_while_the_first_holds_the_file() {
        let dir = std::env::temp_dir().join(format!("damier-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.dtp");
        let _ = std::fs::remove_file(&path);
        let variant = Variant::INTERNATIONAL;
        let (mut first, _) = Writer::open(&path, variant).unwrap();
        let e = Writer::open(&path, variant).err().unwrap().to_string();
        assert!(e.contains("another run is writing"), "{e}");
        first.write_game(&records(variant, 3)).unwrap();
        drop(first);
        let (_, games) = Writer::open(&path, variant).unwrap();
        assert_eq!(games, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn results_are_seen_by_the_side_to_move() {
        let board = Board::start(Variant::INTERNATIONAL);
        let mut r = Record::new(&board, 0, 0);
        r.result = 1;
        assert_eq!(r.result_for_mover(), 1.0);
        r.black_to_move = true;
        assert_eq!(r.result_for_mover(), 0.0);
        r.result = 0;
        assert_eq!(r.result_for_mover(), 0.5);
    }
}
