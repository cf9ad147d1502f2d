//! The books compiled into the program, and the choice of a book as the command line and the
//! Hub parameter write it.

use crate::{Book, BookError};
use damier_core::Variant;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

mod files {
    include!(concat!(env!("OUT_DIR"), "/builtin_books.rs"));
}

/// The book compiled in for `variant`, read once.
pub fn book(variant: Variant) -> Option<Arc<Book>> {
    static BOOKS: OnceLock<HashMap<Variant, Arc<Book>>> = OnceLock::new();
    BOOKS
        .get_or_init(|| {
            // The tests read every compiled book, so one that does not read is a build defect.
            files::FILES
                .iter()
                .filter_map(|(_, bytes)| Book::from_bytes(bytes).ok())
                .map(|book| (book.variant(), Arc::new(book)))
                .collect()
        })
        .get(&variant)
        .cloned()
}

/// The variants with a compiled book, and the bytes of each.
pub fn files() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    files::FILES.iter().copied()
}

/// Which book the engine plays from.
#[derive(Clone, Debug, Default)]
pub enum Choice {
    /// The compiled book of the game's variant, where there is one.
    #[default]
    Builtin,
    /// No book: every move is searched.
    None,
    /// A book read from a file (a game of another variant uses no book).
    File(Arc<Book>),
}

impl Choice {
    /// Read a choice as the command line and the Hub parameter write it: `builtin`, `none`,
    /// or the path of a book file, which must be for `variant` when one is given.
    ///
    /// # Errors
    /// [`BookError`] when the file cannot be read, is not a book, or is for another variant.
    pub fn parse(text: &str, variant: Option<Variant>) -> Result<Choice, BookError> {
        match text {
            "builtin" | "default" => Ok(Choice::Builtin),
            "none" | "off" => Ok(Choice::None),
            path => {
                let book = Book::load(Path::new(path))?;
                if let Some(v) = variant {
                    book.check_variant(v)?;
                }
                Ok(Choice::File(Arc::new(book)))
            }
        }
    }

    /// The book to play `variant` from, if any.
    pub fn book_for(&self, variant: Variant) -> Option<Arc<Book>> {
        match self {
            Choice::Builtin => book(variant),
            Choice::None => None,
            Choice::File(b) => (b.variant() == variant).then(|| b.clone()),
        }
    }
}
