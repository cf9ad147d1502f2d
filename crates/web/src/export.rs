//! PDN export of a session: its game with the roster filled in (players, date), keeping the
//! tags of an imported game.

use crate::error::ApiError;
use crate::notes::{self, ExportRequest};
use crate::session::Session;
use damier_core::Color;
use damier_game::pdn::{self, PdnGame, WriteOptions};

/// The game as PDN text, with the page's annotations when it sends them.
///
/// # Errors
/// [`ApiError::Invalid`] when the annotations do not fit the game (see [`notes::annotate`]).
pub fn pdn_text(s: &Session, notes: Option<&ExportRequest>) -> Result<String, ApiError> {
    let name = |c: Color| s.player(c).name(None);
    let mut tags = vec![
        ("Event".to_string(), "Casual game".to_string()),
        ("Site".to_string(), "damier serve".to_string()),
        ("Date".to_string(), pdn::date_today()),
        ("White".to_string(), name(Color::White)),
        ("Black".to_string(), name(Color::Black)),
    ];
    for (n, v) in &s.tags {
        // An imported game keeps its own tags, but not the placeholders of a missing roster.
        if v != "?" && v != "????.??.??" {
            match tags.iter_mut().find(|(t, _)| t.eq_ignore_ascii_case(n)) {
                Some(slot) => slot.1 = v.clone(),
                None => tags.push((n.clone(), v.clone())),
            }
        }
    }
    let mut game = PdnGame::from_game(s.game(), &tags);
    if let Some(req) = notes {
        notes::annotate(&mut game, req)?;
    }
    Ok(pdn::write_game(&game, &WriteOptions::default()))
}
