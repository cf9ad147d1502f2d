//! Puzzle sets as PDN: one game a puzzle, its position in `FEN`, the solving line as the
//! moves, and its own tags — `Puzzle` (the name), `Goal` (`win`, `material N`, `crown`),
//! `Rating`, `Depth` and `Source`. Any PDN reader sees a game from a position; Damier reads
//! the tags back. A puzzle written by hand needs only its position, moves and `Goal`: the
//! others have defaults (the name `<variant>-<n>`, the rating a newcomer starts at, the
//! variant's judging depth).

use crate::find::default_depth;
use crate::puzzle::{Goal, Puzzle};
use crate::rating::START;
use damier_core::Variant;
use damier_game::pdn::{self, PdnGame, PdnMove, PdnResult, WriteOptions};

/// A puzzle file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// A game of the file is not valid PDN (the message says where).
    #[error("{0}")]
    Pdn(String),
    /// A game lacks a puzzle's tags or has a bad one.
    #[error("game {game}: {message}")]
    Tag {
        /// 1-based number of the game in the file.
        game: usize,
        /// What is wrong.
        message: String,
    },
}

/// The PDN text of a set of puzzles.
pub fn write(puzzles: &[Puzzle]) -> String {
    let games: Vec<PdnGame> = puzzles.iter().map(to_pdn).collect();
    pdn::write(&games, &WriteOptions::default())
}

/// Write a set of puzzles to `path`, replacing the file whole (a failure part way keeps the
/// old one). An empty set is refused: every reader refuses a file without a puzzle.
///
/// # Errors
/// The write's, or `InvalidInput` for an empty set.
pub fn save(path: &std::path::Path, puzzles: &[Puzzle]) -> std::io::Result<()> {
    if puzzles.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "a puzzle file holds at least one puzzle",
        ));
    }
    let text = write(puzzles);
    damier_game::replace_file(path, |file| {
        std::io::Write::write_all(file, text.as_bytes())
    })
}

fn to_pdn(p: &Puzzle) -> PdnGame {
    let mut game = PdnGame::new(p.start.variant());
    game.set_tag("Event", &p.task());
    game.set_tag("Puzzle", &p.id);
    game.set_tag("Goal", &p.goal.tag());
    game.set_tag("Rating", &p.rating.to_string());
    game.set_tag("Depth", &p.depth.to_string());
    game.set_tag("Source", &p.source);
    game.start = p.start;
    let mut board = p.start;
    for mv in &p.line {
        game.main.moves.push(PdnMove {
            mv: *mv,
            notation: board.short(mv),
            mark: None,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        });
        board = board.play_unchecked(mv);
    }
    game.result = PdnResult::Unknown;
    game
}

/// Read a set written by [`write`] (every game must carry the puzzle tags); `variant` is the
/// variant of games without a `GameType` or `Variant` tag.
///
/// # Errors
/// The first game that is bad PDN or lacks a puzzle's tags.
pub fn read(text: &str, variant: Variant) -> Result<Vec<Puzzle>, FileError> {
    pdn::read(text, variant)
        .into_iter()
        .enumerate()
        .map(|(i, game)| {
            let game = game.map_err(|e| FileError::Pdn(e.to_string()))?;
            from_pdn(&game, i + 1).map_err(|message| FileError::Tag {
                game: i + 1,
                message,
            })
        })
        .collect()
}

/// Game `n` of a file as a puzzle.
fn from_pdn(game: &PdnGame, n: usize) -> Result<Puzzle, String> {
    let tag = |name: &str| game.tag(name).ok_or(format!("no {name} tag"));
    // A tag left out takes `default`; one given must be a number.
    let number = |name: &str, default: i64| -> Result<i64, String> {
        game.tag(name).map_or(Ok(default), |text| {
            text.parse()
                .map_err(|_| format!("{name} \"{text}\" is not a number"))
        })
    };
    let variant = game.start.variant();
    let goal = Goal::from_tag(tag("Goal")?).ok_or(format!(
        "Goal \"{}\" is none of win, material N, crown",
        tag("Goal")?
    ))?;
    if game.main.moves.len().is_multiple_of(2) {
        return Err("the solving line must end with a move of the side to play".into());
    }
    Ok(Puzzle {
        id: game
            .tag("Puzzle")
            .map_or_else(|| format!("{variant}-{n}"), str::to_string),
        start: game.start,
        line: game.main.moves.iter().map(|m| m.mv).collect(),
        goal,
        rating: u32::try_from(number("Rating", START as i64)?)
            .map_err(|_| "Rating below 0".to_string())?,
        depth: i32::try_from(number("Depth", i64::from(default_depth(variant)))?)
            .ok()
            .filter(|d| (1..=64).contains(d))
            .ok_or("Depth is not 1 to 64")?,
        source: game.tag("Source").unwrap_or("").to_string(),
    })
}
