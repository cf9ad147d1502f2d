//! The classic evaluation: nine hand-set terms whose weights ([`Params`]) are set per family.
//! The giveaway forms have an evaluation of their own: there a side wants few pieces and few
//! moves, since a side left without a move wins. It is the yardstick learned weights are
//! measured against.

use super::endings::drawish_percent;
use super::masks::Masks;
use super::params::Params;
use damier_core::rules::KingRange;
use damier_core::{BitSet, Color, Geometry, Position, Variant};

/// The classic evaluation of one variant on its board shape.
pub struct Classic<G: Geometry> {
    params: Params,
    masks: Masks<G::Bits>,
    giveaway: bool,
    flying_kings: bool,
    /// Pieces on the board at the start, for the game phase.
    start_pieces: u32,
}

/// Percent of a term to give, from `opening` percent with a full board to 100 with an empty
/// one.
fn phase_percent(opening: i32, pieces: u32, start: u32) -> i32 {
    let gone = start.saturating_sub(pieces) as i32;
    opening + (100 - opening) * gone / start.max(1) as i32
}

impl<G: Geometry> Classic<G> {
    /// The evaluation of `variant` (whose board must be `G`).
    pub fn new(variant: Variant) -> Classic<G> {
        Classic::with_params(variant, Params::for_variant(variant))
    }

    /// The evaluation of `variant` with given weights.
    pub fn with_params(variant: Variant, params: Params) -> Classic<G> {
        let rules = variant.rules();
        Classic {
            params,
            masks: Masks::of::<G>(),
            giveaway: variant.giveaway,
            flying_kings: rules.king == KingRange::Flying,
            start_pieces: 2 * rules.men,
        }
    }

    /// The weights in use.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The position's value for the side to move.
    pub fn evaluate(&self, pos: &Position<G>) -> i32 {
        let white = if self.giveaway {
            self.giveaway_side(pos, Color::White)
        } else {
            self.side(pos, Color::White)
        };
        let black = if self.giveaway {
            self.giveaway_side(pos, Color::Black)
        } else {
            self.side(pos, Color::Black)
        };
        let mut score = white - black;
        if !self.giveaway {
            score =
                score * drawish_percent(pos, self.flying_kings, self.params.drawish_percent) / 100;
        }
        match pos.side() {
            Color::White => score,
            Color::Black => -score,
        }
    }

    /// The terms of one side.
    fn side(&self, pos: &Position<G>, c: Color) -> i32 {
        let p = &self.params;
        let them = c.opponent();
        let men = pos.pieces(c) & !pos.kings();
        let kings = pos.pieces(c) & pos.kings();
        let their_men = pos.pieces(them) & !pos.kings();
        let mut v = men.count() as i32 * 100 + kings.count() as i32 * p.king;

        // Advancement, worth more as the board empties.
        let rows = &self.masks.rows[c as usize];
        let mut advance = 0;
        for (r, row) in rows.iter().enumerate() {
            let weight = p.advance[r.min(p.advance.len() - 1)];
            advance += (men & *row).count() as i32 * weight;
        }
        let pieces = pos.occupied().count();
        v += advance * phase_percent(p.advance_opening_percent, pieces, self.start_pieces) / 100;

        v += (men & self.masks.centre).count() as i32 * p.centre;
        if !their_men.is_empty() {
            v += (men & rows[0]).count() as i32 * p.back_rank;
        }

        let m = pos.mobility(c);
        v += m.men as i32 * p.man_mobility + m.kings as i32 * p.king_mobility;

        v + self.runaways(pos, c, men)
    }

    /// Men that nothing can stop on their way to the far row.
    fn runaways(&self, pos: &Position<G>, c: Color, men: G::Bits) -> i32 {
        let p = &self.params;
        let n = self.masks.rows[0].len();
        let them = c.opponent();
        let their_kings = pos.pieces(them) & pos.kings();
        let mut bonus = 0;
        for (to_go, &value) in p.runaway.iter().enumerate() {
            let row = self.masks.rows[c as usize][n - 2 - to_go];
            for s in (men & row).iter() {
                let cone = self.masks.cone[c as usize][s as usize];
                if (cone & pos.occupied()).is_empty() {
                    // A flying king may still catch it.
                    bonus += if their_kings.is_empty() || !self.flying_kings {
                        value
                    } else {
                        value / 3
                    };
                }
            }
        }
        bonus
    }

    /// Giveaway: fewer pieces and fewer moves are better; a king, hard to give away, counts
    /// for more than a man.
    fn giveaway_side(&self, pos: &Position<G>, c: Color) -> i32 {
        let men = (pos.pieces(c) & !pos.kings()).count() as i32;
        let kings = (pos.pieces(c) & pos.kings()).count() as i32;
        let m = pos.mobility(c);
        -(men * 100 + kings * 160) - 4 * (m.men + m.kings) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{fen, Diagonal10};

    fn eval(variant: &str, text: &str) -> i32 {
        let v: Variant = variant.parse().unwrap();
        let pos: Position<Diagonal10> = fen::parse(v.rules(), text).unwrap();
        Classic::<Diagonal10>::new(v).evaluate(&pos)
    }

    #[test]
    fn symmetric_and_material_first() {
        let start = "W:W31-50:B1-20";
        assert_eq!(eval("international", start), 0);
        assert_eq!(eval("international", "B:W31-50:B1-20"), 0);
        // A man up is worth about a man.
        let up = eval("international", "W:W31-50:B1-19");
        assert!((60..200).contains(&up), "{up}");
        assert_eq!(eval("international", "B:W31-50:B1-19"), -up);
        // A king is worth several men.
        assert!(eval("international", "W:WK28:B1,2") > 50);
    }

    #[test]
    fn giveaway_wants_fewer_pieces() {
        assert!(eval("international-giveaway", "W:W31-50:B1-19") < 0);
        assert!(eval("international", "W:W31-50:B1-19") > 0);
    }

    #[test]
    fn a_lone_king_against_three_kings_is_nearly_drawn() {
        let three = eval("international", "W:WK1,K2,K3:BK50");
        let four = eval("international", "W:WK1,K2,K3,K4:BK50");
        assert!(three < four / 3, "{three} {four}");
    }

    #[test]
    fn runaway_men_count() {
        // A white man on 6 with nothing ahead (one row to go) against one far away.
        let free = eval("international", "W:W6:B16");
        let blocked = eval("international", "W:W6:B1,16");
        assert!(free > 150, "{free}");
        assert!(free > blocked + 100);
    }
}
