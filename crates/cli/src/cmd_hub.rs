//! `damier hub`: the engine speaking the Hub protocol on standard input and output.

use anyhow::Result;
use clap::Args;
use damier_core::Variant;
use damier_protocol::hub::{self, Output};
use std::sync::{Arc, Mutex};

/// Arguments of `damier hub`.
#[derive(Args, Debug)]
pub struct HubArgs {
    /// Initial variant (id or alias); the GUI may change it with `set-param name=variant`.
    #[arg(long, short = 'v', default_value = "international")]
    variant: Variant,
}

pub fn run(args: &HubArgs) -> Result<()> {
    let variant = args.variant;
    let out: Output = Arc::new(Mutex::new(std::io::stdout()));
    hub::run_variant(std::io::stdin().lock(), out, variant);
    Ok(())
}
