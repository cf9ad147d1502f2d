//! The random generator of self-play and training: the rules core's splitmix64, so that a
//! seed names the same games and the same split on every machine.

pub use damier_core::rng::{splitmix, GOLDEN};
