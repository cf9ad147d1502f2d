//! The learned evaluation: weights for the men of overlapping board regions, for material
//! and for a few global terms, blended between opening and ending by the number of pieces
//! left.
//!
//! ```text
//! score(White) = Σ regions  table[region][White's view] − table[region][Black's view]
//!              + Σ terms    weight[term] · (White's count − Black's count)
//! each weight  = opening · p/S + ending · (S − p)/S      (p pieces on the board, S at the start)
//! score        = ± score(White) + side-to-move bonus, then the drawn-ending scaling
//! ```
//!
//! The same tables read Black's position from Black's side of the board (see [`layout`]), so
//! the colour-flipped position always scores the negation. [`features`] lists what a position
//! shows the evaluation, for the trainer, which fits the weights to game results.

mod builtin;
pub mod layout;
mod weights;

pub use builtin::{builtin, variants_with_weights};
pub use layout::{Dense, Layout, PatternView, UnknownView, CONFIGS, DENSE};
pub use weights::{material_only, Weights, WeightsError, FORMAT, MAGIC, UNIT};

use super::endings::drawish_percent;
use super::masks::Masks;
use super::params::Params;
use damier_core::rules::KingRange;
use damier_core::{BitSet, BoardKind, Color, Geometry, Position};
use layout::{Region, TERNARY, TERNARY_REVERSED};
use std::sync::Arc;

/// Most regions of any board (12x12).
const MAX_REGIONS: usize = 25;

/// The learned evaluation of one variant on its board shape.
pub struct Learned<G: Geometry> {
    weights: Arc<Weights>,
    /// Per region and configuration White sees there: its weight less the weight of what
    /// Black sees in the turned region, so that one lookup a region scores both sides.
    net_patterns: Vec<[i16; 2]>,
    board: Board<G>,
}

/// What the evaluation knows of the board: regions, masks and the variant's constants.
struct Board<G: Geometry> {
    regions: Vec<Region>,
    /// Each region's first bit.
    firsts: [u32; MAX_REGIONS],
    /// A region's squares counted from its first bit (the same for every region).
    shape: u64,
    /// (offset from the first bit, mask, place in the gathered bits) of each run.
    runs: [(u32, u64, u32); 4],
    /// Gather a region's bits with one PEXT (where the processor does it fast).
    pext: bool,
    /// The squares whose king reads as empty in the regions: every square for
    /// [`PatternView::Men`], none for [`PatternView::Pieces`] (a mask, not a branch).
    kings_hidden_on: G::Bits,
    masks: Masks<G::Bits>,
    /// `row_bits[c][k]`: the squares whose row, counted from colour `c`'s back rank, has
    /// bit `k` set; a man's rows advanced are the sum over `k` of `2^k` for each set it is in.
    row_bits: [[G::Bits; 4]; 2],
    long_diagonal: G::Bits,
    dense_entry: usize,
    tempo_entry: usize,
    start_pieces: u32,
    flying_kings: bool,
    giveaway: bool,
    drawish: i32,
}

impl<G: Geometry> Board<G> {
    fn new(variant: damier_core::Variant, view: PatternView) -> Board<G> {
        let rules = variant.rules();
        assert_eq!(rules.board, G::KIND, "geometry does not match the variant");
        let layout = Layout::of(G::KIND);
        let n = G::KIND.size();
        let mut long_diagonal = G::Bits::ZERO;
        if G::KIND != BoardKind::Orthogonal8 {
            for r in 0..n {
                if let Some(s) = G::KIND.index(r, r) {
                    long_diagonal |= G::Bits::bit(s);
                }
            }
        }
        let mut firsts = [0; MAX_REGIONS];
        for (i, r) in layout.regions.iter().enumerate() {
            firsts[i] = u32::from(r.runs[0].0);
        }
        let mut runs = [(0, 0, 0); 4];
        let mut shape = 0;
        let mut at = 0;
        for (k, (offset, width)) in layout.run_shape().into_iter().enumerate() {
            let mask = (1u64 << width) - 1;
            runs[k] = (u32::from(offset), mask, at);
            shape |= mask << offset;
            at += u32::from(width);
        }
        let masks = Masks::of::<G>();
        let mut row_bits = [[G::Bits::ZERO; 4]; 2];
        for (planes, rows) in row_bits.iter_mut().zip(&masks.rows) {
            for (r, row) in rows.iter().enumerate() {
                for (k, plane) in planes.iter_mut().enumerate() {
                    if r & (1 << k) != 0 {
                        *plane |= *row;
                    }
                }
            }
        }
        Board {
            regions: layout.regions.clone(),
            firsts,
            shape,
            runs,
            pext: u64::FAST_GATHER
                && damier_core::capture_path::current() == damier_core::CapturePath::Gather,
            kings_hidden_on: match view {
                PatternView::Men => G::ALL,
                PatternView::Pieces => G::Bits::ZERO,
            },
            masks,
            row_bits,
            long_diagonal,
            dense_entry: layout.dense_entry(Dense::Men),
            tempo_entry: layout.tempo_entry(),
            start_pieces: 2 * rules.men,
            flying_kings: rules.king == KingRange::Flying,
            giveaway: variant.giveaway,
            drawish: Params::for_variant(variant).drawish_percent,
        }
    }

