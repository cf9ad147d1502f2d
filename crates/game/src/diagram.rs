//! A board drawn as text, as White sees it, with the variant's square names on the edges: for
//! terminals (`damier show`, `damier rules`) and for documents (docs/rules.md).

use crate::Board;
use damier_core::{Color, Geometry, Position, Role, SquareNames};

/// The board as lines of text: men `w`/`b`, kings `W`/`B`, empty playing squares `.`,
/// with file letters and rank numbers (and, for numbered variants, the number of the first
/// playing square of each row on the right).
pub fn text<G: Geometry>(pos: &Position<G>) -> String {
    let names = SquareNames::of(pos.rules());
    let n = pos.rules().board.size();
    let mut out = String::new();
    for row in (0..n).rev() {
        out.push_str(&format!("{:>3} ", row + 1));
        let mut first_number = None;
        for col in 0..n {
            let cell = match names.at_real(row, col) {
                None => "  ".to_string(),
                Some(sq) => {
                    if first_number.is_none() && !names.is_algebraic() {
                        first_number = names.number(sq);
                    }
                    match pos.piece_at(sq) {
                        None => " .".to_string(),
                        Some(p) => {
                            let c = match (p.color, p.role) {
                                (Color::White, Role::Man) => 'w',
                                (Color::Black, Role::Man) => 'b',
                                (Color::White, Role::King) => 'W',
                                (Color::Black, Role::King) => 'B',
                            };
                            format!(" {c}")
                        }
                    }
                }
            };
            out.push_str(&cell);
        }
        if let Some(num) = first_number {
            // Numbers run along rows; show the range each row covers.
            let last = (0..n)
                .filter_map(|c| names.at_real(row, c))
                .filter_map(|s| names.number(s))
                .fold(num, |a, b| {
                    if (b as i64 - num as i64).abs() > (a as i64 - num as i64).abs() {
                        b
                    } else {
                        a
                    }
                });
            out.push_str(&format!("   {}-{}", num.min(last), num.max(last)));
        }
        out.push('\n');
    }
    out.push_str("    ");
    for col in 0..n {
        out.push(' ');
        out.push((b'a' + col as u8) as char);
    }
    out.push('\n');
    out
}

/// What a diagram shows, in words: variant, side to move, position (`international, white to
/// move: W:W31-50:B1-20`), as a picture's title.
pub fn title(board: &Board) -> String {
    format!(
        "{}, {} to move: {}",
        board.variant(),
        board.side().name(),
        board.fen()
    )
}

/// [`text`] for a board of any variant.
pub fn board_text(board: &Board) -> String {
    match board {
        Board::D8(p) => text(p),
        Board::D10(p) => text(p),
        Board::D12(p) => text(p),
        Board::O8(p) => text(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;

    #[test]
    fn a_title_names_the_variant_the_side_and_the_position() {
        let board = Board::from_fen(Variant::INTERNATIONAL, "B:W31:B20").unwrap();
        assert_eq!(title(&board), "international, black to move: B:W31:B20");
    }
}
