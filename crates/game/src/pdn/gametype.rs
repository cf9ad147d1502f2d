//! PDN `GameType` and `Variant` tags to variants, and back.

use damier_core::{Base, Color, NameScheme, Variant};

/// The PDN number of each variant that has one (RULES.md §4). German shares Brazilian's 26,
/// so a German game carries a `Variant` tag as well. 96 and 97 are lidraughts' own numbers
/// for Breakthrough and Frysk!, which it writes bare (`[GameType "97"]`).
const NUMBERS: [(u32, Base); 15] = [
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
    (96, Base::Breakthrough),
    (97, Base::Frysk),
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

/// The square names a full `GameType` value (`25,W,8,8,N2,0`) gives a game of `variant` when
/// they are not the variant's own (a Russian game numbered as English ones are); `None` for
/// the short form, for the variant's own notation, or for a `GameType` of another variant (a
/// `Variant` tag decided against it).
///
/// PDN's notation field is a letter (`A` letters and digits, `N` numbers, `S` the short form
/// of chess) and the corner of square 1 (or a1): 0 bottom-left, 1 bottom-right, 2 top-left,
/// 3 top-right, as the player who moves first sees the board; the start colour field names
/// that player's colour and does not change the notation. Read so, the value published for
/// each variant names its own numbering (English `N1` with Black first, Thai `N2`), which a
/// test checks for every variant. The invert flag says whether the bottom-left corner is a
/// playing square; the game is the same on the reflected board, so it is read there.
///
/// # Errors
/// Why the value cannot be read (not of PDN's form, another board size, notation `S`): the
/// reader then reads the game in the variant's own notation, and a check says why.
pub(crate) fn scheme_of_game_type(
    value: &str,
    variant: Variant,
) -> Result<Option<NameScheme>, String> {
    let fields: Vec<&str> = value.split(',').map(str::trim).collect();
    let rules = variant.rules();
    let own_number = rules
        .game_type
        .and_then(|own| own.split(',').next())
        .and_then(|n| n.parse::<u32>().ok());
    let number = fields[0].parse::<u32>().ok();
    if fields.len() == 1 || own_number.is_none() || number != own_number {
        return Ok(None);
    }
    let form = "PDN's form is type,colour,width,height,notation[,invert] (20,W,10,10,N2,0)";
    let &[_, colour, width, height, notation, ref invert @ ..] = fields.as_slice() else {
        return Err(format!("it has {} fields: {form}", fields.len()));
    };
    if invert.len() > 1 {
        return Err(format!("it has {} fields: {form}", fields.len()));
    }
    if !matches!(colour, "W" | "B" | "w" | "b") {
        return Err(format!("the start colour '{colour}' is not W or B"));
    }
    let n = rules.board.size();
    if width.parse::<u32>().ok() != Some(n) || height.parse::<u32>().ok() != Some(n) {
        return Err(format!(
            "its board is {width}x{height}, but {variant} is played on {n}x{n}"
        ));
    }
    let unknown = || format!("the notation '{notation}' is not A, N or S and a corner 0-3");
    let mut chars = notation.chars();
    let (letter, corner) = match (chars.next(), chars.next(), chars.next()) {
        (Some(letter), Some(digit @ '0'..='3'), None) => (letter, digit as u8 - b'0'),
        _ => return Err(unknown()),
    };
    let algebraic = match letter.to_ascii_uppercase() {
        'A' => true,
        'N' => false,
        'S' => return Err("notation S (the short form of chess) is not read".to_string()),
        _ => return Err(unknown()),
    };
    let inverted = match invert.first().copied() {
        None => None,
        Some("0") => Some(false),
        Some("1") => Some(true),
        Some(other) => return Err(format!("the invert flag '{other}' is not 0 or 1")),
    };
    let own = NameScheme::of(rules);
    // Seen from Black, the board is turned half round: each corner is the opposite one.
    let corner = match rules.first {
        Color::White => corner,
        Color::Black => 3 - corner,
    };
    let scheme = NameScheme {
        algebraic,
        corner,
        // A board whose every square is played has no corner to invert.
        mirrored: inverted
            .filter(|_| rules.board.is_diagonal())
            .unwrap_or(own.mirrored),
    };
    Ok((scheme != own).then_some(scheme))
}

/// The squares were read as the `GameType` names them.
pub(crate) fn read_in_note(value: &str, scheme: NameScheme, variant: Variant) -> String {
    format!(
        "GameType \"{value}\": squares read as {}",
        describe(scheme, variant)
    )
}

/// The `GameType` could not be read: the squares were read in the variant's own notation.
pub(crate) fn unread_note(value: &str, why: &str, variant: Variant) -> String {
    format!("GameType \"{value}\" not understood ({why}): squares read in {variant}'s own notation")
}

/// The moves do not fit the notation the `GameType` names, and do fit the variant's own.
pub(crate) fn not_fitted_note(value: &str, scheme: NameScheme, variant: Variant) -> String {
    format!(
        "GameType \"{value}\" names {}, but the game is in {variant}'s own notation: read so",
        describe(scheme, variant)
    )
}

/// A scheme in a few words, as White sees the board.
fn describe(scheme: NameScheme, variant: Variant) -> String {
    let corner = ["bottom left", "bottom right", "top left", "top right"][scheme.corner as usize];
    let how = if scheme.algebraic {
        format!("letters and digits from White's {corner} (a1)")
    } else {
        format!("numbers from White's {corner} (1)")
    };
    if scheme.mirrored == NameScheme::of(variant.rules()).mirrored {
        how
    } else if scheme.mirrored {
        format!("{how}, the bottom-left corner not a playing square (in {variant} it is)")
    } else {
        format!("{how}, the bottom-left corner a playing square (in {variant} it is not)")
    }
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

    #[test]
    fn the_published_game_type_of_every_variant_names_its_own_squares() {
        // The corner read as the first mover sees it: English N1 (Black first) and
        // International N2 (White first) both put square 1 at the top left for White.
        for v in Variant::all() {
            if let Some(value) = game_type_of(v) {
                assert_eq!(scheme_of_game_type(value, v), Ok(None), "{v}: {value}");
            }
        }
        let english = Variant::new(Base::English);
        let numbers_from = |corner| NameScheme {
            algebraic: false,
            corner,
            mirrored: false,
        };
        assert_eq!(
            scheme_of_game_type("21,B,8,8,N2,0", english),
            Ok(Some(numbers_from(1)))
        );
        let russian = Variant::new(Base::Russian);
        assert_eq!(
            scheme_of_game_type("25,W,8,8,N2,0", russian),
            Ok(Some(numbers_from(2)))
        );
        assert_eq!(scheme_of_game_type("25", russian), Ok(None));
        // Another variant's GameType (a Variant tag chose this one) says nothing of it.
        assert_eq!(scheme_of_game_type("20,W,10,10,A0,0", russian), Ok(None));
        // Every square of the Turkish board plays: there is no corner to invert.
        let turkish = Variant::new(Base::Turkish);
        assert_eq!(scheme_of_game_type("30,W,8,8,A0,1", turkish), Ok(None));
        let italian = Variant::new(Base::Italian);
        assert_eq!(
            scheme_of_game_type("22,W,8,8,N2,0", italian),
            Ok(Some(numbers_from(2)))
        );
    }

    /// What a check says of `value` for `variant` before the moves are read.
    fn note(value: &str, variant: Variant) -> Option<String> {
        match scheme_of_game_type(value, variant) {
            Ok(None) => None,
            Ok(Some(scheme)) => Some(read_in_note(value, scheme, variant)),
            Err(why) => Some(unread_note(value, &why, variant)),
        }
    }

    #[test]
    fn a_game_type_that_cannot_be_read_says_why() {
        let russian = Variant::new(Base::Russian);
        let why = |value| scheme_of_game_type(value, russian).unwrap_err();
        assert!(why("25,W,8,8").contains("4 fields"), "{}", why("25,W,8,8"));
        assert!(why("25,W,8,8,A0,0,1").contains("7 fields"));
        assert!(why("25,X,8,8,A0,0").contains("'X' is not W or B"));
        assert!(why("25,W,10,10,A0,0").contains("10x10, but russian is played on 8x8"));
        assert!(why("25,W,8,8,N4,0").contains("'N4'"));
        assert!(why("25,W,8,8,Q0,0").contains("'Q0'"));
        assert!(why("25,W,8,8,S0,0").contains("notation S"));
        assert!(why("25,W,8,8,A0,2").contains("invert flag '2'"));
        let turkish = Variant::new(Base::Turkish);
        let turkish_why = scheme_of_game_type("30,W,8,8,A0,9", turkish).unwrap_err();
        assert!(turkish_why.contains("invert flag '9'"), "{turkish_why}");
        assert_eq!(
            note("25,W,10,10,A0,0", russian).as_deref(),
            Some(
                "GameType \"25,W,10,10,A0,0\" not understood (its board is 10x10, but russian is \
                 played on 8x8): squares read in russian's own notation"
            )
        );
    }

    #[test]
    fn the_start_colour_names_a_colour_and_leaves_the_notation_alone() {
        // The corner is the first mover's view whichever colour the field gives it (the
        // unified Pool rules call the first mover White).
        let english = Variant::new(Base::English);
        for value in ["21,B,8,8,N1,0", "21,W,8,8,N1,0", "21,w,8,8,n1,0"] {
            assert_eq!(scheme_of_game_type(value, english), Ok(None), "{value}");
        }
        // Sri Lankan has no number: no GameType value says anything of its squares.
        let sri = Variant::new(Base::SriLankan);
        assert_eq!(scheme_of_game_type("x,W,8,8,A0,0", sri), Ok(None));
        assert_eq!(scheme_of_game_type("-1,W,12,12,N2,0", sri), Ok(None));
        let russian = Variant::new(Base::Russian);
        assert_eq!(
            note("25,W,8,8,N2,0", russian).as_deref(),
            Some("GameType \"25,W,8,8,N2,0\": squares read as numbers from White's top left (1)")
        );
        assert_eq!(
            note("22,W,8,8,N2,0", Variant::new(Base::Italian)).as_deref(),
            Some(
                "GameType \"22,W,8,8,N2,0\": squares read as numbers from White's top left (1), \
                 the bottom-left corner a playing square (in italian it is not)"
            )
        );
    }
}
