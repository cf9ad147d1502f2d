//! Printable diagrams of a position, drawn as Damier's page draws the board: SVG for
//! documents that scale, PNG for those that do not. Square numbers (or file and rank letters)
//! are drawn in a stroke font of their own, so the two formats show the same shapes and need
//! no font on the machine.
//!
//! ```
//! use damier_diagram::{render, Format, Options};
//! let board = damier_game::Board::start("english".parse().unwrap());
//! let svg = render(&board, &Options::default(), Format::Svg).unwrap();
//! assert!(String::from_utf8(svg).unwrap().starts_with("<svg"));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod glyphs;
mod png;
pub mod scene;
mod svg;

use damier_game::Board;
use std::path::Path;

pub use scene::{scene, Scene};

/// How to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Seen from Black's side.
    pub flipped: bool,
    /// Square numbers on numbered boards (a1–h8 boards always show their letters).
    pub numbers: bool,
    /// Pixels a square in a PNG.
    pub cell_px: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            flipped: false,
            numbers: true,
            cell_px: 60,
        }
    }
}

/// Smallest and largest squares a PNG may have, in pixels.
pub const CELL_PX: std::ops::RangeInclusive<u32> = 8..=400;

/// The picture formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics (text).
    Svg,
    /// Portable network graphics.
    Png,
}

impl Format {
    /// The format a file name asks for, by its extension.
    ///
    /// # Errors
    /// An extension other than `.svg` or `.png`.
    pub fn of_path(path: &Path) -> Result<Format, DiagramError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            other => Err(DiagramError::Format(other.unwrap_or("").to_string())),
        }
    }
}

/// Why a diagram could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DiagramError {
    /// The file name's extension names no format.
    #[error("a diagram is written as .svg or .png, not '{0}' (name the file pos.svg or pos.png)")]
    Format(String),
    /// Squares outside [`CELL_PX`].
    #[error("a square of {0} pixels is out of range (8 to 400)")]
    CellSize(u32),
    /// The picture does not fit in memory.
    #[error("a picture of {width}x{height} pixels cannot be made")]
    TooLarge {
        /// Pixels across.
        width: u32,
        /// Pixels down.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("encoding the PNG failed: {0}")]
    Encode(String),
}

/// The diagram of `board` in `format`, as the bytes of a file.
///
/// # Errors
/// A square size out of [`CELL_PX`] (PNG), or a picture that cannot be made.
pub fn render(board: &Board, options: &Options, format: Format) -> Result<Vec<u8>, DiagramError> {
    let scene = scene(board, options);
    match format {
        Format::Svg => Ok(svg::write(&scene, &title(board)).into_bytes()),
        Format::Png => {
            if !CELL_PX.contains(&options.cell_px) {
                return Err(DiagramError::CellSize(options.cell_px));
            }
            png::write(&scene, options.cell_px)
        }
    }
}

/// What the picture shows, in words (the game layer's, as `damier show` says it too).
pub use damier_game::diagram::title;
