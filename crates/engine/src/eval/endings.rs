//! Rules knowledge both evaluations apply on top of their terms: endings where a material
//! edge rarely wins.

use damier_core::{BitSet, Color, Geometry, Position};

/// Percent of the material balance to keep: `percent` with flying kings for a lone king
/// against a few pieces including a king (the endings RULES.md §3 draws after a few moves),
/// twice that for kings only on both sides in about equal numbers, 100 otherwise.
pub fn drawish_percent<G: Geometry>(pos: &Position<G>, flying_kings: bool, percent: i32) -> i32 {
    let kings = pos.kings();
    if kings.is_empty() {
        // Most positions of a search: no king, nothing to scale.
        return 100;
    }
    let count = |c: Color| {
        let set = pos.pieces(c);
        ((set & !kings).count(), (set & kings).count())
    };
    let (wm, wk) = count(Color::White);
    let (bm, bk) = count(Color::Black);
    let big_board = G::KIND.size() >= 10;
    let lone_king_holds = |(m, k): (u32, u32), (om, ok): (u32, u32)| {
        m == 0 && k == 1 && flying_kings && ok >= 1 && om + ok <= if big_board { 3 } else { 2 }
    };
    if lone_king_holds((wm, wk), (bm, bk)) || lone_king_holds((bm, bk), (wm, wk)) {
        return percent;
    }
    if wm == 0 && bm == 0 && wk.abs_diff(bk) <= 1 && wk > 0 && bk > 0 {
        return percent * 2;
    }
    100
}