    /// The eight bits of `set` on region `i`'s squares, lowest square lowest.
    #[inline(always)]
    fn gather<const PEXT: bool>(&self, set: G::Bits, i: usize) -> usize {
        let y = set.bits_from(self.firsts[i]);
        if PEXT {
            return y.gather(self.shape) as usize;
        }
        let mut bits = 0;
        for &(offset, mask, at) in &self.runs {
            bits |= ((y >> offset) & mask) << at;
        }
        bits as usize
    }

    /// White's and Black's pieces as the regions see them.
    #[inline(always)]
    fn region_pieces(&self, pos: &Position<G>) -> (G::Bits, G::Bits) {
        let hidden = pos.kings() & self.kings_hidden_on;
        (
            pos.pieces(Color::White) & !hidden,
            pos.pieces(Color::Black) & !hidden,
        )
    }

    /// Each region's configuration seen by White and by Black, as table entries.
    #[inline(always)]
    fn pattern_entries(&self, pos: &Position<G>, out: &mut [[u32; 2]; MAX_REGIONS]) {
        if self.pext {
            self.pattern_entries_by::<true>(pos, out);
        } else {
            self.pattern_entries_by::<false>(pos, out);
        }
    }

    #[inline(always)]
    fn pattern_entries_by<const PEXT: bool>(
        &self,
        pos: &Position<G>,
        out: &mut [[u32; 2]; MAX_REGIONS],
    ) {
        let (white, black) = self.region_pieces(pos);
        let mut w = [0usize; MAX_REGIONS];
        let mut b = [0usize; MAX_REGIONS];
        for i in 0..self.regions.len() {
            w[i] = self.gather::<PEXT>(white, i);
            b[i] = self.gather::<PEXT>(black, i);
        }
        for (i, region) in self.regions.iter().enumerate() {
            let base = (i * CONFIGS) as u32;
            let white_view = TERNARY[w[i]] as u32 + 2 * TERNARY[b[i]] as u32;
            let t = region.turned;
            let black_view = TERNARY_REVERSED[b[t]] as u32 + 2 * TERNARY_REVERSED[w[t]] as u32;
            out[i] = [base + white_view, base + black_view];
        }
    }

    /// The sum of `net` (see [`Learned`]) over the regions, (opening, ending).
    #[inline(always)]
    fn net_patterns(&self, pos: &Position<G>, net: &[[i16; 2]]) -> (i32, i32) {
        if self.pext {
            self.net_patterns_by::<true>(pos, net)
        } else {
            self.net_patterns_by::<false>(pos, net)
        }
    }

    #[inline(always)]
    fn net_patterns_by<const PEXT: bool>(&self, pos: &Position<G>, net: &[[i16; 2]]) -> (i32, i32) {
        let (white, black) = self.region_pieces(pos);
        let (mut mg, mut eg) = (0i32, 0i32);
        for i in 0..self.regions.len() {
            let w = self.gather::<PEXT>(white, i) & 0xff;
            let b = self.gather::<PEXT>(black, i) & 0xff;
            let config = TERNARY[w] as usize + 2 * TERNARY[b] as usize;
            let [m, e] = net[i * CONFIGS + config];
            mg += i32::from(m);
            eg += i32::from(e);
        }
        (mg, eg)
    }

