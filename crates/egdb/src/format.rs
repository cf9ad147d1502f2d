//! The file of one slice (docs/egdb-format.md): a header, a table of blocks, and the blocks,
//! each a run of codes DEFLATE-compressed with its own checksum.

use crate::slice::Slice;
use flate2::write::DeflateEncoder;
use flate2::{Compression, Decompress, FlushDecompress, Status};
use std::cell::RefCell;
use std::io::{Read, Write};

/// First bytes of every database file.
pub const MAGIC: &[u8; 8] = b"DAMIERDB";
/// Version of the layout below.
pub const VERSION: u32 = 1;
/// Positions per block: small enough that a probe decompresses little, large enough that
/// DEFLATE finds the runs.
pub const BLOCK_ENTRIES: u32 = 1 << 12;

/// What is wrong with a file.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// Not a database file, or a newer layout.
    #[error("not a Damier endgame database file (or a version this build cannot read)")]
    NotDatabase,
    /// The header names another variant or slice than the file's place says.
    #[error("holds {found_variant} {found_material}, expected {variant} {material}")]
    Foreign {
        /// Variant the reader wanted.
        variant: String,
        /// Slice the reader wanted.
        material: Slice,
        /// Variant in the header.
        found_variant: String,
        /// Slice in the header.
        found_material: Slice,
    },
    /// Cut short or damaged.
    #[error("damaged: {0}")]
    Damaged(String),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Everything before the blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Variant id, as `damier` names it.
    pub variant: String,
    /// The slice.
    pub material: Slice,
    /// Positions (indices, holes included).
    pub entries: u64,
    /// Bytes per code: 1 when every code fits, else 2 (little-endian).
    pub width: u8,
    /// Per block: where it starts in the file, its compressed length, and the CRC-32 of its
    /// decompressed bytes.
    pub blocks: Vec<(u64, u32, u32)>,
}

impl Header {
    /// Bytes of the header itself.
    pub fn len(&self) -> u64 {
        (8 + 4 + 1 + self.variant.len() + 4 + 8 + 1 + 4 + 4 + self.blocks.len() * 16 + 4) as u64
    }

    /// Whether the slice is empty (never: every slice holds positions).
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len() as usize);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.variant.len() as u8);
        out.extend_from_slice(self.variant.as_bytes());
        let m = self.material;
        out.extend_from_slice(&[m.own_men, m.own_kings, m.opp_men, m.opp_kings]);
        out.extend_from_slice(&self.entries.to_le_bytes());
        out.push(self.width);
        out.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
        out.extend_from_slice(&(self.blocks.len() as u32).to_le_bytes());
        for &(offset, len, crc) in &self.blocks {
            out.extend_from_slice(&offset.to_le_bytes());
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&crc.to_le_bytes());
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Read a header from the start of a file.
    pub fn read(file: &mut impl Read) -> Result<Header, FormatError> {
        let mut raw = Vec::new();
        let mut take = |n: usize, raw: &mut Vec<u8>| -> Result<usize, FormatError> {
            let at = raw.len();
            raw.resize(at + n, 0);
            file.read_exact(&mut raw[at..])
                .map_err(|e| match e.kind() {
                    std::io::ErrorKind::UnexpectedEof => {
                        FormatError::Damaged("the header is cut short".into())
                    }
                    _ => FormatError::Io(e),
                })?;
            Ok(at)
        };
        take(8 + 4 + 1, &mut raw).map_err(|_| FormatError::NotDatabase)?;
        if &raw[..8] != MAGIC || u32::from_le_bytes(raw[8..12].try_into().unwrap()) != VERSION {
            return Err(FormatError::NotDatabase);
        }
        let name_len = raw[12] as usize;
        let at = take(name_len + 4 + 8 + 1 + 4 + 4, &mut raw)?;
        let variant = String::from_utf8_lossy(&raw[at..at + name_len]).into_owned();
        let f = &raw[at + name_len..];
        let material = Slice {
            own_men: f[0],
            own_kings: f[1],
            opp_men: f[2],
            opp_kings: f[3],
        };
        let entries = u64::from_le_bytes(f[4..12].try_into().unwrap());
        let width = f[12];
        let block_entries = u32::from_le_bytes(f[13..17].try_into().unwrap());
        let count = u32::from_le_bytes(f[17..21].try_into().unwrap()) as usize;
        // Bounded before anything is allocated from it: 2^24 blocks is 2^36 positions.
        if count > 1 << 24
            || block_entries != BLOCK_ENTRIES
            || !(1..=2).contains(&width)
            || count as u64 != entries.div_ceil(u64::from(BLOCK_ENTRIES))
        {
            return Err(FormatError::Damaged(
                "the header's sizes do not agree".into(),
            ));
        }
        let at = take(count * 16 + 4, &mut raw)?;
        let blocks = raw[at..at + count * 16]
            .chunks_exact(16)
            .map(|b| {
                (
                    u64::from_le_bytes(b[0..8].try_into().unwrap()),
                    u32::from_le_bytes(b[8..12].try_into().unwrap()),
                    u32::from_le_bytes(b[12..16].try_into().unwrap()),
                )
            })
            .collect();
        let stored = u32::from_le_bytes(raw[raw.len() - 4..].try_into().unwrap());
        if crc32fast::hash(&raw[..raw.len() - 4]) != stored {
            return Err(FormatError::Damaged(
                "the header's checksum does not match".into(),
            ));
        }
        Ok(Header {
            variant,
            material,
            entries,
            width,
            blocks,
        })
    }
}

