//! # damier-openings: starts for engine games
//!
//! Opening sets for matches, self-play and puzzle hunting: each opening is played twice,
//! colours reversed, so that neither side gains from an unbalanced start. Random walks that a
//! short search finds level ([`random_walk`], [`is_balanced`]), English's three-move ballots
//! ([`three_move_ballots`]), and files of FENs or move lists ([`from_text`]). It needs the
//! engine (to judge balance) and nothing above it, so that learning and puzzles do not pull in
//! the match runner and its protocols.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use damier_core::{Base, Variant};
use damier_engine::{Control, Engine, EngineOptions, Limits, SearchInput, Silent, Style};
use damier_game::ballot::Deck;
use damier_game::{Board, Game};

/// A start for a pair of games.
#[derive(Clone, Debug)]
pub struct Opening {
    /// How the opening is named in tables and PDN (`ballot 12: 9-13 21-17 5-9`).
    pub name: String,
    /// The game with the opening's moves already played.
    pub game: Game,
}

/// Why an opening set could not be made.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// A line of an openings file is neither a FEN nor playable moves.
    #[error("openings line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// Nothing to play.
    #[error("the opening set is empty")]
    Empty,
    /// An openings file could not be read (the caller names the file).
    #[error("{0}")]
    Unreadable(std::io::Error),
}

/// The English three-move ballots in use (the standard fair set for English checkers).
pub fn three_move_ballots() -> Vec<Opening> {
    Deck::ThreeMove
        .in_play()
        .filter_map(|b| {
            b.game().ok().map(|game| Opening {
                name: format!("ballot {}: {}", b.number, b.moves.join(" ")),
                game,
            })
        })
        .collect()
}

/// `count` openings of `variant` reached by `plies` random moves from the start, kept only
/// when a short search finds them balanced (within `margin` hundredths of a man), all
/// different. Where too few are that level (giveaway forms whose hand-set evaluation scores
/// every opening far from level, as Turkish giveaway's), the most level of the others make up
/// the number. Deterministic for a seed.
pub fn random_balanced(
    variant: Variant,
    count: usize,
    plies: usize,
    seed: u64,
    margin: i32,
) -> Vec<Opening> {
    let engine = Engine::new(EngineOptions {
        threads: 1,
        hash_mb: 8,
    });
    let mut state = seed | 1;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut spare = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 50 {
        tries += 1;
        let (game, texts) = random_walk(variant, plies, &mut next);
        if game.is_over() || game.legal_moves().is_empty() || !seen.insert(game.position().key()) {
            continue;
        }
        let off_level = off_level(&engine, &game, 6);
        let opening = Opening {
            name: texts.join(" "),
            game,
        };
        if off_level <= margin {
            out.push(opening);
        } else {
            spare.push((off_level, opening));
        }
    }
    spare.sort_by_key(|(off, _)| *off);
    let missing = count.saturating_sub(out.len());
    out.extend(spare.into_iter().take(missing).map(|(_, o)| o));
    out
}

/// How far from level (hundredths of a man, either way) a search of `game` to `depth`
/// scores it.
fn off_level(engine: &Engine, game: &Game, depth: i32) -> i32 {
    let r = engine.search(
        &SearchInput::from_game(game),
        &Limits::depth(depth),
        Style::default(),
        &Control::new(),
        &mut Silent,
    );
    r.score.0.abs()
}

/// Whether a search of `game` to `depth` scores it within `margin` (hundredths of a man) of
/// level: an opening fit to be played from both sides.
pub fn is_balanced(engine: &Engine, game: &Game, depth: i32, margin: i32) -> bool {
    off_level(engine, game, depth) <= margin
}

/// Up to `plies` random moves from the start, each chosen by `pick(number of legal moves)`,
/// with their short notation; the walk stops early when the game ends.
pub fn random_walk(
    variant: Variant,
    plies: usize,
    pick: &mut dyn FnMut(usize) -> usize,
) -> (Game, Vec<String>) {
    let mut game = Game::new(variant);
    let mut texts = Vec::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.is_over() {
            break;
        }
        let mv = moves[pick(moves.len())];
        texts.push(game.position().short(&mv));
        if game.play(&mv).is_err() {
            break;
        }
    }
    (game, texts)
}

