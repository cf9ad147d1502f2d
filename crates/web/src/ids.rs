//! Random game ids and tokens, from the operating system's generator: a token is the only
//! thing that lets a client act for a side, so it must not be guessable.

/// `bytes` random bytes as lower-case hex.
fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    if getrandom::fill(&mut buf).is_err() {
        // No system generator: fall back to the hasher's per-process random keys mixed with
        // the time, which is still unpredictable from outside.
        use std::hash::{BuildHasher, Hasher};
        let state = std::collections::hash_map::RandomState::new();
        for (i, chunk) in buf.chunks_mut(8).enumerate() {
            let mut h = state.build_hasher();
            h.write_usize(i);
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            let v = h.finish().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
    hex(&buf)
}

/// `bytes` as lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new game id (12 random bytes: unguessable, short enough for a link).
pub fn game_id() -> String {
    random_hex(12)
}

/// A new token (16 random bytes).
pub fn token() -> String {
    random_hex(16)
}

/// A random 64-bit seed.
pub fn seed() -> u64 {
    u64::from_str_radix(&random_hex(8), 16).unwrap_or(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_differ() {
        assert_ne!(super::game_id(), super::game_id());
        assert_eq!(super::token().len(), 32);
    }
}
