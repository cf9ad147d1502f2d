//! The diagram as shapes, in the page's units (a square is 100 wide): squares, square numbers
//! or file and rank letters, pieces with their rims and the kings' crowns. Both outputs draw
//! exactly these shapes, in order.

use crate::glyphs;
use crate::Options;
use damier_core::{Color, Role};
use damier_game::Board;

/// One side of a square, in the page's units.
pub const CELL: f32 = 100.0;
/// Room on the left and below for file letters and rank numbers (boards named a1–h8).
pub const MARGIN: f32 = 32.0;

/// A colour with its opacity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba {
    /// Red, green, blue.
    pub rgb: [u8; 3],
    /// Opacity, 0 to 1.
    pub alpha: f32,
}

const fn rgb(hex: u32) -> Rgba {
    Rgba {
        rgb: [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8],
        alpha: 1.0,
    }
}

// The page's colours (crates/web/assets/style.css, the default board and flat pieces).
/// A light square.
pub const LIGHT: Rgba = rgb(0xefd9b4);
/// A dark (playing) square.
pub const DARK: Rgba = rgb(0xa67a52);
const ORTHO_LIGHT: Rgba = rgb(0xf3e3c3);
const ORTHO_DARK: Rgba = rgb(0xe7cfa2);
const GRID: Rgba = rgb(0x7a5a3a);
const COORD: Rgba = rgb(0x4b3b2b);
const NUMBER: Rgba = rgb(0xfff3dc);
const NUMBER_HALO: Rgba = Rgba {
    rgb: [60, 40, 20],
    alpha: 0.55,
};
/// The body of a white piece.
pub const WHITE_BODY: Rgba = rgb(0xfbf8f1);
const WHITE_EDGE: Rgba = rgb(0x3a3a3a);
const WHITE_RIM: Rgba = rgb(0xb9b2a3);
/// The body of a black piece.
pub const BLACK_BODY: Rgba = rgb(0x2a2a2a);
const BLACK_EDGE: Rgba = rgb(0x0d0d0d);
const BLACK_RIM: Rgba = rgb(0x5c5c5c);
/// A white king's crown.
pub const WHITE_CROWN: Rgba = rgb(0xd9a521);
const WHITE_CROWN_EDGE: Rgba = rgb(0x6b4c00);
const BLACK_CROWN: Rgba = rgb(0xf0c040);
const BLACK_CROWN_EDGE: Rgba = rgb(0xfff1c0);

/// A five-point crown centred on (0, 0), as the page draws it.
const CROWN: [(f32, f32); 7] = [
    (-22.0, 10.0),
    (-26.0, -14.0),
    (-12.0, -2.0),
    (0.0, -20.0),
    (12.0, -2.0),
    (26.0, -14.0),
    (22.0, 10.0),
];

/// A line to draw: its colour and width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pen {
    /// Colour.
    pub color: Rgba,
    /// Width, in the page's units.
    pub width: f32,
}

/// One shape of the diagram.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A filled rectangle.
    Rect {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Colour.
        fill: Rgba,
    },
    /// A circle, filled or outlined or both.
    Circle {
        /// Centre, across.
        cx: f32,
        /// Centre, down.
        cy: f32,
        /// Radius.
        r: f32,
        /// Inside colour, if filled.
        fill: Option<Rgba>,
        /// Outline, if drawn.
        stroke: Option<Pen>,
    },
    /// A line through points (round ends and joins), closed and filled or open.
    Poly {
        /// The points.
        points: Vec<(f32, f32)>,
        /// Whether the last point joins the first.
        closed: bool,
        /// Inside colour, if filled (closed shapes).
        fill: Option<Rgba>,
        /// The line, if drawn.
        stroke: Option<Pen>,
    },
}

/// A piece where it is drawn, for the outputs' annotations and for tests.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedPiece {
    /// The square's name (`32`, `c3`).
    pub square: String,
    /// Whose.
    pub color: Color,
    /// Man or king.
    pub role: Role,
    /// Centre, in the page's units.
    pub centre: (f32, f32),
}

/// Everything a diagram draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width, in the page's units.
    pub width: f32,
    /// Height, in the page's units.
    pub height: f32,
    /// The shapes, back to front.
    pub shapes: Vec<Shape>,
    /// The pieces, as drawn (their shapes are among `shapes`).
    pub pieces: Vec<PlacedPiece>,
}

