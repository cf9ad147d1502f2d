//! Reading PDN: tokens to games, every move checked with the rules core.

use super::gametype::{
    not_fitted_note, read_in_note, scheme_of_game_type, unread_note, variant_of_game_type,
    variant_of_name,
};
use super::lexer::{tokens, Tok, Token};
use super::movetext::{parse_line, LineReading};
use super::tags::{collect_tags, find_tag, leading_tags, split_marker, tag_notes, Tag, TagNotes};
use super::{Line, PdnError, PdnErrorKind, PdnGame, PdnResult};
use crate::board::Board;
use damier_core::{Base, Color, SquareNames, Variant};
use std::cell::Cell;

/// Read every game of a PDN text. Games without a `Variant` or `GameType` tag are read as
/// `default` (PDN's own default is International, `GameType 20`; English files often omit
/// the tag).
///
/// A game with a defect gives a [`PdnError`] at its first bad token; the games after it are
/// read all the same. Nothing in the text can make this panic.
pub fn read(text: &str, default: Variant) -> Vec<Result<PdnGame, PdnError>> {
    read_games(text, &[default])
        .into_iter()
        .map(|(game, _, _)| game)
        .collect()
}

/// Read every game of PDN bytes: UTF-8, or else Latin-1 (older files from Windows programs),
/// so that no byte is lost or refused. Otherwise as [`read`].
pub fn read_bytes(bytes: &[u8], default: Variant) -> Vec<Result<PdnGame, PdnError>> {
    read(&text_of(bytes), default)
}

/// How the variant of a game was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantSource {
    /// From its `Variant` or `GameType` tag.
    Tagged,
    /// It has neither tag, and the variant was given.
    Given,
    /// It has neither tag: `fits` are the variants in which every move is legal, in the order
    /// tried; the game was read as the first.
    Inferred {
        /// The variants that fit (never empty).
        fits: Vec<Variant>,
    },
    /// It has neither tag, and no variant fits every move: the error is the one met reading
    /// it as `closest`, the variant in which it went furthest (first tried on a tie), so that
    /// an algebraic 8×8 game is not reported as "not a square" of the 10×10 board.
    Unfit {
        /// The variant whose reading went furthest.
        closest: Variant,
    },
}

/// The order in which the variant of an untagged game is looked for after the one given:
/// the variants most games are published in first, so that a Russian game whose moves
/// Czech rules allow as well is read as Russian.
const INFERENCE_ORDER: [Base; 17] = [
    Base::International,
    Base::English,
    Base::Russian,
    Base::Brazilian,
    Base::Italian,
    Base::Pool,
    Base::Spanish,
    Base::Frisian,
    Base::Canadian,
    Base::Turkish,
    Base::Czech,
    Base::Thai,
    Base::Portuguese,
    Base::German,
    Base::SriLankan,
    Base::Frysk,
    Base::Breakthrough,
];

/// Read every game of PDN bytes as [`read_bytes`] does, but find the variant of a game with
/// no `Variant` or `GameType` tag from its moves: `first`, then every other variant in
/// `INFERENCE_ORDER` (their giveaway forms only where `first` is one: they play the same
/// moves); the first that reads it cleanest is taken.
pub fn read_bytes_inferring(
    bytes: &[u8],
    first: Variant,
) -> Vec<(Result<PdnGame, PdnError>, VariantSource)> {
    read_games(&text_of(bytes), &inference_candidates(first))
        .into_iter()
        .map(|(game, source, _)| (game, source))
        .collect()
}

/// `first`, then every other variant in `INFERENCE_ORDER` (their giveaway forms only where
/// `first` is one).
fn inference_candidates(first: Variant) -> Vec<Variant> {
    let mut candidates = vec![first];
    candidates.extend(
        INFERENCE_ORDER
            .into_iter()
            .map(|base| Variant {
                base,
                giveaway: first.giveaway,
            })
            .filter(|v| *v != first),
    );
    candidates
}

