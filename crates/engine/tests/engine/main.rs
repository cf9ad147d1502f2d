//! The engine's integration tests, as one test binary: every test binary links and instantiates
//! the generic search for every board geometry anew, so one binary compiles in a fraction of the
//! time of five. Run one part with a filter, e.g. `cargo test -p damier-engine --test engine
//! search::`.

mod bench;
mod book;
mod egdb;
mod eval;
mod giveaway;
mod search;

/// A small deterministic generator, so a failure is reproduced from its seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
