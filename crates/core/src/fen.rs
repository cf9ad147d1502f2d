//! PDN FEN: `W:W31,32,K10:B1,2,K3` — side to move, then each side's squares, `K` before a king.
//!
//! Input accepts ranges (`W31-50`), either side's list first, surrounding quotes, a final `.`,
//! and lidraughts' trailing `H<n>` / `F<n>` move counters (ignored). Frisian king-move runs are
//! carried in an optional Damier field `R<side><count>@<square>` (e.g. `RW3@28`), written only when
//! a run is under way; lidraughts' own field `+<black>+<white>` (`+0+328`) is read too. Squares
//! are in the variant's notation (numbers, or a1–h8).

use crate::bitset::BitSet;
use crate::geometry::Geometry;
use crate::position::{KingRun, Position, SetupDefect};
use crate::rules::Rules;
use crate::square::Square;
use crate::square_names::SquareNames;
use crate::variant::{Base, Variant};
use crate::BoardKind;
use crate::Color;

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("empty FEN")]
    Empty,
    /// The text does not follow the grammar; `column` is 1-based in the given text.
    #[error("FEN column {column}: {message}")]
    Syntax {
        /// Where (1-based, in characters of the input).
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// The text parses but the pieces do not make a position of the variant.
    #[error("FEN describes no {variant} position: {message}")]
    Position {
        /// The variant the FEN was read for.
        variant: Variant,
        /// Every defect found.
        defects: Vec<SetupDefect>,
        /// The defects in one line, squares in the variant's notation.
        message: String,
    },
    /// A king run (lidraughts' `+w+b` field) names a square without a king of its side.
    #[error("FEN describes no {variant} position: the king run of {color} names {square}, which holds no {color} king", color = color.name())]
    KingRunWithoutKing {
        /// The variant the FEN was read for.
        variant: Variant,
        /// Whose run.
        color: Color,
        /// The square, in the variant's notation.
        square: String,
    },
    /// A king run counts more quiet moves than the rules allow while its side has men.
    #[error("FEN describes no {variant} position: the king run of {color} counts {moves} moves, but while {color} has men a king makes at most {most} quiet moves in a row", color = color.name())]
    KingRunTooLong {
        /// The variant the FEN was read for.
        variant: Variant,
        /// Whose run.
        color: Color,
        /// The moves it counts.
        moves: u32,
        /// The most the rules allow.
        most: u32,
    },
}

fn syntax(column: usize, message: impl Into<String>) -> FenError {
    FenError::Syntax {
        column,
        message: message.into(),
    }
}

/// Read a FEN for the variant of `rules`. An algebraic 8x8 variant (Russian and its kin)
/// also reads FENs numbered 1–32 as in English checkers, White on 21–32, as some Russian
/// files and programs write them.
///
/// # Errors
/// [`FenError`] naming the column of the first syntax error, or every defect of the position;
/// a FEN written in numbers is told in numbers.
pub fn parse<G: Geometry>(rules: &'static Rules, text: &str) -> Result<Position<G>, FenError> {
    let names = SquareNames::of(rules);
    let by_name = parse_named(rules, names, text);
    if by_name.is_ok()
        || !names.is_algebraic()
        || rules.board != BoardKind::Diagonal8
        || !squares_are_numbers(text)
    {
        return by_name;
    }
    // English checkers numbers the same 32 squares: its names read the FEN as it is written,
    // so that an error points into what was typed.
    parse_named(
        rules,
        SquareNames::of(Variant::new(Base::English).rules()),
        text,
    )
}

/// Whether every square list of a FEN is written in numbers (`W:W21-32,K5:B1-12`).
fn squares_are_numbers(text: &str) -> bool {
    text.split(':').skip(1).all(|field| {
        let field = field.trim().trim_end_matches(['"', '.']);
        field
            .chars()
            .skip(1)
            .all(|c| c.is_ascii_digit() || matches!(c, 'K' | '-' | ',' | ' '))
    })
}

/// Read a FEN for the variant of `rules` whose squares are written by `names` (a PDN file's
/// own notation), or else, as [`parse`] reads it, in the variant's own: letters and numbers
/// cannot be taken for each other, so a FEN in the variant's notation beside moves in the
/// file's is read as written.
///
/// # Errors
/// As [`parse`], the squares named by `names`.
pub fn parse_in<G: Geometry>(
    rules: &'static Rules,
    names: &SquareNames,
    text: &str,
) -> Result<Position<G>, FenError> {
    parse_named(rules, names, text).or_else(|e| parse(rules, text).map_err(|_| e))
}

