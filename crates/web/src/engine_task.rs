//! Running the engine for a game: its moves, analysis of any position, and evaluations of
//! every position for the graph. Searches run on tokio's blocking threads, at most
//! [`crate::ServeOptions::search_slots`] at once, engine moves first
//! ([`crate::scheduler`]); their iterations are published to WebSocket watchers as
//! `analysis` events.

use crate::app::App;
use crate::caps::AnalysisTicket;
use crate::error::ApiError;
use crate::notes::{line_steps, MoveStep};
use crate::scheduler::Slot;
use crate::session::{Actor, BusyKind, Eval, Session};
use crate::store::GameEntry;
use damier_engine::{
    Control, Level, Limits, LineReport, SearchInfo, SearchInput, SearchResult, Style,
};
use serde::Serialize;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// Longest analysis a client may ask for.
pub const MAX_ANALYSIS: Duration = Duration::from_secs(300);

/// The longest an analysis holds a search thread before letting others take their turn.
const SLICE: Duration = Duration::from_secs(1);

/// A search that ends this much before its slice's time ended by itself (its depth, a
/// forced result), not by the clock.
const SLICE_MARGIN: Duration = Duration::from_millis(50);

/// Where a search's iterations come from, for the events.
#[derive(Clone, Copy)]
enum Source {
    Engine,
    Analysis,
    Game,
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::Engine => "engine",
            Source::Analysis => "analysis",
            Source::Game => "game",
        }
    }
}

/// One search to run for a game.
struct Job {
    id: u64,
    ply: usize,
    /// A variation played from the game's position after `ply` (long forms): what is
    /// searched is the position at its end.
    moves: Vec<String>,
    /// The search is of the position with the other side to move (the threat).
    threat: bool,
    input: SearchInput,
    limits: Limits,
    style: Style,
    /// Lines reported at each depth (multi-PV); 1 but for an analysis that asks for more.
    lines: usize,
    control: Arc<Control>,
    source: Source,
}

/// Tell watchers about a change and let the engine move if it is its turn.
/// An engine-against-engine game nobody watches stops here until it is asked for again.
pub fn after_change(app: &Arc<App>, entry: &Arc<GameEntry>) {
    let mut s = entry.lock();
    // A deleted game plays on for nobody (and must not be written back).
    if entry.is_deleted() {
        return;
    }
    if let Some(level) = s.engine_turn() {
        let idle_ms = app.options.idle_after.as_millis() as u64;
        let unwatched = entry.unwatched_for(app.store.now());
        if s.engines_only() && unwatched.is_some_and(|ms| ms > idle_ms) {
            s.idle = true;
            s.changed();
        } else {
            start_engine_move(app, entry, &mut s, level);
        }
    }
    entry.publish(&s);
}

/// The engine chooses a move for the side to move (its own turn, or a human's who asked).
pub fn start_engine_move(app: &Arc<App>, entry: &Arc<GameEntry>, s: &mut Session, level: Level) {
    let game = s.game();
    let side = game.side_to_move();
    let ply = game.plies().len();
    let clock = s
        .play
        .timed_clock()
        .and_then(|c| Limits::for_clock(c, side));
    let limits = level.limits(clock);
    let style = Style::of_level(
        level,
        s.seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    let input = SearchInput::from_game(game);
    let control = Arc::new(Control::new());
    let id = s.start_busy(BusyKind::EngineMove, control.clone());
    let job = Job {
        id,
        ply,
        moves: Vec::new(),
        threat: false,
        input,
        limits,
        style,
        lines: 1,
        control,
        source: Source::Engine,
    };
    let (app, entry) = (app.clone(), entry.clone());
    tokio::spawn(async move {
        let board = job.input.board;
        let id = job.id;
        let result = run(&app, &entry, job).await;
        {
            let mut s = entry.lock();
            if !s.finish_busy(id) {
                return;
            }
            // A move chosen (and scored) for another position must not be played there: its
            // score is another side's, and its move may be legal for the wrong side.
            let stale = s.game().plies().len() != ply || *s.game().position() != board;
            let Some(r) = result.filter(|_| !stale) else {
                // The search failed: leave the turn to a person (undo, or "engine move"). A
                // stale one leaves it to whoever is to move now.
                if stale {
                    drop(s);
                    after_change(&app, &entry);
                } else {
                    entry.publish(&s);
                }
                return;
            };
            if let Some(best) = r.best {
                let pv = board.line_words(&r.pv);
                let book = r.book;
                s.play_engine_move(
                    &best,
                    Eval {
                        book,
                        ..Eval::searched(r.score, r.depth, pv)
                    },
                );
            }
        }
        after_change(&app, &entry);
    });
}

/// What an analysis is asked to search.
#[derive(Clone, Copy)]
pub struct AnalysisAsk<'a> {
    /// The game's position after this many plies (default: the current one)…
    pub ply: Option<usize>,
    /// …and then these moves (a variation).
    pub moves: &'a [String],
    /// The position with the other side to move instead (the threat).
    pub threat: bool,
    /// The longest time.
    pub time: Duration,
    /// Best moves reported at each depth.
    pub lines: usize,
    /// Who asks: only that seat (or the creator) may stop or replace it.
    pub by: Actor,
}

