//! A PDN file checked game by game, as `damier pdn check`, the page's import and Python's
//! `read_pdn` all report it: the reading (a game that does not read says where), how the
//! variant of a game without a tag was found, and a recorded end the rules contradict.

use super::reader::{read_bytes_noted, VariantSource};
use super::tags::TagNotes;
use super::{PdnError, PdnGame};
use crate::result::Reason;
use damier_core::Variant;

/// How a game without a `GameType` or `Variant` tag is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Untagged {
    /// As this variant, which the reader was given.
    Given(Variant),
    /// As the first variant its moves fit, this one tried first.
    Inferred(Variant),
}

impl Untagged {
    /// As `variant` when one is named; otherwise inferred, `first` tried first.
    pub fn given_or(variant: Option<Variant>, first: Variant) -> Untagged {
        variant.map_or(Untagged::Inferred(first), Untagged::Given)
    }
}

/// One game of a file, read and checked.
#[derive(Clone, Debug)]
pub struct CheckedGame {
    /// The game, or where and why it does not read.
    pub game: Result<PdnGame, PdnError>,
    /// How its variant was found.
    pub source: VariantSource,
    /// What a check says beyond the reading.
    pub notes: CheckNotes,
}

/// What a check says of a game beyond its reading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckNotes {
    /// How its variant was found, where neither a tag nor the reader named it plainly.
    pub variant: Option<VariantNote>,
    /// Why the game cannot be as recorded: moves after the rules ended it, a result other
    /// than the rules', or a `Result` tag the termination marker contradicts. A game with
    /// one is in error.
    pub contradiction: Option<String>,
}

/// How the variant of a game was found, when that is worth saying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantNote {
    /// No tag named it (or a `Variant` tag Damier does not know, `unknown_tag`), and its
    /// moves fit `fits`, in the order tried: it was read as the first.
    Inferred {
        /// A `Variant` tag's value not understood.
        unknown_tag: Option<String>,
        /// The variants its moves fit (never empty).
        fits: Vec<Variant>,
    },
    /// No tag named it and its moves fit no variant: the error is `closest`'s, where the
    /// reading went furthest.
    Unfit {
        /// A `Variant` tag's value not understood.
        unknown_tag: Option<String>,
        /// The variant whose reading went furthest.
        closest: Variant,
    },
    /// A `Variant` tag not understood; the game was read as its `GameType` tag says
    /// (`by_game_type`) or as the variant the reader was given.
    UnknownTag {
        /// The tag's value.
        value: String,
        /// The variant it was read as, when it read.
        read_as: Option<Variant>,
        /// Whether its `GameType` tag named the variant.
        by_game_type: bool,
    },
}

impl VariantNote {
    /// The note in words; `chooser` names how the reader picks another variant
    /// (`--variant` on the command line).
    pub fn describe(&self, chooser: &str) -> String {
        let missing = |unknown: &Option<String>| match unknown {
            Some(value) => format!("Variant tag \"{value}\" not understood"),
            None => "no GameType tag".to_string(),
        };
        match self {
            VariantNote::Unfit {
                unknown_tag,
                closest,
            } => format!(
                "{}, and its moves fit no variant: the error is {closest}'s, where it read \
                 furthest; {chooser} chooses",
                missing(unknown_tag)
            ),
            VariantNote::UnknownTag {
                value,
                read_as,
                by_game_type,
            } => {
                let missing = missing(&Some(value.clone()));
                let how = if *by_game_type {
                    "by its GameType tag".to_string()
                } else {
                    format!("as {chooser} says")
                };
                match read_as {
                    Some(v) => format!("{missing}: read as {v}, {how}"),
                    None => missing,
                }
            }
            VariantNote::Inferred { unknown_tag, fits } => {
                let (first, rest) = fits.split_first().expect("a game read fits a variant");
                let read = match (*first == Variant::INTERNATIONAL, rest) {
                    (true, _) => format!("read as {first}, PDN's default"),
                    (false, []) => format!("read as {first}, the one variant its moves fit"),
                    (false, _) => format!("read as {first}"),
                };
                let also = if rest.is_empty() {
                    String::new()
                } else {
                    let others: Vec<String> = rest.iter().map(|v| v.to_string()).collect();
                    format!(
                        "; its moves also fit {} ({chooser} chooses)",
                        others.join(", ")
                    )
                };
                format!("{}: {read}{also}", missing(unknown_tag))
            }
        }
    }

