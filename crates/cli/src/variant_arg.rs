//! `-v/--variant`, as the commands that play or make games of one variant take it.

use clap::Args;
use damier_core::Variant;

/// The variant of a command, international unless named.
#[derive(Args, Clone, Copy, Debug)]
pub struct VariantArg {
    /// Variant id or alias.
    #[arg(long, short = 'v', default_value = "international")]
    pub variant: Variant,
}
