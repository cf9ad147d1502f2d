//! splitmix64: the one small random generator of the project (Zobrist keys, self-play,
//! training, sampling), the same on every machine, so that a seed names the same numbers
//! everywhere.

/// splitmix64's state step.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The splitmix64 output for state `z` (the state then advances by [`GOLDEN`]).
pub const fn splitmix(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
