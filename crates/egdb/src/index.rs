//! Numbering the positions of a slice: a dense index per material, and back.
//!
//! A stored position has the side to move playing White. Its index is built from four
//! combinations, each ranked in colexicographic order: White's men among the squares a White
//! man may stand on, Black's men among Black's, then White's kings among the squares the men
//! leave free, then Black's kings among those still free. Only the men can collide (a square
//! in both men's ranges); such indices are "holes" and hold no position.
//!
//! Frisian adds the state of each side's king run (RULES.md §2: while a side has men, one
//! king may make at most three quiet moves in a row): for a side with men and `k` kings, one
//! of `1 + 3k` states, none or (which king, 1 to 3 moves). A side without men or without
//! kings has one state: its runs never bar a move again. The run states are the index's
//! lowest digits, so a position's run states sit side by side in one block.

use crate::slice::Slice;
use damier_core::{BitSet, Color, Geometry, KingRun, Position, Rules, Square};
use std::sync::OnceLock;

/// Binomial coefficients up to 72 squares (12x12), 16 pieces of a kind.
struct Binomials([[u64; 17]; 73]);

static BINOMIALS: Binomials = Binomials::new();

impl Binomials {
    const fn new() -> Binomials {
        let mut c = [[0u64; 17]; 73];
        let mut n = 0;
        while n <= 72 {
            c[n][0] = 1;
            let mut k = 1;
            while k <= 16 && k <= n {
                c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
                k += 1;
            }
            n += 1;
        }
        Binomials(c)
    }

    fn get(&self, n: u32, k: u32) -> u64 {
        if k > n {
            0
        } else {
            self.0[n as usize][k as usize]
        }
    }
}

/// The rank of `set`'s members among `domain`'s (colex), with the domain's members numbered
/// from its lowest.
fn rank(set: u128, domain: u128) -> u64 {
    let mut r = 0;
    for (i, s) in bits(set).enumerate() {
        let place = (domain & ((1u128 << s) - 1)).count_ones();
        r += BINOMIALS.get(place, i as u32 + 1);
    }
    r
}

/// The `k` members of `domain` whose rank is `r` (the inverse of [`rank`]).
fn unrank(r: u64, k: u32, domain: u128) -> u128 {
    let mut squares = [0u8; 128];
    let mut top = 0usize;
    for s in bits(domain) {
        squares[top] = s as u8;
        top += 1;
    }
    unrank_places(r, k, top as u32)
        .into_iter()
        .fold(0u128, |out, p| out | 1u128 << squares[p as usize])
}

/// The places (from 0, ascending) of the `k`-subset of `0..n` whose colex rank is `r`.
fn unrank_places(mut r: u64, k: u32, n: u32) -> Vec<u8> {
    let mut places = vec![0u8; k as usize];
    let mut top = n;
    for i in (1..=k).rev() {
        // The largest place p with C(p, i) <= r.
        let mut p = top - 1;
        while BINOMIALS.get(p, i) > r {
            p -= 1;
        }
        r -= BINOMIALS.get(p, i);
        places[i as usize - 1] = p as u8;
        top = p;
    }
    places
}

/// Most entries of one table of [`combinations`] (8 bytes each).
const MAX_COMBINATIONS: u64 = 1 << 22;

/// Every `k`-subset of `0..n` in colex order, each packed as its places in ascending bytes,
/// or `None` when `k` exceeds 8 or the table would pass [`MAX_COMBINATIONS`]. Built on first
/// use: reading a position back is then a table lookup per combination instead of a walk
/// over the squares, which took a third of a build's time.
fn combinations(n: u32, k: u32) -> Option<&'static [u64]> {
    /// One table, once built (`None`: too large to hold).
    type Table = OnceLock<Option<Box<[u64]>>>;
    static TABLES: [[Table; 9]; 73] = [const { [const { OnceLock::new() }; 9] }; 73];
    if n > 72 || k > 8 {
        return None;
    }
    TABLES[n as usize][k as usize]
        .get_or_init(|| {
            let size = BINOMIALS.get(n, k);
            (size <= MAX_COMBINATIONS).then(|| {
                (0..size)
                    .map(|r| {
                        unrank_places(r, k, n)
                            .iter()
                            .enumerate()
                            .fold(0u64, |packed, (i, &p)| packed | u64::from(p) << (8 * i))
                    })
                    .collect()
            })
        })
        .as_deref()
}

/// Places to leave out of a numbering, ascending (at most the pieces of one slice).
#[derive(Clone, Copy, Default)]
struct Skips {
    places: [u8; 16],
    len: usize,
}