/// The default set for a variant: ballots for English, balanced random openings elsewhere.
pub fn default_set(variant: Variant, count: usize, seed: u64) -> Vec<Opening> {
    if variant == Variant::new(Base::English) {
        return three_move_ballots();
    }
    let plies = match variant.rules().board.size() {
        8 => 4,
        _ => 6,
    };
    random_balanced(variant, count, plies, seed, 40)
}

/// Openings from text: one per line, a FEN or moves from the start (`32-28 19-23`); `#`
/// starts a comment.
///
/// # Errors
/// [`OpeningError`] naming the first bad line.
pub fn from_text(variant: Variant, text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |message: String| OpeningError::Line {
            line: i + 1,
            message,
        };
        let game = if line.starts_with(['W', 'B']) && line.contains(':') {
            Game::from_board(Board::from_fen(variant, line).map_err(|e| bad(e.to_string()))?)
        } else {
            let mut game = Game::new(variant);
            for word in line.split_whitespace() {
                game.play_text(word)
                    .map_err(|e| bad(format!("{word}: {e}")))?;
            }
            game
        };
        if game.is_over() {
            return Err(bad("the game is already over".into()));
        }
        out.push(Opening {
            name: line.to_string(),
            game,
        });
    }
    if out.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(out)
}

/// The openings of the file at `path`, as [`from_text`] reads them.
///
/// # Errors
/// [`OpeningError::Unreadable`], or [`from_text`]'s.
pub fn from_file(variant: Variant, path: &std::path::Path) -> Result<Vec<Opening>, OpeningError> {
    from_text(variant, &read_file(path)?)
}

/// The text of an openings file.
///
/// # Errors
/// [`OpeningError::Unreadable`].
pub fn read_file(path: &std::path::Path) -> Result<String, OpeningError> {
    std::fs::read_to_string(path).map_err(OpeningError::Unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_as_its_text_is() {
        let path = std::env::temp_dir().join(format!("damier-openings-{}.txt", std::process::id()));
        std::fs::write(&path, "# two\n32-28 19-23\n\n33-29\n").unwrap();
        let set = from_file(Variant::INTERNATIONAL, &path).unwrap();
        let names: Vec<&str> = set.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["32-28 19-23", "33-29"]);
        std::fs::remove_file(&path).unwrap();
        let e = from_file(Variant::INTERNATIONAL, &path).unwrap_err();
        assert!(matches!(e, OpeningError::Unreadable(_)), "{e}");
    }

    #[test]
    fn sets_are_playable_and_balanced() {
        assert_eq!(three_move_ballots().len(), 156);
        let v = Variant::INTERNATIONAL;
        let set = random_balanced(v, 4, 6, 42, 40);
        assert_eq!(set.len(), 4);
        assert!(set.iter().all(|o| o.game.plies().len() == 6));
        let again: Vec<String> = random_balanced(v, 4, 6, 42, 40)
            .into_iter()
            .map(|o| o.name)
            .collect();
        assert_eq!(
            set.iter().map(|o| o.name.clone()).collect::<Vec<_>>(),
            again
        );
        let text = "# two openings\n32-28 19-23\nW:W31-50:B1-20\n";
        assert_eq!(from_text(v, text).unwrap().len(), 2);
        let err = from_text(v, "32-28\n32-26\n").unwrap_err().to_string();
        assert!(err.starts_with("openings line 2"), "{err}");
    }

    /// Turkish giveaway's hand-set evaluation scores no early position near level: the most
    /// level openings found make up the set instead of none.
    #[test]
    fn a_variant_without_level_openings_still_gets_its_set() {
        let v: Variant = "turkish-giveaway".parse().unwrap();
        let set = random_balanced(v, 3, 4, 1, 40);
        assert_eq!(set.len(), 3);
        assert!(set.iter().all(|o| !o.game.is_over()));
    }
}
