//! `damier rules`: the rules of a variant in plain words, the variants side by side, and the
//! English ballots; all written from the rules data (crate damier-teach).

use crate::output::{outln, Usage};
use anyhow::Result;
use clap::Args;
use damier_teach::{rules_page, Ask};

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
    let ask = Ask {
        variant: args.variant.as_deref(),
        compare: args.compare.as_deref(),
        ballots: args.ballots,
        examples: !args.no_examples,
        markdown: args.markdown,
        width: args.width,
    };
    // Whatever the rules cannot show was asked for wrongly.
    let page = rules_page(&ask).map_err(|e| Usage(e.to_string()))?;
    outln!("{page}")?;
    Ok(())
}