    /// The note for a game, or none when a tag or the reader named the variant, or PDN's
    /// own default (international) is the one variant its moves fit.
    fn of(source: &VariantSource, tags: &TagNotes, read_as: Option<Variant>) -> Option<Self> {
        let unknown_tag = tags.unknown_variant.clone();
        match source {
            VariantSource::Unfit { closest } => Some(VariantNote::Unfit {
                unknown_tag,
                closest: *closest,
            }),
            VariantSource::Tagged | VariantSource::Given => Some(VariantNote::UnknownTag {
                value: unknown_tag?,
                read_as,
                by_game_type: matches!(source, VariantSource::Tagged),
            }),
            VariantSource::Inferred { fits } => {
                let alone_by_default = fits.as_slice() == [Variant::INTERNATIONAL];
                (!alone_by_default || unknown_tag.is_some()).then(|| VariantNote::Inferred {
                    unknown_tag,
                    fits: fits.clone(),
                })
            }
        }
    }
}

impl CheckedGame {
    /// The variant the game was read as, or where its reading went furthest.
    pub fn read_as(&self) -> Option<Variant> {
        match (&self.game, &self.source) {
            (Ok(g), _) => Some(g.variant),
            (Err(_), VariantSource::Unfit { closest }) => Some(*closest),
            (Err(_), VariantSource::Inferred { fits }) => fits.first().copied(),
            (Err(_), _) => None,
        }
    }

    /// Whether the game reads and nothing contradicts it.
    pub fn is_sound(&self) -> bool {
        self.game.is_ok() && self.notes.contradiction.is_none()
    }

    /// What reading chose or read past (for a game refused, before its error).
    pub fn read_notes(&self) -> &[String] {
        match &self.game {
            Ok(g) => &g.read_notes,
            Err(e) => &e.read_notes,
        }
    }

    /// Every note for the game in words, the variant's first: what a reader shows beside
    /// the game. With `expected`, the variant's note is left out when the game was read as
    /// that variant (a page that reads files as the game on its board need not say so).
    pub fn all_notes(&self, chooser: &str, expected: Option<Variant>) -> Vec<String> {
        let said = expected.is_none() || self.read_as() != expected;
        let mut notes: Vec<String> = self
            .notes
            .variant
            .iter()
            .filter(|_| said)
            .map(|n| n.describe(chooser))
            .collect();
        notes.extend(self.read_notes().iter().cloned());
        notes.extend(self.notes.contradiction.iter().cloned());
        notes
    }
}

/// Read every game of PDN bytes and check it.
pub fn read_checked(bytes: &[u8], untagged: Untagged) -> Vec<CheckedGame> {
    let games = match untagged {
        Untagged::Given(v) => read_bytes_noted(bytes, v, false),
        Untagged::Inferred(v) => read_bytes_noted(bytes, v, true),
    };
    games
        .into_iter()
        .map(|(game, source, tags)| {
            let mut checked = CheckedGame {
                game,
                source,
                notes: CheckNotes::default(),
            };
            checked.notes = CheckNotes {
                variant: VariantNote::of(&checked.source, &tags, checked.read_as()),
                contradiction: checked
                    .game
                    .as_ref()
                    .ok()
                    .and_then(|g| g.contradiction(&tags)),
            };
            checked
        })
        .collect()
}

/// A PDN text without a single game, named as its reader knows it (a file's path, "the PDN
/// text").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} holds no game")]
pub struct NoGame(pub String);

/// [`read_checked`], refusing a text without any game: a file of no games is no PDN file to
/// check or convert. `name` names the text in the error.
///
/// # Errors
/// [`NoGame`] when the text holds no game.
pub fn read_some_checked(
    bytes: &[u8],
    untagged: Untagged,
    name: &str,
) -> Result<Vec<CheckedGame>, NoGame> {
    let games = read_checked(bytes, untagged);
    if games.is_empty() {
        return Err(NoGame(name.to_string()));
    }
    Ok(games)
}

impl PdnGame {
    /// Why the game cannot be as recorded, by the rules' own end ([`PdnGame::rules_end`]):
    /// moves played after the game was over (no move for the side to move, or an automatic
    /// draw), or a result other than the one the rules gave; or a `Result` tag that the
    /// termination marker contradicts (`tags`, from [`super::read_tag_notes`]). `None` when the
    /// moves end with the game still running (a resignation, a time-out, a draw agreed or
    /// claimed), or the result agrees.
    pub fn contradiction(&self, tags: &TagNotes) -> Option<String> {
        if let Some(tag) = &tags.contradicted_result {
            return Some(format!(
                "the Result tag says {tag}, the marker after the moves {}",
                self.result.text()
            ));
        }
        let end = self.rules_end()?;
        let why = match end.result.reason {
            Reason::NoLegalMove => {
                let winner = end.result.outcome.winner()?;
                format!(
                    "{} has no move, so {} wins",
                    end.board.side().name(),
                    winner.name()
                )
            }
            _ => end.result.describe_at(&end.board),
        };
        if let Some(next) = self.main.moves.get(end.plies) {
            let at = match end.plies {
                0 => "in its start position".to_string(),
                n => format!(
                    "after {} {}",
                    self.move_number(n - 1),
                    self.main.moves[n - 1].notation
                ),
            };
            return Some(format!(
                "the game ended {at} ({why}), yet the moves go on with {} {}",
                self.move_number(end.plies),
                next.notation
            ));
        }
        let recorded = self.result.outcome()?;
        (recorded != end.result.outcome).then(|| {
            format!(
                "the result {} is not the board's: {why}",
                self.result.text()
            )
        })
    }
}