/// Start the analysis `ask` describes; `ticket` (the client's place) is held until it ends.
///
/// # Errors
/// Conflict while the engine chooses a move or when the position has no move; invalid ply
/// or variation.
pub fn start_analysis(
    app: &Arc<App>,
    entry: &Arc<GameEntry>,
    ask: &AnalysisAsk<'_>,
    ticket: Option<AnalysisTicket>,
) -> Result<usize, ApiError> {
    let AnalysisAsk {
        ply,
        moves,
        threat,
        time,
        lines,
        by,
    } = *ask;
    let mut s = entry.lock();
    refuse_while_moving(&s)?;
    s.check_analysis_owner(by)?;
    let ply = ply.unwrap_or(s.game().plies().len());
    let game = s
        .game_at(ply)
        .ok_or_else(|| ApiError::Invalid(format!("the game has no position after ply {ply}")))?;
    let (mut input, moves) = variation(SearchInput::from_game(&game), moves)?;
    if threat {
        // What the opponent would play if the side to move passed.
        input = SearchInput::threat(&input.board);
    }
    input
        .check_searchable()
        .map_err(|e| ApiError::Conflict(e.to_string()))?;
    let control = Arc::new(Control::new());
    let id = s.start_busy_for(BusyKind::Analysis { ply }, control.clone(), by);
    entry.publish(&s);
    drop(s);
    let job = Job {
        id,
        ply,
        moves,
        threat,
        input,
        limits: Limits::move_time(time.min(MAX_ANALYSIS)),
        // An analysis shows the engine's view of the position, not the book's.
        style: Style {
            skip_book: true,
            ..Style::default()
        },
        lines,
        control,
        source: Source::Analysis,
    };
    let (app, entry) = (app.clone(), entry.clone());
    tokio::spawn(async move {
        let id = job.id;
        // A variation's scores are not the game's: only the game's own positions are kept.
        let on_game_line = job.moves.is_empty() && !job.threat;
        let result = run(&app, &entry, job).await;
        // The client's place is free again once its analysis ended.
        drop(ticket);
        let mut s = entry.lock();
        if let Some(r) = result.filter(|_| on_game_line) {
            if s.is_current(id) {
                let pv = s.game().positions()[ply].line_words(&r.pv);
                s.record_eval(ply, Eval::searched(r.score, r.depth, pv));
            }
        }
        s.finish_busy(id);
        drop(s);
        // The engine may have a turn waiting for the analysis to end (a game of the engine
        // against itself resumed meanwhile).
        after_change(&app, &entry);
    });
    Ok(ply)
}

/// The search input at the end of `moves` (short or long texts) from `input`, and the moves
/// in long form.
///
/// # Errors
/// [`ApiError::Invalid`] naming the first move that is not legal where it stands.
fn variation(
    mut input: SearchInput,
    moves: &[String],
) -> Result<(SearchInput, Vec<String>), ApiError> {
    let mut long = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let board = input.board;
        let mv = board
            .find_move(text, None)
            .map_err(|e| ApiError::Invalid(format!("moves[{i}]: {e}")))?;
        long.push(board.long(&mv));
        input = input
            .played(&mv)
            .map_err(|e| ApiError::Invalid(format!("moves[{i}]: {e}")))?;
    }
    Ok((input, long))
}

