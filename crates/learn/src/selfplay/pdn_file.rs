//! `games.pdn` follows `positions.dtp`. The training file is the folder's ledger: a game is
//! in the folder once its positions are written there. Each game's text is written to the
//! PDN file, and synced to the disk, before its positions, so a run stopped at any moment
//! leaves the PDN file holding every game of the ledger and perhaps more: one, whole or torn,
//! after a kill; after a power loss, those whose positions had not reached the disk.
//! When a run opens the folder, [`follow_ledger`] brings the PDN file to exactly the
//! ledger's games, by the number each carries in its `Round` tag: what is past the ledger,
//! torn, or out of order is cut. A folder written before this order (positions first), or
//! whose PDN file was lost, may lack games of the ledger: they are named, not made up.

use super::{file_error, SelfplayError};
use damier_game::pdn::PdnResult;
use damier_game::replace_file;
use std::io::Write;
use std::ops::{Range, RangeInclusive};
use std::path::Path;

/// What bringing the PDN file to the ledger's games did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnRepair {
    /// Bytes by which the file was cut short.
    pub cut_bytes: u64,
    /// Whole games cut: past the ledger (a run stopped between a game's text and its
    /// positions), or not after the game before them.
    pub cut_games: usize,
    /// Torn or unreadable pieces cut (a run stopped while writing a game's text).
    pub torn: usize,
    /// Numbers of the ledger's games that the file lacks (written by an earlier Damier that
    /// stopped between a game's positions and its text, or the file lost), in runs.
    pub missing: Vec<RangeInclusive<usize>>,
}

impl PdnRepair {
    /// Games of the ledger that the file lacks.
    pub fn missing_games(&self) -> usize {
        self.missing.iter().map(|r| r.end() + 1 - r.start()).sum()
    }

    /// What was cut, as a sentence to follow the file's name; `None` when nothing was.
    pub fn cut_note(&self) -> Option<String> {
        (self.cut_bytes > 0).then(|| {
            format!(
                "cut {} bytes that {} does not account for ({} whole {}, {} torn): a run \
                 stopped while writing a game",
                self.cut_bytes,
                crate::data::FILE_NAME,
                self.cut_games,
                if self.cut_games == 1 { "game" } else { "games" },
                self.torn
            )
        })
    }

    /// The games the file lacks, as a sentence to follow its name ("lacks games 3, 5-7
    /// (4 games), ..."); `None` when it lacks none.
    pub fn missing_note(&self) -> Option<String> {
        if self.missing.is_empty() {
            return None;
        }
        let numbers: Vec<String> = self
            .missing
            .iter()
            .map(|r| match r.end() - r.start() {
                0 => r.start().to_string(),
                _ => format!("{}-{}", r.start(), r.end()),
            })
            .collect();
        let (games, total) = match self.missing_games() {
            1 => ("game", String::new()),
            n => ("games", format!(" ({n} games)")),
        };
        Some(format!(
            "lacks {games} {}{total}, whose positions are in {} (an earlier Damier stopped \
             between a game's positions and its text, or the file was lost); its other games \
             are kept in order",
            numbers.join(", "),
            crate::data::FILE_NAME
        ))
    }
}

/// The tag that starts every game self-play writes.
const FIRST_TAG: &[u8] = b"[Event ";

/// Bring the PDN file at `path` to the games numbered `first` to `first + games - 1`, those
/// of the ledger, and say what was done. Whole games in order are kept byte for byte; when
/// all that goes is at the end, the file is cut there, else it is written anew (whole, as
/// [`replace_file`] writes).
///
/// # Errors
/// [`SelfplayError::File`] when the file cannot be read or changed.
pub(super) fn follow_ledger(
    path: &Path,
    first: usize,
    games: usize,
) -> Result<PdnRepair, SelfplayError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(file_error(path, e)),
    };
    let (kept, repair) = keep_ledger_games(&bytes, first, games);
    if kept != bytes {
        if bytes.starts_with(&kept) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| file_error(path, e))?;
            file.set_len(kept.len() as u64)
                .and_then(|()| file.sync_all())
                .map_err(|e| file_error(path, e))?;
        } else {
            replace_file(path, |file| file.write_all(&kept)).map_err(|e| file_error(path, e))?;
        }
    }
    Ok(repair)
}