/// The bytes of a whole file holding `codes`.
pub fn encode(variant: &str, material: Slice, codes: &[u16]) -> Vec<u8> {
    let width = if codes.iter().all(|&c| c <= u16::from(u8::MAX)) {
        1
    } else {
        2
    };
    let mut blocks = Vec::new();
    let mut data = Vec::new();
    for chunk in codes.chunks(BLOCK_ENTRIES as usize) {
        let raw: Vec<u8> = if width == 1 {
            chunk.iter().map(|&c| c as u8).collect()
        } else {
            chunk.iter().flat_map(|c| c.to_le_bytes()).collect()
        };
        let mut enc = DeflateEncoder::new(Vec::new(), Compression::best());
        enc.write_all(&raw).expect("writing to memory");
        let packed = enc.finish().expect("writing to memory");
        blocks.push((
            data.len() as u64,
            packed.len() as u32,
            crc32fast::hash(&raw),
        ));
        data.extend_from_slice(&packed);
    }
    let mut header = Header {
        variant: variant.to_string(),
        material,
        entries: codes.len() as u64,
        width,
        blocks,
    };
    let start = header.len();
    for b in &mut header.blocks {
        b.0 += start;
    }
    let mut out = header.encode();
    out.extend_from_slice(&data);
    out
}

thread_local! {
    /// One inflater per thread, reset for each block: a fresh one allocates and clears its
    /// window every time (clearing alone was 5 % of a 6-piece probe's time in a profile).
    static INFLATER: RefCell<Decompress> = RefCell::new(Decompress::new(false));
}

/// The codes of one block, from its compressed bytes.
pub fn decode_block(header: &Header, block: usize, packed: &[u8]) -> Result<Block, FormatError> {
    let (_, _, crc) = header.blocks[block];
    let first = block as u64 * u64::from(BLOCK_ENTRIES);
    let entries = (header.entries - first).min(u64::from(BLOCK_ENTRIES)) as usize;
    let expected = entries * header.width as usize;
    // One byte of room past the block: a stream that fills it holds more than it should.
    let mut raw = Vec::with_capacity(expected + 1);
    let status = INFLATER.with_borrow_mut(|inflater| {
        inflater.reset(false);
        inflater.decompress_vec(packed, &mut raw, FlushDecompress::Finish)
    });
    match status {
        Ok(Status::StreamEnd) => {}
        Ok(_) => {
            return Err(FormatError::Damaged(format!(
                "block {block} does not decompress (cut short or too long)"
            )))
        }
        Err(e) => {
            return Err(FormatError::Damaged(format!(
                "block {block} does not decompress ({e})"
            )))
        }
    }
    if raw.len() != expected || crc32fast::hash(&raw) != crc {
        return Err(FormatError::Damaged(format!(
            "block {block} fails its checksum"
        )));
    }
    Ok(Block {
        bytes: raw,
        wide: header.width == 2,
    })
}