/// Evaluate every position of the game to `depth` (those not yet known that deep), one
/// after the other, publishing the game after each so the graph fills in.
///
/// # Errors
/// Conflict while the engine chooses a move.
pub fn start_game_evals(
    app: &Arc<App>,
    entry: &Arc<GameEntry>,
    depth: i32,
    by: Actor,
) -> Result<usize, ApiError> {
    let mut s = entry.lock();
    refuse_while_moving(&s)?;
    s.check_analysis_owner(by)?;
    let plies: Vec<usize> = (0..s.game().positions().len())
        .filter(|&i| {
            s.evals[i].as_ref().is_none_or(|e| e.depth < depth)
                && !s.game().positions()[i].legal_moves().is_empty()
        })
        .collect();
    let control = Arc::new(Control::new());
    let id = s.start_busy_for(BusyKind::GameEvals, control.clone(), by);
    let inputs: Vec<(usize, SearchInput)> = plies
        .iter()
        .filter_map(|&p| Some((p, SearchInput::from_game(&s.game_at(p)?))))
        .collect();
    entry.publish(&s);
    drop(s);
    let count = inputs.len();
    let (app, entry) = (app.clone(), entry.clone());
    tokio::spawn(async move {
        for (ply, input) in inputs {
            if control.is_stopped() {
                break;
            }
            let job = Job {
                id,
                ply,
                moves: Vec::new(),
                threat: false,
                input,
                limits: Limits {
                    depth: Some(depth),
                    move_time: Some(Duration::from_secs(2)),
                    ..Limits::default()
                },
                style: Style::default(),
                lines: 1,
                control: control.clone(),
                source: Source::Game,
            };
            let board = job.input.board;
            let Some(r) = run(&app, &entry, job).await else {
                break;
            };
            let mut s = entry.lock();
            if !s.is_current(id) {
                return;
            }
            s.record_eval(
                ply,
                Eval::searched(r.score, r.depth, board.line_words(&r.pv)),
            );
            s.changed();
            entry.publish(&s);
        }
        let finished = entry.lock().finish_busy(id);
        // As after an analysis: the engine's turn may be waiting. A job cancelled was
        // followed by whoever cancelled it.
        if finished {
            after_change(&app, &entry);
        }
    });
    Ok(count)
}

/// Stop an analysis or the game evaluations (not an engine move) for `by`.
///
/// # Errors
/// Forbidden for an analysis another seat asked for.
pub fn stop_analysis(entry: &GameEntry, by: Actor) -> Result<(), ApiError> {
    let mut s = entry.lock();
    s.check_analysis_owner(by)?;
    s.stop_analysis();
    entry.publish(&s);
    Ok(())
}

fn refuse_while_moving(s: &Session) -> Result<(), ApiError> {
    if s.busy.as_ref().map(|b| b.kind) == Some(BusyKind::EngineMove) {
        return Err(ApiError::Conflict(
            "the engine is choosing its move; analyse after it has played".into(),
        ));
    }
    Ok(())
}

/// Run one search on the server's search threads; `None` if it was cancelled first or
/// failed. The engine's move takes the first thread free (or one an analysis gives up for
/// it); an analysis runs in slices that give way to engine moves ([`crate::scheduler`]).
async fn run(app: &Arc<App>, entry: &Arc<GameEntry>, job: Job) -> Option<SearchResult> {
    let job = Arc::new(job);
    let reported = Arc::new(AtomicI32::new(0));
    if let Source::Engine = job.source {
        let slot = app.scheduler.for_move().await;
        if job.control.is_stopped() && !entry.lock().is_current(job.id) {
            return None;
        }
        let control = job.control.clone();
        let result = search(entry, &job, job.limits, control, slot, &reported).await;
        app.log_damage(entry);
        return result;
    }
    let started = Instant::now();
    let mut best: Option<SearchResult> = None;
    loop {
        let (slot, slice) = app.scheduler.for_analysis(&job.control).await;
        if job.control.is_stopped() || !entry.lock().is_current(job.id) {
            return best;
        }
        let left = job
            .limits
            .move_time
            .map(|t| t.saturating_sub(started.elapsed()));
        if left == Some(Duration::ZERO) {
            return best;
        }
        // One slice at a time, so that analyses waiting for a thread take turns.
        let turn = left.map_or(SLICE, |l| l.min(SLICE));
        let limits = Limits {
            move_time: Some(turn),
            ..job.limits
        };
        let slice_started = Instant::now();
        let result = search(entry, &job, limits, slice.clone(), slot, &reported).await;
        app.log_damage(entry);
        let done_early = result
            .as_ref()
            .is_some_and(|r| r.time + SLICE_MARGIN < turn);
        if let Some(r) = result {
            if best.as_ref().is_none_or(|b| r.depth >= b.depth) {
                best = Some(r);
            }
        }
        let stopped_by_owner = job.control.is_stopped();
        // Stopped for an engine move, or its turn over with time left: queue for the rest.
        let preempted = slice.is_stopped() && !stopped_by_owner;
        let turn_over = !done_early && slice_started.elapsed() >= turn && left != Some(turn);
        if stopped_by_owner || !(preempted || turn_over) {
            return best;
        }
    }
}