    /// The global terms of side `c`, counted in its own frame.
    #[inline(always)]
    fn side_terms(&self, pos: &Position<G>, c: Color) -> [i32; DENSE] {
        let mut t = [0i32; DENSE];
        let kings = pos.kings();
        let own = pos.pieces(c);
        let men = own & !kings;
        let own_kings = own & kings;
        let king_count = own_kings.count() as i32;
        t[Dense::Men as usize] = men.count() as i32;
        t[Dense::Kings as usize] = king_count;
        t[Dense::FirstKing as usize] = i32::from(king_count >= 1);
        t[Dense::SecondKing as usize] = i32::from(king_count >= 2);
        t[Dense::ThirdKing as usize] = i32::from(king_count >= 3);
        let rows = &self.masks.rows[c as usize];
        let mut tempo = 0;
        for (k, plane) in self.row_bits[c as usize].iter().enumerate() {
            tempo += ((men & *plane).count() as i32) << k;
        }
        t[Dense::Tempo as usize] = tempo;
        let n = rows.len();
        let occupied = pos.occupied();
        for (to_go, term) in [Dense::Runaway1, Dense::Runaway2, Dense::Runaway3]
            .into_iter()
            .enumerate()
        {
            let mut free = 0;
            for s in (men & rows[n - 2 - to_go]).iter() {
                if (self.masks.cone[c as usize][s as usize] & occupied).is_empty() {
                    free += 1;
                }
            }
            t[term as usize] = free;
        }
        if !own_kings.is_empty() {
            t[Dense::KingMobility as usize] = pos.mobility(c).kings as i32;
        }
        t[Dense::KingOnLongDiagonal as usize] = (own_kings & self.long_diagonal).count() as i32;
        let their_men = pos.pieces(c.opponent()) & !kings;
        if !their_men.is_empty() {
            t[Dense::BackRank as usize] = (men & rows[0]).count() as i32;
        }
        t
    }

    /// Pieces on the board, at most the start's (the phase's numerator).
    fn pieces(&self, pos: &Position<G>) -> u32 {
        pos.occupied().count().min(self.start_pieces)
    }

    fn drawish(&self, pos: &Position<G>) -> i32 {
        if self.giveaway {
            100
        } else {
            drawish_percent(pos, self.flying_kings, self.drawish)
        }
    }
}

/// Sums of (opening, ending) weights, blended by the phase into hundredths of a man for the
/// side to move.
fn blend(
    [mg, eg]: [i64; 2],
    [tempo_mg, tempo_eg]: [i64; 2],
    white_to_move: bool,
    pieces: u32,
    start: u32,
    drawish: i32,
) -> i32 {
    let (p, s) = (i64::from(pieces), i64::from(start.max(1)));
    let white = mg * p + eg * (s - p);
    let side = if white_to_move { white } else { -white };
    let v = (side + tempo_mg * p + tempo_eg * (s - p)) / (i64::from(UNIT) * s);
    (v * i64::from(drawish) / 100) as i32
}

impl<G: Geometry> Learned<G> {
    /// The evaluation with `weights` (whose variant must be played on `G`).
    pub fn new(weights: Arc<Weights>) -> Learned<G> {
        let board = Board::<G>::new(weights.variant(), weights.view());
        let w = weights.values();
        let mut net_patterns = Vec::with_capacity(board.regions.len() * CONFIGS);
        for region in &board.regions {
            let turned = region.turned * CONFIGS;
            for config in 0..CONFIGS {
                let own = w[net_patterns.len()];
                let other = w[turned + layout::seen_from_the_other_side(config)];
                // Pattern weights are bounded (weights::PATTERN_LIMIT), so the difference
                // fits.
                net_patterns.push([own[0] - other[0], own[1] - other[1]]);
            }
        }
        Learned {
            board,
            net_patterns,
            weights,
        }
    }