impl Skips {
    fn insert(&mut self, place: u8) {
        let at = self.places[..self.len].partition_point(|&p| p < place);
        self.places.copy_within(at..self.len, at + 1);
        self.places[at] = place;
        self.len += 1;
    }

    /// The `q`-th place (from 0) that is not skipped.
    fn nth_free(&self, mut q: u8) -> u8 {
        for &p in &self.places[..self.len] {
            if p <= q {
                q += 1;
            } else {
                break;
            }
        }
        q
    }
}

fn bits(mut set: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let s = set.trailing_zeros();
        set &= set - 1;
        Some(s)
    })
}

/// The numbering of one slice on one board.
#[derive(Clone, Debug)]
pub struct Indexer {
    material: Slice,
    all: u128,
    white_men_squares: u128,
    black_men_squares: u128,
    /// Sizes of the four combinations: White men, Black men, White kings, Black kings.
    radix: [u64; 4],
    /// King-run states of White and of Black (1 where runs do not matter).
    runs: [u64; 2],
    /// The squares of the board, of White men's squares and of Black men's, by place.
    all_by_place: [u8; 128],
    white_men_by_place: [u8; 128],
    black_men_by_place: [u8; 128],
    /// Each square's place among the squares of the board.
    place_on_board: [u8; 128],
}

/// The squares of `domain` in ascending order, and each square's place among them.
fn places(domain: u128) -> ([u8; 128], [u8; 128]) {
    let (mut by_place, mut place_of) = ([0u8; 128], [u8::MAX; 128]);
    for (place, square) in bits(domain).enumerate() {
        by_place[place] = square as u8;
        place_of[square as usize] = place as u8;
    }
    (by_place, place_of)
}

/// The combination of rank `r` of `k` members among the `n` places of `domain`, with
/// `square` mapping each place to its square.
fn members(r: u64, k: u32, domain: u128, square: impl Fn(u8) -> u8) -> u128 {
    match combinations(domain.count_ones(), k) {
        Some(table) => {
            let packed = table[r as usize];
            (0..k).fold(0u128, |out, i| {
                out | 1u128 << square((packed >> (8 * i)) as u8)
            })
        }
        None => unrank(r, k, domain),
    }
}

/// King-run states of a side with `men` and `kings` under `rules` (see the module's note).
fn run_states(rules: &Rules, men: u8, kings: u8) -> u64 {
    if rules.king_move_limit && men > 0 && kings > 0 {
        1 + 3 * u64::from(kings)
    } else {
        1
    }
}

/// The king-run state of `color` in `pos`: 0 for none, else `1 + 3j + (moves - 1)` for its
/// `j`-th king (ascending squares). A run of three or more is one state: the king is barred.
fn run_code<G: Geometry>(pos: &Position<G>, color: Color) -> u64 {
    let run = pos.king_run(color);
    let kings = (pos.pieces(color) & pos.kings()).to_u128();
    if run.moves == 0 || !kings.contains(run.square) {
        return 0;
    }
    let below = (kings & (u128::of(run.square) - 1)).count_ones();
    1 + 3 * u64::from(below) + u64::from(run.moves.min(3) - 1)
}

/// The king run of `code` (see [`run_code`]) among `kings`.
fn run_of(code: u64, kings: u128) -> KingRun {
    if code == 0 {
        return KingRun::default();
    }
    let j = ((code - 1) / 3) as usize;
    KingRun {
        square: Square::new(
            bits(kings)
                .nth(j)
                .expect("a run code names one of the side's kings"),
        ),
        moves: ((code - 1) % 3) as u8 + 1,
    }
}

impl Indexer {
    /// The numbering of `material` on `G`'s board under `rules`.
    pub fn new<G: Geometry>(rules: &Rules, material: Slice) -> Indexer {
        let all = G::ALL.to_u128();
        let white_men_squares = all & !G::PROMOTION[Color::White as usize].to_u128();
        let black_men_squares = all & !G::PROMOTION[Color::Black as usize].to_u128();
        let m = material;
        let free = all.count_ones() - u32::from(m.own_men) - u32::from(m.opp_men);
        let radix = [
            BINOMIALS.get(white_men_squares.count_ones(), m.own_men.into()),
            BINOMIALS.get(black_men_squares.count_ones(), m.opp_men.into()),
            BINOMIALS.get(free, m.own_kings.into()),
            BINOMIALS.get(free - u32::from(m.own_kings), m.opp_kings.into()),
        ];
        let (all_by_place, place_on_board) = places(all);
        Indexer {
            material,
            all,
            white_men_squares,
            black_men_squares,
            radix,
            runs: [
                run_states(rules, m.own_men, m.own_kings),
                run_states(rules, m.opp_men, m.opp_kings),
            ],
            all_by_place,
            white_men_by_place: places(white_men_squares).0,
            black_men_by_place: places(black_men_squares).0,
            place_on_board,
        }
    }

