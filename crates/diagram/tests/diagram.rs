//! Diagrams against the positions they show: every piece where its square is, the colours the
//! page uses, both formats, both sides' view, and every variant's square names drawable.

use damier_core::{Color, Role, Variant};
use damier_diagram::scene::{self, Shape, BLACK_BODY, CELL, DARK, LIGHT, WHITE_BODY, WHITE_CROWN};
use damier_diagram::{glyphs, render, DiagramError, Format, Options};
use damier_game::Board;
use std::path::Path;

fn board(variant: &str, fen: &str) -> Board {
    Board::from_fen(variant.parse().unwrap(), fen).unwrap()
}

#[test]
fn every_piece_is_drawn_on_its_square() {
    // International: square 1 is the top row's first playing square (b10), 50 the bottom
    // row's last (j1), seen from White.
    let b = board("international", "W:W50,K46:B1,K5");
    let s = scene::scene(&b, &Options::default());
    assert_eq!((s.width, s.height), (1000.0, 1000.0));
    let at = |sq: &str| s.pieces.iter().find(|p| p.square == sq).unwrap().clone();
    assert_eq!(at("1").centre, (150.0, 50.0));
    assert_eq!(at("5").centre, (950.0, 50.0));
    assert_eq!(at("46").centre, (50.0, 950.0));
    assert_eq!(at("50").centre, (850.0, 950.0));
    assert_eq!((at("46").color, at("46").role), (Color::White, Role::King));
    assert_eq!((at("1").color, at("1").role), (Color::Black, Role::Man));
    // Seen from Black's side, 1 is at the bottom right.
    let flipped = scene::scene(
        &b,
        &Options {
            flipped: true,
            ..Options::default()
        },
    );
    let one = flipped.pieces.iter().find(|p| p.square == "1").unwrap();
    assert_eq!(one.centre, (850.0, 950.0));
}

#[test]
fn a_board_named_a1_to_h8_has_its_letters_in_margins() {
    let b = Board::start("russian".parse().unwrap());
    let s = scene::scene(&b, &Options::default());
    assert_eq!((s.width, s.height), (832.0, 832.0));
    // a1 holds a white man: bottom left, right of the rank numbers.
    let a1 = s.pieces.iter().find(|p| p.square == "a1").unwrap();
    assert_eq!(a1.centre, (32.0 + 50.0, 750.0));
    assert_eq!(s.pieces.len(), 24);
}

#[test]
fn the_svg_lists_every_piece_and_is_one_document() {
    let b = Board::start(Variant::INTERNATIONAL);
    let svg = String::from_utf8(render(&b, &Options::default(), Format::Svg).unwrap()).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1000 1000\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    // One body circle (r=40) a piece, and the page's colours.
    assert_eq!(svg.matches(" r=\"40\"").count(), 40);
    assert!(svg.contains("fill=\"#a67a52\"") && svg.contains("fill=\"#efd9b4\""));
    assert!(svg.contains("<desc>black man 1; black man 2;"), "{svg}");
    assert!(svg.contains("black man 20; white man 31;"), "{svg}");
    assert!(svg.contains("<title>international, white to move: W:W31,"));
}

/// The colour of the PNG's pixel at page units (x, y).
fn pixel(png: &[u8], cell_px: u32, x: f32, y: f32) -> [u8; 3] {
    let map = tiny_skia::Pixmap::decode_png(png).unwrap();
    let scale = cell_px as f32 / CELL;
    let p = map
        .pixel((x * scale) as u32, (y * scale) as u32)
        .unwrap()
        .demultiply();
    [p.red(), p.green(), p.blue()]
}

#[test]
fn the_png_paints_squares_pieces_and_crowns_where_they_are() {
    let b = board("english", "B:W32,K9:B1");
    let options = Options {
        numbers: false,
        cell_px: 40,
        ..Options::default()
    };
    let png = render(&b, &options, Format::Png).unwrap();
    let map = tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!((map.width(), map.height()), (320, 320));
    let s = scene::scene(&b, &options);
    let centre = |sq: &str| s.pieces.iter().find(|p| p.square == sq).unwrap().centre;
    let (x, y) = centre("1");
    assert_eq!(pixel(&png, 40, x + 35.0, y), BLACK_BODY.rgb);
    let (x, y) = centre("32");
    assert_eq!(pixel(&png, 40, x + 35.0, y), WHITE_BODY.rgb);
    // The king on 9 wears its crown at the centre.
    let (x, y) = centre("9");
    assert_eq!(pixel(&png, 40, x, y), WHITE_CROWN.rgb);
    // An empty playing square and a light square, away from any edge.
    let empty = s
        .shapes
        .iter()
        .find_map(|sh| match sh {
            Shape::Rect { x, y, fill, .. } if *fill == DARK => {
                let c = (x + 50.0, y + 50.0);
                (!s.pieces.iter().any(|p| p.centre == c)).then_some(c)
            }
            _ => None,
        })
        .unwrap();
    assert_eq!(pixel(&png, 40, empty.0, empty.1), DARK.rgb);
    assert_eq!(pixel(&png, 40, 50.0, 50.0), LIGHT.rgb);
}

#[test]
fn every_square_name_of_every_variant_can_be_drawn() {
    for v in Variant::all() {
        let b = Board::start(v);
        let names = b.names();
        let letters: Vec<char> = names
            .in_order()
            .flat_map(|s| names.name(s).chars().collect::<Vec<_>>())
            .collect();
        // Square names, and the files and ranks of a 12x12 board's margins.
        for c in letters.into_iter().chain("0123456789abcdefghijkl".chars()) {
            assert!(glyphs::strokes(c).is_some(), "{v}: no glyph for '{c}'");
        }
        // And a diagram of every start position draws.
        assert!(render(&b, &Options::default(), Format::Png).is_ok(), "{v}");
    }
}

#[test]
fn a_file_name_chooses_the_format_and_bad_sizes_are_refused() {
    assert_eq!(Format::of_path(Path::new("pos.svg")).unwrap(), Format::Svg);
    assert_eq!(Format::of_path(Path::new("POS.PNG")).unwrap(), Format::Png);
    let err = Format::of_path(Path::new("pos.jpg")).unwrap_err();
    assert!(err.to_string().contains("not 'jpg'"), "{err}");
    let b = Board::start(Variant::INTERNATIONAL);
    let options = Options {
        cell_px: 4,
        ..Options::default()
    };
    assert!(matches!(
        render(&b, &options, Format::Png),
        Err(DiagramError::CellSize(4))
    ));
}
