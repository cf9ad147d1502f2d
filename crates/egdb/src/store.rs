//! A set of databases on disk: one folder per variant, one file per slice.

use crate::build::terminal;
use crate::format::{self, Block, FormatError, Header, BLOCK_ENTRIES};
use crate::index::Indexer;
use crate::slice::{oriented, Slice, MAX_PIECES};
use crate::value::Value;
use damier_core::{with_geometry, BitSet, Geometry, Move, Position, Variant};
use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

pub use crate::set_build::{
    build_and_summarise, build_job, build_set, dependencies, plan, BuildError, BuiltSet, Job,
    JobOutcome, SetEvent, SetTally,
};

/// Legal moves, each with the value it keeps for the side to move.
pub type MoveValues<B> = Vec<(Move<B>, Value)>;

/// Why a database cannot answer.
#[derive(Debug, thiserror::Error)]
pub enum EgdbError {
    // The cause is told in the message and not also returned as the error's source, so
    // that a chain printed cause by cause (anyhow's `{:#}`) says it once.
    /// A file is damaged, foreign or unreadable.
    #[error("{}: {reason}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: FormatError,
    },
    /// The folder cannot be read or written.
    #[error("{}: {reason}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        reason: std::io::Error,
    },
    /// A slice needs another that is not there.
    #[error("slice {needs} needs slice {missing}, which is not in {}", dir.display())]
    Missing {
        /// The slice being built or checked.
        needs: Slice,
        /// The slice it needs.
        missing: Slice,
        /// Where it was looked for.
        dir: PathBuf,
    },
}

/// A block a probe could not read: the file and why. A search goes on without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// The set's variant.
    pub variant: Variant,
    /// The file.
    pub file: PathBuf,
    /// What is wrong with the block.
    pub reason: String,
}

/// The warning every interface gives (after its own prefix) of a file of `variant`'s set that
/// [`Egdb::open_sound`] left out: why, that the engine goes on without it, how to mend it.
pub fn left_out_warning(e: &EgdbError, variant: Variant) -> String {
    format!(
        "{e}; the engine goes on without that file (delete it and build it again with \
         `damier egdb build -v {variant}`)"
    )
}

impl Damage {
    /// The warning every interface gives (after its own prefix): what is damaged, that the
    /// engine went on without it, and how to mend it.
    pub fn warning(&self) -> String {
        format!(
            "the {variant} endgame databases are damaged ({self}); the engine went on without \
             that part of them (delete the file and build it again with `damier egdb build -v \
             {variant}`)",
            variant = self.variant
        )
    }
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.reason)
    }
}

/// Cache of decompressed blocks for a searching engine, in MiB. A search that reaches a
/// 6-piece set probes far more blocks than 64 MiB keep: an 8-piece Italian search to a fixed
/// depth took 2.7–4.6 s with 64 MiB, 1.7–1.8 s with 256 and 1.8–2.0 s with 1024
/// (docs/egdb.md).
pub const SEARCH_CACHE_MB: usize = 256;

/// Cache of decompressed blocks for the probe of one position and its moves, in MiB: a few
/// blocks at most.
pub const PROBE_CACHE_MB: usize = 16;

/// Cache of decompressed blocks for a server's engines, per variant, in MiB: a server opens
/// the sets of every variant at once, so each gets a quarter of one search's cache.
pub const SERVER_CACHE_MB: usize = SEARCH_CACHE_MB / 4;

/// Where databases live when no folder is named: `$DAMIER_EGDB`, else the user's data folder
/// (`$XDG_DATA_HOME/damier/egdb`, `%APPDATA%\\damier\\egdb`, `~/.local/share/damier/egdb`).
pub fn default_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("DAMIER_EGDB").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    damier_game::user_data_dir().join("egdb")
}

/// The file of `material` in a variant's folder.
pub fn slice_path(dir: &Path, material: Slice) -> PathBuf {
    dir.join(format!("{material}.egdb"))
}

/// The variant whose files serve `variant`: the first, in [`Variant::all`]'s order, that is
/// the same game under another name (German is served by Brazilian's files, Portuguese by
/// Spanish's, Sri Lankan by Canadian's, and so their giveaway forms), so that one build serves
/// both names. Every other variant is its own.
pub fn set_variant(variant: Variant) -> Variant {
    Variant::all()
        .find(|v| v.rules().same_game_as(variant.rules()))
        .unwrap_or(variant)
}