/// The diagram of `board`.
pub fn scene(board: &Board, options: &Options) -> Scene {
    let rules = board.rules();
    let names = board.names();
    let n = rules.board.size();
    let orthogonal = !rules.board.is_diagonal();
    // As on the page: a numbered board carries its numbers on the squares, an a1–h8 board
    // its letters in the margins.
    let margins = names.is_algebraic() || orthogonal;
    let left = if margins { MARGIN } else { 0.0 };
    let full = n as f32 * CELL;
    let mut shapes = Vec::new();
    // Top-left corner of White's (row, col), seen from the side asked for.
    let corner = |row: u32, col: u32| -> (f32, f32) {
        let (x, y) = if options.flipped {
            (n - 1 - col, row)
        } else {
            (col, n - 1 - row)
        };
        (left + x as f32 * CELL, y as f32 * CELL)
    };
    for row in 0..n {
        for col in 0..n {
            let playing = names.at_real(row, col).is_some();
            let dark = if orthogonal {
                (row + col) % 2 == 0
            } else {
                playing
            };
            let fill = match (orthogonal, dark) {
                (true, true) => ORTHO_DARK,
                (true, false) => ORTHO_LIGHT,
                (false, true) => DARK,
                (false, false) => LIGHT,
            };
            let (x, y) = corner(row, col);
            shapes.push(Shape::Rect {
                x,
                y,
                w: CELL,
                h: CELL,
                fill,
            });
        }
    }
    if orthogonal {
        let pen = Pen {
            color: GRID,
            width: 2.0,
        };
        for i in 0..=n {
            let at = i as f32 * CELL;
            for points in [
                vec![(left, at), (left + full, at)],
                vec![(left + at, 0.0), (left + at, full)],
            ] {
                shapes.push(Shape::Poly {
                    points,
                    closed: false,
                    fill: None,
                    stroke: Some(pen),
                });
            }
        }
    }
    let mut pieces = Vec::new();
    for square in names.in_order() {
        let Some(piece) = board.piece_at(square) else {
            continue;
        };
        let Some((row, col)) = names.real_coords(square) else {
            continue;
        };
        let (x, y) = corner(row, col);
        let centre = (x + CELL / 2.0, y + CELL / 2.0);
        draw_piece(&mut shapes, centre, piece.color, piece.role);
        pieces.push(PlacedPiece {
            square: names.name(square),
            color: piece.color,
            role: piece.role,
            centre,
        });
    }
    if options.numbers && !names.is_algebraic() {
        for square in names.in_order() {
            let Some((row, col)) = names.real_coords(square) else {
                continue;
            };
            let (x, y) = corner(row, col);
            let scale = 2.7;
            let halo = Pen {
                color: NUMBER_HALO,
                width: 5.0,
            };
            let ink = Pen {
                color: NUMBER,
                width: 2.4,
            };
            for pen in [halo, ink] {
                text(
                    &mut shapes,
                    &names.name(square),
                    (x + 7.0, y + 6.0),
                    scale,
                    pen,
                );
            }
        }
    }
    if margins {
        let scale = 2.4;
        let pen = Pen {
            color: COORD,
            width: 2.2,
        };
        let height = glyphs::HEIGHT * scale;
        for i in 0..n {
            let (col, row) = if options.flipped {
                (n - 1 - i, i)
            } else {
                (i, n - 1 - i)
            };
            let file = char::from(b'a' + col as u8).to_string();
            let file_x =
                left + i as f32 * CELL + CELL / 2.0 - glyphs::text_width(&file) * scale / 2.0;
            text(
                &mut shapes,
                &file,
                (file_x, full + (MARGIN - height) / 2.0),
                scale,
                pen,
            );
            let rank = (row + 1).to_string();
            let rank_x = (MARGIN - glyphs::text_width(&rank) * scale) / 2.0;
            let rank_y = i as f32 * CELL + (CELL - height) / 2.0;
            text(&mut shapes, &rank, (rank_x, rank_y), scale, pen);
        }
    }
    Scene {
        width: left + full,
        height: full + if margins { MARGIN } else { 0.0 },
        shapes,
        pieces,
    }
}

fn draw_piece(shapes: &mut Vec<Shape>, (cx, cy): (f32, f32), color: Color, role: Role) {
    let (body, edge, rim, crown, crown_edge) = match color {
        Color::White => (
            WHITE_BODY,
            WHITE_EDGE,
            WHITE_RIM,
            WHITE_CROWN,
            WHITE_CROWN_EDGE,
        ),
        Color::Black => (
            BLACK_BODY,
            BLACK_EDGE,
            BLACK_RIM,
            BLACK_CROWN,
            BLACK_CROWN_EDGE,
        ),
    };
    shapes.push(Shape::Circle {
        cx,
        cy,
        r: 40.0,
        fill: Some(body),
        stroke: Some(Pen {
            color: edge,
            width: 3.0,
        }),
    });
    shapes.push(Shape::Circle {
        cx,
        cy,
        r: 29.0,
        fill: None,
        stroke: Some(Pen {
            color: rim,
            width: 3.0,
        }),
    });
    if role == Role::King {
        shapes.push(Shape::Poly {
            points: CROWN.iter().map(|&(x, y)| (cx + x, cy + y)).collect(),
            closed: true,
            fill: Some(crown),
            stroke: Some(Pen {
                color: crown_edge,
                width: 2.5,
            }),
        });
    }
}

/// `text` in the stroke font, its top-left corner at `at`, `scale` page units a grid unit.
fn text(shapes: &mut Vec<Shape>, text: &str, at: (f32, f32), scale: f32, pen: Pen) {
    let mut x = at.0;
    for c in text.chars() {
        // Square names use only the characters the font has (a test checks every variant).
        for stroke in glyphs::strokes(c).unwrap_or(&[]) {
            shapes.push(Shape::Poly {
                points: stroke
                    .iter()
                    .map(|&(gx, gy)| (x + gx * scale, at.1 + gy * scale))
                    .collect(),
                closed: false,
                fill: None,
                stroke: Some(pen),
            });
        }
        x += (glyphs::WIDTH + glyphs::GAP) * scale;
    }
}