/// Every game of PDN bytes with how its variant was found and its tags' notes, from one
/// reading of the text: untagged games read as `given`, or (`infer`) as the first variant
/// their moves fit, `given` tried first.
pub(super) fn read_bytes_noted(
    bytes: &[u8],
    given: Variant,
    infer: bool,
) -> Vec<(Result<PdnGame, PdnError>, VariantSource, TagNotes)> {
    let candidates = if infer {
        inference_candidates(given)
    } else {
        vec![given]
    };
    read_games(&text_of(bytes), &candidates)
}

fn text_of(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.into(),
        Err(_) => bytes.iter().map(|&b| b as char).collect::<String>().into(),
    }
}

/// Every game, an untagged one read as the first of `candidates` that fits (several
/// candidates: inferring; one: given), with its tags' notes.
fn read_games(
    text: &str,
    candidates: &[Variant],
) -> Vec<(Result<PdnGame, PdnError>, VariantSource, TagNotes)> {
    let toks = tokens(text);
    let mut games = Vec::new();
    for game_toks in each_game(&toks) {
        let number = games.len() + 1;
        let first = read_game(game_toks, number, candidates[0]);
        let game = match first {
            (result, true) => (result, VariantSource::Tagged),
            (result, false) if candidates.len() == 1 => (result, VariantSource::Given),
            (first_result, false) => {
                // Keep the first reading that succeeds; while none has, the one whose error
                // comes latest.
                let mut fits = Vec::new();
                if first_result.is_ok() {
                    fits.push(candidates[0]);
                }
                let mut kept = (candidates[0], first_result);
                for &v in &candidates[1..] {
                    let result = read_game(game_toks, number, v).0;
                    if result.is_ok() {
                        fits.push(v);
                    }
                    if better(&kept.1, &result) {
                        kept = (v, result);
                    }
                }
                let (closest, result) = kept;
                // The variant read as is named first.
                if let Some(at) = fits.iter().position(|&v| v == closest) {
                    fits[..=at].rotate_right(1);
                }
                if fits.is_empty() {
                    (result, VariantSource::Unfit { closest })
                } else {
                    (result, VariantSource::Inferred { fits })
                }
            }
        };
        games.push((game.0, game.1, tag_notes(game_toks)));
    }
    games
}

/// The tokens of each game, in file order.
fn each_game(toks: &[Token]) -> impl Iterator<Item = &[Token]> {
    let mut at = 0;
    std::iter::from_fn(move || {
        (at < toks.len()).then(|| {
            let end = game_end(toks, at);
            let game = &toks[at..end];
            at = end;
            game
        })
    })
}

/// Where the game starting at `start` ends: after its termination marker, or before the
/// first tag that follows its movetext.
fn game_end(toks: &[Token], start: usize) -> usize {
    let mut at = start;
    while at < toks.len() && matches!(toks[at].tok, Tok::Tag { .. }) {
        at += 1;
    }
    while at < toks.len() {
        match toks[at].tok {
            Tok::Tag { .. } => return at,
            Tok::Result(_) => return at + 1,
            _ => at += 1,
        }
    }
    at
}

/// A game, and whether its variant came from a tag (else it is `default`'s).
fn read_game(toks: &[Token], number: usize, default: Variant) -> (Result<PdnGame, PdnError>, bool) {
    let mut tagged = false;
    let result = read_tagged_game(toks, number, default, &mut tagged);
    (result, tagged)
}