/// The note that `variant` is served by another name's files ([`set_variant`]), for a user
/// who asked for its databases; `None` when it has its own.
pub fn shared_set_note(variant: Variant) -> Option<String> {
    let owner = set_variant(variant);
    (owner != variant)
        .then(|| format!("{variant} is {owner} under another name: it uses {owner}'s databases"))
}

/// The folder of a variant's databases under a root (that of [`set_variant`]).
pub fn variant_dir(root: &Path, variant: Variant) -> PathBuf {
    root.join(set_variant(variant).to_string())
}

struct SliceFile {
    path: PathBuf,
    header: Header,
    ix: Indexer,
    file: Mutex<File>,
}

/// Decompressed blocks, kept in two generations: a block found in the old one moves to the
/// new; when the new one is full the old is dropped (a cheap approximation of LRU).
struct Cache {
    new: HashMap<(Slice, u32), Arc<Block>>,
    old: HashMap<(Slice, u32), Arc<Block>>,
    /// Bytes of the blocks in `new`.
    new_bytes: usize,
    /// Bytes one generation may hold.
    generation_bytes: usize,
}

impl Cache {
    fn insert(&mut self, key: (Slice, u32), block: Arc<Block>) {
        if self.new_bytes + block.memory() > self.generation_bytes && !self.new.is_empty() {
            self.old = std::mem::take(&mut self.new);
            self.new_bytes = 0;
        }
        self.new_bytes += block.memory();
        self.new.insert(key, block);
    }
}

/// A probe from memory alone (see [`Egdb::probe_cached`]).
pub enum InMemory<'a> {
    /// The value, or `None` when the position's slice is not in the set.
    Answer(Option<Value>),
    /// The position's block is not in the cache; [`Egdb::read`] fetches it.
    OnDisk(OnDisk<'a>),
}

/// Where on disk a probe from memory found its answer waiting.
pub struct OnDisk<'a> {
    material: Slice,
    slice: &'a SliceFile,
    block: u32,
    entry: usize,
}

/// Statistics of a handle's probes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Probes answered.
    pub probes: u64,
    /// Blocks read from disk and decompressed.
    pub blocks_read: u64,
}

/// The databases of one variant, opened for probing.
pub struct Egdb {
    variant: Variant,
    dir: PathBuf,
    slices: HashMap<Slice, SliceFile>,
    max_pieces: u32,
    cache: Mutex<Cache>,
    /// Probes answered and blocks read: counters, so that threads probing at once do not
    /// queue for them.
    probes: AtomicU64,
    blocks_read: AtomicU64,
    /// The first block that could not be read: a search carries on without it, and its
    /// caller says so once ([`Egdb::damage`]).
    damage: OnceLock<Damage>,
}

impl std::fmt::Debug for Egdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Egdb")
            .field("variant", &self.variant)
            .field("dir", &self.dir)
            .field("slices", &self.slices.len())
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

impl Egdb {
    /// Open the slices found in `root`'s folder for `variant` (none is not an error: such a
    /// handle answers nothing). `cache_mb` bounds the decompressed blocks kept.
    ///
    /// # Errors
    /// A file that is not a database of this variant and slice, or is damaged in its header.
    pub fn open(root: &Path, variant: Variant, cache_mb: usize) -> Result<Egdb, EgdbError> {
        let (db, mut damaged) = Egdb::open_sound(root, variant, cache_mb)?;
        if damaged.is_empty() {
            Ok(db)
        } else {
            Err(damaged.swap_remove(0))
        }
    }