/// Read a FEN whose squares are written by `names`.
fn parse_named<G: Geometry>(
    rules: &'static Rules,
    names: &SquareNames,
    text: &str,
) -> Result<Position<G>, FenError> {
    // Column numbers count from the start of the original text.
    let lead = text.len() - text.trim_start().len();
    let mut body = text.trim();
    let mut base = lead;
    if let Some(inner) = body.strip_prefix('"') {
        body = inner.strip_suffix('"').unwrap_or(inner);
        base += 1;
    }
    let body = body.strip_suffix('.').unwrap_or(body);
    if body.trim().is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = Vec::new();
    let mut at = 0;
    for f in body.split(':') {
        fields.push((base + at, f));
        at += f.len() + 1;
    }
    let (col0, side_field) = fields[0];
    let side = match side_field.trim() {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => {
            return Err(syntax(
                col0 + 1,
                format!("side to move must be W or B, found '{other}'"),
            ))
        }
    };
    let mut sets = [G::Bits::ZERO; 2];
    let mut kings = G::Bits::ZERO;
    let mut seen = [false; 2];
    let mut runs = [KingRun::default(); 2];
    let mut listed = G::Bits::ZERO;
    for &(col, field) in &fields[1..] {
        let trimmed = field.trim_start();
        let col = col + (field.len() - trimmed.len());
        let field = trimmed.trim_end();
        let mut chars = field.chars();
        let head = chars.next();
        let rest = chars.as_str();
        let color = match head {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            Some('H') | Some('F') if rest.bytes().all(|b| b.is_ascii_digit()) => continue,
            Some('+') => {
                if !rules.king_move_limit {
                    return Err(syntax(
                        col + 1,
                        format!("a king-move field (+{rest}) belongs to Frisian and Frysk! only"),
                    ));
                }
                runs = parse_lidraughts_runs(rest, names, col + 1)?;
                continue;
            }
            Some('R') => {
                if !rules.king_move_limit {
                    return Err(syntax(
                        col + 1,
                        format!("a king-run field (R{rest}) belongs to Frisian and Frysk! only"),
                    ));
                }
                let (c, run) = parse_run(rest, names, col + 1)?;
                runs[c as usize] = run;
                continue;
            }
            Some(c) => {
                return Err(syntax(
                    col + 1,
                    format!("expected W or B before a list of squares, found '{c}'"),
                ))
            }
            None => return Err(syntax(col + 1, "empty field")),
        };
        if seen[color as usize] {
            return Err(syntax(
                col + 1,
                format!("{} pieces listed twice", color.name()),
            ));
        }
        seen[color as usize] = true;
        let mut item_col = col + 2;
        for item in rest.split(',') {
            // An error points at the item itself, past the spaces before it.
            let here = item_col + (item.len() - item.trim_start().len());
            item_col += item.len() + 1;
            let item = item.trim();
            if item.is_empty() {
                if rest.trim().is_empty() {
                    break;
                }
                return Err(syntax(here, "empty square in list"));
            }
            let (king, squares) = match item.strip_prefix('K') {
                Some(s) => (true, s),
                None => (false, item),
            };
            for sq in expand(squares, names, here)? {
                let bit = G::Bits::of(sq);
                if !(listed & bit).is_empty() {
                    return Err(syntax(
                        here,
                        format!("square {} listed twice", names.name(sq)),
                    ));
                }
                listed |= bit;
                sets[color as usize] |= bit;
                if king {
                    kings |= bit;
                }
            }
        }
    }
    if fields.len() < 2 {
        return Err(syntax(
            base + side_field.len() + 1,
            "missing piece lists (expected e.g. W:W31,32:B1,2)",
        ));
    }
    let mut pos = Position::from_parts(rules, sets[0], sets[1], kings, side).map_err(|e| {
        FenError::Position {
            variant: rules.variant,
            message: explain(&e, names),
            defects: e.defects,
        }
    })?;
    for c in [Color::White, Color::Black] {
        let run = runs[c as usize];
        if run == KingRun::default() {
            continue;
        }
        // The run is of a king of that side, or the position is no position at all.
        let square: G::Bits = G::Bits::of(run.square);
        let own_kings: G::Bits = pos.pieces(c) & pos.kings();
        if (own_kings & square).is_empty() {
            return Err(FenError::KingRunWithoutKing {
                variant: rules.variant,
                color: c,
                square: names.name(run.square),
            });
        }
        // While its side has men a king is barred after three moves, so a longer run was
        // never played; with kings only the count goes on (and bars nothing).
        if pos.has_men(c) && run.moves > KingRun::LIMIT {
            return Err(FenError::KingRunTooLong {
                variant: rules.variant,
                color: c,
                moves: u32::from(run.moves),
                most: u32::from(KingRun::LIMIT),
            });
        }
        pos.set_king_run(c, run);
    }
    Ok(pos)
}