/// A count of plies as a draughts player says it: a move is one by each side, so 80 plies
/// are "40 moves" and 79 are "39½ moves".
pub fn moves_in_words(plies: usize) -> String {
    let half = if plies % 2 == 1 { "½" } else { "" };
    match (plies / 2, half) {
        (0, "½") => "½ move".to_string(),
        (1, "") => "1 move".to_string(),
        (whole, _) => format!("{whole}{half} moves"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_without_a_game_is_refused_by_name() {
        let untagged = Untagged::Given(Variant::INTERNATIONAL);
        for empty in ["", "  \n", "% a comment only\n"] {
            let refused = read_some_checked(empty.as_bytes(), untagged, "a.pdn").unwrap_err();
            assert_eq!(refused.to_string(), "a.pdn holds no game");
        }
        let one = read_some_checked(b"1. 32-28 19-23 *", untagged, "a.pdn").unwrap();
        assert_eq!(one.len(), 1);
        assert!(one[0].game.is_ok());
    }

    #[test]
    fn moves_are_counted_as_players_count_them() {
        let said: Vec<String> = [0, 1, 2, 3, 79, 80].map(moves_in_words).into();
        assert_eq!(
            said,
            [
                "0 moves",
                "½ move",
                "1 move",
                "1½ moves",
                "39½ moves",
                "40 moves"
            ]
        );
    }

    #[test]
    fn a_game_played_on_past_its_end_or_with_a_wrong_result_is_contradicted() {
        // White's 28 takes two and Black has nothing left.
        let over = "[GameType \"20\"]\n[FEN \"W:W28:B22\"]\n1. 28x17 0-1";
        let checked = read_checked(over.as_bytes(), Untagged::Given(Variant::INTERNATIONAL));
        let why = checked[0].notes.contradiction.as_deref().unwrap();
        assert!(
            why.starts_with("the result 0-1 is not the board's"),
            "{why}"
        );
        assert!(!checked[0].is_sound());
        let fine = "[GameType \"20\"]\n[FEN \"W:W28:B22\"]\n1. 28x17 1-0";
        let checked = read_checked(fine.as_bytes(), Untagged::Given(Variant::INTERNATIONAL));
        assert!(checked[0].is_sound(), "{:?}", checked[0].notes);
        let tag = "[Result \"1-0\"]\n1. 32-28 0-1";
        let checked = read_checked(tag.as_bytes(), Untagged::Given(Variant::INTERNATIONAL));
        assert_eq!(
            checked[0].notes.contradiction.as_deref(),
            Some("the Result tag says 1-0, the marker after the moves 0-1")
        );
    }

    #[test]
    fn the_variant_of_an_untagged_game_is_said_with_the_readers_chooser() {
        let english = "1. 11-15 23-19 *";
        let checked = read_checked(
            english.as_bytes(),
            Untagged::Inferred(Variant::INTERNATIONAL),
        );
        let note = checked[0].notes.variant.as_ref().unwrap();
        assert!(
            matches!(note, VariantNote::Inferred { fits, .. } if fits[0].to_string() == "english")
        );
        assert_eq!(
            checked[0].all_notes("the variant menu", None)[0],
            note.describe("the variant menu")
        );
        // A tag names it: nothing to say.
        let tagged = "[GameType \"20\"]\n1. 32-28 19-23 *";
        let checked = read_checked(
            tagged.as_bytes(),
            Untagged::Inferred(Variant::INTERNATIONAL),
        );
        assert_eq!(checked[0].notes, CheckNotes::default());
        assert!(checked[0].is_sound());
        let unknown = "[Variant \"klingon\"]\n1. 11-15 *";
        let checked = read_checked(
            unknown.as_bytes(),
            Untagged::Given(Variant::new(damier_core::Base::English)),
        );
        assert_eq!(
            checked[0].all_notes("variant=", None)[0],
            "Variant tag \"klingon\" not understood: read as english, as variant= says"
        );
    }
}
