//! Colours and glyphs of the full screen, with a plain set for `NO_COLOR`.

use crate::grid::Mark;
use damier_core::{Color as Side, Role};
use ratatui::style::{Color, Modifier, Style};

/// How much colour the terminal gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorMode {
    /// None (`NO_COLOR` is set): shapes and brackets only.
    None,
    /// The 256-colour palette, which nearly every terminal has.
    Indexed,
    /// 24-bit colour (`COLORTERM=truecolor`).
    Rgb,
}

impl ColorMode {
    /// The mode the environment asks for: `NO_COLOR` (any non-empty value) turns colour off,
    /// `COLORTERM` tells of 24-bit colour.
    pub fn detect() -> ColorMode {
        let set = |name: &str| std::env::var(name).unwrap_or_default();
        if !set("NO_COLOR").is_empty() {
            ColorMode::None
        } else if matches!(set("COLORTERM").as_str(), "truecolor" | "24bit") {
            ColorMode::Rgb
        } else {
            ColorMode::Indexed
        }
    }
}

/// A colour by its 24-bit value and its nearest 256-colour index.
#[derive(Clone, Copy)]
struct Paint(u8, u8, u8, u8);

// Wooden board colours, with the last move in olive and a picked-up piece in blue.
const LIGHT: Paint = Paint(232, 208, 170, 223);
const DARK: Paint = Paint(166, 121, 83, 137);
const MOVED: Paint = Paint(170, 162, 58, 142);
const PICKED: Paint = Paint(90, 130, 190, 67);
const WHITE_PIECE: Paint = Paint(255, 255, 255, 231);
const BLACK_PIECE: Paint = Paint(20, 20, 20, 232);
const NUMBER: Paint = Paint(110, 78, 50, 94);
const CAPTURED: Paint = Paint(150, 30, 30, 88);

/// The colours and glyphs in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// Colour or not.
    pub mode: ColorMode,
    /// Show square numbers on numbered boards.
    pub numbers: bool,
}

impl Look {
    fn paint(&self, p: Paint) -> Option<Color> {
        match self.mode {
            ColorMode::None => None,
            ColorMode::Indexed => Some(Color::Indexed(p.3)),
            ColorMode::Rgb => Some(Color::Rgb(p.0, p.1, p.2)),
        }
    }

    fn with_fg(&self, style: Style, p: Paint) -> Style {
        match self.paint(p) {
            Some(c) => style.fg(c),
            None => style,
        }
    }

    /// The background of a square.
    pub fn square(&self, playing: bool, mark: Mark, picked: bool) -> Style {
        let paint = if picked {
            PICKED
        } else if matches!(mark, Mark::From | Mark::To) {
            MOVED
        } else if playing {
            DARK
        } else {
            LIGHT
        };
        match self.paint(paint) {
            Some(c) => Style::default().bg(c),
            None => Style::default(),
        }
    }

    /// A piece's glyph: in colour the same shapes for both sides, without colour White hollow
    /// and Black solid.
    pub fn piece(&self, color: Side, role: Role) -> &'static str {
        match (self.mode, color, role) {
            (ColorMode::None, Side::White, Role::Man) => "○",
            (ColorMode::None, Side::White, Role::King) => "♔",
            (ColorMode::None, Side::Black, Role::King) => "♚",
            (_, _, Role::Man) => "●",
            (_, _, Role::King) => "♛",
        }
    }

    /// A piece on a square.
    pub fn piece_style(&self, color: Side, on: Style) -> Style {
        let paint = match color {
            Side::White => WHITE_PIECE,
            Side::Black => BLACK_PIECE,
        };
        self.with_fg(on, paint).add_modifier(Modifier::BOLD)
    }

    /// A crown drawn on a king's body.
    pub fn crown(&self, color: Side) -> Style {
        let (fg, bg) = match color {
            Side::White => (BLACK_PIECE, WHITE_PIECE),
            Side::Black => (WHITE_PIECE, BLACK_PIECE),
        };
        let style = self.with_fg(Style::default(), fg);
        match self.paint(bg) {
            Some(c) => style.bg(c).add_modifier(Modifier::BOLD),
            None => style,
        }
    }

    /// A marker on a square (a target, a landing square).
    pub fn marker(&self, on: Style) -> Style {
        self.with_fg(on, PICKED).add_modifier(Modifier::BOLD)
    }

    /// A captured piece's square.
    pub fn captured(&self, on: Style) -> Style {
        self.with_fg(on, CAPTURED).add_modifier(Modifier::BOLD)
    }

    /// A square's number on the square.
    pub fn label_on(&self, on: Style) -> Style {
        match self.mode {
            ColorMode::None => on.add_modifier(Modifier::DIM),
            _ => self.with_fg(on, NUMBER),
        }
    }

    /// Coordinates around the board.
    pub fn label(&self) -> Style {
        Style::default().add_modifier(Modifier::DIM)
    }

    /// A piece's glyph and colour for text beside the board (the players' lines).
    pub fn side_glyph(&self, color: Side) -> (&'static str, Style) {
        let glyph = self.piece(color, Role::Man);
        let style = match (self.mode, color) {
            (ColorMode::None, _) => Style::default(),
            _ => self.piece_style(color, self.square(true, Mark::None, false)),
        };
        (glyph, style.add_modifier(Modifier::BOLD))
    }

    /// Text that asks for attention (a warning, a clock running out).
    pub fn alert(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::BOLD),
            _ => Style::default()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Text that is worth seeing first (whose turn, the result).
    pub fn strong(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }

    /// Text of little weight (key help).
    pub fn faint(&self) -> Style {
        Style::default().add_modifier(Modifier::DIM)
    }
}
