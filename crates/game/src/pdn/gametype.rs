//! PDN `GameType` and `Variant` tags to variants, and back.

use damier_core::{Base, Variant};

/// The PDN number of each variant that has one (RULES.md §4). German shares Brazilian's 26,
/// so a German game carries a `Variant` tag as well.
const NUMBERS: [(u32, Base); 13] = [
    (20, Base::International),
    (21, Base::English),
    (22, Base::Italian),
    (23, Base::Pool),
    (24, Base::Spanish),
    (25, Base::Russian),
    (26, Base::Brazilian),
    (27, Base::Canadian),
    (28, Base::Portuguese),
    (29, Base::Czech),
    (30, Base::Turkish),
    (31, Base::Thai),
    (40, Base::Frisian),
];

/// The variant of a `GameType` value, short (`20`) or full (`20,W,10,10,N2,0`). `None` when
/// the number is not one Damier plays.
pub(crate) fn variant_of_game_type(value: &str) -> Option<Variant> {
    let number: u32 = value.split(',').next()?.trim().parse().ok()?;
    NUMBERS
        .iter()
        .find(|(n, _)| *n == number)
        .map(|&(_, base)| Variant::new(base))
}

/// The variant named by a `Variant` tag: Damier's ids and aliases, case and `_`/space
/// insensitive (`Russian giveaway`, `antidraughts`). `None` for names Damier does not know,
/// so that descriptive values (`Standard (international) checkers`) fall back to `GameType`.
pub(crate) fn variant_of_name(value: &str) -> Option<Variant> {
    value.trim().replace(' ', "-").parse().ok()
}

/// The `GameType` value to write: the full form of RULES.md §4, or for a variant without a
/// number (Sri Lankan) none.
pub(crate) fn game_type_of(variant: Variant) -> Option<&'static str> {
    variant.rules().game_type
}

/// Whether the variant needs a `Variant` tag: its `GameType` alone would read as another.
pub(crate) fn needs_variant_tag(variant: Variant) -> bool {
    game_type_of(variant).and_then(variant_of_game_type) != Some(variant)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_full_forms() {
        assert_eq!(variant_of_game_type("20"), Some(Variant::INTERNATIONAL));
        assert_eq!(
            variant_of_game_type("21,B,8,8,N1,0"),
            Some(Variant::new(Base::English))
        );
        assert_eq!(
            variant_of_game_type(" 25 "),
            Some(Variant::new(Base::Russian))
        );
        assert_eq!(variant_of_game_type("99"), None);
        assert_eq!(variant_of_game_type("x"), None);
    }

    #[test]
    fn every_variant_is_written_so_that_it_reads_back() {
        for v in Variant::all() {
            let by_type = game_type_of(v).and_then(variant_of_game_type);
            let read = if needs_variant_tag(v) {
                variant_of_name(&v.to_string())
            } else {
                by_type
            };
            assert_eq!(read, Some(v), "{v}");
        }
        assert!(needs_variant_tag(Variant::new(Base::German)));
        assert!(needs_variant_tag(Variant::new(Base::SriLankan)));
        assert!(!needs_variant_tag(Variant::new(Base::Thai)));
        assert_eq!(
            variant_of_name("Russian giveaway"),
            Some(Variant::giveaway(Base::Russian))
        );
    }
}