    /// The position's value for the side to move.
    #[inline]
    pub fn evaluate(&self, pos: &Position<G>) -> i32 {
        let b = &self.board;
        let w = self.weights.values();
        let (mut mg, mut eg) = b.net_patterns(pos, &self.net_patterns);
        let white = b.side_terms(pos, Color::White);
        let black = b.side_terms(pos, Color::Black);
        for k in 0..DENSE {
            let d = white[k] - black[k];
            let [m, e] = w[b.dense_entry + k];
            mg += d * i32::from(m);
            eg += d * i32::from(e);
        }
        let [tm, te] = w[b.tempo_entry];
        blend(
            [i64::from(mg), i64::from(eg)],
            [i64::from(tm), i64::from(te)],
            pos.side() == Color::White,
            b.pieces(pos),
            b.start_pieces,
            b.drawish(pos),
        )
    }
}

/// What the learned evaluation sees in a position: the trainer's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Each region's entries seen by White (counted +1) and by Black (counted −1).
    pub patterns: Vec<[u32; 2]>,
    /// The global terms, White's count minus Black's, in [`Dense`] order.
    pub dense: [i32; DENSE],
    /// The entry of the first global term (the rest follow in order).
    pub dense_entry: u32,
    /// The entry of the side-to-move bonus.
    pub tempo_entry: u32,
    /// Pieces on the board (at most `start`).
    pub pieces: u32,
    /// Pieces at the start.
    pub start: u32,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// Percent of the score kept (drawn endings).
    pub drawish: i32,
}

impl Features {
    /// The weight of the opening part of every entry (the phase): 1 with a full board.
    pub fn opening_share(&self) -> f32 {
        self.pieces as f32 / self.start.max(1) as f32
    }

    /// The score these features give with `weights`: what [`Learned::evaluate`] computes.
    pub fn score(&self, weights: &[[i16; 2]]) -> i32 {
        let mut sum = [0i64; 2];
        for &[white, black] in &self.patterns {
            for k in 0..2 {
                sum[k] +=
                    i64::from(weights[white as usize][k]) - i64::from(weights[black as usize][k]);
            }
        }
        for (k, &d) in self.dense.iter().enumerate() {
            for (p, total) in sum.iter_mut().enumerate() {
                *total += i64::from(d) * i64::from(weights[self.dense_entry as usize + k][p]);
            }
        }
        let t = weights[self.tempo_entry as usize];
        blend(
            sum,
            [i64::from(t[0]), i64::from(t[1])],
            self.white_to_move,
            self.pieces,
            self.start,
            self.drawish,
        )
    }
}

/// Reads the features of positions of one variant (the trainer keeps one per variant).
pub struct FeatureReader<G: Geometry> {
    board: Board<G>,
}

impl<G: Geometry> FeatureReader<G> {
    /// A reader for `variant`, whose board must be `G`, its regions seeing `view`.
    pub fn new(variant: damier_core::Variant, view: PatternView) -> FeatureReader<G> {
        FeatureReader {
            board: Board::new(variant, view),
        }
    }

    /// The features of `pos`.
    pub fn read(&self, pos: &Position<G>) -> Features {
        features_on(&self.board, pos)
    }
}

