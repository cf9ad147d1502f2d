//! The board as plain ASCII lines, for the line mode: `w`/`b` men, `W`/`B` kings, `.` empty
//! playing squares, the moved piece in `[ ]`, its start in `( )`, captured squares `x`.

use crate::grid::{Cell, Grid, Mark};
use damier_core::{Color, Role};

/// The three characters of one cell.
fn cell_text(cell: &Cell) -> String {
    let glyph = match (cell.square, cell.piece) {
        (None, _) => ' ',
        (Some(_), Some(p)) => match (p.color, p.role) {
            (Color::White, Role::Man) => 'w',
            (Color::White, Role::King) => 'W',
            (Color::Black, Role::Man) => 'b',
            (Color::Black, Role::King) => 'B',
        },
        (Some(_), None) => match cell.mark {
            Mark::Captured => 'x',
            Mark::Path => '*',
            _ => '.',
        },
    };
    let (open, close) = match cell.mark {
        Mark::To => ('[', ']'),
        Mark::From => ('(', ')'),
        _ => (' ', ' '),
    };
    format!("{open}{glyph}{close}")
}

/// The grid as lines of text, labels on every edge, without trailing spaces.
pub fn draw(grid: &Grid) -> String {
    let lw = grid.left.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    let files = |out: &mut String| {
        if grid.files.is_empty() {
            return;
        }
        let mut line = " ".repeat(lw + 1);
        for f in &grid.files {
            line.push_str(&format!(" {f} "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    files(&mut out);
    for (i, row) in grid.rows.iter().enumerate() {
        let mut line = format!("{:>lw$} ", grid.left[i]);
        for cell in row {
            line.push_str(&cell_text(cell));
        }
        line.push(' ');
        line.push_str(&grid.right[i]);
        out.push_str(line.trim_end());
        out.push('\n');
    }
    files(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::LastMove;
    use damier_core::{Base, Variant};
    use damier_game::{Board, Game};

    #[test]
    fn english_start_from_white() {
        let board = Board::start(Variant::new(Base::English));
        let text = draw(&Grid::new(&board, Color::White, None));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 1     b     b     b     b  4");
        assert_eq!(lines[4], "17     .     .     .     .  20");
        assert_eq!(lines[7], "29  w     w     w     w     32");
    }

    #[test]
    fn russian_with_a_capture_marked() {
        let mut game = Game::from_fen(Variant::new(Base::Russian), "W:Wc3:Bd4,h8").unwrap();
        game.play_text("c3:e5").unwrap();
        let last = LastMove::of(&game).unwrap();
        let text = draw(&Grid::new(game.position(), Color::White, Some(&last)));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   a  b  c  d  e  f  g  h");
        assert_eq!(lines[4], "5  .     .    [w]    .     5");
        assert_eq!(lines[5], "4     .     x     .     .  4");
        assert_eq!(lines[6], "3  .    (.)    .     .     3");
        assert_eq!(lines.len(), 10);
    }
}