    /// As [`Egdb::open`], but a file that cannot be opened is left out of the handle and
    /// returned with why (for a listing that goes on past a damaged file).
    ///
    /// # Errors
    /// The folder cannot be read.
    pub fn open_sound(
        root: &Path,
        variant: Variant,
        cache_mb: usize,
    ) -> Result<(Egdb, Vec<EgdbError>), EgdbError> {
        let dir = variant_dir(root, variant);
        let mut slices = HashMap::new();
        let mut damaged = Vec::new();
        let mut entries: Vec<PathBuf> = match std::fs::read_dir(&dir) {
            Ok(entries) => entries.filter_map(Result::ok).map(|e| e.path()).collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(reason) => return Err(EgdbError::Folder { path: dir, reason }),
        };
        // In name order, so that the first damaged file named is the same on every system.
        entries.sort();
        for path in entries {
            let Some(material) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_suffix(".egdb"))
                .and_then(|n| n.parse::<Slice>().ok())
            else {
                continue;
            };
            match open_slice(&path, variant, material) {
                Ok(slice) => {
                    slices.insert(material, slice);
                }
                Err(e) => damaged.push(e),
            }
        }
        let max_pieces = complete_up_to(variant, &slices);
        let db = Egdb {
            variant,
            dir,
            slices,
            max_pieces,
            cache: Mutex::new(Cache {
                new: HashMap::new(),
                old: HashMap::new(),
                new_bytes: 0,
                generation_bytes: (cache_mb << 20) / 2,
            }),
            probes: AtomicU64::new(0),
            blocks_read: AtomicU64::new(0),
            damage: OnceLock::new(),
        };
        Ok((db, damaged))
    }

    /// The variant served.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The folder read.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The slices present, with their file sizes in bytes.
    pub fn slices(&self) -> Vec<(Slice, u64)> {
        let mut out: Vec<_> = self
            .slices
            .iter()
            .map(|(&m, s)| {
                let bytes = std::fs::metadata(&s.path).map_or(0, |md| md.len());
                (m, bytes)
            })
            .collect();
        out.sort_by_key(|&(m, _)| (m.pieces(), m.men(), m));
        out
    }

    /// Every position of this many pieces or fewer is in the set.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The slices of `pieces` pieces or fewer that are not in the set.
    pub fn missing(&self, pieces: u32) -> Vec<Slice> {
        let men = self.variant.rules().men;
        (2..=pieces.min(MAX_PIECES))
            .flat_map(|n| Slice::with_pieces(n, men))
            .filter(|m| !self.slices.contains_key(m))
            .collect()
    }

    /// The first block a probe could not read since the handle was opened, if any (a
    /// search leaves such a block out; see [`Egdb::read`]).
    pub fn damage(&self) -> Option<&Damage> {
        self.damage.get()
    }

    /// Probes and block reads so far.
    pub fn stats(&self) -> Stats {
        Stats {
            probes: self.probes.load(Ordering::Relaxed),
            blocks_read: self.blocks_read.load(Ordering::Relaxed),
        }
    }

    /// The value of `pos` for its side to move, or `None` if its slice is not in the set.
    ///
    /// # Errors
    /// A block that cannot be read or fails its checksum.
    pub fn probe<G: Geometry>(&self, pos: &Position<G>) -> Result<Option<Value>, EgdbError> {
        match self.probe_cached(pos) {
            InMemory::Answer(value) => Ok(value),
            InMemory::OnDisk(at) => self.read(at).map(Some),
        }
    }

    /// The value of `pos` if it can be answered without reading a block (its block is in the
    /// cache, or the position needs none), else where its block is. For a search's leaves,
    /// where a block read (tens of microseconds) costs more than the probe can save.
    pub fn probe_cached<G: Geometry>(&self, pos: &Position<G>) -> InMemory<'_> {
        if pos.pieces(pos.side()).is_empty() {
            return InMemory::Answer(Some(terminal(pos.rules())));
        }
        let pos = oriented(pos);
        let material = Slice::of(&pos);
        let Some(slice) = self.slices.get(&material) else {
            return InMemory::Answer(None);
        };
        let index = slice.ix.index(&pos);
        let block = (index / u64::from(BLOCK_ENTRIES)) as u32;
        let entry = (index % u64::from(BLOCK_ENTRIES)) as usize;
        match self.cached_block((material, block)) {
            Some(codes) => InMemory::Answer(Some(self.answer(&codes, entry))),
            None => InMemory::OnDisk(OnDisk {
                material,
                slice,
                block,
                entry,
            }),
        }
    }

    /// The value a probe from memory left on disk: its block read, kept in the cache.
    ///
    /// # Errors
    /// A block that cannot be read or fails its checksum; the first such is also kept for
    /// [`Egdb::damage`].
    pub fn read(&self, at: OnDisk<'_>) -> Result<Value, EgdbError> {
        let block = read_block(at.slice, at.block as usize).inspect_err(|e| {
            self.damage.get_or_init(|| Damage {
                variant: self.variant,
                file: at.slice.path.clone(),
                reason: match e {
                    EgdbError::File { reason, .. } => reason.to_string(),
                    e => e.to_string(),
                },
            });
        })?;
        let codes = Arc::new(block);
        self.blocks_read.fetch_add(1, Ordering::Relaxed);
        self.cache
            .lock()
            .expect("no thread panics holding it")
            .insert((at.material, at.block), Arc::clone(&codes));
        Ok(self.answer(&codes, at.entry))
    }

    fn answer(&self, codes: &Block, entry: usize) -> Value {
        self.probes.fetch_add(1, Ordering::Relaxed);
        Value::from_code(codes.code(entry))
    }

    /// The value of a position of any board (see [`Egdb::probe`]).
    ///
    /// # Errors
    /// As [`Egdb::probe`].
    pub fn probe_board(&self, board: &damier_game::Board) -> Result<Option<Value>, EgdbError> {
        use damier_game::Board;
        match board {
            Board::D8(p) => self.probe(p),
            Board::D10(p) => self.probe(p),
            Board::D12(p) => self.probe(p),
            Board::O8(p) => self.probe(p),
        }
    }

    /// The move that keeps the value of a won or lost position of any board (the shortest
    /// win, the longest loss); `None` for a draw or a position not in the set.
    pub fn best_move(&self, board: &damier_game::Board) -> Option<damier_game::AnyMove> {
        match self.probe_board(board).ok().flatten()? {
            Value::Draw => None,
            _ => self
                .moves_board(board)
                .ok()
                .flatten()?
                .into_iter()
                .next()
                .map(|(mv, _)| mv),
        }
    }

    /// Every legal move of a position of any board with the value it keeps (see
    /// [`Egdb::moves`]).
    ///
    /// # Errors
    /// As [`Egdb::probe`].
    pub fn moves_board(
        &self,
        board: &damier_game::Board,
    ) -> Result<Option<Vec<(damier_game::AnyMove, Value)>>, EgdbError> {
        use damier_game::{widen, Board};
        fn of<G: Geometry>(
            db: &Egdb,
            pos: &Position<G>,
        ) -> Result<Option<Vec<(damier_game::AnyMove, Value)>>, EgdbError> {
            Ok(db
                .moves(pos)?
                .map(|moves| moves.iter().map(|(mv, v)| (widen(mv), *v)).collect()))
        }
        match board {
            Board::D8(p) => of(self, p),
            Board::D10(p) => of(self, p),
            Board::D12(p) => of(self, p),
            Board::O8(p) => of(self, p),
        }
    }

    /// Every legal move of `pos` with the value it keeps for the side to move, best first;
    /// `None` if a successor's slice is missing.
    ///
    /// # Errors
    /// As [`Egdb::probe`].
    pub fn moves<G: Geometry>(
        &self,
        pos: &Position<G>,
    ) -> Result<Option<MoveValues<G::Bits>>, EgdbError> {
        let mut out = Vec::new();
        for mv in pos.legal_moves().iter() {
            let Some(v) = self.probe(&pos.play_unchecked(mv))? else {
                return Ok(None);
            };
            out.push((*mv, v.before()));
        }
        out.sort_by(|a, b| b.1.better_than(a.1).cmp(&a.1.better_than(b.1)));
        Ok(Some(out))
    }

    /// A block from the cache, marked as used again; `None` if it is not there.
    fn cached_block(&self, key: (Slice, u32)) -> Option<Arc<Block>> {
        let mut cache = self.cache.lock().expect("no thread panics holding it");
        if let Some(codes) = cache.new.get(&key) {
            return Some(Arc::clone(codes));
        }
        let codes = cache.old.remove(&key)?;
        cache.insert(key, Arc::clone(&codes));
        Some(codes)
    }
}