fn features_on<G: Geometry>(b: &Board<G>, pos: &Position<G>) -> Features {
    let mut entries = [[0u32; 2]; MAX_REGIONS];
    b.pattern_entries(pos, &mut entries);
    let white = b.side_terms(pos, Color::White);
    let black = b.side_terms(pos, Color::Black);
    let mut dense = [0i32; DENSE];
    for k in 0..DENSE {
        dense[k] = white[k] - black[k];
    }
    Features {
        patterns: entries[..b.regions.len()].to_vec(),
        dense,
        dense_entry: b.dense_entry as u32,
        tempo_entry: b.tempo_entry as u32,
        pieces: b.pieces(pos),
        start: b.start_pieces,
        white_to_move: pos.side() == Color::White,
        drawish: b.drawish(pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{fen, Diagonal10, Diagonal8, Variant};

    fn random_weights(variant: Variant, view: PatternView, seed: u64) -> Arc<Weights> {
        let layout = Layout::of(variant.rules().board);
        let mut state = seed | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 4001) as f32 / 10.0 - 200.0
        };
        let values: Vec<[f32; 2]> = (0..layout.entries()).map(|_| [next(), next()]).collect();
        Arc::new(Weights::from_centimen(variant, view, &values, 150.0, ""))
    }

    #[test]
    fn evaluation_equals_the_features_scored() {
        let v = Variant::INTERNATIONAL;
        for view in PatternView::ALL {
            let w = random_weights(v, view, 7);
            let eval = Learned::<Diagonal10>::new(Arc::clone(&w));
            for text in [
                "W:W31-50:B1-20",
                "B:W28,32,33,K40,45:B3,K7,12,19,24",
                "W:WK46:BK5,K10,23",
            ] {
                let pos: Position<Diagonal10> = fen::parse(v.rules(), text).unwrap();
                let f = FeatureReader::new(v, view).read(&pos);
                assert_eq!(eval.evaluate(&pos), f.score(w.values()), "{view}: {text}");
            }
        }
    }

    #[test]
    fn a_king_is_seen_in_its_region_only_by_the_pieces_view() {
        // The same squares with a man on 29 and with a king there: the men view reads the
        // king's square as empty, the pieces view as White's, as it reads the man.
        let v: Variant = "english".parse().unwrap();
        let read = |text: &str, view| {
            let pos: Position<Diagonal8> = fen::parse(v.rules(), text).unwrap();
            FeatureReader::new(v, view).read(&pos).patterns
        };
        let (man, king, none) = ("W:W22,29:B3", "W:W22,K29:B3", "W:W22:B3");
        assert_eq!(read(king, PatternView::Men), read(none, PatternView::Men));
        assert_eq!(
            read(king, PatternView::Pieces),
            read(man, PatternView::Pieces)
        );
        assert_ne!(
            read(king, PatternView::Pieces),
            read(none, PatternView::Pieces)
        );
    }

    #[test]
    fn both_ways_of_gathering_a_region_agree() {
        fn check<G: Geometry>() {
            let v = damier_core::Variant::all()
                .find(|v| v.rules().board == G::KIND)
                .unwrap();
            let board = Board::<G>::new(v, PatternView::Pieces);
            let mut state = 0x1234_5678_9abc_def1u128;
            for _ in 0..500 {
                state = state.wrapping_mul(0x2545_f491_4f6c_dd1d_2545_f491_4f6c_dd1d) + 1;
                let set = G::Bits::from_u128(state) & G::ALL;
                for i in 0..board.regions.len() {
                    let by_runs = board.gather::<false>(set, i);
                    if u64::FAST_GATHER {
                        assert_eq!(board.gather::<true>(set, i), by_runs);
                    }
                    let mut one_by_one = 0;
                    let mut k = 0;
                    for &(first, width) in &board.regions[i].runs {
                        for b in 0..width {
                            one_by_one |= usize::from(set.has(u32::from(first + b))) << k;
                            k += 1;
                        }
                    }
                    assert_eq!(by_runs, one_by_one);
                }
            }
        }
        check::<Diagonal8>();
        check::<Diagonal10>();
        check::<damier_core::Diagonal12>();
        check::<damier_core::Orthogonal8>();
    }

    #[test]
    fn a_region_is_seen_from_both_sides_alike() {
        // A white man on a1 and a black man on h8: each side sees its man in the first
        // region of its own frame (White's a1 corner, Black's h8 corner), as the same
        // configuration, and the other's man far away in the turned region.
        let v: Variant = "english".parse().unwrap();
        let kind = v.rules().board;
        let a1 = 1u64 << kind.index(0, 0).unwrap();
        let h8 = 1u64 << kind.index(7, 7).unwrap();
        let pos = Position::<Diagonal8>::from_parts(v.rules(), a1, h8, 0, Color::White).unwrap();
        let f = FeatureReader::new(v, PatternView::Men).read(&pos);
        let layout = Layout::of(kind);
        let turned = layout.regions[0].turned;
        assert_eq!(f.patterns[0], [1, 1]);
        let far = (turned * CONFIGS) as u32 + 2 * u32::from(TERNARY[0x80]);
        assert_eq!(f.patterns[turned], [far, far]);
        assert_eq!(f.dense[Dense::Men as usize], 0);
        let black_to_move =
            FeatureReader::new(v, PatternView::Men).read(&pos.with_side(Color::Black));
        assert_eq!(black_to_move.patterns, f.patterns);
        assert!(!black_to_move.white_to_move);
    }
}
