//! Example positions for the rules: small positions, White to move, in which a rule decides
//! what may be played. Each is found by trying random placements of a few pieces until the
//! rules core's own move list shows the rule at work, so an example can only say what the
//! program plays.

use damier_core::rng::{splitmix, GOLDEN};
use damier_core::rules::{CaptureChoice, KingLanding, KingRange, ManCapture, MidCapturePromotion};
use damier_core::{BitSet, Color, Rules, Square, Variant};
use damier_game::{AnyMove, Board};

/// A position that shows a rule, and the moves that rule demands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Example {
    /// The rule, in a few words ("Capturing is compulsory").
    pub title: &'static str,
    /// What to find, in a sentence.
    pub task: String,
    /// The position, White to move.
    pub fen: String,
    /// The moves that answer it (every legal move the rule allows), in short notation.
    pub answers: Vec<String>,
}

impl Example {
    /// The answers as the rules pages write them: "answer: 27x18", "answers: 27x18, 28x19".
    pub fn answers_text(&self) -> String {
        let plural = if self.answers.len() == 1 { "" } else { "s" };
        format!("answer{plural}: {}", self.answers.join(", "))
    }
}

/// Placements tried per example before giving it up.
const TRIES: u32 = 200_000;

/// The examples that `variant`'s rules call for, in the order a learner meets them.
pub fn examples(variant: Variant) -> Vec<Example> {
    let rules = variant.rules();
    let mut out = Vec::new();
    let mut add = |found: Option<Example>| out.extend(found);
    add(compulsory(variant));
    if matches!(
        rules.man_capture,
        ManCapture::ForwardBackward | ManCapture::AllEight
    ) {
        add(man_backward(variant));
    }
    if !rules.man_takes_king {
        add(man_spares_king(variant));
    }
    add(crowning(variant));
    if rules.promotion == MidCapturePromotion::ContinueAsKing {
        add(crowned_mid_capture(variant));
    }
    if rules.king == KingRange::Flying {
        add(flying_king(variant));
    }
    if rules.king_landing == KingLanding::DirectlyBehind {
        add(landing_behind(variant));
    }
    match rules.choice {
        CaptureChoice::Majority
        | CaptureChoice::Italian
        | CaptureChoice::MajorityThenKings
        | CaptureChoice::FrisianValue => add(take_the_most(variant)),
        CaptureChoice::KingFirst => add(king_first(variant)),
        CaptureChoice::Free => {}
    }
    out
}

/// Pieces to place: White men, White kings, Black men, Black kings.
type Counts = [usize; 4];

/// Random placements, seeded per example so that each example is the same on every run.
struct Placer {
    state: u64,
    squares: Vec<u32>,
    variant: Variant,
}

impl Placer {
    fn new(variant: Variant, seed: u64) -> Placer {
        let names = damier_core::SquareNames::of(variant.rules());
        Placer {
            state: seed,
            squares: names.in_order().map(Square::index).collect(),
            variant,
        }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        splitmix(self.state)
    }

    /// A position with these pieces on random squares, White to move, if the rules core
    /// accepts it (no two pieces on a square, no man on its crowning row).
    fn place(&mut self, counts: Counts) -> Option<Board> {
        let mut sets = [0u128; 2];
        let mut kings = 0u128;
        for (i, &n) in counts.iter().enumerate() {
            let color = if i < 2 { Color::White } else { Color::Black };
            for _ in 0..n {
                let pick = (self.next() % self.squares.len() as u64) as usize;
                let square = 1u128 << self.squares[pick];
                if (sets[0] | sets[1]) & square != 0 {
                    return None;
                }
                sets[color as usize] |= square;
                if i % 2 == 1 {
                    kings |= square;
                }
            }
        }
        Board::from_sets(self.variant, sets[0], sets[1], kings, Color::White).ok()
    }
}

/// Row of a square counted from White's back row.
fn row(rules: &Rules, square: u32) -> u32 {
    rules.board.coords(square).expect("a playing square").0
}

fn squares(set: u128) -> Vec<u32> {
    set.iter().collect()
}