/// The file's text holding only the ledger's games, each ending with a blank line, and what
/// was cut or is missing.
fn keep_ledger_games(bytes: &[u8], first: usize, games: usize) -> (Vec<u8>, PdnRepair) {
    let end = first + games;
    let mut kept = Vec::with_capacity(bytes.len());
    let mut repair = PdnRepair::default();
    // The lowest number the next game kept may have.
    let mut next = first;
    for piece in pieces(bytes) {
        let raw = &bytes[piece];
        // A piece's text as far as it is UTF-8 (self-play writes ASCII).
        let text = match std::str::from_utf8(raw) {
            Ok(text) => text,
            Err(e) => std::str::from_utf8(&raw[..e.valid_up_to()]).unwrap_or_default(),
        };
        let rest = match whole_game(text) {
            Some((n, game_end)) => {
                if (next..end).contains(&n) {
                    if n > next {
                        repair.missing.push(next..=n - 1);
                    }
                    kept.extend_from_slice(&text.as_bytes()[..game_end]);
                    kept.extend_from_slice(b"\n\n");
                    next = n + 1;
                } else {
                    repair.cut_games += 1;
                }
                &text[game_end..]
            }
            None => text,
        };
        // What follows a game before the next one: the start of a torn game.
        if !rest.trim().is_empty() || text.len() < raw.len() {
            repair.torn += 1;
        }
    }
    if next < end {
        repair.missing.push(next..=end - 1);
    }
    repair.cut_bytes = bytes.len().saturating_sub(kept.len()) as u64;
    (kept, repair)
}
/// The file cut before each `[Event` tag, wherever it is (a game appended after a torn one
/// by an earlier Damier follows it on the same line); bytes before the first are a piece too.
fn pieces(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut starts: Vec<usize> = bytes
        .windows(FIRST_TAG.len())
        .enumerate()
        .filter(|(_, w)| *w == FIRST_TAG)
        .map(|(i, _)| i)
        .collect();
    if starts.first() != Some(&0) {
        starts.insert(0, 0);
    }
    starts.push(bytes.len());
    starts
        .windows(2)
        .map(|w| w[0]..w[1])
        .filter(|r| !r.is_empty())
        .collect()
}

