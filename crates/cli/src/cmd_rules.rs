//! `damier rules`: the rules of a variant in plain words, the variants side by side, and the
//! English ballots; all written from the rules data (crate damier-teach).

use crate::output::{outln, usage, UsageContext};
use anyhow::Result;
use clap::Args;
use damier_core::{Base, Variant};
use damier_game::ballot::Deck;
use damier_teach::{compare, rules_markdown, rules_text, variants_list};

/// Arguments of `damier rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The variant (without one: every variant, one line each on what sets it apart).
    variant: Option<String>,
    /// Variants side by side, separated by commas (`english,russian,international`).
    #[arg(long, value_name = "V1,V2,...", conflicts_with_all = ["variant", "ballots"])]
    compare: Option<String>,
    /// The two- and three-move ballots by number (English and the variants numbered like it).
    #[arg(long)]
    ballots: bool,
    /// Leave out the example positions.
    #[arg(long)]
    no_examples: bool,
    /// Every variant as one Markdown document, the one in the repository's docs/rules.md.
    #[arg(long, conflicts_with_all = ["variant", "compare", "ballots", "no_examples"])]
    markdown: bool,
    /// Width of the text.
    #[arg(long, default_value_t = 88)]
    width: usize,
}

pub fn run(args: &RulesArgs) -> Result<()> {
    if !(40..=400).contains(&args.width) {
        usage!("--width must be between 40 and 400, got {}", args.width);
    }
    if args.markdown {
        outln!("{}", rules_markdown().trim_end())?;
        return Ok(());
    }
    if let Some(list) = &args.compare {
        return compare_table(list);
    }
    let Some(name) = &args.variant else {
        if args.ballots {
            return ballots(Variant::new(Base::English));
        }
        return list();
    };
    let variant: Variant = match name.parse() {
        Ok(v) => v,
        // The parser's message names the variant and lists the known ones.
        Err(e) => usage!("{e}"),
    };
    if args.ballots {
        return ballots(variant);
    }
    outln!(
        "{}",
        rules_text(variant, args.width, !args.no_examples).trim_end()
    )?;
    Ok(())
}

fn list() -> Result<()> {
    outln!("{}", variants_list())?;
    outln!("Every variant has a giveaway form, <id>-giveaway: the same moves, and a player who cannot move wins.")?;
    outln!("`damier rules VARIANT` explains one; `damier rules --compare a,b,c` sets them side by side.")?;
    Ok(())
}

fn compare_table(list: &str) -> Result<()> {
    let mut variants = Vec::new();
    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        variants.push(
            name.parse::<Variant>()
                .usage_context(|| "--compare".into())?,
        );
    }
    if variants.len() < 2 {
        usage!("--compare needs at least two variants separated by commas, got '{list}'");
    }
    outln!("{}", compare(&variants))?;
    Ok(())
}

fn ballots(variant: Variant) -> Result<()> {
    if !damier_game::ballot::plays_in(variant) {
        usage!(
            "ballots are drawn in English checkers (and play in the variants numbered like it: english, pool and their giveaway forms), not in {variant}"
        );
    }
    for (deck, name) in [
        (Deck::TwoMove, "Two-move ballots"),
        (Deck::ThreeMove, "Three-move ballots (ACF numbering)"),
    ] {
        let in_play = deck.in_play().count();
        outln!("{name}: {} in play", in_play)?;
        for b in deck.list() {
            // Each ballot is played out, so a ballot that is not legal here is said so.
            let note = match (b.barred, b.game_in(variant)) {
                (true, _) => "  (barred)",
                (false, Err(_)) => "  (not playable in this variant)",
                (false, Ok(_)) => "",
            };
            outln!("  {:>3}  {}{note}", b.number, b.text())?;
        }
        outln!("")?;
    }
    Ok(())
}
