//! Writing PDN: tags, then the movetext wrapped at 80 columns.

use super::gametype::{game_type_of, needs_variant_tag};
use super::{Line, PdnGame, ROSTER};
use crate::board::Board;

/// How moves are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Every landing square of a capture (`28x19x10`), not only the short form.
    pub long_moves: bool,
}

/// Write games as one PDN text, a blank line between games.
pub fn write(games: &[PdnGame], options: &WriteOptions) -> String {
    games
        .iter()
        .map(|g| write_game(g, options))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A tag value inside quotes: `\` and `"` escaped; line breaks, which a tag cannot hold,
/// become spaces.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Write one game: tags, a blank line, the movetext and the result, then a newline.
pub fn write_game(game: &PdnGame, options: &WriteOptions) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    for name in ROSTER {
        tag(name, game.tag(name).unwrap_or("?"));
    }
    tag("Result", game.result.text());
    if let Some(gt) = game_type_of(game.variant) {
        tag("GameType", gt);
    }
    if needs_variant_tag(game.variant) {
        tag("Variant", &game.variant.to_string());
    }
    if game.start != Board::start(game.variant) {
        tag("SetUp", "1");
        tag("FEN", &game.start.fen());
    }
    for (name, value) in &game.tags {
        if !ROSTER.iter().any(|r| r.eq_ignore_ascii_case(name)) {
            tag(name, value);
        }
    }
    out.push('\n');
    let mut text = Wrapped::default();
    write_line(&mut text, &game.main, game.start, 1, options);
    text.word(game.result.text().to_string());
    out.push_str(&text.out);
    out.push('\n');
    out
}

/// Words joined by spaces and wrapped at 80 columns; a `;` comment ends its line.
#[derive(Default)]
struct Wrapped {
    out: String,
    column: usize,
    /// The line must end before the next word (after a `;` comment).
    break_next: bool,
}

impl Wrapped {
    fn word(&mut self, word: String) {
        let width = word.chars().count();
        if self.break_next || (self.column > 0 && self.column + 1 + width > 80) {
            self.out.push('\n');
            self.column = 0;
            self.break_next = false;
        } else if self.column > 0 {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(&word);
        self.column += width;
    }

    /// `)` right after the last word.
    fn close(&mut self) {
        if self.break_next {
            self.out.push('\n');
            self.column = 0;
            self.break_next = false;
        }
        self.out.push(')');
        self.column += 1;
    }

    /// A comment: `{…}`, or `; …` to the end of the line when it holds a `}`. A `;` comment
    /// ends at the line's end, so its line breaks become spaces (as reading normalises a
    /// comment's spaces anyway): what followed one would be read as movetext.
    fn comment(&mut self, text: &str) {
        if text.contains('}') {
            self.word(format!("; {}", text.replace(['\n', '\r'], " ")));
            self.break_next = true;
        } else {
            self.word(format!("{{{text}}}"));
        }
    }
}

fn write_line(
    out: &mut Wrapped,
    line: &Line,
    mut board: Board,
    mut number: u32,
    options: &WriteOptions,
) {
    let first = board.rules().first;
    for c in &line.leading {
        out.comment(c);
    }
    // A move of the second side needs its number after anything that interrupts the pair.
    let mut interrupted = true;
    for m in &line.moves {
        let side = board.side();
        let text = if options.long_moves {
            board.long(&m.mv)
        } else {
            m.notation.clone()
        };
        let mark = m.mark.as_deref().unwrap_or("");
        if side == first {
            out.word(format!("{number}. {text}{mark}"));
        } else if interrupted {
            out.word(format!("{number}... {text}{mark}"));
        } else {
            out.word(format!("{text}{mark}"));
        }
        interrupted = false;
        for n in &m.nags {
            out.word(format!("${n}"));
        }
        for c in &m.comments {
            out.comment(c);
            interrupted = true;
        }
        for v in &m.variations {
            out.word("(".into());
            // The variation's words follow the parenthesis directly.
            let mut inner = Wrapped {
                out: String::new(),
                column: out.column,
                break_next: false,
            };
            write_line(&mut inner, v, board, number, options);
            glue(out, inner);
            out.close();
            interrupted = true;
        }
        if side != first {
            number += 1;
        }
        board = board.play_unchecked(&m.mv);
    }
}

/// Append `inner` (written from `out`'s column) right after `out`'s last word, the `(`.
fn glue(out: &mut Wrapped, inner: Wrapped) {
    if let Some(text) = inner.out.strip_prefix('\n') {
        // The variation's first word went to a new line: its `(` goes with it.
        let kept = out.out.trim_end_matches('(').trim_end().len();
        out.out.truncate(kept);
        out.out.push_str("\n(");
        out.out.push_str(text);
        out.column = inner.column + usize::from(!text.contains('\n'));
    } else {
        out.out
            .push_str(inner.out.strip_prefix(' ').unwrap_or(&inner.out));
        out.column = inner.column;
    }
    out.break_next = inner.break_next;
}
