//! The engine and its opening book: a book move instead of a search where the book knows the
//! position, and the engine as the analyst that grows a book.

use crate::search::{Control, SearchInfo, SearchListener, SearchResult};
use crate::{Engine, Limits, Score, SearchInput, Style};
use damier_book::{Analyst, Book};
use damier_game::{AnyMove, Board};
use std::time::{Duration, Instant};

/// Book moves within this many hundredths of a man of the best are played in turn, for
/// variety between games; a book's values differ by at least that much from search noise.
pub const BOOK_MARGIN: i32 = 4;

/// Whether a book may answer this search: a game move (one line, a bounded search, not a
/// ponder) at full strength (a weak level plays its own moves), not an analysis.
pub(crate) fn may_answer(limits: &Limits, style: Style, lines: usize, control: &Control) -> bool {
    lines == 1
        && limits.is_bounded()
        && !control.is_pondering()
        && style.noise == 0
        && style.blunder_percent == 0
        && !style.skip_book
}

/// The book's move in the searched position, if the book knows it, with `draw` choosing
/// between equal moves.
pub(crate) fn book_move(
    book: &Book,
    input: &SearchInput,
    draw: u64,
    listener: &mut dyn SearchListener,
) -> Option<SearchResult> {
    let start = Instant::now();
    let choice = book.choose(&input.board, BOOK_MARGIN, draw)?;
    let after = input.board.play_unchecked(&choice.mv);
    let ponder = book.moves(&after).and_then(|m| m.first().map(|r| r.mv));
    let pv: Vec<AnyMove> = std::iter::once(choice.mv).chain(ponder).collect();
    let score = Score(choice.value);
    listener.on_info(&SearchInfo {
        multipv: 1,
        depth: 0,
        seldepth: 0,
        score,
        nodes: 0,
        time: start.elapsed(),
        nps: 0,
        pv: pv.clone(),
        hashfull: 0,
        egdb_hits: 0,
        egdb: None,
        book: true,
    });
    Some(SearchResult {
        best: Some(choice.mv),
        ponder,
        score,
        depth: 0,
        nodes: 0,
        time: start.elapsed(),
        pv,
        egdb: None,
        book: true,
    })
}

/// The engine scoring a position's moves for [`Book::grow`]: a multi-line search to a fixed
/// depth, without the book.
pub struct BookAnalyst<'a> {
    engine: &'a Engine,
    control: &'a Control,
    nodes: u64,
    time: Duration,
}

impl<'a> BookAnalyst<'a> {
    /// An analyst searching with `engine`; `control` stops its searches (an interrupted
    /// search scores nothing, and the book is left as it was).
    pub fn new(engine: &'a Engine, control: &'a Control) -> BookAnalyst<'a> {
        BookAnalyst {
            engine,
            control,
            nodes: 0,
            time: Duration::ZERO,
        }
    }

    /// Time searched so far.
    pub fn time(&self) -> Duration {
        self.time
    }
}

impl Analyst for BookAnalyst<'_> {
    fn analyse(&mut self, board: &Board, depth: u16, lines: usize) -> Option<Vec<(AnyMove, i32)>> {
        // The last report of each line: the deepest that line reached.
        let mut found: Vec<(i32, AnyMove, i32)> = Vec::new();
        let mut collect = |info: &SearchInfo| {
            let Some(&mv) = info.pv.first() else { return };
            found.retain(|&(_, m, _)| m != mv);
            found.push((info.depth, mv, info.score.0));
        };
        let input = SearchInput::new(*board);
        let r = self.engine.search_lines(
            &input,
            &Limits::depth(i32::from(depth)),
            Style::default(),
            lines,
            self.control,
            &mut collect,
        );
        self.nodes += r.nodes;
        self.time += r.time;
        if self.control.is_stopped() {
            return None;
        }
        let deepest = found.iter().map(|f| f.0).max().unwrap_or(0);
        Some(
            found
                .into_iter()
                .filter(|f| f.0 == deepest)
                .map(|(_, mv, score)| (mv, score))
                .collect(),
        )
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