/// Try placements of `counts` until `shows` accepts a position, returning its answers.
fn find(
    variant: Variant,
    seed: u64,
    counts: Counts,
    shows: impl Fn(&Board, &[AnyMove]) -> Option<Vec<AnyMove>>,
) -> Option<(Board, Vec<String>)> {
    let mut placer = Placer::new(variant, seed);
    for _ in 0..TRIES {
        let Some(board) = placer.place(counts) else {
            continue;
        };
        let moves = board.legal_moves();
        if moves.is_empty() {
            continue;
        }
        if let Some(answers) = shows(&board, &moves) {
            let mut texts: Vec<String> = answers.iter().map(|m| board.short(m)).collect();
            texts.sort();
            texts.dedup();
            return Some((board, texts));
        }
    }
    None
}

fn example(
    title: &'static str,
    task: impl Into<String>,
    found: Option<(Board, Vec<String>)>,
) -> Option<Example> {
    let (board, answers) = found?;
    Some(Example {
        title,
        task: task.into(),
        fen: board.fen(),
        answers,
    })
}

/// The same position without the pieces on `gone`.
fn without(board: &Board, gone: u128) -> Option<Board> {
    Board::from_sets(
        board.variant(),
        board.pieces(Color::White) & !gone,
        board.pieces(Color::Black) & !gone,
        board.kings() & !gone,
        Color::White,
    )
    .ok()
}

fn compulsory(variant: Variant) -> Option<Example> {
    let found = find(variant, 1, [2, 0, 1, 0], |board, moves| {
        let all_capture = moves.iter().all(|m| m.is_capture());
        let movers: u128 = moves.iter().fold(0, |s, m| s | u128::of(m.from));
        let idle = board.pieces(Color::White) & !movers;
        // The idle man would have a move of its own if capturing were not compulsory.
        let free = without(board, board.pieces(Color::Black) | movers)?;
        (all_capture && idle != 0 && !free.legal_moves().is_empty()).then(|| moves.to_vec())
    });
    example(
        "Capturing is compulsory",
        "White must capture, though the other man could make a quiet move: find the capture.",
        found,
    )
}

fn man_backward(variant: Variant) -> Option<Example> {
    let rules = variant.rules();
    let found = find(variant, 2, [1, 0, 2, 0], |_, moves| {
        moves
            .iter()
            .all(|m| m.is_capture() && row(rules, m.to.index()) < row(rules, m.from.index()))
            .then(|| moves.to_vec())
    });
    example(
        "Men capture backward",
        "White's man can take the piece behind it: find the capture.",
        found,
    )
}

fn man_spares_king(variant: Variant) -> Option<Example> {
    let found = find(variant, 3, [1, 0, 0, 1], |board, moves| {
        if moves.iter().any(|m| m.is_capture()) {
            return None;
        }
        // With a man in the king's place, the same man would have to capture.
        let swapped = Board::from_sets(
            board.variant(),
            board.pieces(Color::White),
            board.pieces(Color::Black),
            0,
            Color::White,
        )
        .ok()?;
        swapped
            .legal_moves()
            .iter()
            .any(|m| m.is_capture())
            .then(|| moves.to_vec())
    });
    example(
        "A man may not capture a king",
        "White's man stands next to the king with the square beyond empty, yet may not take \
         it: make any move.",
        found,
    )
}

fn crowning(variant: Variant) -> Option<Example> {
    let found = find(variant, 4, [2, 0, 1, 0], |_, moves| {
        let crowning: Vec<AnyMove> = moves
            .iter()
            .filter(|m| m.promotes && !m.is_capture())
            .copied()
            .collect();
        (!crowning.is_empty() && crowning.len() < moves.len()).then_some(crowning)
    });
    example(
        "A man on the far row is crowned",
        "One of White's men can reach the far row: make it a king.",
        found,
    )
}

