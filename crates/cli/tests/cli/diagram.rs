//! `damier diagram`: a position written as SVG or PNG, from a FEN or a PDN game, and bad input
//! answered with one line.

use crate::common::{fails, ok};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("damier-diagram-{}-{name}", std::process::id()))
}

#[test]
fn writes_the_position_asked_for_in_the_format_its_name_asks() {
    let svg = temp("frysk.svg");
    let out = ok(&[
        "diagram",
        "-v",
        "frysk",
        "--fen",
        "W:WK48,49:B3",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(out.contains("frysk, white to move: W:WK48,49:B3"), "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("<desc>black man 3; white king 48; white man 49</desc>"),
        "{text}"
    );
    let png = temp("start.png");
    ok(&[
        "diagram",
        "-v",
        "english",
        "--cell-px",
        "20",
        "--out",
        png.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // IHDR: width and height, big-endian, after the signature and the chunk's header.
    let size = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!((size(16), size(20)), (160, 160));
    let _ = std::fs::remove_file(svg);
    let _ = std::fs::remove_file(png);
}

#[test]
fn draws_a_position_of_a_pdn_game_after_a_move() {
    let file = temp("game.pdn");
    std::fs::write(
        &file,
        "[Event \"a\"]\n1. 32-28 *\n\n[Event \"b\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n",
    )
    .unwrap();
    let svg = temp("game.svg");
    let (f, s) = (file.to_str().unwrap(), svg.to_str().unwrap());
    let out = ok(&[
        "diagram", "--pdn", f, "--game", "2", "--move", "2", "--out", s,
    ]);
    // After 2. 28x19: Black to move, 19 White's, 14 still Black's.
    assert!(
        out.contains("international, black to move: B:W19,31,"),
        "{out}"
    );
    assert!(!out.contains(",28,"), "{out}");
    let err = fails(&["diagram", "--pdn", f, "--game", "3", "--out", s]);
    assert!(
        err.contains("--game: ") && err.contains("has 2 games; there is no game 3"),
        "{err}"
    );
    let err = fails(&[
        "diagram", "--pdn", f, "--game", "2", "--move", "5...", "--out", s,
    ]);
    assert!(err.contains("no move 5..."), "{err}");
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(svg);
}

#[test]
fn bad_input_gets_one_line() {
    let err = fails(&["diagram", "--out", "pos.jpg"]);
    assert!(
        err.contains("--out") && err.contains(".svg or .png"),
        "{err}"
    );
    let png = temp("tiny.png");
    let err = fails(&["diagram", "--cell-px", "2", "--out", png.to_str().unwrap()]);
    assert!(err.contains("2 pixels is out of range"), "{err}");
    let err = fails(&[
        "diagram",
        "-v",
        "breakthrough",
        "--fen",
        "W:WK3:B45",
        "--out",
        "x.svg",
    ]);
    assert!(err.contains("crowning ends this game"), "{err}");
}
