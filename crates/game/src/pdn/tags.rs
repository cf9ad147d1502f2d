//! A game's tags: read under their standard names, and what they say that the reading of
//! the moves does not use.

use super::gametype::variant_of_name;
use super::lexer::{Tok, Token};
use super::{default_tag, PdnResult, ROSTER};

/// Tags that become fields of [`PdnGame`] rather than entries of its tag list.
const FIELD_TAGS: [&str; 5] = ["Result", "GameType", "Variant", "SetUp", "FEN"];

/// Tag names of the Italian federation's game archives, read as the standard tags they stand
/// for (a game without a `White` tag that has a `Bianco` one names its players all the same).
const TAG_ALIASES: [(&str, &str); 5] = [
    ("Bianco", "White"),
    ("Nero", "Black"),
    ("Risultato", "Result"),
    ("Dati", "Event"),
    ("Apertura", "Opening"),
];

/// A tag as the file gives it, with its token for errors.
pub(super) struct Tag<'a> {
    pub(super) name: &'a str,
    pub(super) value: &'a str,
    pub(super) token: &'a Token,
}

/// The tags a game's tokens start with, under their standard names, and the tokens after them.
pub(super) fn leading_tags(toks: &[Token]) -> (Vec<Tag<'_>>, &[Token]) {
    let count = toks
        .iter()
        .take_while(|t| matches!(t.tok, Tok::Tag { .. }))
        .count();
    let mut tags: Vec<Tag> = toks[..count]
        .iter()
        .filter_map(|token| match &token.tok {
            Tok::Tag { name, value } => Some(Tag { name, value, token }),
            _ => None,
        })
        .collect();
    standardise_tag_names(&mut tags);
    (tags, &toks[count..])
}

/// The first tag named `name`, in whatever case its letters are written (files do not all
/// keep PDN's).
pub(super) fn find_tag<'t>(tags: &'t [Tag<'t>], name: &str) -> Option<&'t Tag<'t>> {
    tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

/// An alias becomes the standard tag it stands for where the game has no tag of that name.
fn standardise_tag_names(tags: &mut [Tag]) {
    for (alias, standard) in TAG_ALIASES {
        if find_tag(tags, standard).is_none() {
            if let Some(t) = tags.iter_mut().find(|t| t.name.eq_ignore_ascii_case(alias)) {
                t.name = standard;
            }
        }
    }
}

/// The roster first (defaults for missing ones), then the other tags in file order.
pub(super) fn collect_tags(tags: &[Tag]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = ROSTER
        .iter()
        .map(|&r| {
            let value = find_tag(tags, r).map_or(default_tag(r), |t| t.value);
            (r.to_string(), value.to_string())
        })
        .collect();
    for t in tags {
        let special = ROSTER
            .iter()
            .chain(FIELD_TAGS.iter())
            .any(|n| n.eq_ignore_ascii_case(t.name));
        if !special && !out.iter().any(|(n, _)| n == t.name) {
            out.push((t.name.to_string(), t.value.to_string()));
        }
    }
    out
}

/// What a game's tags say that its reading does not use, for a check to report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TagNotes {
    /// The value of a `Variant` tag that names no variant Damier plays: the game was read as
    /// its `GameType` says, or as an untagged game.
    pub unknown_variant: Option<String>,
    /// The value of a `Result` tag that the termination marker after the moves contradicts
    /// (another winner, or a draw against a win): the marker is the game's result.
    pub contradicted_result: Option<String>,
}

/// The notes of one game, from its tokens.
pub(super) fn tag_notes(toks: &[Token]) -> TagNotes {
    let (tags, body) = leading_tags(toks);
    let tag = |name: &str| find_tag(&tags, name).map(|t| t.value);
    let unknown_variant = tag("Variant")
        .filter(|v| variant_of_name(v).is_none())
        .map(str::to_string);
    let marker = split_marker(body).1.filter(|&r| r != PdnResult::Unknown);
    let contradicted_result = tag("Result").and_then(|value| {
        let by_tag = PdnResult::parse(value.trim())?;
        let marker = marker?;
        (by_tag != PdnResult::Unknown && by_tag.outcome() != marker.outcome())
            .then(|| value.to_string())
    });
    TagNotes {
        unknown_variant,
        contradicted_result,
    }
}

/// The movetext without its termination marker, and the marker.
pub(super) fn split_marker(body: &[Token]) -> (&[Token], Option<PdnResult>) {
    match body.split_last() {
        Some((
            Token {
                tok: Tok::Result(r),
                ..
            },
            rest,
        )) => (rest, Some(*r)),
        _ => (body, None),
    }
}
