//! What the page needs to know of each variant to draw its board and edit positions: size,
//! square names with their real coordinates, who moves first, and the start position.

use damier_core::fen::FenError;
use damier_core::{Base, Variant};
use damier_game::{AnyMove, Board, MoveInfo};
use serde::Serialize;

/// A playing square: its name in the variant's notation and where it is on the real board.
#[derive(Clone, Debug, Serialize)]
pub struct SquareInfo {
    /// `32`, `c3`.
    pub name: String,
    /// Row from White's side, 0 at the bottom.
    pub row: u32,
    /// Column from White's left, 0 = file a.
    pub col: u32,
}

/// One variant as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct VariantInfo {
    /// Canonical id (`international`, `russian-giveaway`).
    pub id: String,
    /// A name for people.
    pub name: String,
    /// Whether the winning condition is reversed.
    pub giveaway: bool,
    /// Squares per side of the board.
    pub size: u32,
    /// Whether every square is used and men move orthogonally (Turkish).
    pub orthogonal: bool,
    /// Whether a1 is not a playing square.
    pub mirrored: bool,
    /// Whether squares are named a1–h8 rather than numbered.
    pub algebraic: bool,
    /// Who moves first from the start position: `white` or `black`.
    pub first: &'static str,
    /// The start position in PDN FEN.
    pub start_fen: String,
    /// Whether the English ballot decks apply (variants numbered like English).
    pub ballots: bool,
    /// What sets it apart, in one line (`damier rules`).
    pub summary: String,
    /// Playing squares in notation order (square 1 first; a1 first for algebraic boards).
    pub squares: Vec<SquareInfo>,
}

/// A name for people.
pub fn display_name(base: Base) -> &'static str {
    match base {
        Base::English => "English (American checkers)",
        Base::Italian => "Italian",
        Base::Spanish => "Spanish",
        Base::Portuguese => "Portuguese",
        Base::Czech => "Czech",
        Base::Russian => "Russian (shashki)",
        Base::Brazilian => "Brazilian",
        Base::German => "German (Damenspiel)",
        Base::Pool => "Pool (American pool)",
        Base::International => "International 10x10",
        Base::Frisian => "Frisian 10x10",
        Base::Canadian => "Canadian 12x12",
        Base::SriLankan => "Sri Lankan 12x12",
        Base::Turkish => "Turkish (Dama)",
        Base::Thai => "Thai (Mak-hos)",
        Base::Frysk => "Frysk! (Frisian, five men each)",
        Base::Breakthrough => "Breakthrough (first king wins)",
    }
}

/// The page's view of `variant`.
pub fn info(variant: Variant) -> VariantInfo {
    let rules = variant.rules();
    let board = Board::start(variant);
    let names = board.names();
    let squares = names
        .in_order()
        .filter_map(|s| {
            let (row, col) = names.real_coords(s)?;
            Some(SquareInfo {
                name: names.name(s),
                row,
                col,
            })
        })
        .collect();
    let mut name = display_name(variant.base).to_string();
    if variant.giveaway {
        name.push_str(" — giveaway");
    }
    VariantInfo {
        id: variant.to_string(),
        name,
        giveaway: variant.giveaway,
        size: rules.board.size(),
        orthogonal: !rules.board.is_diagonal(),
        mirrored: rules.mirrored,
        algebraic: names.is_algebraic(),
        first: rules.first.name(),
        start_fen: board.fen(),
        ballots: damier_game::ballot::plays_in(variant),
        summary: damier_teach::summary(variant),
        squares,
    }
}

/// Every variant, bases first then their giveaway forms.
pub fn all() -> Vec<VariantInfo> {
    Variant::all().map(info).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_lists_its_playing_squares() {
        for v in all() {
            let expected = if v.orthogonal {
                v.size * v.size
            } else {
                v.size * v.size / 2
            };
            assert_eq!(v.squares.len() as u32, expected, "{}", v.id);
            assert!(v.squares.iter().all(|s| s.row < v.size && s.col < v.size));
        }
        let intl = info(Variant::INTERNATIONAL);
        // Square 1 is b10: top row, second column.
        assert_eq!(
            (intl.squares[0].row, intl.squares[0].col),
            (9, 1),
            "{:?}",
            intl.squares[0]
        );
    }
}

/// The rules of one variant as the page's Rules panel shows them: the guide and the example
/// positions, each with the moves that answer it.
#[derive(Clone, Debug, Serialize)]
pub struct RulesInfo {
    /// The guide (`variant`, `summary`, `sections`).
    #[serde(flatten)]
    pub guide: damier_teach::Guide,
    /// Positions in which the rules decide the move.
    pub examples: Vec<ExampleInfo>,
}