fn open_slice(path: &Path, variant: Variant, material: Slice) -> Result<SliceFile, EgdbError> {
    let file_error = |reason| EgdbError::File {
        path: path.to_path_buf(),
        reason,
    };
    let mut file = File::open(path).map_err(|e| file_error(e.into()))?;
    let header = Header::read(&mut file).map_err(file_error)?;
    let expected = set_variant(variant).to_string();
    if header.variant != expected || header.material != material {
        return Err(file_error(FormatError::Foreign {
            variant: expected,
            material,
            found_variant: header.variant,
            found_material: header.material,
        }));
    }
    // A header can be valid and still name a slice no set holds (a file renamed, or made
    // by hand): numbering its positions would overrun the index's tables.
    let rules = variant.rules();
    if let Some(why) = material.unbuildable() {
        return Err(file_error(FormatError::Damaged(format!(
            "it names slice {material}, which no set holds ({why})"
        ))));
    }
    if !Slice::with_pieces(material.pieces(), rules.men).contains(&material) {
        return Err(file_error(FormatError::Damaged(format!(
            "it names slice {material}, which does not fit a {variant} board"
        ))));
    }
    let ix = with_geometry!(rules.board, G => Indexer::new::<G>(rules, material));
    if ix.size() != header.entries {
        return Err(file_error(FormatError::Damaged(format!(
            "{} positions, {material} has {}",
            header.entries,
            ix.size()
        ))));
    }
    let len = file.metadata().map_err(|e| file_error(e.into()))?.len();
    if header
        .blocks
        .last()
        .is_some_and(|&(at, n, _)| at + u64::from(n) != len)
    {
        return Err(file_error(FormatError::Damaged(
            "the file is cut short or too long".into(),
        )));
    }
    Ok(SliceFile {
        path: path.to_path_buf(),
        header,
        ix,
        file: Mutex::new(file),
    })
}

