//! The book: positions met in the openings, each with its best moves and their values.

use crate::grow::Settings;
use damier_core::move_code;
use damier_core::rng::splitmix;
use damier_core::Variant;
use damier_game::{AnyMove, Board};
use std::collections::HashMap;

/// Scores are kept within this many hundredths of a man: a book holds openings, where a
/// forced game end is out of sight, and a stored score fits an `i16`.
pub const SCORE_LIMIT: i32 = 20_000;

/// A move of a position the book analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) mv: AnyMove,
    /// The search's score of the move, in hundredths of a man for the side to move.
    pub(crate) score: i16,
    /// The key of the position the move leads to.
    pub(crate) child: u64,
}

/// A position of the book and the moves its search scored (best first).
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) board: Board,
    pub(crate) entries: Vec<Entry>,
}

/// A move the book knows, with its value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: AnyMove,
    /// Its value in hundredths of a man: the minimax of the book's searches below it.
    pub value: i32,
    /// Whether the position it leads to is in the book too (so that `value` comes from
    /// deeper than the search of this position).
    pub followed: bool,
}

/// An opening book of one variant.
///
/// Positions are keyed by their Zobrist hash and kept with their board, so a probe compares
/// the whole position, never the hash alone.
#[derive(Clone, Debug)]
pub struct Book {
    pub(crate) variant: Variant,
    pub(crate) roots: Vec<Board>,
    pub(crate) settings: Settings,
    pub(crate) nodes: HashMap<u64, Node>,
    /// The value of every position, for its side to move (kept up to date by every change).
    pub(crate) values: HashMap<u64, i32>,
}