fn parse_run(text: &str, names: &SquareNames, column: usize) -> Result<(Color, KingRun), FenError> {
    let bad = || {
        syntax(
            column,
            format!("king-run field must look like RW3@28, found 'R{text}'"),
        )
    };
    let color = match text.chars().next() {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        _ => return Err(bad()),
    };
    let (count, square) = text[1..].split_once('@').ok_or_else(bad)?;
    let moves: u8 = count.parse().map_err(|_| bad())?;
    if moves == 0 {
        return Err(bad());
    }
    let square = names.parse(square).ok_or_else(bad)?;
    Ok((color, KingRun { square, moves }))
}

/// lidraughts' king-move field, `+<black>+<white>` after the leading `+`: each part a count
/// of 0 to 3, and where it is not 0 the king's square in two digits (`+0+328`: White's king
/// on 28 has made three quiet moves in a row).
fn parse_lidraughts_runs(
    text: &str,
    names: &SquareNames,
    column: usize,
) -> Result<[KingRun; 2], FenError> {
    let bad = || {
        syntax(
            column,
            format!("king-move field must look like +0+328, found '+{text}'"),
        )
    };
    let (black, white) = text.split_once('+').ok_or_else(bad)?;
    let part = |p: &str| -> Result<KingRun, FenError> {
        let moves = match p.as_bytes().first() {
            Some(d @ b'0'..=b'3') => d - b'0',
            _ => return Err(bad()),
        };
        match (moves, &p[1..]) {
            (0, "") => Ok(KingRun::default()),
            (_, sq) if sq.len() == 2 && moves > 0 => {
                let n: u32 = sq.parse().map_err(|_| bad())?;
                let square = names.parse(&n.to_string()).ok_or_else(bad)?;
                Ok(KingRun { square, moves })
            }
            _ => Err(bad()),
        }
    };
    let mut runs = [KingRun::default(); 2];
    runs[Color::Black as usize] = part(black)?;
    runs[Color::White as usize] = part(white)?;
    Ok(runs)
}

/// One list item: a square, or a numeric range `a-b`.
fn expand(item: &str, names: &SquareNames, column: usize) -> Result<Vec<Square>, FenError> {
    let one = |t: &str| {
        names.parse(t).ok_or_else(|| {
            syntax(
                column,
                format!(
                    "'{t}' is not a square of this board (squares are {})",
                    if names.is_algebraic() && names.len() == 32 {
                        "named like c3, or numbered 1-32 as in English checkers".to_string()
                    } else if names.is_algebraic() {
                        "named like c3".to_string()
                    } else {
                        format!("numbered 1-{}", names.len())
                    }
                ),
            )
        })
    };
    match item.split_once('-') {
        Some((a, b)) if !names.is_algebraic() => {
            let (lo, hi) = (one(a)?, one(b)?);
            let (lo, hi) = (names.number(lo).unwrap_or(0), names.number(hi).unwrap_or(0));
            if lo > hi {
                return Err(syntax(column, format!("range {item} runs backwards")));
            }
            Ok((lo..=hi).filter_map(|n| names.from_number(n)).collect())
        }
        _ => Ok(vec![one(item)?]),
    }
}

/// A setup error in one readable line, squares named in the variant's notation.
pub fn explain(e: &crate::position::SetupError, names: &SquareNames) -> String {
    summarize(e.defects.iter().map(|d| describe(d, names)).collect())
}

/// The first few defects, then how many more, to keep the message to one readable line.
fn summarize(mut parts: Vec<String>) -> String {
    const SHOWN: usize = 3;
    let more = parts.len().saturating_sub(SHOWN);
    parts.truncate(SHOWN);
    let mut text = parts.join("; ");
    if more > 0 {
        text.push_str(&format!("; and {more} more"));
    }
    text
}