fn read_block(slice: &SliceFile, block: usize) -> Result<Block, EgdbError> {
    let file_error = |reason| EgdbError::File {
        path: slice.path.clone(),
        reason,
    };
    let (offset, len, _) = slice.header.blocks[block];
    let mut packed = vec![0; len as usize];
    {
        let mut file = slice.file.lock().expect("no thread panics holding it");
        file.seek(SeekFrom::Start(offset))
            .and_then(|_| file.read_exact(&mut packed))
            .map_err(|e| file_error(e.into()))?;
    }
    format::decode_block(&slice.header, block, &packed).map_err(file_error)
}

/// The largest n such that every slice of n pieces or fewer is present.
fn complete_up_to(variant: Variant, slices: &HashMap<Slice, SliceFile>) -> u32 {
    let men = variant.rules().men;
    let mut n = 1;
    while Slice::with_pieces(n + 1, men)
        .iter()
        .all(|m| slices.contains_key(m))
    {
        n += 1;
    }
    n
}

/// Read every block of a slice's file, checking each against its checksum.
///
/// # Errors
/// The file is missing, foreign, or damaged anywhere.
pub fn check_file(dir: &Path, variant: Variant, material: Slice) -> Result<(), EgdbError> {
    let slice = open_slice(&slice_path(dir, material), variant, material)?;
    for b in 0..slice.header.blocks.len() {
        read_block(&slice, b)?;
    }
    Ok(())
}

/// Read a whole slice's codes (holes read as draws).
pub fn load(dir: &Path, variant: Variant, material: Slice) -> Result<Vec<u16>, EgdbError> {
    let path = slice_path(dir, material);
    if !path.exists() {
        return Err(EgdbError::Missing {
            needs: material,
            missing: material,
            dir: dir.to_path_buf(),
        });
    }
    let slice = open_slice(&path, variant, material)?;
    let mut codes = Vec::with_capacity(slice.header.entries as usize);
    for b in 0..slice.header.blocks.len() {
        read_block(&slice, b)?.append_to(&mut codes);
    }
    Ok(codes)
}

/// Read slice `m`, which `needs` needs: a missing file names both.
pub(crate) fn load_needed(
    dir: &Path,
    variant: Variant,
    needs: Slice,
    m: Slice,
) -> Result<Vec<u16>, EgdbError> {
    load(dir, variant, m).map_err(|e| match e {
        EgdbError::Missing { .. } => EgdbError::Missing {
            needs,
            missing: m,
            dir: dir.to_path_buf(),
        },
        e => e,
    })
}