/// One search on a held thread, publishing its iterations deeper than any published before
/// (a slice after the first goes over its depths again, quickly, from the table).
async fn search(
    entry: &Arc<GameEntry>,
    job: &Arc<Job>,
    limits: Limits,
    control: Arc<Control>,
    slot: Slot,
    reported: &Arc<AtomicI32>,
) -> Option<SearchResult> {
    let engine = entry.engine();
    let watcher = Arc::downgrade(entry);
    let (job, reported) = (job.clone(), reported.clone());
    tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let floor = reported.load(Ordering::Relaxed);
        let mut listener = |info: &SearchInfo| {
            if info.depth > floor {
                if info.multipv == 1 {
                    reported.fetch_max(info.depth, Ordering::Relaxed);
                }
                publish_info(&watcher, &job, info);
            }
        };
        engine.search_lines(
            &job.input,
            &limits,
            job.style,
            job.lines,
            &control,
            &mut listener,
        )
    })
    .await
    .ok()
}

/// An analysis event on the game's WebSocket: the engine's [`LineReport`] and where it
/// stands (API.md, "Events").
#[derive(Serialize)]
struct AnalysisEvent<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    source: &'static str,
    ply: usize,
    moves: &'a [String],
    threat: bool,
    #[serde(flatten)]
    line: LineReport,
    /// The line's moves, each with its squares and the position after it.
    pv_moves: Vec<MoveStep>,
    egdb_damage: Option<String>,
    explain: Option<String>,
}

/// Record an iteration and send it to the game's watchers.
fn publish_info(entry: &Weak<GameEntry>, job: &Job, info: &SearchInfo) {
    let Some(entry) = entry.upgrade() else {
        return;
    };
    let board = job.input.board;
    {
        let mut s = entry.lock();
        if !s.is_current(job.id) {
            return;
        }
        // The evaluation of the position is the best line's.
        if info.multipv == 1 && job.moves.is_empty() && !job.threat {
            s.record_info(job.ply, info);
        }
    }
    // The line is played out once: its words are its steps' short forms.
    let steps = line_steps(&board, &info.pv);
    let words = steps.iter().map(|s| s.info.short.clone()).collect();
    let event = AnalysisEvent {
        kind: "analysis",
        source: job.source.name(),
        ply: job.ply,
        moves: &job.moves,
        threat: job.threat,
        line: LineReport::with_words(board.side(), info, words),
        pv_moves: steps,
        egdb_damage: egdb_damage(&entry),
        explain: damier_game::explain(&board, &info.pv),
    };
    let event = serde_json::to_string(&event).expect("an analysis event serialises");
    // No watcher is not an error.
    let _ = entry.events.send(Arc::from(event));
}

/// What a client is told of a damaged database block the game's engine met (its searches
/// go on without it), if any: the file's name, not the server's folders.
fn egdb_damage(entry: &GameEntry) -> Option<String> {
    let damage = entry.engine().egdb()?.damage()?.clone();
    let name = damage.file.file_name().map_or_else(
        || damage.file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Some(format!(
        "the endgame database file {name} cannot be read ({}): the engine goes on without \
         that part of the database",
        damage.reason
    ))
}

/// For a game with a clock: wake when the side to move's time would run out and apply the
/// time-out, so that a silent player still loses on time and watchers see it.
pub fn watch_clock(app: &Arc<App>, entry: &Arc<GameEntry>) {
    if entry.lock().play.timed_clock().is_none() {
        return;
    }
    let weak = Arc::downgrade(entry);
    let app = app.clone();
    tokio::spawn(async move {
        loop {
            let wait = {
                let Some(e) = weak.upgrade() else { return };
                let s = e.lock();
                // A watcher or a request may keep a deleted entry alive: its clock stops.
                if s.game().is_over() || e.is_deleted() {
                    return;
                }
                s.play.time_left_to_move()
            };
            let wait = wait.map_or(Duration::from_secs(1), |d| {
                d.min(Duration::from_secs(1)) + Duration::from_millis(2)
            });
            tokio::time::sleep(wait).await;
            let Some(e) = weak.upgrade() else { return };
            if e.is_deleted() {
                return;
            }
            let changed = e.lock().check_time();
            if changed {
                after_change(&app, &e);
            }
        }
    });
}