fn read_tagged_game(
    toks: &[Token],
    number: usize,
    default: Variant,
    tagged: &mut bool,
) -> Result<PdnGame, PdnError> {
    let (tags, body) = leading_tags(toks);
    let collected = collect_tags(&tags);
    let find = |name: &str| find_tag(&tags, name);
    let by_name = find("Variant").and_then(|t| variant_of_name(t.value));
    *tagged = by_name.is_some() || find("GameType").is_some();
    let variant = match (by_name, find("GameType")) {
        (Some(v), _) => v,
        (None, Some(t)) => variant_of_game_type(t.value).ok_or_else(|| {
            let kind = PdnErrorKind::UnknownGameType(t.value.trim().to_string());
            error_before_moves(number, &collected, t.token, kind)
        })?,
        (None, None) => default,
    };
    let (body, marker) = split_marker(body);
    // PDN 3.0 ends every game with `*` and keeps the result in its tag: a `*` marker says
    // nothing against a result the tag gives; a marker that names one decides.
    let result = match marker {
        Some(r) if r != PdnResult::Unknown => r,
        _ => find("Result")
            .and_then(|t| PdnResult::parse(t.value.trim()))
            .unwrap_or(PdnResult::Unknown),
    };
    let text = GameText {
        number,
        tags: collected,
        variant,
        body,
        fen: find("FEN"),
        moves_read: Cell::new(0),
    };
    let Reading { start, main, notes } = text.read_in_declared_notation(find("GameType"))?;
    Ok(PdnGame {
        tags: text.tags,
        variant,
        start,
        main,
        result,
        read_notes: notes,
    })
}

/// What every reading of one game's moves shares.
struct GameText<'t> {
    /// The game's number in its file, from 1.
    number: usize,
    /// The roster, then the other tags, as the game and its errors carry them.
    tags: Vec<(String, String)>,
    variant: Variant,
    /// The movetext, without its termination marker.
    body: &'t [Token],
    /// The `FEN` tag, where the game starts from a position of its own.
    fen: Option<&'t Tag<'t>>,
    /// Moves of the main line read so far, for errors.
    moves_read: Cell<usize>,
}

impl GameText<'_> {
    /// An error at `at`, after the moves read so far.
    fn error(&self, at: &Token, kind: PdnErrorKind) -> PdnError {
        let mut error = error_before_moves(self.number, &self.tags, at, kind);
        error.moves_read = self.moves_read.get();
        error
    }

    /// The game read in the notation its `GameType` names, where that is not the variant's
    /// own (the game keeps Damier's). A GameType that cannot be read leaves the variant's
    /// own, as does one whose notation the moves do not fit (PlayOK writes international
    /// games as `N1`, in international's own numbers).
    fn read_in_declared_notation(&self, game_type: Option<&Tag>) -> Result<Reading, PdnError> {
        let variant = self.variant;
        let Some(game_type) = game_type else {
            return self.read_moves(None);
        };
        let value = game_type.value.trim();
        match scheme_of_game_type(game_type.value, variant) {
            Ok(Some(scheme)) => {
                let names = SquareNames::new(variant.rules().board, scheme);
                match self.read_moves(Some(&names)) {
                    Ok(read) => Ok(read.noted(read_in_note(value, scheme, variant))),
                    Err(mut e) => {
                        let own = self.read_moves(None);
                        // Neither fits: the error met furthest says the most.
                        if better(&Err(e.clone()), &own) {
                            noted(own, not_fitted_note(value, scheme, variant))
                        } else {
                            e.read_notes.insert(0, read_in_note(value, scheme, variant));
                            Err(e)
                        }
                    }
                }
            }
            Ok(None) => self.read_moves(None),
            Err(why) => noted(self.read_moves(None), unread_note(value, &why, variant)),
        }
    }

    /// The moves read in `names` (none: the variant's own), the best of the readings a FEN
    /// allows: a FEN may leave the side to move open (`?`), for the moves to tell.
    fn read_moves(&self, names: Option<&SquareNames>) -> Result<Reading, PdnError> {
        let Some(fen) = self.fen else {
            return self.read_from(names, Board::start(self.variant));
        };
        let open_side = fen
            .value
            .find(|c: char| !c.is_whitespace())
            .filter(|&at| fen.value[at..].starts_with('?'));
        let Some(at) = open_side else {
            return self.read_from_fen(names, fen.value);
        };
        let mut best: Option<Result<Reading, PdnError>> = None;
        for side in [Color::White, Color::Black] {
            let mut text = fen.value.to_string();
            text.replace_range(at..at + 1, &side.letter().to_string());
            let result = self.read_from_fen(names, &text).map(|read| {
                let how = if read.main.moves.is_empty() {
                    "and no move tells it"
                } else {
                    "and the moves say"
                };
                let side = side.title();
                read.noted(format!("FEN leaves the side to move open, {how}: {side}"))
            });
            if best.as_ref().is_none_or(|b| better(b, &result)) {
                best = Some(result);
            }
        }
        best.expect("both sides were tried")
    }

    /// One reading of the main line from the FEN `fen`.
    fn read_from_fen(&self, names: Option<&SquareNames>, fen: &str) -> Result<Reading, PdnError> {
        let start = match names {
            Some(names) => Board::from_fen_in(self.variant, names, fen),
            None => Board::from_fen(self.variant, fen),
        };
        match start {
            Ok(start) => self.read_from(names, start),
            Err(e) => {
                // The FEN comes before every move, whatever an earlier reading read.
                let fen_tag = self.fen.expect("a FEN was read").token;
                let kind = PdnErrorKind::Fen(e);
                Err(error_before_moves(self.number, &self.tags, fen_tag, kind))
            }
        }
    }

    /// One reading of the main line from `start`, in `names` (none: the variant's own).
    fn read_from(&self, names: Option<&SquareNames>, start: Board) -> Result<Reading, PdnError> {
        self.moves_read.set(0);
        let reading = LineReading::new(names, &self.moves_read);
        let mut at = 0;
        match parse_line(&reading, self.body, &mut at, start, 1, None, 0) {
            Ok(main) => Ok(Reading {
                start,
                main,
                notes: reading.into_notes(),
            }),
            Err((t, kind)) => Err(self.error(t, kind)),
        }
    }
}

