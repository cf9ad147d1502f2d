//! # damier-protocol: engine protocols
//!
//! [`hub`] implements the Hub protocol (version 2, as Scan 3.x speaks it) on the engine's
//! side, for every Damier variant. It owns no I/O of its own: [`hub::run`] reads lines from
//! any reader and writes to any writer, so the binary gives it stdin and stdout and the tests
//! give it strings. [`dxp`] is DamExchange, the TCP protocol of 10x10 engines playing each
//! other: Damier as follower or initiator.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod dxp;
pub mod hub;