fn describe(defect: &SetupDefect, names: &SquareNames) -> String {
    match defect {
        SetupDefect::OffBoard => "a piece is off the playing squares".into(),
        SetupDefect::Overlap(s) => format!("square {} holds both colours", names.name(*s)),
        SetupDefect::KingWithoutPiece(s) => {
            format!("king on empty square {}", names.name(*s))
        }
        SetupDefect::TooManyPieces { color, count, max } => {
            format!("{} has {count} pieces, at most {max}", color.name())
        }
        SetupDefect::ManOnCrowningRow(s) => format!(
            "man on {} stands on its crowning row (it would be a king)",
            names.name(*s)
        ),
        SetupDefect::KingOfSideToMove(s) => format!(
            "king on {} belongs to the side to move, but crowning ends this game: \
             that side won before its turn came",
            names.name(*s)
        ),
    }
}

/// Write a position as FEN, squares in PDN order, kings marked `K`.
pub fn write<G: Geometry>(pos: &Position<G>) -> String {
    let names = SquareNames::of(pos.rules());
    let mut out = String::new();
    out.push(pos.side().letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        let set = pos.pieces(color);
        let mut first = true;
        for s in names.in_order().filter(|&s| set.contains(s)) {
            if !first {
                out.push(',');
            }
            first = false;
            if pos.kings().contains(s) {
                out.push('K');
            }
            out.push_str(&names.name(s));
        }
    }
    for color in [Color::White, Color::Black] {
        let run = pos.king_run(color);
        if run.moves > 0 {
            out.push_str(&format!(
                ":R{}{}@{}",
                color.letter(),
                run.moves,
                names.name(run.square)
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Base, Variant};
    use crate::{Diagonal10, Diagonal8};

    fn intl(text: &str) -> Result<Position<Diagonal10>, FenError> {
        parse(Variant::INTERNATIONAL.rules(), text)
    }

    #[test]
    fn a_king_run_is_of_a_king_of_its_side_and_of_frisian_only() {
        let frisian = Variant::new(Base::Frisian).rules();
        let pos = parse::<Diagonal10>(frisian, "W:WK28,40:B1:RW2@28").unwrap();
        assert_eq!(pos.king_run(Color::White).moves, 2);
        assert_eq!(write(&pos), "W:WK28,40:B1:RW2@28");
        // Found by the FEN fuzzer: a run of no move, of an empty square, read into a position
        // that its own FEN did not give back.
        for bad in [
            "W:W40:B1:RB0@8",
            "W:WK28,40:B1:RB1@28",
            "W:WK28,40:B1:RW1@40",
        ] {
            assert!(parse::<Diagonal10>(frisian, bad).is_err(), "{bad}");
        }
        let err = parse::<Diagonal10>(frisian, "W:WK28,40:B1:RW1@40").unwrap_err();
        assert_eq!(
            err.to_string(),
            "FEN describes no frisian position: the king run of white names 40, which holds no white king"
        );
        let err = intl("W:WK28:B1:RW1@28").unwrap_err();
        assert!(err.to_string().contains("Frisian and Frysk! only"), "{err}");
        // lidraughts' full FEN: its counters and king-move field, here White's king on 28
        // after three quiet moves in a row, as Damier's own field says it.
        let lidraughts = parse::<Diagonal10>(frisian, "W:WK28,40:B1:H0:F12:+0+328").unwrap();
        assert_eq!(write(&lidraughts), "W:WK28,40:B1:RW3@28");
        let frysk = Variant::new(crate::Base::Frysk).rules();
        let start = parse::<Diagonal10>(frysk, "W:W46,47,48,49,50:B1,2,3,4,5:H0:F1:+0+0").unwrap();
        assert_eq!(start, Position::start(frysk));
        for bad in ["+0", "+4+0", "+0+3", "+0+399", "+x+0"] {
            let text = format!("W:WK28,40:B1:{bad}");
            let err = parse::<Diagonal10>(frisian, &text).unwrap_err();
            assert!(err.to_string().contains("king-move field"), "{bad}: {err}");
        }
        // Three quiet moves bar a king: a longer run cannot have been played.
        let pos = parse::<Diagonal10>(frisian, "W:WK28,46:B5:RW3@28").unwrap();
        assert_eq!(
            pos.barred_king(Color::White),
            Some(pos.king_run(Color::White).square)
        );
        let err = parse::<Diagonal10>(frisian, "W:WK28,46:B5:RW9@28").unwrap_err();
        assert!(matches!(
            err,
            FenError::KingRunTooLong {
                color: Color::White,
                moves: 9,
                most: 3,
                ..
            }
        ));
        assert!(
            err.to_string()
                .contains("counts 9 moves, but while white has men a king makes at most 3"),
            "{err}"
        );
        // With kings only the count goes on: it bars nothing, and the game layer keeps it.
        let pos = parse::<Diagonal10>(frisian, "B:WK46:B6,13,K29:RW4@46:RB1@29").unwrap();
        assert_eq!(write(&pos), "B:WK46:B6,13,K29:RW4@46:RB1@29");
    }

    #[test]
    fn start_position_round_trips_with_ranges() {
        let rules = Variant::INTERNATIONAL.rules();
        let start = Position::<Diagonal10>::start(rules);
        let fen = write(&start);
        assert_eq!(
            fen,
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
             :B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
        );
        assert_eq!(intl("W:W31-50:B1-20").unwrap(), start);
        assert_eq!(intl("\"W:B1-20:W31-50.\"").unwrap(), start);
    }

    #[test]
    fn kings_and_side() {
        let pos = intl("B:W27,28,38,39,42:BK25").unwrap();
        assert_eq!(pos.side(), Color::Black);
        assert_eq!(write(&pos), "B:W27,28,38,39,42:BK25");
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(intl(""), Err(FenError::Empty));
        let e = intl("X:W1").unwrap_err().to_string();
        assert!(e.contains("column 1") && e.contains("W or B"), "{e}");
        let e = intl("W:W31,51:B1").unwrap_err().to_string();
        assert!(e.contains("column 7") && e.contains("'51'"), "{e}");
        let e = intl("W:W31,31:B1").unwrap_err().to_string();
        assert!(e.contains("listed twice"), "{e}");
        let e = intl("W:W3:B1").unwrap_err().to_string();
        assert!(e.contains("crowning row") && e.contains(" 3 "), "{e}");
        let e = intl("W:W1-50:B").unwrap_err().to_string();
        assert!(e.contains("at most 20"), "{e}");
        // The defects come typed as well as said, squares as internal indices.
        let Err(FenError::Position {
            variant, defects, ..
        }) = intl("W:W3,4:B1")
        else {
            panic!("a position error")
        };
        assert_eq!(variant, Variant::INTERNATIONAL);
        assert_eq!(defects.len(), 2);
        assert!(defects
            .iter()
            .all(|d| matches!(d, SetupDefect::ManOnCrowningRow(_))));
    }

    #[test]
    fn algebraic_8x8_variants_read_fens_numbered_as_in_english_checkers() {
        let russian = Variant::new(Base::Russian).rules();
        let read = |t| parse::<Diagonal8>(russian, t);
        assert_eq!(read("W:W21-32:B1-12"), Ok(Position::start(russian)));
        assert_eq!(
            write(&read("B:WK21,22:B10").unwrap()),
            write(&read("B:WKa3,c3:Bd6").unwrap())
        );
        let e = read("W:W21,22:B10, 99").unwrap_err().to_string();
        assert_eq!(
            e,
            "FEN column 15: '99' is not a square of this board (squares are numbered 1-32)"
        );
        assert!(read("W:W22-21")
            .unwrap_err()
            .to_string()
            .contains("runs backwards"));
        // Names and numbers are not mixed: the error is the reading by names.
        let e = read("W:Wc3,21").unwrap_err().to_string();
        assert!(
            e.contains("column 7") && e.contains("or numbered 1-32"),
            "{e}"
        );
        // A numbered position that breaks the rules says so in the variant's names.
        let e = read("W:W1:B10").unwrap_err().to_string();
        assert!(e.contains("FEN describes no russian position"), "{e}");
        // Turkish (64 squares) and the numbered boards have no such second reading.
        let turkish = Variant::new(Base::Turkish).rules();
        assert!(parse::<crate::Orthogonal8>(turkish, "W:W21:B10").is_err());
    }

    #[test]
    fn algebraic_fen() {
        let rules = Variant::new(Base::Russian).rules();
        let pos: Position<Diagonal8> = parse(rules, "W:Wc3,Ke1:Bd4").unwrap();
        assert_eq!(write(&pos), "W:WKe1,c3:Bd4");
        assert!(parse::<Diagonal8>(rules, "W:Wc4:B").is_err());
    }
}
