//! What a line of play wins for the side to move: the game, the most material it is ahead and
//! stays ahead to the end of the line, or a crowning — for explanations ("27-22 wins
//! 2 pieces: 18x27 31x22 …") and for puzzles' goals.

use crate::board::{AnyMove, Board};

/// What a line achieves for the side to move at its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineGain {
    /// The line ends the game, won by the side to move.
    Win,
    /// After `plies` plies (ending with a move of the side to move), it is this many pieces
    /// further ahead than at the start, counted where no capture is pending, and stays at
    /// least that far ahead to the end of the line: the most the line keeps, at the first
    /// point it has it.
    Material {
        /// Pieces gained, net.
        pieces: u32,
        /// Plies played to that point.
        plies: usize,
    },
    /// After `plies` plies it has crowned a man, with no material lost and no king gained by
    /// the other side.
    Crown {
        /// Plies played to that point.
        plies: usize,
    },
}

impl LineGain {
    /// The plies of the line that achieve it (the whole line for a win).
    pub fn plies(self, line_len: usize) -> usize {
        match self {
            LineGain::Win => line_len,
            LineGain::Material { plies, .. } | LineGain::Crown { plies } => plies,
        }
    }
}

/// The positions of `line` from `board`, the start first; `None` if a move is not legal.
fn positions(board: &Board, line: &[AnyMove]) -> Option<Vec<Board>> {
    let mut positions = vec![*board];
    for mv in line {
        let next = positions.last()?.play(mv).ok()?;
        positions.push(next);
    }
    Some(positions)
}

/// What `line` (legal moves from `board`, best play by both sides as far as it goes) wins for
/// the side to move; `None` when it wins nothing, or a move of it is not legal. In the
/// giveaway forms only the game counts: there a piece more, or a king, is a burden.
pub fn line_gain(board: &Board, line: &[AnyMove]) -> Option<LineGain> {
    let all = positions(board, line)?;
    if all.last()?.no_move_winner() == Some(board.side()) {
        return Some(LineGain::Win);
    }
    if board.rules().no_move_wins() {
        return None;
    }
    material_gain(board, line)
}

/// What `line` wins in material or by a crowning, on the way, whether or not it goes on to
/// win the game (see [`LineGain::Material`] and [`LineGain::Crown`]).
///
/// Material counts only as far as it is kept: a gain the other side wins back later in the
/// line (a piece given to be taken back with interest) is not a gain. So the gain at a point is
/// the least the mover is ahead at any quiet position (no capture pending for the side to
/// move) from there to the end of the line, and the line is cut after the first move of the
/// mover's that keeps the most.
pub fn material_gain(board: &Board, line: &[AnyMove]) -> Option<LineGain> {
    let mover = board.side();
    let other = mover.opponent();
    let positions = positions(board, line)?;
    let balance = |b: &Board| {
        let m = b.material();
        i64::from(m.pieces(mover)) - i64::from(m.pieces(other))
    };
    let kings = |b: &Board, c| b.material().kings(c);
    let start = &positions[0];
    // kept[k]: the least gain at a quiet position from ply k on (None: no quiet one).
    let mut kept = vec![None; positions.len()];
    let mut least: Option<i64> = None;
    for k in (1..positions.len()).rev() {
        if !positions[k].must_capture() {
            let gain = balance(&positions[k]) - balance(start);
            least = Some(least.map_or(gain, |l| l.min(gain)));
        }
        kept[k] = least;
    }
    let mut best = (0, 0);
    let mut crowned = None;
    let quiet = |k: usize| positions.get(k).is_some_and(|p| !p.must_capture());
    // After each of the mover's moves that puts the gain on the board: no capture is pending,
    // or only the other side's one take-back (the line then shows what was won, and the
    // take-back is counted in what is kept); a crowning only once nothing is pending.
    for k in (1..positions.len()).step_by(2) {
        if !quiet(k) && !quiet(k + 1) {
            continue;
        }
        let Some(gain) = kept[k] else { continue };
        if gain > best.0 {
            best = (gain, k);
        }
        if crowned.is_none()
            && quiet(k)
            && gain >= 0
            && kings(&positions[k], mover) > kings(start, mover)
            && kings(&positions[k], other) <= kings(start, other)
        {
            crowned = Some(k);
        }
    }
    match (best, crowned) {
        ((gain, plies), _) if gain > 0 => Some(LineGain::Material {
            pieces: gain as u32,
            plies,
        }),
        (_, Some(plies)) => Some(LineGain::Crown { plies }),
        _ => None,
    }
}