/// The number in the `Round` tag of the game `text` starts with, and where the game ends, if
/// it is whole: its tags, then moves up to a result other than `*`, the one its `Result`
/// tag gives. A game torn anywhere fails the test: a torn move never reads as a result (no
/// square is numbered 0).
fn whole_game(text: &str) -> Option<(usize, usize)> {
    let mut round = None;
    let mut result = None;
    // Where the moves start.
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            let Some(tag) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
                break;
            };
            let (name, value) = tag.split_once(' ')?;
            let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
            match name {
                "Round" => round = value.parse::<usize>().ok(),
                "Result" => result = Some(value),
                _ => {}
            }
        }
        at += line.len();
    }
    let round = round?;
    let result =
        result.filter(|r| *r != PdnResult::Unknown.text() && PdnResult::parse(r).is_some())?;
    // The game ends with the first word of its moves that is its result.
    let moves = &text[at..];
    let mut word = None;
    for (i, c) in moves.char_indices().chain([(moves.len(), ' ')]) {
        match (c.is_whitespace(), word) {
            (true, Some(start)) => {
                if &moves[start..i] == result {
                    return Some((round, at + i));
                }
                word = None;
            }
            (false, None) => word = Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;
    use damier_game::pdn::{self, PdnGame, WriteOptions};
    use damier_game::{Game, GameResult, Reason};

    /// Game `n` as self-play writes it: a few moves from the start, a result, a blank line.
    fn game_text(n: usize) -> String {
        let variant = Variant::INTERNATIONAL;
        let mut game = Game::new(variant);
        for i in 0..(4 + n % 3) {
            let moves = game.legal_moves();
            game.play(&moves[(n + i) % moves.len()]).unwrap();
        }
        game.set_result(GameResult::draw(Reason::Adjudication));
        let tags = [
            ("Event".to_string(), "Damier self-play".to_string()),
            ("Round".to_string(), n.to_string()),
        ];
        let text = pdn::write_game(&PdnGame::from_game(&game, &tags), &WriteOptions::default());
        format!("{text}\n")
    }

    fn file(numbers: &[usize]) -> String {
        numbers.iter().map(|&n| game_text(n)).collect()
    }

    fn rounds(text: &[u8]) -> Vec<usize> {
        pdn::read_bytes(text, Variant::INTERNATIONAL)
            .into_iter()
            .map(|g| g.unwrap().tag("Round").unwrap().parse().unwrap())
            .collect()
    }

    #[test]
    fn the_file_keeps_exactly_the_ledgers_games() {
        let whole = file(&[3, 4, 5, 6]);
        // A whole file is left as it is.
        let (kept, repair) = keep_ledger_games(whole.as_bytes(), 3, 4);
        assert_eq!(kept, whole.as_bytes());
        assert_eq!(repair, PdnRepair::default());
        // A game past the ledger, then a torn one, are cut.
        let torn = game_text(8);
        let longer = file(&[3, 4, 5, 6, 7]) + &torn[..torn.len() / 2];
        let (kept, repair) = keep_ledger_games(longer.as_bytes(), 3, 4);
        assert_eq!(kept, whole.as_bytes());
        assert_eq!((repair.cut_games, repair.torn), (1, 1));
        assert_eq!(repair.cut_bytes, (longer.len() - whole.len()) as u64);
        assert!(repair.missing.is_empty());
        // Torn anywhere, even in its last word or just after it, the game is cut or kept
        // whole.
        let last = game_text(6);
        for cut in 1..last.len() {
            let text = file(&[3, 4, 5]) + &last[..cut];
            let (kept, repair) = keep_ledger_games(text.as_bytes(), 3, 4);
            let fits = last[..cut].trim_end() == last.trim_end();
            assert_eq!(
                rounds(&kept),
                if fits {
                    vec![3, 4, 5, 6]
                } else {
                    vec![3, 4, 5]
                }
            );
            assert_eq!(repair.missing.is_empty(), fits, "{cut}");
            // Torn past the ledger, it never costs the ledger's last game.
            let (kept, repair) = keep_ledger_games(text.as_bytes(), 3, 3);
            assert_eq!(rounds(&kept), [3, 4, 5], "{cut}");
            assert!(repair.missing.is_empty(), "{cut}");
        }
    }

    #[test]
    fn games_the_file_lacks_are_named_and_the_others_kept_in_order() {
        // An earlier Damier stopped between game 5's positions and its text, then went on;
        // game 7 came before game 6 by a hand's edit, and game 9 is past the ledger.
        let text = file(&[1, 2, 3, 4, 6, 8, 7, 9]);
        let (kept, repair) = keep_ledger_games(text.as_bytes(), 1, 8);
        assert_eq!(rounds(&kept), [1, 2, 3, 4, 6, 8]);
        assert_eq!(repair.missing, [5..=5, 7..=7]);
        assert_eq!(repair.missing_games(), 2);
        assert_eq!(repair.cut_games, 2);
        // A game torn by an earlier Damier, with the next one written on after it: the torn
        // text goes, the next game stays.
        let torn = game_text(3);
        let text = file(&[1, 2]) + &torn[..40] + &file(&[4, 5]);
        let (kept, repair) = keep_ledger_games(text.as_bytes(), 1, 5);
        assert_eq!(rounds(&kept), [1, 2, 4, 5]);
        assert_eq!((repair.torn, repair.missing.clone()), (1, vec![3..=3]));
        // The file lost: every game is missing.
        let (kept, repair) = keep_ledger_games(b"", 11, 10);
        assert!(kept.is_empty());
        assert_eq!(repair.missing, [11..=20]);
    }

    #[test]
    fn the_file_is_cut_where_it_can_be_and_written_anew_where_it_cannot() {
        let dir = std::env::temp_dir().join(format!("damier-pdnfile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pdn");
        let whole = file(&[1, 2, 3]);
        std::fs::write(&path, file(&[1, 2, 3, 4]) + "[Event \"Dam").unwrap();
        let repair = follow_ledger(&path, 1, 3).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
        assert_eq!((repair.cut_games, repair.torn), (1, 1));
        // Bytes before the first game cannot be cut off the end: the file is written anew.
        std::fs::write(&path, "1. 32-28 ".to_string() + &whole).unwrap();
        let repair = follow_ledger(&path, 1, 3).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
        assert_eq!((repair.torn, repair.cut_bytes), (1, 9));
        // No file and no games: nothing to do, nothing made.
        std::fs::remove_file(&path).unwrap();
        assert_eq!(follow_ledger(&path, 1, 0).unwrap(), PdnRepair::default());
        assert!(!path.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_notes_name_what_was_cut_and_which_games_are_missing() {
        assert_eq!(PdnRepair::default().cut_note(), None);
        assert_eq!(PdnRepair::default().missing_note(), None);
        let repair = PdnRepair {
            cut_bytes: 120,
            cut_games: 1,
            torn: 2,
            missing: vec![3..=3, 5..=7],
        };
        let cut = repair.cut_note().unwrap();
        assert!(cut.starts_with("cut 120 bytes that positions.dtp"), "{cut}");
        assert!(cut.contains("(1 whole game, 2 torn)"), "{cut}");
        let missing = repair.missing_note().unwrap();
        assert!(
            missing.starts_with("lacks games 3, 5-7 (4 games), whose"),
            "{missing}"
        );
        let one = PdnRepair {
            missing: vec![9..=9],
            ..PdnRepair::default()
        };
        assert!(one
            .missing_note()
            .unwrap()
            .starts_with("lacks game 9, whose"));
    }
}
