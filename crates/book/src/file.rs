//! The book file (docs/book-format.md describes it byte by byte):
//!
//! ```text
//! magic "DAMIERBK" | format u16 | variant id (u8 length, UTF-8) | start key u64 |
//! payload length u32 | CRC-32 u32 | payload: DEFLATE of
//!   settings: depth u16, lines u8, breadth u8, ply cost u16, drop cost u16, widest drop u16
//!   start positions: count u16, each a FEN (u16 length, UTF-8)
//!   positions: count u32, each key u64, moves u8, each move code u32, score i16
//! ```
//!
//! All numbers are little-endian. The start key (the Zobrist key of the variant's start
//! position) tells a book keyed by another program's keys from one keyed by ours.

use crate::book::Book;
use crate::error::BookError;
use crate::grow::Settings;
use damier_core::move_code;
use damier_core::Variant;
use damier_game::{Board, CutShort, LeReader};
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::Path;

/// The first bytes of every book file.
pub const MAGIC: &[u8; 8] = b"DAMIERBK";
/// The version of the format this program reads and writes.
pub const FORMAT: u16 = 1;

impl Book {
    /// The book as the bytes of a book file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::new();
        let s = &self.settings;
        payload.extend(s.depth.to_le_bytes());
        payload.push(s.lines);
        payload.push(s.breadth);
        payload.extend(s.ply_cost.to_le_bytes());
        payload.extend(s.drop_cost.to_le_bytes());
        payload.extend(s.widest_drop.to_le_bytes());
        payload.extend((self.roots.len() as u16).to_le_bytes());
        for root in &self.roots {
            let fen = root.fen();
            payload.extend((fen.len() as u16).to_le_bytes());
            payload.extend(fen.as_bytes());
        }
        let mut keys: Vec<u64> = self.nodes.keys().copied().collect();
        keys.sort_unstable();
        payload.extend((keys.len() as u32).to_le_bytes());
        for key in keys {
            let node = &self.nodes[&key];
            payload.extend(key.to_le_bytes());
            payload.push(node.entries.len() as u8);
            for e in &node.entries {
                payload.extend(move_code::encode(&e.mv).to_le_bytes());
                payload.extend(e.score.to_le_bytes());
            }
        }
        let mut deflate = DeflateEncoder::new(Vec::new(), Compression::best());
        deflate
            .write_all(&payload)
            .expect("writing to memory cannot fail");
        let packed = deflate.finish().expect("writing to memory cannot fail");
        let id = self.variant.to_string();
        let mut out = Vec::with_capacity(packed.len() + 64);
        out.extend(MAGIC);
        out.extend(FORMAT.to_le_bytes());
        out.push(id.len() as u8);
        out.extend(id.as_bytes());
        out.extend(Board::start(self.variant).hash().to_le_bytes());
        out.extend((packed.len() as u32).to_le_bytes());
        out.extend(crc32fast::hash(&packed).to_le_bytes());
        out.extend(packed);
        out
    }

    /// Read a book from the bytes of a book file.
    ///
    /// # Errors
    /// [`BookError`] saying what is wrong: not a book, another format, cut short, damaged, an
    /// unknown variant, or positions and moves that do not fit this program's.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(BookError::NotABook);
        }
        let mut r = LeReader::new(&bytes[MAGIC.len()..]);
        let found = r.u16("the format")?;
        if found != FORMAT {
            return Err(BookError::Format { found });
        }
        let len = r.u8("the variant")? as usize;
        let id = r.text(len, "the variant")?;
        let variant: Variant = id.parse().map_err(|_| BookError::UnknownVariant(id))?;
        if r.u64("the start key")? != Board::start(variant).hash() {
            return Err(BookError::Keys);
        }
        let len = r.u32("the payload length")? as usize;
        let crc = r.u32("the checksum")?;
        let packed = r.take(len, "the positions")?;
        if crc32fast::hash(packed) != crc {
            return Err(BookError::Corrupt);
        }
        let mut payload = Vec::new();
        DeflateDecoder::new(packed)
            .read_to_end(&mut payload)
            .map_err(|_| BookError::Corrupt)?;
        let mut r = LeReader::new(&payload);
        let settings = Settings {
            depth: r.u16("the settings")?,
            lines: r.u8("the settings")?,
            breadth: r.u8("the settings")?,
            ply_cost: r.u16("the settings")?,
            drop_cost: r.u16("the settings")?,
            widest_drop: r.u16("the settings")?,
        };
        let count = r.u16("the start positions")? as usize;
        let mut roots = Vec::with_capacity(count);
        for index in 0..count {
            let len = r.u16("the start positions")? as usize;
            let fen = r.text(len, "the start positions")?;
            let board = Board::from_fen(variant, &fen).map_err(|e| BookError::BadRoot {
                variant,
                index,
                reason: e.to_string(),
            })?;
            roots.push(board);
        }
        let count = r.u32("the positions")? as usize;
        let mut stored = std::collections::HashMap::with_capacity(count);
        for _ in 0..count {
            let key = r.u64("the positions")?;
            let moves = r.u8("the positions")? as usize;
            let mut codes = Vec::with_capacity(moves);
            for _ in 0..moves {
                let code = r.u32("the positions")?;
                let score = r.u16("the positions")? as i16;
                codes.push((code, score));
            }
            stored.insert(key, codes);
        }
        let mut book = Book {
            variant,
            roots,
            settings,
            nodes: Default::default(),
            values: Default::default(),
        };
        // Each position's board is found by playing from the start positions: the file keeps
        // keys and move codes only.
        let mut queue: VecDeque<Board> = book.roots.iter().copied().collect();
        while let Some(board) = queue.pop_front() {
            let key = board.hash();
            if book.nodes.contains_key(&key) {
                continue;
            }
            let Some(codes) = stored.get(&key) else {
                continue;
            };
            let scored = Book::resolve(&board, codes).ok_or(BookError::Keys)?;
            queue.extend(scored.iter().map(|(mv, _)| board.play_unchecked(mv)));
            book.insert_node(board, &scored);
        }
        if book.nodes.len() != stored.len() {
            return Err(BookError::Keys);
        }
        book.refresh_values();
        Ok(book)
    }

    /// Read a book file.
    ///
    /// # Errors
    /// [`BookError::Io`] when it cannot be read, and the errors of [`Book::from_bytes`].
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let bytes = std::fs::read(path).map_err(|reason| BookError::Io {
            path: path.display().to_string(),
            reason,
        })?;
        Book::from_bytes(&bytes)
    }

    /// Write the book to `path`, replacing the file whole (a failure part way keeps the old
    /// one).
    ///
    /// # Errors
    /// [`BookError::Io`] when it cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        let bytes = self.to_bytes();
        damier_game::replace_file(path, |f| f.write_all(&bytes)).map_err(|reason| BookError::Io {
            path: path.display().to_string(),
            reason,
        })
    }

    /// Refuse the book unless it is for `wanted`.
    ///
    /// # Errors
    /// [`BookError::WrongVariant`].
    pub fn check_variant(&self, wanted: Variant) -> Result<(), BookError> {
        if self.variant == wanted {
            Ok(())
        } else {
            Err(BookError::WrongVariant {
                found: self.variant,
                wanted,
            })
        }
    }
}

impl From<CutShort> for BookError {
    fn from(e: CutShort) -> BookError {
        BookError::Truncated { part: e.part }
    }
}
