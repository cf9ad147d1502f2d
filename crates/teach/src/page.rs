//! What `damier rules` shows, chosen from what it was asked: the Markdown of every variant,
//! variants side by side, the ballots, one variant's rules, or the list of variants. The
//! command reads its arguments into an [`Ask`] and prints the page.

use crate::{compare, rules_markdown, rules_text, variants_list};
use damier_core::{Base, UnknownVariant, Variant};
use damier_game::ballot::{self, Deck};

/// Narrowest and widest text the rules are wrapped to.
pub const WIDTHS: std::ops::RangeInclusive<usize> = 40..=400;

/// What the rules command was asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ask<'a> {
    /// A variant's name (none: the list of variants, or English's ballots).
    pub variant: Option<&'a str>,
    /// Variants to set side by side, separated by commas.
    pub compare: Option<&'a str>,
    /// The ballots instead of the rules.
    pub ballots: bool,
    /// Example positions with a variant's rules.
    pub examples: bool,
    /// Every variant as one Markdown document.
    pub markdown: bool,
    /// Width of the text.
    pub width: usize,
}

/// A request the rules cannot answer: each is a mistake in what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AskError {
    /// A width out of [`WIDTHS`].
    #[error("--width must be between 40 and 400, got {0}")]
    Width(usize),
    /// An unknown variant (the message lists the known ones).
    #[error("{0}")]
    Variant(UnknownVariant),
    /// An unknown variant among those to compare.
    #[error("--compare: {0}")]
    Compared(UnknownVariant),
    /// Fewer than two variants to compare.
    #[error("--compare needs at least two variants separated by commas, got '{0}'")]
    TooFew(String),
    /// Ballots asked of a variant that does not play them.
    #[error(
        "ballots are drawn in English checkers (and play in the variants numbered like it: english, pool and their giveaway forms), not in {0}"
    )]
    NoBallots(Variant),
}

/// The page `ask` asks for, without a final newline.
///
/// # Errors
/// [`AskError`] for what cannot be shown.
pub fn rules_page(ask: &Ask<'_>) -> Result<String, AskError> {
    if !WIDTHS.contains(&ask.width) {
        return Err(AskError::Width(ask.width));
    }
    if ask.markdown {
        return Ok(rules_markdown().trim_end().to_string());
    }
    if let Some(list) = ask.compare {
        let names = list.split(',').map(str::trim).filter(|s| !s.is_empty());
        let variants = names
            .map(str::parse)
            .collect::<Result<Vec<Variant>, _>>()
            .map_err(AskError::Compared)?;
        if variants.len() < 2 {
            return Err(AskError::TooFew(list.to_string()));
        }
        return Ok(compare(&variants).to_string());
    }
    let variant = match ask.variant {
        Some(name) => name.parse().map_err(AskError::Variant)?,
        None if ask.ballots => Variant::new(Base::English),
        None => {
            return Ok(format!(
            "{}\nEvery variant has a giveaway form, <id>-giveaway: the same moves, and a player \
                 who cannot move wins.\n`damier rules VARIANT` explains one; `damier rules \
                 --compare a,b,c` sets them side by side.",
            variants_list()
        ))
        }
    };
    if ask.ballots {
        return ballots_page(variant);
    }
    Ok(rules_text(variant, ask.width, ask.examples)
        .trim_end()
        .to_string())
}

/// The two- and three-move ballots by number, each marked when barred or not playable in
/// `variant`; a blank line after each deck.
fn ballots_page(variant: Variant) -> Result<String, AskError> {
    if !ballot::plays_in(variant) {
        return Err(AskError::NoBallots(variant));
    }
    let mut lines = Vec::new();
    for (deck, name) in [
        (Deck::TwoMove, "Two-move ballots"),
        (Deck::ThreeMove, "Three-move ballots (ACF numbering)"),
    ] {
        lines.push(format!("{name}: {} in play", deck.in_play().count()));
        for b in deck.list() {
            // Each ballot is played out, so a ballot that is not legal here is said so.
            let note = match (b.barred, b.game_in(variant)) {
                (true, _) => "  (barred)",
                (false, Err(_)) => "  (not playable in this variant)",
                (false, Ok(_)) => "",
            };
            lines.push(format!("  {:>3}  {}{note}", b.number, b.text()));
        }
        lines.push(String::new());
    }
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(variant: Option<&str>) -> Ask<'_> {
        Ask {
            variant,
            examples: true,
            width: 88,
            ..Ask::default()
        }
    }

    #[test]
    fn without_a_variant_the_variants_are_listed() {
        let page = rules_page(&ask(None)).unwrap();
        assert!(page.starts_with(&variants_list()));
        assert!(page.ends_with("sets them side by side."));
        assert_eq!(page.lines().count(), variants_list().lines().count() + 3);
    }

    #[test]
    fn a_variant_gets_its_rules_and_an_unknown_one_is_refused() {
        let page = rules_page(&ask(Some("russian"))).unwrap();
        assert_eq!(
            page,
            rules_text("russian".parse().unwrap(), 88, true).trim_end()
        );
        let e = rules_page(&ask(Some("chess"))).unwrap_err();
        assert!(matches!(e, AskError::Variant(_)));
        let narrow = Ask {
            width: 39,
            ..ask(Some("russian"))
        };
        assert_eq!(rules_page(&narrow), Err(AskError::Width(39)));
        assert_eq!(
            AskError::Width(39).to_string(),
            "--width must be between 40 and 400, got 39"
        );
    }

    #[test]
    fn variants_are_compared_two_or_more_at_a_time() {
        let both = Ask {
            compare: Some("english, russian,"),
            ..ask(None)
        };
        let page = rules_page(&both).unwrap();
        let pair = ["english".parse().unwrap(), "russian".parse().unwrap()];
        assert_eq!(page, compare(&pair).to_string());
        let one = Ask {
            compare: Some("english"),
            ..ask(None)
        };
        assert_eq!(rules_page(&one), Err(AskError::TooFew("english".into())));
        let bad = Ask {
            compare: Some("english,chess"),
            ..ask(None)
        };
        assert!(rules_page(&bad)
            .unwrap_err()
            .to_string()
            .starts_with("--compare: "));
    }

    #[test]
    fn ballots_are_english_by_default_and_refused_where_not_played() {
        let page = rules_page(&Ask {
            ballots: true,
            ..ask(None)
        })
        .unwrap();
        assert!(page.starts_with("Two-move ballots: "), "{page}");
        assert!(page.contains("\n\nThree-move ballots (ACF numbering): "));
        assert!(page.ends_with('\n'), "a blank line closes each deck");
        assert!(page.contains("  (barred)"));
        let international = Ask {
            ballots: true,
            ..ask(Some("international"))
        };
        let e = rules_page(&international).unwrap_err();
        assert!(e.to_string().ends_with("not in international"), "{e}");
    }

    #[test]
    fn markdown_is_the_whole_document() {
        let page = rules_page(&Ask {
            markdown: true,
            ..ask(None)
        })
        .unwrap();
        assert_eq!(page, rules_markdown().trim_end());
    }
}
