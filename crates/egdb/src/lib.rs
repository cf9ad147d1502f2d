//! # damier-egdb: endgame databases for every variant
//!
//! Win, draw or loss with best play, and the distance to the end of the game, for every
//! position of a few pieces, computed by retrograde analysis over the rules core's own move
//! generator (so every variant and its giveaway form is served by the same code).
//!
//! - [`Slice`] names a slice (the pieces of each side, seen from the side to move);
//!   [`Slice::build_order`] lists slices so that each follows those it leads to.
//! - [`Indexer`] numbers a slice's positions densely.
//! - [`build::build_pair`] solves a slice and its swap.
//! - [`store`] keeps a set on disk ([`store::build_set`]) and [`Egdb`] probes it; the file
//!   layout is [`format`]'s (docs/egdb-format.md).
//! - [`Value`] is what a probe answers; [`verify`] checks a set against the rules, and
//!   [`checked`] records what passed.
//! - [`Listing`] lists the sets of a folder; a command that went past damaged files ends
//!   with [`DamagedFiles`].
//! - [`Sampler`] draws positions of a set at random, for benchmarks.
//! - [`source::Source`] is the set a user names for an engine (a folder, `none`, or the
//!   default folder) and opens it as every interface does.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod absent;
pub mod bench;
pub mod build;
pub mod checked;
mod damaged;
mod explain;
pub mod format;
mod index;
mod pending;
mod recommended;
mod sample;
mod set_build;
mod slice;
pub mod source;
pub mod store;
mod summary;
mod value;
pub mod verify;

pub use absent::{material_list, Absent};
pub use damaged::DamagedFiles;
pub use explain::{Explained, Unexplained};
pub use index::Indexer;
pub use recommended::{recommended, Recommended};
pub use sample::Sampler;
pub use slice::{oriented, unbuildable_set, BadSlice, Slice, MAX_PIECES};
pub use store::{left_out_warning, Damage, Egdb, EgdbError, InMemory};
pub use summary::{sets_under, Bytes, Listing, ListingError, PieceCount, SetSummary};
pub use value::Value;
