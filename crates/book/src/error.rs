//! Why a book was refused.

use damier_core::Variant;

/// Why a book file could not be read, or does not fit the game it was asked for.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        reason: std::io::Error,
    },
    /// The file does not start as a book does.
    #[error("not a Damier opening book (it does not start with {})", String::from_utf8_lossy(crate::file::MAGIC).trim_end())]
    NotABook,
    /// Another version of the format.
    #[error(
        "book format {found}, this program reads format {}",
        crate::file::FORMAT
    )]
    Format {
        /// The version the file says.
        found: u16,
    },
    /// The file ends before a part it announces.
    #[error("the book is cut short in {part}")]
    Truncated {
        /// The part being read.
        part: &'static str,
    },
    /// The positions do not match their checksum.
    #[error("the book is damaged (its checksum does not match)")]
    Corrupt,
    /// The variant the file names is unknown to this program.
    #[error("the book is for an unknown variant {0:?}")]
    UnknownVariant(String),
    /// The file holds a position that is not one of its variant.
    #[error("the book's start position {index} is not a position of {variant}: {reason}")]
    BadRoot {
        /// The variant.
        variant: Variant,
        /// Which start position (from 0).
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The file's positions were keyed by other Zobrist keys than this program's.
    #[error("the book was made by a program with other position keys: rebuild it")]
    Keys,
    /// A book of another variant.
    #[error("the book is for {found}, not {wanted}")]
    WrongVariant {
        /// The book's variant.
        found: Variant,
        /// The variant asked for.
        wanted: Variant,
    },
}
