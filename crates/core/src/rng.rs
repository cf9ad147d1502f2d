//! splitmix64: the one small random generator of the project (Zobrist keys, self-play,
//! training, sampling), the same on every machine, so that a seed names the same numbers
//! everywhere.

/// A seed from the clock, for choices that differ from one run to the next (a random side or
/// ballot, the book's draws between equal moves); 0 if the clock is before 1970.
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        // The low bits are the ones that change: the cut keeps them.
        .map_or(0, |d| d.as_nanos() as u64)
}

/// splitmix64's state step.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The splitmix64 output for state `z` (the state then advances by [`GOLDEN`]).
pub const fn splitmix(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_seed_changes_with_the_clock() {
        let first = time_seed();
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert_ne!(time_seed(), first);
    }
}