    /// The slice numbered.
    pub fn material(&self) -> Slice {
        self.material
    }

    /// Indices in the slice, holes included.
    pub fn size(&self) -> u64 {
        self.radix.iter().product::<u64>() * self.runs[0] * self.runs[1]
    }

    /// Whether positions of this slice carry king-run states (Frisian, a side with men and
    /// kings).
    pub fn has_runs(&self) -> bool {
        self.runs != [1, 1]
    }

    /// The index of a position oriented with White to move, whose material is this slice's.
    pub fn index<G: Geometry>(&self, pos: &Position<G>) -> u64 {
        debug_assert_eq!(pos.side(), Color::White);
        debug_assert_eq!(Slice::of(pos), self.material);
        let kings = pos.kings().to_u128();
        let white = pos.pieces(Color::White).to_u128();
        let black = pos.pieces(Color::Black).to_u128();
        let (white_men, black_men) = (white & !kings, black & !kings);
        let free = self.all & !(white_men | black_men);
        let parts = [
            rank(white_men, self.white_men_squares),
            rank(black_men, self.black_men_squares),
            rank(white & kings, free),
            rank(black & kings, free & !(white & kings)),
        ];
        let placement = parts
            .iter()
            .zip(self.radix)
            .fold(0, |acc, (&part, radix)| acc * radix + part);
        if !self.has_runs() {
            return placement;
        }
        let [white_runs, black_runs] = self.runs;
        let white_run = if white_runs > 1 {
            run_code(pos, Color::White)
        } else {
            0
        };
        let black_run = if black_runs > 1 {
            run_code(pos, Color::Black)
        } else {
            0
        };
        (placement * white_runs + white_run) * black_runs + black_run
    }