impl Book {
    /// An empty book of `variant`, to be grown from its start position (and, in the games
    /// that play them, from the three-move ballots) with `settings`.
    pub fn new(variant: Variant, settings: Settings) -> Book {
        let mut roots = vec![Board::start(variant)];
        if damier_game::ballot::plays_in(variant) {
            roots.extend(
                damier_game::ballot::Deck::ThreeMove
                    .in_play()
                    .filter_map(|b| b.game_in(variant).ok())
                    .map(|g| *g.position()),
            );
        }
        Book {
            variant,
            roots,
            settings,
            nodes: HashMap::new(),
            values: HashMap::new(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The settings it was grown with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The positions it grows from: the start, and the ballots where they are played.
    pub fn roots(&self) -> &[Board] {
        &self.roots
    }

    /// Grow on with other settings (they are stored with the book).
    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The moves the book knows in `board`, best first, or `None` when the position is not
    /// in the book (or is of another variant).
    pub fn moves(&self, board: &Board) -> Option<Vec<BookMove>> {
        let node = self.node(board)?;
        let mut moves: Vec<BookMove> = node
            .entries
            .iter()
            .map(|e| BookMove {
                mv: e.mv,
                value: self.entry_value(e),
                followed: self.nodes.contains_key(&e.child),
            })
            .collect();
        moves.sort_by_key(|m| -m.value);
        Some(moves)
    }

    /// The move to play in `board`: one of the moves within `margin` hundredths of the best,
    /// picked by `draw` (any number: the same number picks the same move), or `None` when the
    /// position is not in the book.
    pub fn choose(&self, board: &Board, margin: i32, draw: u64) -> Option<BookMove> {
        let moves = self.moves(board)?;
        let best = moves.first()?.value;
        let near: Vec<&BookMove> = moves.iter().filter(|m| m.value >= best - margin).collect();
        Some(*near[(splitmix(draw) % near.len() as u64) as usize])
    }

    pub(crate) fn node(&self, board: &Board) -> Option<&Node> {
        if board.variant() != self.variant {
            return None;
        }
        self.nodes
            .get(&board.hash())
            .filter(|n| n.board.key() == board.key())
    }

    /// The value of a move: what the book knows below it, or its search score.
    pub(crate) fn entry_value(&self, e: &Entry) -> i32 {
        match self.values.get(&e.child) {
            Some(v) => -v,
            None => i32::from(e.score),
        }
    }

    /// Add a position and its scored moves (best first or not), then bring the values up to
    /// date. Moves are given with scores in hundredths of a man for the side to move.
    pub(crate) fn insert(&mut self, board: Board, scored: &[(AnyMove, i32)]) {
        self.insert_node(board, scored);
        self.refresh_values();
    }

    /// [`Book::insert`] without the values (a file's positions are read, then valued once).
    pub(crate) fn insert_node(&mut self, board: Board, scored: &[(AnyMove, i32)]) {
        let mut entries: Vec<Entry> = scored
            .iter()
            .map(|&(mv, score)| Entry {
                mv,
                score: score.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16,
                child: board.play_unchecked(&mv).hash(),
            })
            .collect();
        entries.sort_by_key(|e| -e.score);
        self.nodes.insert(board.hash(), Node { board, entries });
    }

    /// The minimax value of every position from its moves' search scores. A move back into a
    /// position being valued (a king's repetition) counts its own score.
    pub(crate) fn refresh_values(&mut self) {
        let mut values = HashMap::with_capacity(self.nodes.len());
        let mut on_path = std::collections::HashSet::new();
        let keys: Vec<u64> = self.nodes.keys().copied().collect();
        for key in keys {
            self.value_of(key, &mut values, &mut on_path);
        }
        self.values = values;
    }

    fn value_of(
        &self,
        key: u64,
        values: &mut HashMap<u64, i32>,
        on_path: &mut std::collections::HashSet<u64>,
    ) -> Option<i32> {
        if let Some(&v) = values.get(&key) {
            return Some(v);
        }
        let node = self.nodes.get(&key)?;
        if !on_path.insert(key) {
            return None;
        }
        let mut best = None;
        for e in &node.entries {
            let v = match self.value_of(e.child, values, on_path) {
                Some(child) => -child,
                None => i32::from(e.score),
            };
            best = Some(best.map_or(v, |b: i32| b.max(v)));
        }
        on_path.remove(&key);
        // A position whose search found no move (none is ever stored) counts as even.
        let v = best.unwrap_or(0);
        values.insert(key, v);
        Some(v)
    }

    /// Every position of the book with its distance in plies from the nearest start position,
    /// nearest first.
    pub fn positions(&self) -> Vec<(Board, u32)> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut seen = std::collections::HashSet::new();
        let mut queue: std::collections::VecDeque<(u64, u32)> =
            self.roots.iter().map(|r| (r.hash(), 0)).collect();
        while let Some((key, ply)) = queue.pop_front() {
            let Some(node) = self.nodes.get(&key) else {
                continue;
            };
            if !seen.insert(key) {
                continue;
            }
            out.push((node.board, ply));
            queue.extend(node.entries.iter().map(|e| (e.child, ply + 1)));
        }
        out
    }

    /// How many positions lie at each distance from the start positions: index 0 counts the
    /// start positions in the book, index 1 the positions one ply away, and so on.
    pub fn positions_by_ply(&self) -> Vec<usize> {
        let mut by_ply = Vec::new();
        for (_, ply) in self.positions() {
            let ply = ply as usize;
            if by_ply.len() <= ply {
                by_ply.resize(ply + 1, 0);
            }
            by_ply[ply] += 1;
        }
        by_ply
    }

    /// The book as text, one line per position, nearest the start first: its FEN, then for
    /// each move, best first, a tab, the move in the variant's notation, a space and its
    /// value in hundredths of a man (docs/book-format.md).
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (board, _) in self.positions() {
            text.push_str(&board.fen());
            for m in self.moves(&board).unwrap_or_default() {
                text.push_str(&format!("\t{} {}", board.short(&m.mv), m.value));
            }
            text.push('\n');
        }
        text
    }

    /// The book's line from `board`: the best move of each position while the book has one.
    pub fn main_line(&self, board: &Board) -> Vec<AnyMove> {
        let mut line = Vec::new();
        let mut board = *board;
        let mut seen = std::collections::HashSet::new();
        while let Some(best) = self.moves(&board).and_then(|m| m.first().copied()) {
            if !seen.insert(board.hash()) {
                break;
            }
            line.push(best.mv);
            board = board.play_unchecked(&best.mv);
        }
        line
    }

    /// The move codes of a node's entries, checked against the legal moves of its board: a
    /// code that names no legal move means the file was not made for this position.
    pub(crate) fn resolve(board: &Board, codes: &[(u32, i16)]) -> Option<Vec<(AnyMove, i32)>> {
        let legal = board.legal_moves();
        codes
            .iter()
            .map(|&(code, score)| {
                move_code::find(&legal, code).map(|i| (legal[i], i32::from(score)))
            })
            .collect()
    }
}
