//! The one random generator of self-play and training: splitmix64, small, fast and the same
//! on every machine, so that a seed names the same games and the same split everywhere.

/// The splitmix64 output for state `z` (the state then advances by the golden-ratio step).
pub fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// splitmix64's state step.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