/// An error of game `number` at `at`, where no move has been read.
fn error_before_moves(
    number: usize,
    tags: &[(String, String)],
    at: &Token,
    kind: PdnErrorKind,
) -> PdnError {
    PdnError {
        game: number,
        line: at.line,
        column: at.column,
        kind: Box::new(kind),
        tags: tags.to_vec(),
        moves_read: 0,
        read_notes: Vec::new(),
    }
}

/// A reading, or its error, with `note` said first.
fn noted(read: Result<Reading, PdnError>, note: String) -> Result<Reading, PdnError> {
    match read {
        Ok(read) => Ok(read.noted(note)),
        Err(mut e) => {
            e.read_notes.insert(0, note);
            Err(e)
        }
    }
}

/// One way a game's moves were read: from where, the main line, and what was read past.
#[derive(Debug)]
struct Reading {
    start: Board,
    main: Line,
    notes: Vec<String>,
}

impl Reading {
    /// The reading with `note` said first.
    fn noted(mut self, note: String) -> Reading {
        self.notes.insert(0, note);
        self
    }
}

/// Whether `new` is a better reading of a game than `kept`: one that reads against one that
/// does not; of two that read, the one that read past less; of two that do not, the one whose
/// error comes later in the text (it went furthest, and its error says the most).
fn better<T: ReadPast>(kept: &Result<T, PdnError>, new: &Result<T, PdnError>) -> bool {
    match (kept, new) {
        (Ok(k), Ok(n)) => n.read_past() < k.read_past(),
        (Ok(_), Err(_)) => false,
        (Err(_), Ok(_)) => true,
        (Err(k), Err(n)) => (n.line, n.column) > (k.line, k.column),
    }
}

/// How much a reading read past (notes it had to make).
trait ReadPast {
    fn read_past(&self) -> usize;
}

impl ReadPast for Reading {
    fn read_past(&self) -> usize {
        self.notes.len()
    }
}

impl ReadPast for PdnGame {
    fn read_past(&self) -> usize {
        self.read_notes.len()
    }
}

/// The [`TagNotes`] of every game of PDN bytes, in the order [`read_bytes`] gives the games.
pub fn read_tag_notes(bytes: &[u8]) -> Vec<TagNotes> {
    let text = text_of(bytes);
    let toks = tokens(&text);
    each_game(&toks).map(tag_notes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inference_tries_every_base_once() {
        for base in Base::ALL {
            let times = INFERENCE_ORDER.iter().filter(|&&b| b == base).count();
            assert_eq!(times, 1, "{base:?}");
        }
    }
}