/// An example position with its moves spelled out, for the page to read the learner's move
/// from the legal ones and compare it with the answers as whole moves: two captures may share
/// their start and end squares (a flying king's, taking other pieces), which the short
/// notation of the answers alone does not tell apart on the board.
#[derive(Clone, Debug, Serialize)]
pub struct ExampleInfo {
    /// The example (`title`, `task`, `fen`, and `answers` in short notation).
    #[serde(flatten)]
    pub example: damier_teach::Example,
    /// The answers as moves, in the order of `answers`.
    pub answer_moves: Vec<MoveInfo>,
    /// Every legal move of the position, the answers among them.
    pub moves: Vec<MoveInfo>,
}

/// The rules panel's view of `variant`.
///
/// # Errors
/// The FEN of an example that does not read back (the rules core wrote it: a fault of the
/// program, not of the request).
pub fn rules(variant: Variant) -> Result<RulesInfo, FenError> {
    let examples = damier_teach::examples(variant)
        .into_iter()
        .map(|example| {
            let moves = Board::from_fen(variant, &example.fen)?.describe_moves();
            // `answers` holds each answer's short form as the same position writes it, so
            // each names exactly one of its legal moves.
            let answer_moves = example
                .answers
                .iter()
                .flat_map(|a| moves.iter().filter(move |m| m.short == *a).cloned())
                .collect();
            Ok(ExampleInfo {
                example,
                answer_moves,
                moves,
            })
        })
        .collect::<Result<_, FenError>>()?;
    Ok(RulesInfo {
        guide: damier_teach::guide(variant),
        examples,
    })
}

/// One ply of a puzzle's line, for the page to compare the solver's move with it and show
/// the result. Two captures may share their start and end squares (a flying king's, taking
/// other pieces): `long` and `captured` tell them apart, as they do a game's moves.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleStep {
    /// The move in the variant's short notation.
    pub notation: String,
    /// The long form: every landing square (`28x19x10`).
    pub long: String,
    /// Start square's name.
    pub from: String,
    /// End square's name.
    pub to: String,
    /// Start square, then every landing square.
    pub path: Vec<String>,
    /// The captured squares, in notation order.
    pub captured: Vec<String>,
    /// The position after it.
    pub fen: String,
}

/// A puzzle, for the page's puzzle mode.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleInfo {
    /// Its name in the set.
    pub id: String,
    /// The position.
    pub fen: String,
    /// The solver's side.
    pub side: &'static str,
    /// The task in words ("White to play and win a piece").
    pub task: String,
    /// How hard, on the solver's rating scale.
    pub rating: u32,
    /// The line: the solver's moves and the replies, in turn.
    pub steps: Vec<PuzzleStep>,
}

/// The shipped puzzles of `variant`, each with its line spelled out for the page.
pub fn puzzles(variant: Variant) -> Result<Vec<PuzzleInfo>, damier_puzzles::file::FileError> {
    let set = damier_puzzles::shipped::puzzles(variant)?;
    Ok(set
        .iter()
        .map(|p| PuzzleInfo {
            id: p.id.clone(),
            fen: p.start.fen(),
            side: p.solver().name(),
            task: p.task(),
            rating: p.rating,
            steps: puzzle_steps(p.start, &p.line),
        })
        .collect())
}

/// The moves of `line`, legal one after the other from `board`, as the page's steps.
pub fn puzzle_steps(mut board: Board, line: &[AnyMove]) -> Vec<PuzzleStep> {
    line.iter()
        .map(|mv| {
            let info = board.describe(mv);
            board = board.play_unchecked(mv);
            PuzzleStep {
                notation: info.short,
                long: info.long,
                from: info.from,
                to: info.to,
                path: info.path,
                captured: info.captured,
                fen: board.fen(),
            }
        })
        .collect()
}

/// One ballot of a deck, for the New-game dialog.
#[derive(Clone, Debug, Serialize)]
pub struct BallotInfo {
    /// Its number in the deck (the ACF number for three-move ballots).
    pub number: u16,
    /// The moves, in English notation.
    pub moves: String,
    /// Barred from play.
    pub barred: bool,
}

/// The two decks of English ballots, by the names the API uses for them.
pub fn ballots() -> serde_json::Value {
    use damier_game::ballot::Deck;
    let list = |deck: Deck| -> Vec<BallotInfo> {
        deck.list()
            .iter()
            .map(|b| BallotInfo {
                number: b.number,
                moves: b.text(),
                barred: b.barred,
            })
            .collect()
    };
    serde_json::json!({
        "two-move": list(Deck::TwoMove),
        "three-move": list(Deck::ThreeMove),
    })
}
