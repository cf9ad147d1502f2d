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

/// Why [`open`] gives no book.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file named cannot be read, is not a book, or is for another variant.
    #[error(transparent)]
    File(#[from] BookError),
    /// No file named, and no book compiled in for the variant.
    #[error(
        "no book is compiled in for {0}: name one with --book, or make one with `damier book build -v {0}`"
    )]
    NoneCompiledIn(Variant),
}

/// The book a reader asks for to look into: `file`, which must be for `variant`, or else the
/// one compiled in for `variant`.
///
/// # Errors
/// [`OpenError`]: a file that cannot be used, or no file and no compiled book.
pub fn open(variant: Variant, file: Option<&Path>) -> Result<Arc<Book>, OpenError> {
    match file {
        Some(path) => Ok(load(path, Some(variant))?),
        None => book(variant).ok_or(OpenError::NoneCompiledIn(variant)),
    }
}

/// The book in the file at `path`, which must be for `variant` when one is given: the one
/// way [`open`] and [`Choice::parse`] read a named book.
fn load(path: &Path, variant: Option<Variant>) -> Result<Arc<Book>, BookError> {
    let book = Book::load(path)?;
    if let Some(v) = variant {
        book.check_variant(v)?;
    }
    Ok(Arc::new(book))
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
            path => Ok(Choice::File(load(Path::new(path), variant)?)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;

    #[test]
    fn a_book_is_opened_from_its_file_or_else_compiled_in() {
        let international: Variant = "international".parse().unwrap();
        let english: Variant = "english".parse().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("small.book");
        Book::new(international, Settings::default())
            .save(&path)
            .unwrap();
        assert_eq!(
            open(international, Some(&path)).unwrap().variant(),
            international
        );
        let e = open(english, Some(&path)).unwrap_err();
        assert!(
            matches!(e, OpenError::File(BookError::WrongVariant { .. })),
            "{e}"
        );
        assert_eq!(e.to_string(), "the book is for international, not english");
        let e = open(english, Some(&dir.path().join("none.book"))).unwrap_err();
        assert!(matches!(e, OpenError::File(BookError::Io { .. })), "{e}");

        let compiled = open(english, None).unwrap();
        assert!(Arc::ptr_eq(&compiled, &book(english).unwrap()));
        // Breakthrough has no compiled book.
        let breakthrough: Variant = "breakthrough".parse().unwrap();
        assert!(book(breakthrough).is_none());
        let e = open(breakthrough, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no book is compiled in for breakthrough: name one with --book, or make one with \
             `damier book build -v breakthrough`"
        );
    }
}
