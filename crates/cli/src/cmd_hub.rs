//! `damier hub`: the engine speaking the Hub protocol on standard input and output.

use anyhow::Result;
use damier_protocol::hub::{self, Output};
use std::sync::{Arc, Mutex};

pub fn run() -> Result<()> {
    let out: Output = Arc::new(Mutex::new(std::io::stdout()));
    hub::run(std::io::stdin().lock(), out);
    Ok(())
}
