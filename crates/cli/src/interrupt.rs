//! Ctrl-C for long work: the first press asks it to stop (what is done is kept, and the
//! command says so); a second one ends the program at once.

use damier_engine::Control;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// Call `stop` on the first Ctrl-C; exit with status 130 on the second. Without a handler
/// (another one was set first) Ctrl-C simply ends the program.
pub fn on_first_press(stop: impl Fn() + Send + 'static) {
    let presses = AtomicUsize::new(0);
    let _ = ctrlc::set_handler(move || {
        if presses.fetch_add(1, Ordering::Relaxed) > 0 {
            std::process::exit(130);
        }
        stop();
    });
}

/// A flag the first Ctrl-C raises (see [`on_first_press`]), saying `notice` on stderr so
/// that the user knows the press was heard while the work under way ends.
pub fn stop_flag(notice: &'static str) -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    on_first_press(move || {
        flag.store(true, Ordering::Relaxed);
        heard(notice);
    });
    stop
}

/// A search control the first Ctrl-C stops (see [`on_first_press`]), saying `notice` on
/// stderr as [`stop_flag`] does.
pub fn stop_control(notice: &'static str) -> Arc<Control> {
    let control = Arc::new(Control::new());
    let stopper = Arc::clone(&control);
    on_first_press(move || {
        stopper.stop();
        heard(notice);
    });
    control
}

/// Say that the first press was heard, and what a second one does.
fn heard(notice: &str) {
    crate::output::tell!("{notice} (Ctrl-C again quits at once)");
}
