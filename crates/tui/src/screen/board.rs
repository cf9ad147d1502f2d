//! The board on the full screen: squares as blocks of character cells, as large as the space
//! allows, in colour or, under `NO_COLOR`, with shapes alone.

use super::look::{ColorMode, Look};
use crate::grid::{Cell, Grid, Mark};
use damier_core::{Piece, Role, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Cell sizes tried, largest first: (columns, rows) per square. Terminal cells are about twice
/// as tall as wide, so these keep squares near square.
const SIZES: [(u16, u16); 3] = [(7, 3), (5, 2), (3, 1)];

/// Where the board was drawn, to find the square under the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    /// Left edge of the first column of squares.
    pub x: u16,
    /// Top edge of the first row of squares.
    pub y: u16,
    /// Columns per square.
    pub cw: u16,
    /// Rows per square.
    pub ch: u16,
    /// Squares per side.
    pub n: u16,
}

impl BoardLayout {
    /// The (row, column) of the grid under a screen position.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let (dx, dy) = (x.checked_sub(self.x)?, y.checked_sub(self.y)?);
        let (c, r) = (dx / self.cw, dy / self.ch);
        (c < self.n && r < self.n).then_some((r as usize, c as usize))
    }
}

/// Squares to highlight for a move being made with the mouse.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// The piece picked up.
    pub from: Option<Square>,
    /// Where it can go.
    pub targets: Vec<Square>,
}

/// Draw `grid` centred in `area`; returns where, or `None` (with a note) if it does not fit.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    grid: &Grid,
    look: &Look,
    selection: &Selection,
) -> Option<BoardLayout> {
    if area.width == 0 || area.height == 0 {
        return None;
    }
    let n = grid.size() as u16;
    let lw = grid.left.iter().map(|l| l.len()).max().unwrap_or(0) as u16;
    let rw = grid.right.iter().map(|l| l.len()).max().unwrap_or(0) as u16;
    let file_rows = if grid.files.is_empty() { 0 } else { 2 };
    let fits = |(cw, ch): (u16, u16)| {
        lw + 1 + n * cw + 1 + rw <= area.width && n * ch + file_rows <= area.height
    };
    let Some((cw, ch)) = SIZES.into_iter().find(|&s| fits(s)) else {
        let need = format!(
            "Enlarge the terminal to show the board ({}x{}).",
            lw + rw + 2 + 3 * n,
            n + file_rows
        );
        buf.set_stringn(area.x, area.y, need, area.width as usize, Style::default());
        return None;
    };
    let width = lw + 1 + n * cw + 1 + rw;
    let height = n * ch + file_rows;
    let x0 = area.x + (area.width - width) / 2;
    let y0 = area.y + (area.height - height) / 2;
    let layout = BoardLayout {
        x: x0 + lw + 1,
        y: y0 + file_rows / 2,
        cw,
        ch,
        n,
    };
    let label = look.label();
    for (r, row) in grid.rows.iter().enumerate() {
        let y = layout.y + r as u16 * ch;
        let mid = y + ch / 2;
        buf.set_string(
            x0,
            mid,
            format!("{:>w$}", grid.left[r], w = lw as usize),
            label,
        );
        buf.set_string(layout.x + n * cw + 1, mid, &grid.right[r], label);
        for (c, cell) in row.iter().enumerate() {
            let x = layout.x + c as u16 * cw;
            draw_cell(
                buf,
                Rect::new(x, y, cw, ch),
                cell,
                grid.numbered,
                look,
                selection,
            );
        }
    }
    if file_rows > 0 {
        for (c, f) in grid.files.iter().enumerate() {
            let x = layout.x + c as u16 * cw + cw / 2;
            buf.set_string(x, y0, f, label);
            buf.set_string(x, layout.y + n * ch, f, label);
        }
    }
    Some(layout)
}

fn draw_cell(
    buf: &mut Buffer,
    r: Rect,
    cell: &Cell,
    numbered: bool,
    look: &Look,
    selection: &Selection,
) {
    let selected = cell.square.is_some() && cell.square == selection.from;
    let background = look.square(cell.square.is_some(), cell.mark, selected);
    for dy in 0..r.height {
        buf.set_string(r.x, r.y + dy, " ".repeat(r.width as usize), background);
    }
    let Some(square) = cell.square else {
        return;
    };
    let plain = look.mode == ColorMode::None;
    let (gx, gy) = (r.x + r.width / 2, r.y + r.height / 2);
    let numbers = numbered && look.numbers;
    let centre = match cell.piece {
        Some(p) => Some((
            look.piece(p.color, p.role),
            look.piece_style(p.color, background),
        )),
        None if selection.targets.contains(&square) => Some(("•", look.marker(background))),
        None if cell.mark == Mark::Captured => Some(("×", look.captured(background))),
        None if cell.mark == Mark::Path => Some(("·", look.marker(background))),
        None => None,
    };
    // The biggest squares carry their number in the corner, under a piece or not; smaller
    // ones show it only while empty.
    let corner_number = numbers && r.height >= 3;
    if corner_number {
        buf.set_string(r.x, r.y, &cell.name, look.label_on(background));
    }
    match (centre, cell.piece) {
        (Some(_), Some(piece)) if !plain && r.width >= 5 => {
            draw_disk(buf, r, piece, look, background);
        }
        (Some((glyph, style)), _) => {
            buf.set_string(gx, gy, glyph, style);
        }
        // Without colour a marked square keeps its dot, for the brackets around it.
        (None, _) if numbers && !corner_number && !(plain && cell.mark != Mark::None) => {
            let text = format!("{:^w$}", cell.name, w = r.width as usize);
            buf.set_string(r.x, gy, text, look.label_on(background));
        }
        // Without colour an empty playing square needs a mark to be seen.
        (None, _) if plain => {
            buf.set_string(gx, gy, "·", background);
        }
        (None, _) => {}
    }
    if plain {
        // Without colour the last move is marked with brackets, as in the line mode.
        let (open, close) = match cell.mark {
            _ if selected => ("<", ">"),
            Mark::To => ("[", "]"),
            Mark::From => ("(", ")"),
            _ => return,
        };
        buf.set_string(gx - 1, gy, open, background);
        buf.set_string(gx + 1, gy, close, background);
    }
}

/// A piece drawn large with block characters: a flat disk, a crown on a king.
fn draw_disk(buf: &mut Buffer, r: Rect, piece: Piece, look: &Look, on: Style) {
    let body = look.piece_style(piece.color, on);
    let king = piece.role == Role::King;
    let cx = r.x + r.width / 2;
    if r.height >= 3 {
        let y = r.y + r.height / 2;
        // Narrower above and below, leaving the corner free for the square's number.
        buf.set_string(cx - 1, y - 1, "▄▄▄", body);
        buf.set_string(cx - 2, y, "█████", body);
        buf.set_string(cx - 1, y + 1, "▀▀▀", body);
        if king {
            buf.set_string(cx, y, "♛", look.crown(piece.color));
        }
    } else {
        buf.set_string(cx - 1, r.y, if king { "▗♛▖" } else { "▗▄▖" }, body);
        buf.set_string(cx - 1, r.y + 1, "▝▀▘", body);
    }
}
