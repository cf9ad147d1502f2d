//! PDN export of a session: its game with the roster filled in (players, date), keeping the
//! tags of an imported game.

use crate::session::{Player, Session};
use damier_core::Color;
use damier_game::pdn::{self, PdnGame, WriteOptions};

/// The game as PDN text.
pub fn pdn_text(s: &Session) -> String {
    let name = |c: Color| match s.player(c) {
        Player::Human => "Human".to_string(),
        Player::Engine(l) => format!("Damier level {}", l.number()),
    };
    let mut tags = vec![
        ("Event".to_string(), "Casual game".to_string()),
        ("Site".to_string(), "damier serve".to_string()),
        ("Date".to_string(), today()),
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
    let game = PdnGame::from_game(s.game(), &tags);
    pdn::write_game(&game, &WriteOptions::default())
}

/// Today's date (UTC) as PDN writes it, `2024.05.17`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(19_860), (2024, 5, 17));
        assert_eq!(super::civil_from_days(11_016), (2000, 2, 29));
    }
}
