//! The variants Damier plays, their names and aliases.

use crate::rules::Rules;
use std::fmt;
use std::str::FromStr;

/// A game of draughts as the world plays it, before choosing its giveaway form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Base {
    /// English draughts / American checkers.
    English,
    /// Italian draughts.
    Italian,
    /// Spanish draughts.
    Spanish,
    /// Portuguese draughts.
    Portuguese,
    /// Czech draughts.
    Czech,
    /// Russian draughts (shashki).
    Russian,
    /// Brazilian draughts.
    Brazilian,
    /// German draughts (Damenspiel).
    German,
    /// American pool checkers.
    Pool,
    /// International draughts, 10x10.
    International,
    /// Frisian draughts, 10x10.
    Frisian,
    /// Canadian draughts, 12x12.
    Canadian,
    /// Sri Lankan draughts, 12x12 mirrored.
    SriLankan,
    /// Turkish draughts (Dama).
    Turkish,
    /// Thai draughts (Mak-hos).
    Thai,
    /// Frysk!: Frisian rules from five men a side on the back rows (lidraughts).
    Frysk,
    /// Breakthrough: international rules, and the first side to crown a king wins (lidraughts).
    Breakthrough,
}

impl Base {
    /// Every base variant, in the order of RULES.md §2.
    pub const ALL: [Base; 17] = [
        Base::English,
        Base::Italian,
        Base::Spanish,
        Base::Portuguese,
        Base::Czech,
        Base::Russian,
        Base::Brazilian,
        Base::German,
        Base::Pool,
        Base::International,
        Base::Frisian,
        Base::Canadian,
        Base::SriLankan,
        Base::Turkish,
        Base::Thai,
        Base::Frysk,
        Base::Breakthrough,
    ];

    /// The canonical id (`sri-lankan`, `international`, …).
    pub const fn id(self) -> &'static str {
        match self {
            Base::English => "english",
            Base::Italian => "italian",
            Base::Spanish => "spanish",
            Base::Portuguese => "portuguese",
            Base::Czech => "czech",
            Base::Russian => "russian",
            Base::Brazilian => "brazilian",
            Base::German => "german",
            Base::Pool => "pool",
            Base::International => "international",
            Base::Frisian => "frisian",
            Base::Canadian => "canadian",
            Base::SriLankan => "sri-lankan",
            Base::Turkish => "turkish",
            Base::Thai => "thai",
            Base::Frysk => "frysk",
            Base::Breakthrough => "breakthrough",
        }
    }
}

/// A variant: a base game, possibly in its giveaway (losing) form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Variant {
    /// The game whose moves are played.
    pub base: Base,
    /// Whether the winning condition is reversed.
    pub giveaway: bool,
}

impl Variant {
    /// International draughts, the default.
    pub const INTERNATIONAL: Variant = Variant::new(Base::International);

    /// The normal (winning) form of `base`.
    pub const fn new(base: Base) -> Variant {
        Variant {
            base,
            giveaway: false,
        }
    }

    /// The giveaway form of `base`.
    pub const fn giveaway(base: Base) -> Variant {
        Variant {
            base,
            giveaway: true,
        }
    }

    /// Every variant: the seventeen bases, then their giveaway forms.
    pub fn all() -> impl Iterator<Item = Variant> {
        Base::ALL
            .into_iter()
            .map(Variant::new)
            .chain(Base::ALL.into_iter().map(Variant::giveaway))
    }

    /// The rules of this variant.
    pub fn rules(self) -> &'static Rules {
        Rules::of(self)
    }

    /// Number of variants (bases and their giveaway forms).
    pub const COUNT: usize = 2 * Base::ALL.len();

    /// Position in [`Variant::all`]'s order: the bases, then their giveaway forms.
    pub const fn index(self) -> usize {
        self.base as usize + if self.giveaway { Base::ALL.len() } else { 0 }
    }

    /// The variant at `index` in [`Variant::all`]'s order.
    ///
    /// # Panics
    /// If `index >= Variant::COUNT`.
    pub const fn from_index(index: usize) -> Variant {
        assert!(index < Variant::COUNT, "variant index out of range");
        let n = Base::ALL.len();
        Variant {
            base: Base::ALL[index % n],
            giveaway: index >= n,
        }
    }
}

