//! # damier-book: opening books for every variant
//!
//! - [`Book`]: positions of the openings, each with the moves a deep search scored, valued by
//!   minimax over the positions below; [`Book::moves`] and [`Book::choose`] probe it.
//! - [`Book::grow`] adds the next position by drop-out expansion ([`Settings`]), asking an
//!   [`Analyst`] (the engine) to score its moves; [`Book::grow_to`] grows a book file to a
//!   size, saving it as it goes, and a book grows on from where it stopped.
//! - [`Book::load`], [`Book::save`]: the file format of docs/book-format.md.
//! - [`builtin`]: the books compiled into the program, one per variant that has one.
//! - [`Book::summary`], [`Book::probe`], [`GrowReport`]: what a book and a grow run say to a
//!   reader.
//!
//! The crate knows positions and moves, not searches: the engine implements [`Analyst`] and
//! probes the book before it searches.
//!
//! ```
//! use damier_book::{Analyst, Book, Settings};
//! use damier_game::{AnyMove, Board};
//!
//! // An analyst that likes every move the same.
//! struct Even;
//! impl Analyst for Even {
//!     fn analyse(&mut self, board: &Board, _: u16, lines: usize) -> Option<Vec<(AnyMove, i32)>> {
//!         Some(board.legal_moves().into_iter().take(lines).map(|m| (m, 0)).collect())
//!     }
//! }
//!
//! let variant = "international".parse().unwrap();
//! let mut book = Book::new(variant, Settings::default());
//! while book.len() < 5 {
//!     book.grow(&mut Even);
//! }
//! let start = Board::start(variant);
//! assert!(book.moves(&start).is_some());
//! let again = Book::from_bytes(&book.to_bytes()).unwrap();
//! assert_eq!(again.len(), 5);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod book;
pub mod builtin;
mod error;
mod file;
mod grow;
mod report;

pub use book::{Book, BookMove, SCORE_LIMIT};
pub use builtin::{Choice, OpenError};
pub use error::BookError;
pub use file::{FORMAT, MAGIC};
pub use grow::{default_path, Analyst, GrowEnd, Grown, Overrides, Settings, Step, SAVE_EVERY};
pub use report::{GrowReport, ProbeLine, Summary};
