//! The Hub protocol, version 2, as Scan 3.x speaks it (see `HUB.md` in this crate for what
//! Damier supports and how it extends the protocol to every variant).
//!
//! - [`syntax`]: the line grammar.
//! - [`moves`]: positions and moves in Hub form.
//! - [`session`]: the engine's side.

pub mod moves;
pub mod session;
pub mod syntax;

pub use session::{Flow, Output, Session};

use std::io::BufRead;

/// Run a session over `input` and `output` until `quit` or the end of the input.
pub fn run(input: impl BufRead, output: Output) {
    run_variant(input, output, damier_core::Variant::INTERNATIONAL);
}

/// As [`run`], with `variant` as the `variant` parameter's initial value (the GUI may still
/// change it with `set-param`).
pub fn run_variant(input: impl BufRead, output: Output, variant: damier_core::Variant) {
    let mut session = Session::with_variant(output, variant);
    for line in input.lines() {
        let Ok(line) = line else { break };
        if session.handle(&line) == Flow::Quit {
            return;
        }
    }
    // The GUI closed our input: let a search under way deliver its move, then stop.
    session.wait();
}