    /// The position at `index`, White to move, or `None` for a hole.
    pub fn position<G: Geometry>(&self, rules: &'static Rules, index: u64) -> Option<Position<G>> {
        debug_assert!(index < self.size());
        let [white_runs, black_runs] = self.runs;
        let (black_run, rest) = (index % black_runs, index / black_runs);
        let (white_run, placement) = (rest % white_runs, rest / white_runs);
        let mut parts = [0u64; 4];
        let mut rest = placement;
        for i in (0..4).rev() {
            parts[i] = rest % self.radix[i];
            rest /= self.radix[i];
        }
        let m = self.material;
        let white_men = members(parts[0], m.own_men.into(), self.white_men_squares, |p| {
            self.white_men_by_place[p as usize]
        });
        let black_men = members(parts[1], m.opp_men.into(), self.black_men_squares, |p| {
            self.black_men_by_place[p as usize]
        });
        if white_men & black_men != 0 {
            return None;
        }
        // The kings are numbered among the squares the men leave free: a king's place among
        // those is its place on the board past the men's (and then White's kings') places.
        let mut skips = Skips::default();
        for s in bits(white_men | black_men) {
            skips.insert(self.place_on_board[s as usize]);
        }
        let free = self.all & !(white_men | black_men);
        let on_board = |skips: Skips| move |p: u8| self.all_by_place[skips.nth_free(p) as usize];
        let white_kings = members(parts[2], m.own_kings.into(), free, on_board(skips));
        for s in bits(white_kings) {
            skips.insert(self.place_on_board[s as usize]);
        }
        let black_kings = members(
            parts[3],
            m.opp_kings.into(),
            free & !white_kings,
            on_board(skips),
        );
        let bits = G::Bits::from_u128;
        let mut pos = Position::from_parts(
            rules,
            bits(white_men | white_kings),
            bits(black_men | black_kings),
            bits(white_kings | black_kings),
            Color::White,
        )
        .ok()?;
        if self.has_runs() {
            pos.set_king_run(Color::White, run_of(white_run, white_kings));
            pos.set_king_run(Color::Black, run_of(black_run, black_kings));
        }
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::{Diagonal10, Diagonal12, Diagonal8, Orthogonal8, Variant};
    use proptest::prelude::*;

    fn round_trip<G: Geometry>(variant: Variant, material: Slice, sample: u64) {
        let rules = variant.rules();
        let ix = Indexer::new::<G>(rules, material);
        let step = (ix.size() / sample).max(1);
        let mut i = 0;
        while i < ix.size() {
            if let Some(pos) = ix.position::<G>(rules, i) {
                assert_eq!(Slice::of(&pos), material);
                assert_eq!(ix.index(&pos), i, "{material} #{i}");
            }
            i += step;
        }
    }

    #[test]
    fn every_board_numbers_and_reads_back() {
        let m: Slice = "K1M2-K2M1".parse().unwrap();
        round_trip::<Diagonal8>("english".parse().unwrap(), m, 20_000);
        round_trip::<Diagonal10>(Variant::INTERNATIONAL, m, 20_000);
        round_trip::<Diagonal12>("canadian".parse().unwrap(), m, 20_000);
        round_trip::<Orthogonal8>("turkish".parse().unwrap(), m, 20_000);
        round_trip::<Diagonal10>("frisian".parse().unwrap(), m, 20_000);
    }

    #[test]
    fn frisian_runs_are_numbered_for_a_side_with_men_and_kings() {
        let frisian: Variant = "frisian".parse().unwrap();
        let rules = frisian.rules();
        let plain = |m: &str| {
            Indexer::new::<Diagonal10>(Variant::INTERNATIONAL.rules(), m.parse().unwrap())
        };
        let runs = |m: &str| Indexer::new::<Diagonal10>(rules, m.parse().unwrap());
        // Kings only, or men only: no run can bar a move again.
        assert_eq!(runs("K2-K1").size(), plain("K2-K1").size());
        assert_eq!(runs("M2-M1").size(), plain("M2-M1").size());
        // A side with men and two kings: none, or one of its kings after 1, 2 or 3 moves.
        assert_eq!(runs("K2M1-K1").size(), plain("K2M1-K1").size() * 7);
        assert_eq!(runs("K1M1-K1M1").size(), plain("K1M1-K1M1").size() * 16);
        assert!(runs("K1M1-K1M1").has_runs() && !runs("K2-K1").has_runs());

        // Every run state of one placement reads back with its run.
        let ix = runs("K2M1-K1M1");
        let states = 7 * 4;
        let first = (0..ix.size())
            .step_by(states)
            .find(|&i| ix.position::<Diagonal10>(rules, i).is_some())
            .unwrap();
        let mut seen = std::collections::HashSet::new();
        for i in first..first + states as u64 {
            let pos = ix.position::<Diagonal10>(rules, i).unwrap();
            assert_eq!(ix.index(&pos), i);
            for c in [Color::White, Color::Black] {
                let run = pos.king_run(c);
                if run.moves > 0 {
                    assert!((pos.pieces(c) & pos.kings()).has(u32::from(run.square)));
                    assert!((1..=3).contains(&run.moves));
                }
            }
            seen.insert((pos.king_run(Color::White), pos.king_run(Color::Black)));
        }
        assert_eq!(
            seen.len(),
            states,
            "every pair of run states of a placement"
        );

        // A run of more than three moves (a side whose men are gone counts on) indexes as three.
        let mut pos = ix.position::<Diagonal10>(rules, first + 4 * 3).unwrap();
        let run = pos.king_run(Color::White);
        assert_eq!(run.moves, 3);
        let index = ix.index(&pos);
        pos.set_king_run(Color::White, KingRun { moves: 5, ..run });
        assert_eq!(ix.index(&pos), index);
    }

    #[test]
    fn a_small_slice_is_numbered_densely() {
        // Two kings on 32 squares: 32 * 31 positions, no holes, every index used once.
        let rules = "english".parse::<Variant>().unwrap().rules();
        let ix = Indexer::new::<Diagonal8>(rules, "K1-K1".parse().unwrap());
        assert_eq!(ix.size(), 32 * 31);
        assert!((0..ix.size()).all(|i| ix.position::<Diagonal8>(rules, i).is_some()));
    }

    proptest! {
        #[test]
        fn rank_inverts_unrank(domain in any::<u64>(), seed in any::<u64>()) {
            let domain = u128::from(domain);
            let n = domain.count_ones();
            prop_assume!(n >= 3);
            let k = 1 + (seed % 3) as u32;
            let r = (seed >> 8) % BINOMIALS.get(n, k);
            let set = unrank(r, k, domain);
            prop_assert_eq!(set.count_ones(), k);
            prop_assert_eq!(set & !domain, 0);
            prop_assert_eq!(rank(set, domain), r);
        }

        #[test]
        fn the_tables_agree_with_the_walk(domain in any::<u64>(), seed in any::<u64>()) {
            let domain = u128::from(domain);
            let n = domain.count_ones();
            prop_assume!(n >= 5);
            let k = (seed % 6) as u32;
            let r = (seed >> 8) % BINOMIALS.get(n, k);
            let (by_place, _) = places(domain);
            prop_assert!(combinations(n, k).is_some());
            prop_assert_eq!(members(r, k, domain, |p| by_place[p as usize]), unrank(r, k, domain));
        }
    }
}