/// The codes of one block as the file stores them, one byte or two each: kept so in a cache,
/// a block of one-byte codes takes half the memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    bytes: Vec<u8>,
    wide: bool,
}

impl Block {
    /// Code `i` of the block.
    ///
    /// # Panics
    /// If `i` is not below [`Block::len`].
    pub fn code(&self, i: usize) -> u16 {
        if self.wide {
            u16::from_le_bytes([self.bytes[2 * i], self.bytes[2 * i + 1]])
        } else {
            u16::from(self.bytes[i])
        }
    }

    /// Codes in the block.
    pub fn len(&self) -> usize {
        self.bytes.len() >> usize::from(self.wide)
    }

    /// Whether the block holds no code.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Append every code, in order, to `out`.
    pub fn append_to(&self, out: &mut Vec<u16>) {
        if self.wide {
            out.extend(
                self.bytes
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]])),
            );
        } else {
            out.extend(self.bytes.iter().map(|&b| u16::from(b)));
        }
    }

    /// Bytes it occupies.
    pub fn memory(&self) -> usize {
        self.bytes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_back_and_damage_is_caught() {
        let m: Slice = "K2-K1".parse().unwrap();
        for codes in [
            (0..40_000u32).map(|i| (i % 7) as u16).collect::<Vec<_>>(),
            (0..40_000u32).map(|i| (i % 700) as u16).collect(),
        ] {
            let bytes = encode("english", m, &codes);
            let header = Header::read(&mut &bytes[..]).unwrap();
            assert_eq!((header.material, header.entries), (m, 40_000));
            let mut back = Vec::new();
            for (b, &(offset, len, _)) in header.blocks.iter().enumerate() {
                let packed = &bytes[offset as usize..offset as usize + len as usize];
                decode_block(&header, b, packed)
                    .unwrap()
                    .append_to(&mut back);
            }
            assert_eq!(back, codes);
            // Probes read one code of a block: the same codes.
            let (offset, len, _) = header.blocks[1];
            let block =
                decode_block(&header, 1, &bytes[offset as usize..][..len as usize]).unwrap();
            assert_eq!(block.len(), BLOCK_ENTRIES as usize);
            assert!((0..block.len()).all(|i| block.code(i) == codes[BLOCK_ENTRIES as usize + i]));

            let mut bent = bytes.clone();
            let (offset, len, _) = header.blocks[1];
            bent[(offset + u64::from(len) / 2) as usize] ^= 0x10;
            let packed = &bent[offset as usize..offset as usize + len as usize];
            let err = decode_block(&header, 1, packed).unwrap_err();
            // The thread's inflater, reset, still reads a sound block after a damaged one.
            let sound = &bytes[offset as usize..offset as usize + len as usize];
            assert_eq!(
                decode_block(&header, 1, sound).unwrap(),
                block,
                "after {err}"
            );

            // A block cut short, and a full block's stream read as the shorter last block
            // (40 000 entries leave 3 136 in it): both refused.
            let (offset, len, _) = header.blocks[0];
            let full = &bytes[offset as usize..offset as usize + len as usize];
            assert!(decode_block(&header, 0, &full[..full.len() - 3]).is_err());
            assert!(decode_block(&header, header.blocks.len() - 1, full).is_err());

            assert!(matches!(
                Header::read(&mut &bytes[..30]),
                Err(FormatError::Damaged(_))
            ));
            assert!(matches!(
                Header::read(&mut &b"PK\x03\x04 not ours at all"[..]),
                Err(FormatError::NotDatabase)
            ));
            let mut bad = bytes.clone();
            bad[20] ^= 1;
            assert!(Header::read(&mut &bad[..]).is_err());
        }
    }
}