fn crowned_mid_capture(variant: Variant) -> Option<Example> {
    let found = find(variant, 5, [1, 0, 2, 0], |board, moves| {
        let crowning = board.crowning_squares(Color::White);
        moves
            .iter()
            .all(|m| {
                let path = board.path(m);
                let crowned_on_the_way = path[..path.len() - 1]
                    .iter()
                    .any(|&s| crowning.has(u32::from(s)));
                m.promotes && m.captured.count() >= 2 && crowned_on_the_way
            })
            .then(|| moves.to_vec())
    });
    example(
        "Crowned in the middle of a capture",
        "White's man reaches the far row while capturing and goes on as a king: find the \
         capture.",
        found,
    )
}

/// The larger of the row and column distances between two squares.
fn distance(rules: &Rules, a: u32, b: u32) -> u32 {
    let (ra, ca) = rules.board.coords(a).expect("a playing square");
    let (rb, cb) = rules.board.coords(b).expect("a playing square");
    ra.abs_diff(rb).max(ca.abs_diff(cb))
}

fn flying_king(variant: Variant) -> Option<Example> {
    let rules = variant.rules();
    let found = find(variant, 6, [0, 1, 2, 0], |_, moves| {
        moves
            .iter()
            .all(|m| {
                let taken = squares(m.captured);
                taken.len() == 1 && distance(rules, m.from.index(), taken[0]) >= 3
            })
            .then(|| moves.to_vec())
    });
    example(
        "A king flies",
        "White's king captures from a distance: find the capture.",
        found,
    )
}

fn landing_behind(variant: Variant) -> Option<Example> {
    let rules = variant.rules();
    let found = find(variant, 7, [0, 1, 1, 0], |board, moves| {
        moves
            .iter()
            .all(|m| {
                let taken = squares(m.captured);
                let (from, to) = (m.from.index(), m.to.index());
                // Lands next to the captured piece although the line goes on, empty.
                taken.len() == 1
                    && distance(rules, to, taken[0]) == 1
                    && step_beyond(rules, from, to).is_some_and(|s| {
                        !board.pieces(Color::White).has(s) && !board.pieces(Color::Black).has(s)
                    })
            })
            .then(|| moves.to_vec())
    });
    example(
        "A king lands directly behind",
        "White's king takes the piece and must stop on the square just beyond it: find the \
         capture.",
        found,
    )
}

/// The square one step past `to` on the line from `from` through `to`.
fn step_beyond(rules: &Rules, from: u32, to: u32) -> Option<u32> {
    let (rf, cf) = rules.board.coords(from)?;
    let (rt, ct) = rules.board.coords(to)?;
    let step = |a: u32, b: u32| (b as i64 - a as i64).signum();
    let row = rt as i64 + step(rf, rt);
    let col = ct as i64 + step(cf, ct);
    if row < 0 || col < 0 {
        return None;
    }
    rules.board.index(row as u32, col as u32)
}

fn take_the_most(variant: Variant) -> Option<Example> {
    let frisian = variant.rules().choice == CaptureChoice::FrisianValue;
    let found = find(variant, 8, [2, 0, 3, 0], |board, moves| {
        let from = moves[0].from;
        if !moves
            .iter()
            .all(|m| m.from == from && m.captured.count() >= 2)
        {
            return None;
        }
        // Without the piece that must capture, the other one has a capture of its own.
        let other = without(board, u128::of(from))?;
        let smaller = other.legal_moves();
        (!smaller.is_empty() && smaller.iter().all(|m| m.captured.count() == 1))
            .then(|| moves.to_vec())
    });
    example(
        if frisian {
            "Take the highest value"
        } else {
            "Take the most pieces"
        },
        "Both men can capture, but only the capture that takes more is allowed: find it.",
        found,
    )
}

fn king_first(variant: Variant) -> Option<Example> {
    let found = find(variant, 9, [1, 1, 2, 0], |board, moves| {
        let kings = board.kings() & board.pieces(Color::White);
        if !moves.iter().all(|m| kings.has(u32::from(m.from))) {
            return None;
        }
        // Without the king, the man would capture.
        let other = without(board, kings)?;
        other
            .legal_moves()
            .iter()
            .any(|m| m.is_capture())
            .then(|| moves.to_vec())
    });
    example(
        "The king captures first",
        "Both the man and the king can capture; the king must: find its capture.",
        found,
    )
}