impl Default for Variant {
    fn default() -> Self {
        Variant::INTERNATIONAL
    }
}

impl fmt::Display for Variant {
    /// The id (`russian-giveaway`), padded and aligned as the format asks (`{v:<24}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.giveaway {
            f.pad(&format!("{}-giveaway", self.base.id()))
        } else {
            f.pad(self.base.id())
        }
    }
}

/// A variant name that Damier does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{name}' (known: {known})")]
pub struct UnknownVariant {
    /// What was asked for.
    pub name: String,
    /// The canonical ids, comma separated, for the message.
    pub known: String,
}

const ALIASES: [(&str, Variant); 12] = [
    ("giveaway", Variant::giveaway(Base::English)),
    ("poddavki", Variant::giveaway(Base::Russian)),
    ("antidraughts", Variant::giveaway(Base::International)),
    ("checkers", Variant::new(Base::English)),
    ("american", Variant::new(Base::English)),
    ("shashki", Variant::new(Base::Russian)),
    ("draughts", Variant::new(Base::International)),
    ("standard", Variant::new(Base::International)),
    ("damenspiel", Variant::new(Base::German)),
    ("srilankan", Variant::new(Base::SriLankan)),
    ("dama", Variant::new(Base::Turkish)),
    // lidraughts' display name.
    ("frysk!", Variant::new(Base::Frysk)),
];

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim().to_ascii_lowercase().replace('_', "-");
        if let Some(&(_, v)) = ALIASES.iter().find(|(a, _)| *a == name) {
            return Ok(v);
        }
        let (stem, giveaway) = match name.strip_suffix("-giveaway") {
            Some(stem) => (stem, true),
            None => (name.as_str(), false),
        };
        Base::ALL
            .into_iter()
            .find(|b| b.id() == stem)
            .map(|base| Variant { base, giveaway })
            .ok_or_else(|| UnknownVariant {
                name: s.to_string(),
                known: Base::ALL.map(Base::id).join(", ") + " (each also as <id>-giveaway)",
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of variants lines up: the name takes the width it is given.
    #[test]
    fn a_name_is_padded_as_asked() {
        let russian: Variant = "russian".parse().unwrap();
        let giveaway: Variant = "russian-giveaway".parse().unwrap();
        assert_eq!(format!("{russian:<10}|"), "russian   |");
        assert_eq!(format!("{giveaway:>18}|"), "  russian-giveaway|");
        assert_eq!(format!("{giveaway}"), "russian-giveaway");
    }

    #[test]
    fn ids_round_trip() {
        for v in Variant::all() {
            assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
        }
        assert_eq!(Variant::all().count(), 34);
    }

    #[test]
    fn aliases() {
        assert_eq!("poddavki".parse(), Ok(Variant::giveaway(Base::Russian)));
        assert_eq!("Checkers".parse(), Ok(Variant::new(Base::English)));
        assert_eq!("giveaway".parse(), Ok(Variant::giveaway(Base::English)));
        assert_eq!(
            "antidraughts".parse(),
            Ok(Variant::giveaway(Base::International))
        );
        assert_eq!("damenspiel".parse(), Ok(Variant::new(Base::German)));
        assert_eq!("Frysk!".parse(), Ok(Variant::new(Base::Frysk)));
        assert_eq!("breakthrough".parse(), Ok(Variant::new(Base::Breakthrough)));
        let err = "chess".parse::<Variant>().unwrap_err();
        assert!(err.to_string().contains("unknown variant 'chess'"));
    }
}