/// A line explained in a sentence: "27-22 wins 2 pieces: 27-22 18x27 31x22", "32-28 wins the
/// game: …", "15-11 crowns: …"; `None` when the line wins nothing ([`line_gain`]).
pub fn explain(board: &Board, line: &[AnyMove]) -> Option<String> {
    let gain = line_gain(board, line)?;
    let first = board.short(line.first()?);
    let shown = board.line_short(&line[..gain.plies(line.len())]);
    Some(match gain {
        LineGain::Win => format!("{first} wins the game: {shown}"),
        LineGain::Material { pieces: 1, .. } => format!("{first} wins a piece: {shown}"),
        LineGain::Material { pieces, .. } => format!("{first} wins {pieces} pieces: {shown}"),
        LineGain::Crown { .. } => format!("{first} crowns: {shown}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;

    fn line(board: &Board, text: &str) -> Vec<AnyMove> {
        let mut b = *board;
        text.split_whitespace()
            .map(|t| {
                let mv = b.parse_move(t).unwrap();
                b = b.play_unchecked(&mv);
                mv
            })
            .collect()
    }

    /// "Seeing is Believing" (The Checker Maven, 2013): the published stroke takes every
    /// Black piece; cut before its end, it has given five men for five and crowned a king.
    #[test]
    fn a_stroke_wins_the_game() {
        let v: Variant = "english".parse().unwrap();
        let b = Board::from_fen(v, "W:W30,29,22,21,9,6:B24,20,16,13,8,7").unwrap();
        let stroke = line(
            &b,
            "22-17 13x22 29-25 22x29 30-25 29x22 21-17 22x13 6-1 13x6 1x28 20-24 28x19",
        );
        assert_eq!(line_gain(&b, &stroke), Some(LineGain::Win));
        assert!(explain(&b, &stroke)
            .unwrap()
            .starts_with("22-17 wins the game: 22-17 13x22"));
        assert_eq!(
            line_gain(&b, &stroke[..11]),
            Some(LineGain::Crown { plies: 11 })
        );
        // Black's 13x22 alone: a man ahead for the other side, nothing for White.
        assert_eq!(line_gain(&b, &stroke[..2]), None);
    }

    #[test]
    fn nothing_won_is_none_and_a_crowning_is_named() {
        let v: Variant = "english".parse().unwrap();
        let quiet = Board::start(v);
        let l = line(&quiet, "11-15 22-18 15x22 25x18");
        assert_eq!(line_gain(&quiet, &l), None);
        let run = Board::from_fen(v, "B:W30:B26").unwrap();
        let l = line(&run, "26-31");
        assert_eq!(line_gain(&run, &l), Some(LineGain::Crown { plies: 1 }));
        assert_eq!(explain(&run, &l).unwrap(), "26-31 crowns: 26-31");
    }

    /// A self-play position of international draughts: White's shot wins three men, but
    /// Black gives a man to take two back (7-12 18x7 2x33). What is kept is one piece, on
    /// the board once Black has taken back after 31x11.
    #[test]
    fn a_gain_given_back_is_not_counted() {
        let v: Variant = "international".parse().unwrap();
        let b = Board::from_fen(
            v,
            "W:W25,26,28,35,36,37,38,42,49,50:B2,6,7,9,12,16,17,19,27,29",
        )
        .unwrap();
        let pv = line(
            &b,
            "37-31 9-14 31x11 6x17 36-31 12-18 31-27 18-22 27x18 17-21 26x17 7-12 18x7 2x33 38-32",
        );
        assert_eq!(
            line_gain(&b, &pv),
            Some(LineGain::Material {
                pieces: 1,
                plies: 3
            })
        );
        assert_eq!(
            explain(&b, &pv).unwrap(),
            "37-31 wins a piece: 37-31 9-14 31x11"
        );
        // Cut before the give-back, the line shows the three men.
        assert_eq!(
            line_gain(&b, &pv[..11]),
            Some(LineGain::Material {
                pieces: 3,
                plies: 11
            })
        );
        // A gain is shown only once it is on the board: Black's 17-22 gives a man, and only
        // 28x17 19x39 brings the two pieces in.
        let b = Board::from_fen(
            v,
            "B:W11,23,28,29,33,35,36,37,41,45,49,50:B1,4,5,6,8,14,16,19,20,21,26",
        )
        .unwrap();
        let pv = line(
            &b,
            "6x17 45-40 17-22 28x17 19x39 36-31 21x12 40-34 39x30 35x15",
        );
        assert_eq!(
            line_gain(&b, &pv),
            Some(LineGain::Material {
                pieces: 2,
                plies: 5
            })
        );
    }

    /// In giveaway, taking a man leaves the taker a piece ahead, which is no gain: only a line
    /// that ends the game in the mover's favour is named.
    #[test]
    fn giveaway_names_only_the_won_game() {
        let normal: Variant = "english".parse().unwrap();
        let fen = "B:W18,31:B14,9";
        let b = Board::from_fen(normal, fen).unwrap();
        let take = line(&b, "14x23");
        assert_eq!(explain(&b, &take).unwrap(), "14x23 wins a piece: 14x23");

        let losing: Variant = "english-giveaway".parse().unwrap();
        let b = Board::from_fen(losing, fen).unwrap();
        // The piece is still counted as material, but it is no gain.
        assert_eq!(
            material_gain(&b, &take),
            Some(LineGain::Material {
                pieces: 1,
                plies: 1
            })
        );
        assert_eq!(line_gain(&b, &take), None);
        assert_eq!(explain(&b, &take), None);
        // Black gives its last man away: left without a piece, it has won.
        let b = Board::from_fen(losing, "B:W23:B14").unwrap();
        let give = line(&b, "14-18 23x14");
        assert_eq!(line_gain(&b, &give), Some(LineGain::Win));
        assert_eq!(
            explain(&b, &give).unwrap(),
            "14-18 wins the game: 14-18 23x14"
        );
    }
}
