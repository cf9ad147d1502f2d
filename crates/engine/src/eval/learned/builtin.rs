//! The weights compiled into the program, one file per variant in `crates/engine/weights/`,
//! each decoded the first time a search of its variant asks for it.

use super::Weights;
use damier_core::Variant;
use std::sync::{Arc, OnceLock};

include!(concat!(env!("OUT_DIR"), "/builtin_weights.rs"));

/// The builtin weights of `variant`, if it has any.
///
/// # Panics
/// If a compiled-in file does not decode, which a test of every file rules out.
pub fn builtin(variant: Variant) -> Option<Arc<Weights>> {
    static DECODED: [OnceLock<Option<Arc<Weights>>>; Variant::COUNT] =
        [const { OnceLock::new() }; Variant::COUNT];
    DECODED[variant.index()]
        .get_or_init(|| {
            let id = variant.to_string();
            FILES
                .iter()
                .find(|(name, _)| *name == id)
                .map(|(_, bytes)| {
                    let w = Weights::from_bytes(bytes)
                        .unwrap_or_else(|e| panic!("builtin weights of {id}: {e}"));
                    assert_eq!(w.variant(), variant, "builtin weights file named {id}");
                    Arc::new(w)
                })
        })
        .clone()
}

/// The variants that have builtin weights.
pub fn variants_with_weights() -> Vec<Variant> {
    Variant::all().filter(|v| builtin(*v).is_some()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_file_decodes_for_its_variant() {
        for (name, _) in FILES {
            let v: Variant = name.parse().unwrap();
            assert!(builtin(v).is_some(), "{name}");
        }
        assert_eq!(variants_with_weights().len(), FILES.len());
    }
}
