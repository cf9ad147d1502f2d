//! Compiles the puzzle sets in `data/` into the crate: one `<variant>.pdn` per variant with
//! puzzles (made by `damier puzzles generate`; docs/puzzles.md says how).

fn main() {
    damier_embed::embed_folder(
        "data",
        "pdn",
        damier_embed::Contents::Text,
        "shipped_puzzles.rs",
        "puzzle sets",
    );
}
