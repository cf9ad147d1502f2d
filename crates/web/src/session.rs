//! [`Session`]: one game on the server — the game and its clock, who plays each side, the
//! tokens that let a client act for a side, the evaluations known for each position, and
//! whether the engine is busy with it. Everything here is synchronous and quick: handlers
//! lock a session, act, and unlock; searches run elsewhere (`engine_task`).

use crate::error::ApiError;
use damier_core::Color;
use damier_engine::{Control, Level, Score, SearchInfo};
use damier_game::takeback::{self, Taker};
use damier_game::{
    AnyMove, Board, Clock, Game, GameError, SystemTime, TimeControl, TimeSource, TimedGame,
    TimeoutPenalty,
};
use std::sync::Arc;

/// A game on a real-time clock (an untimed one under [`TimeControl::Unlimited`]).
pub(crate) fn real_time(game: Game, control: TimeControl, penalty: TimeoutPenalty) -> TimedGame {
    // The clock starts with the first move: a game made by one click may wait for its players.
    TimedGame::starting_at_first_move(game, Clock::new(control, real_time_source()), penalty)
}

/// The time the server's clocks read.
pub(crate) fn real_time_source() -> Arc<dyn TimeSource> {
    Arc::new(SystemTime::new())
}

pub use damier_engine::Player;

/// Who a request acts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The game's creator: acts for every human side.
    Master,
    /// A player invited by a link: acts for one side.
    Side(Color),
}

/// A token as the server keeps it: its SHA-256, in hex. A token is shown once, to whoever
/// made the game; a copy of the games database (or a glance at it) does not give the right
/// to move for anyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenHash(pub String);

impl TokenHash {
    /// The hash of `token`.
    pub fn of(token: &str) -> TokenHash {
        use sha2::Digest as _;
        TokenHash(crate::ids::hex(&sha2::Sha256::digest(token.as_bytes())))
    }
}

/// The tokens of a new game, as given to its creator: the only time they are seen.
#[derive(Clone, Debug)]
pub struct Tokens {
    /// The creator's.
    pub master: String,
    /// Each human side's (`None` for an engine side), for invitations.
    pub side: [Option<String>; 2],
}

/// The secrets of a game: the creator's token and one per human side for invitations.
#[derive(Clone, Debug)]
pub struct Seats {
    /// The creator's token: acts for every human side (takebacks and deletion included),
    /// or only for `creator_side` in a game for two screens.
    pub master: TokenHash,
    /// Acts for one side (`None` for an engine side).
    pub side: [Option<TokenHash>; 2],
    /// In a game between two people on two screens, the side the creator plays: the other
    /// plays through the link, and neither token acts for the other's side.
    pub creator_side: Option<Color>,
}

impl Seats {
    /// The seats of `tokens`.
    pub fn of(tokens: &Tokens, creator_side: Option<Color>) -> Seats {
        Seats {
            master: TokenHash::of(&tokens.master),
            side: tokens
                .side
                .each_ref()
                .map(|t| t.as_deref().map(TokenHash::of)),
            creator_side,
        }
    }
}

/// An evaluation of a position, kept for the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eval {
    /// Score for the side to move in that position.
    pub score: Score,
    /// Depth searched.
    pub depth: i32,
    /// The best line, in notation.
    pub pv: Vec<String>,
    /// The opening book's value, not a search's (`depth` is 0).
    pub book: bool,
}

impl Eval {
    /// A search's evaluation.
    pub fn searched(score: Score, depth: i32, pv: Vec<String>) -> Eval {
        Eval {
            score,
            depth,
            pv,
            book: false,
        }
    }
}

/// What the engine is doing for this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BusyKind {
    /// Choosing a move for the side to move.
    EngineMove,
    /// Analysing the position after `ply` plies.
    Analysis {
        /// Position index (0 = start).
        ply: usize,
    },
    /// Evaluating every position of the game for the graph.
    GameEvals,
}

/// A running search and the handle that stops it.
#[derive(Clone, Debug)]
pub struct Busy {
    /// What it is for.
    pub kind: BusyKind,
    /// Stops it.
    pub control: Arc<Control>,
    /// Identifies the job: a finished search whose job is no longer current is discarded.
    pub job: u64,
    /// Who asked for an analysis: another seat may not stop it or put its own in its place.
    pub by: Option<Actor>,
}

/// One game on the server.
#[derive(Debug)]
pub struct Session {
    pub(crate) id: String,
    pub(crate) play: TimedGame,
    pub(crate) players: [Player; 2],
    pub(crate) seats: Seats,
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) evals: Vec<Option<Eval>>,
    pub(crate) busy: Option<Busy>,
    pub(crate) version: u64,
    pub(crate) seed: u64,
    /// The answer to a draw offer or a takeback request that was declined ("Black declines
    /// White's draw offer"), until the side that offered or asked moves again.
    pub(crate) draw_answer: Option<String>,
    /// Who the answer is for: it stays until that side moves (`None`: until any move, as
    /// after a restart, which does not keep it).
    answer_to: Option<Color>,
    /// Two people chose at the start to allow engine moves and analysis while they play.
    pub(crate) casual: bool,
    /// A side of two people asks the other to take its last move back, until answered or a
    /// move is made.
    pub(crate) takeback_request: Option<Color>,
    /// Engine-against-engine play stopped by the creator until resumed.
    pub(crate) paused: bool,
    /// Engine-against-engine play stopped because nobody watched; any request resumes it.
    pub(crate) idle: bool,
    jobs: u64,
}

/// A move as a client sends it.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move in short or long notation (`32-28`, `28x19x10`).
    #[serde(rename = "move")]
    pub text: String,
    /// The captured squares, to pick one of several moves with the same landing squares.
    #[serde(default)]
    pub captured: Option<Vec<String>>,
    /// Offer a draw with the move.
    #[serde(default)]
    pub offer_draw: bool,
    /// Plies played before this move, as the client saw the game: a stale client (or a
    /// repeated request) gets a conflict instead of playing a move twice.
    #[serde(default)]
    pub ply: Option<usize>,
}

impl Session {
    /// A session for `play`, with its players and seats.
    pub fn new(
        id: String,
        play: TimedGame,
        players: [Player; 2],
        seats: Seats,
        tags: Vec<(String, String)>,
        seed: u64,
    ) -> Session {
        let mut s = Session {
            id,
            play,
            players,
            seats,
            tags,
            evals: Vec::new(),
            busy: None,
            version: 1,
            seed,
            draw_answer: None,
            answer_to: None,
            takeback_request: None,
            casual: false,
            paused: false,
            idle: false,
            jobs: 0,
        };
        s.sync_evals();
        s
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.play.game()
    }

    /// The version: it grows with every change a client can see.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.players[color as usize]
    }

    /// Who the request with `token` acts as.
    ///
    /// # Errors
    /// [`ApiError::Forbidden`] without a token or with one of another game.
    pub fn actor(&self, token: Option<&str>) -> Result<Actor, ApiError> {
        let Some(token) = token else {
            return Err(ApiError::Forbidden(
                "this action needs the game's token (Authorization: Bearer <token>)".into(),
            ));
        };
        let hash = TokenHash::of(token);
        if hash == self.seats.master {
            return Ok(match self.seats.creator_side {
                Some(side) => Actor::Side(side),
                None => Actor::Master,
            });
        }
        for c in [Color::White, Color::Black] {
            if self.seats.side[c as usize].as_ref() == Some(&hash) {
                return Ok(Actor::Side(c));
            }
        }
        Err(ApiError::Forbidden(
            "this token does not belong to this game".into(),
        ))
    }

    /// The sides `actor` may act for (human sides only).
    pub fn sides_of(&self, actor: Actor) -> Vec<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| self.may_act_for(actor, c))
            .collect()
    }

    fn may_act_for(&self, actor: Actor, color: Color) -> bool {
        self.player(color) == Player::Human
            && match actor {
                Actor::Master => true,
                Actor::Side(c) => c == color,
            }
    }

    /// Refuse unless `actor` may act for the side to move, the game runs, and `ply` (if
    /// given) is the number of plies played.
    fn check_turn(&self, actor: Actor, ply: Option<usize>) -> Result<Color, ApiError> {
        if let Some(r) = self.game().result() {
            return Err(ApiError::Conflict(format!(
                "the game is over ({})",
                r.describe()
            )));
        }
        let side = self.game().side_to_move();
        if let Some(p) = ply {
            let now = self.game().plies().len();
            if p != now {
                return Err(ApiError::Conflict(format!(
                    "the game has {now} plies, not {p}: reload it and try again"
                )));
            }
        }
        if self.player(side) != Player::Human {
            return Err(ApiError::Conflict(format!(
                "it is the engine's turn ({})",
                side.name()
            )));
        }
        if !self.may_act_for(actor, side) {
            return Err(ApiError::Forbidden(format!(
                "it is {}'s turn and this token plays the other side",
                side.name()
            )));
        }
        Ok(side)
    }

    /// Play a human move.
    ///
    /// # Errors
    /// Conflict, forbidden, illegal or ambiguous move; nothing changes then.
    pub fn play_move(&mut self, actor: Actor, req: &MoveRequest) -> Result<(), ApiError> {
        self.check_time();
        self.check_turn(actor, req.ply)?;
        let mv = find_move(self.game().position(), &req.text, req.captured.as_deref())?;
        let mover = self.game().side_to_move();
        self.play.play(&mv, req.offer_draw).map_err(game_error)?;
        // Any search is of the position before: an analysis, or an engine move asked for this
        // side (a hint), which would otherwise be played for the side now to move.
        self.cancel_busy();
        if self.answer_to.is_none_or(|to| to == mover) {
            self.draw_answer = None;
            self.answer_to = None;
        }
        self.takeback_request = None;
        self.changed();
        Ok(())
    }

    /// Play the engine's move (from a finished search of job `job`); a draw offer of the
    /// opponent is accepted instead when the engine judges itself worse.
    pub fn play_engine_move(&mut self, mv: &AnyMove, eval: Eval) {
        let ply = self.game().plies().len();
        let score = eval.score;
        self.record_eval(ply, eval);
        let offered = self.game().draw_offer();
        let accept = offered.is_some() && score.0 < -30;
        let done = if accept {
            self.play.accept_draw().map(|_| ())
        } else {
            if let Some(by) = offered {
                // An offer gets an answer: declined, with the move that follows.
                let _ = self.play.decline_draw();
                self.tell(by, "draw offer");
            }
            self.play.play(mv, false)
        };
        if done.is_err() {
            // Time ran out while the engine thought: the clock's penalty applied instead.
            self.check_time();
        }
        self.changed();
    }

    /// Pass after the opponent forfeited a turn (giveaway, loss of turn).
    ///
    /// # Errors
    /// As [`Session::play_move`].
    pub fn pass(&mut self, actor: Actor, ply: Option<usize>) -> Result<(), ApiError> {
        self.check_time();
        self.check_turn(actor, ply)?;
        self.play.pass().map_err(game_error)?;
        // As for a move: a search of the position before is moot.
        self.cancel_busy();
        self.changed();
        Ok(())
    }

    /// Accept or decline the opponent's draw offer.
    ///
    /// # Errors
    /// Conflict when no offer stands, forbidden for a token of the side that offered.
    pub fn answer_draw(&mut self, actor: Actor, accept: bool) -> Result<(), ApiError> {
        self.check_time();
        self.check_turn(actor, None)?;
        if self.game().draw_offer().is_none() {
            return Err(ApiError::Conflict("no draw offer is pending".into()));
        }
        if accept {
            self.play.accept_draw().map_err(game_error)?;
            self.cancel_busy();
        } else {
            let by = self.game().draw_offer();
            self.play.decline_draw().map_err(game_error)?;
            if let Some(by) = by {
                self.tell(by, "draw offer");
            }
        }
        self.changed();
        Ok(())
    }

    /// Tell `by` that its `what` (a draw offer, a takeback request) was declined.
    fn tell(&mut self, by: Color, what: &str) {
        self.draw_answer = Some(format!(
            "{} declines {}'s {what}",
            by.opponent().title(),
            by.name()
        ));
        self.answer_to = Some(by);
    }

    /// One of two people asks the other to take back its last move (and the opponent's reply
    /// after it, if any). Between two people no side takes a move back alone.
    ///
    /// # Errors
    /// Conflict when takebacks are not open (a clock, a decided game), against the engine
    /// (the creator takes back with undo), with no move of that side to take back, or when a
    /// request is already pending.
    pub fn request_takeback(&mut self, actor: Actor) -> Result<(), ApiError> {
        self.check_time();
        let side = self.person(actor)?;
        self.plies_to_take_back(Taker::Side(side))?;
        if let Some(by) = self.takeback_request {
            return Err(ApiError::Conflict(format!(
                "{} already asked for a takeback",
                by.name()
            )));
        }
        self.takeback_request = Some(side);
        self.changed();
        Ok(())
    }

    /// The other side answers a takeback request: accepted, moves are taken back until the
    /// requester's last move is undone; returns how many.
    ///
    /// # Errors
    /// Conflict with no request pending, or for the requester's own request.
    pub fn answer_takeback(&mut self, actor: Actor, accept: bool) -> Result<usize, ApiError> {
        self.check_time();
        let side = self.person(actor)?;
        let Some(by) = self.takeback_request else {
            return Err(ApiError::Conflict("no takeback request is pending".into()));
        };
        if by == side {
            return Err(ApiError::Conflict(format!(
                "{} cannot answer its own takeback request",
                side.name()
            )));
        }
        // Counted before the request is withdrawn, so that a refusal changes nothing.
        let n = if accept {
            self.plies_to_take_back(Taker::Side(by))?
        } else {
            0
        };
        self.takeback_request = None;
        if accept {
            self.take_back(n);
        } else {
            self.tell(by, "takeback request");
        }
        self.changed();
        Ok(n)
    }

    /// The side a person plays in a game between two people.
    fn person(&self, actor: Actor) -> Result<Color, ApiError> {
        if self.players != [Player::Human, Player::Human] {
            return Err(ApiError::Conflict(
                "takebacks by request are between two people; against the engine the creator takes moves back (undo)".into(),
            ));
        }
        match actor {
            Actor::Side(c) => Ok(c),
            Actor::Master => Err(ApiError::Conflict(
                "the creator's token holds both sides: take moves back with undo".into(),
            )),
        }
    }

    /// `actor` resigns for `side` (default: its only side, or the side to move).
    ///
    /// # Errors
    /// Conflict after the end, forbidden for a side the token does not hold.
    pub fn resign(&mut self, actor: Actor, side: Option<Color>) -> Result<Color, ApiError> {
        self.check_time();
        if let Some(r) = self.game().result() {
            return Err(ApiError::Conflict(format!(
                "the game is over ({})",
                r.describe()
            )));
        }
        let mine = self.sides_of(actor);
        let side = match side {
            Some(c) => c,
            None if mine.len() == 1 => mine[0],
            None => self.game().side_to_move(),
        };
        if !mine.contains(&side) {
            return Err(ApiError::Forbidden(format!(
                "this token cannot resign for {}",
                side.name()
            )));
        }
        self.play.resign_side(side).map_err(game_error)?;
        self.takeback_request = None;
        self.cancel_busy();
        self.changed();
        Ok(side)
    }

    /// The creator takes moves back by the game layer's rule ([`takeback`]): against the
    /// engine, back before the person's last move; at one screen for two, one ply. With the
    /// engine against itself one ply goes back and play pauses there: going on at once would
    /// replay a move in the place of the one taken back.
    ///
    /// # Errors
    /// Conflict with a clock, after a resignation, agreement or time-out, at the start, or
    /// before the person's first move.
    pub fn undo(&mut self) -> Result<usize, ApiError> {
        let n = self.plies_to_take_back(Taker::Owner)?;
        self.take_back(n);
        if self.engines_only() {
            self.paused = true;
        }
        self.changed();
        Ok(n)
    }

    /// How many plies `taker` would take back now.
    fn plies_to_take_back(&self, taker: Taker) -> Result<usize, ApiError> {
        let humans = [Color::White, Color::Black].map(|c| self.player(c).is_human());
        Ok(takeback::plies_to_take_back(&self.play, humans, taker)?)
    }

    /// Take back `n` plies, stopping the search of the position they leave.
    fn take_back(&mut self, n: usize) {
        self.cancel_busy();
        for _ in 0..n {
            self.play.undo();
        }
    }

    /// Replay what [`Session::undo`] took back, up to the next human turn (one ply with no
    /// human side; a pause stays until resumed).
    ///
    /// # Errors
    /// As [`Session::undo`]; conflict when nothing was taken back. A refusal changes
    /// nothing: the engine's search under way goes on.
    pub fn redo(&mut self) -> Result<usize, ApiError> {
        self.check_takeback()?;
        if !self.game().can_redo() {
            return Err(ApiError::Conflict("nothing to replay".into()));
        }
        self.cancel_busy();
        let engines_only = self.engines_only();
        let mut n = 0;
        while self.play.redo() {
            n += 1;
            if engines_only || self.player(self.game().side_to_move()) == Player::Human {
                break;
            }
        }
        if self.game().is_over() {
            // A finished game is not paused: nothing is left to resume.
            self.paused = false;
        }
        self.changed();
        Ok(n)
    }

    fn check_takeback(&self) -> Result<(), ApiError> {
        Ok(takeback::takebacks_open(&self.play)?)
    }

    /// Fair play: while two people play each other (and did not choose a casual game), the
    /// engine neither moves nor analyses for either of them; it opens when the game ends.
    ///
    /// # Errors
    /// Conflict while that holds.
    pub fn check_engine_help(&self) -> Result<(), ApiError> {
        if self.engine_help() {
            return Ok(());
        }
        Err(ApiError::Conflict(
            "no engine help while two people play each other: it opens when the game ends \
             (a game made with \"casual\": true allows it)"
                .into(),
        ))
    }

    /// Whether the engine plays both sides.
    pub fn engines_only(&self) -> bool {
        self.players.iter().all(|p| matches!(p, Player::Engine(_)))
    }

    /// Stop or restart engine-against-engine play (the creator's call): a search under way
    /// stops without playing.
    ///
    /// # Errors
    /// Conflict unless the engine plays both sides and the game runs.
    pub fn set_paused(&mut self, paused: bool) -> Result<(), ApiError> {
        if !self.engines_only() || self.game().is_over() {
            return Err(ApiError::Conflict(
                "only a running game of the engine against itself can be paused".into(),
            ));
        }
        if paused {
            self.cancel_busy();
        }
        self.paused = paused;
        self.changed();
        Ok(())
    }

    /// Whether engine moves and analysis are open (see [`Session::check_engine_help`]).
    pub fn engine_help(&self) -> bool {
        let two_people = self.players.iter().all(|&p| p == Player::Human);
        !two_people || self.casual || self.game().is_over()
    }

    /// Whether [`Session::undo`] would take something back.
    pub fn may_undo(&self) -> bool {
        self.plies_to_take_back(Taker::Owner).is_ok()
    }

    /// Whether [`Session::redo`] would replay something.
    pub fn may_redo(&self) -> bool {
        self.check_takeback().is_ok() && self.game().can_redo()
    }

    /// Apply a time-out if the side to move's time is up; returns whether it did.
    pub fn check_time(&mut self) -> bool {
        let changed = self.play.apply_flag_fall();
        if changed {
            self.takeback_request = None;
            // The turn changed hands or the game ended: a search for the old turn is moot.
            self.cancel_busy();
            self.changed();
        }
        changed
    }

    /// The engine's level if it is its turn and nothing else runs.
    pub fn engine_turn(&self) -> Option<Level> {
        if self.game().is_over() || self.busy.is_some() || self.paused || self.idle {
            return None;
        }
        match self.player(self.game().side_to_move()) {
            Player::Engine(level) => Some(level),
            Player::Human => None,
        }
    }

    /// Mark the engine busy with a new job; returns its id.
    pub fn start_busy(&mut self, kind: BusyKind, control: Arc<Control>) -> u64 {
        self.cancel_busy();
        self.jobs += 1;
        self.busy = Some(Busy {
            kind,
            control,
            job: self.jobs,
            by: None,
        });
        self.changed();
        self.jobs
    }

    /// [`Session::start_busy`] for a job `by` asked for (an analysis).
    pub fn start_busy_for(&mut self, kind: BusyKind, control: Arc<Control>, by: Actor) -> u64 {
        let job = self.start_busy(kind, control);
        if let Some(b) = &mut self.busy {
            b.by = Some(by);
        }
        job
    }

    /// Refuse `actor` stopping or replacing an analysis another seat asked for: between two
    /// people (a casual game) each side's analysis is its own. The creator's token holds
    /// every side.
    ///
    /// # Errors
    /// [`ApiError::Forbidden`] naming the side whose analysis runs.
    pub fn check_analysis_owner(&self, actor: Actor) -> Result<(), ApiError> {
        let Some(b) = &self.busy else {
            return Ok(());
        };
        match (b.kind, b.by) {
            (BusyKind::Analysis { .. } | BusyKind::GameEvals, Some(Actor::Side(c)))
                if actor != Actor::Master && actor != Actor::Side(c) =>
            {
                Err(ApiError::Forbidden(format!(
                    "{}'s analysis is running: only that side may stop it",
                    c.title()
                )))
            }
            (BusyKind::Analysis { .. } | BusyKind::GameEvals, Some(Actor::Master))
                if actor != Actor::Master =>
            {
                Err(ApiError::Forbidden(
                    "the creator's analysis is running: only the creator may stop it".into(),
                ))
            }
            _ => Ok(()),
        }
    }

    /// End job `job` if it is still current: returns false when it was cancelled meanwhile.
    pub fn finish_busy(&mut self, job: u64) -> bool {
        match &self.busy {
            Some(b) if b.job == job => {
                self.busy = None;
                self.changed();
                true
            }
            _ => false,
        }
    }

    /// Whether job `job` is still current.
    pub fn is_current(&self, job: u64) -> bool {
        self.busy.as_ref().is_some_and(|b| b.job == job)
    }

    /// Stop whatever search runs; its result will be discarded.
    pub fn cancel_busy(&mut self) {
        if let Some(b) = self.busy.take() {
            b.control.stop();
            self.changed();
        }
    }

    /// Stop an analysis (a move changes the position under it), not an engine move.
    pub fn stop_analysis(&mut self) {
        if matches!(
            self.busy.as_ref().map(|b| b.kind),
            Some(BusyKind::Analysis { .. } | BusyKind::GameEvals)
        ) {
            self.cancel_busy();
        }
    }

    /// Record what a search found for position `ply`, keeping the deeper of two.
    pub fn record_eval(&mut self, ply: usize, eval: Eval) {
        if let Some(slot) = self.evals.get_mut(ply) {
            // A book value stands until a search of the position replaces it.
            if slot
                .as_ref()
                .is_none_or(|e| e.book || e.depth <= eval.depth)
            {
                *slot = Some(eval);
            }
        }
    }

    /// Record one iteration of a search of position `ply`.
    pub fn record_info(&mut self, ply: usize, info: &SearchInfo) {
        let Some(board) = self.game().positions().get(ply).copied() else {
            return;
        };
        let pv = board.line_words(&info.pv);
        self.record_eval(ply, Eval::searched(info.score, info.depth, pv));
    }

    /// The game up to position `ply` (plies after it taken back), for searching an earlier
    /// position with its history.
    pub fn game_at(&self, ply: usize) -> Option<Game> {
        let n = self.game().plies().len();
        if ply > n {
            return None;
        }
        let mut g = self.game().clone();
        for _ in ply..n {
            g.undo();
        }
        Some(g)
    }

    /// Something a client can see changed.
    pub fn changed(&mut self) {
        self.version += 1;
        self.sync_evals();
    }

    fn sync_evals(&mut self) {
        let n = self.game().positions().len();
        self.evals.resize(n, None);
    }
}

/// The legal move meant by `text` (and `captured`, when given; [`Board::find_move`]).
///
/// # Errors
/// Illegal or ambiguous move, with the rules' reason.
pub fn find_move(
    board: &Board,
    text: &str,
    captured: Option<&[String]>,
) -> Result<AnyMove, ApiError> {
    board.find_move(text, captured).map_err(|e| match e {
        damier_core::notation::MoveError::Ambiguous { candidates, .. } => {
            ApiError::AmbiguousMove { candidates }
        }
        other => ApiError::IllegalMove(other.to_string()),
    })
}

fn game_error(e: GameError) -> ApiError {
    match e {
        GameError::Move(m) => ApiError::IllegalMove(m.to_string()),
        GameError::Illegal => ApiError::IllegalMove("illegal move".into()),
        other => ApiError::Conflict(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damier_core::Variant;
    use damier_game::{TimeControl, TimeoutPenalty};

    fn session(players: [Player; 2]) -> Session {
        let play = real_time(
            Game::new(Variant::INTERNATIONAL),
            TimeControl::Unlimited,
            TimeoutPenalty::LossOfGame,
        );
        let seats = Seats::of(
            &Tokens {
                master: "m".into(),
                side: [Some("w".into()), Some("b".into())],
            },
            None,
        );
        Session::new("id".into(), play, players, seats, Vec::new(), 1)
    }

    fn mv(text: &str) -> MoveRequest {
        MoveRequest {
            text: text.into(),
            ..MoveRequest::default()
        }
    }

    #[test]
    fn seats_act_for_their_side_only() {
        let mut s = session([Player::Human, Player::Human]);
        assert_eq!(s.actor(Some("w")), Ok(Actor::Side(Color::White)));
        assert!(matches!(s.actor(Some("x")), Err(ApiError::Forbidden(_))));
        assert!(matches!(
            s.play_move(Actor::Side(Color::Black), &mv("32-28")),
            Err(ApiError::Forbidden(_))
        ));
        s.play_move(Actor::Side(Color::White), &mv("32-28"))
            .unwrap();
        let stale = MoveRequest {
            ply: Some(0),
            ..mv("19-23")
        };
        assert!(matches!(
            s.play_move(Actor::Master, &stale),
            Err(ApiError::Conflict(_))
        ));
        assert_eq!(s.game().plies().len(), 1);
        assert!(matches!(
            s.play_move(Actor::Master, &mv("19-25")),
            Err(ApiError::IllegalMove(_))
        ));
        s.play_move(Actor::Master, &mv("19-23")).unwrap();
        assert_eq!(s.undo(), Ok(1));
        assert_eq!(s.evals.len(), 2);
    }

    #[test]
    fn undo_against_the_engine_returns_to_the_human() {
        let mut s = session([Player::Human, Player::Engine(Level::DEFAULT)]);
        s.play_move(Actor::Master, &mv("32-28")).unwrap();
        assert_eq!(s.engine_turn(), Some(Level::DEFAULT));
        let reply = s.game().legal_moves()[0];
        s.play_engine_move(&reply, Eval::searched(Score(0), 1, Vec::new()));
        assert_eq!(s.undo(), Ok(2));
        assert!(s.game().plies().is_empty());
        assert_eq!(s.sides_of(Actor::Master), vec![Color::White]);
        assert!(!s.may_undo());

        // The engine moved first: before the person's first move there is nothing of theirs
        // to take back (taking the engine's move alone would only have it played again).
        let mut s = session([Player::Engine(Level::DEFAULT), Player::Human]);
        let first = s.game().legal_moves()[0];
        s.play_engine_move(&first, Eval::searched(Score(0), 1, Vec::new()));
        assert!(!s.may_undo());
        assert_eq!(
            s.undo(),
            Err(ApiError::Conflict(
                "black has made no move to take back".into()
            ))
        );
        assert_eq!(s.game().plies().len(), 1);
    }

    /// A person's move stops the engine move asked for that side (a hint): left running, it
    /// would be played for the other side.
    #[test]
    fn a_move_cancels_the_hint_for_its_side() {
        let mut s = session([Player::Human, Player::Human]);
        let control = Arc::new(Control::new());
        let job = s.start_busy(BusyKind::EngineMove, control.clone());
        s.play_move(Actor::Master, &mv("32-28")).unwrap();
        assert!(s.busy.is_none());
        assert!(control.is_stopped());
        assert!(!s.finish_busy(job), "the hint's result is discarded");
        // A refused move leaves a search running.
        let control = Arc::new(Control::new());
        s.start_busy(BusyKind::EngineMove, control.clone());
        assert!(s.play_move(Actor::Master, &mv("19-25")).is_err());
        assert!(s.busy.is_some() && !control.is_stopped());
    }

    /// Redo with nothing to replay is refused and changes nothing: the engine's search for
    /// its reply goes on.
    #[test]
    fn a_refused_redo_leaves_the_engine_thinking() {
        let mut s = session([Player::Human, Player::Engine(Level::DEFAULT)]);
        s.play_move(Actor::Master, &mv("32-28")).unwrap();
        let control = Arc::new(Control::new());
        let job = s.start_busy(BusyKind::EngineMove, control.clone());
        let version = s.version();
        assert_eq!(
            s.redo(),
            Err(ApiError::Conflict("nothing to replay".into()))
        );
        assert!(s.is_current(job) && !control.is_stopped());
        assert_eq!(s.version(), version);
    }

    /// With no human side, undo takes back one ply and pauses; redo replays one.
    #[test]
    fn undo_between_engines_takes_back_one_ply_and_pauses() {
        let mut s = session([
            Player::Engine(Level::DEFAULT),
            Player::Engine(Level::DEFAULT),
        ]);
        for _ in 0..3 {
            let reply = s.game().legal_moves()[0];
            s.play_engine_move(&reply, Eval::searched(Score(0), 1, Vec::new()));
        }
        assert_eq!(s.undo(), Ok(1));
        assert_eq!(s.game().plies().len(), 2);
        assert!(s.paused);
        assert_eq!(
            s.engine_turn(),
            None,
            "paused: the engine does not replay at once"
        );
        assert_eq!(s.redo(), Ok(1));
        assert_eq!(s.game().plies().len(), 3);
        assert!(s.paused, "still paused until resumed");
        s.set_paused(false).unwrap();
        assert_eq!(s.engine_turn(), Some(Level::DEFAULT));
    }

    /// White's time does not run while a new game waits for its first move; Black's starts
    /// with it.
    #[test]
    fn the_clock_starts_with_the_first_move() {
        let base = std::time::Duration::from_secs(60);
        let play = real_time(
            Game::new(Variant::INTERNATIONAL),
            TimeControl::Fischer {
                base,
                increment: std::time::Duration::ZERO,
            },
            TimeoutPenalty::LossOfGame,
        );
        let seats = Seats::of(
            &Tokens {
                master: "m".into(),
                side: [Some("w".into()), Some("b".into())],
            },
            None,
        );
        let mut s = Session::new(
            "id".into(),
            play,
            [Player::Human, Player::Human],
            seats,
            Vec::new(),
            1,
        );
        assert_eq!(s.play.clock().running(), None);
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert_eq!(s.play.clock().remaining(Color::White), Some(base));
        s.play_move(Actor::Master, &mv("32-28")).unwrap();
        assert_eq!(s.play.clock().running(), Some(Color::Black));
        assert_eq!(s.play.clock().remaining(Color::White), Some(base));
    }

    /// A draw offered to the engine is answered: declined in words when it plays on (until
    /// the next move), accepted when it stands worse.
    #[test]
    fn the_engine_answers_a_draw_offer() {
        let mut s = session([Player::Human, Player::Engine(Level::DEFAULT)]);
        let offer = MoveRequest {
            offer_draw: true,
            ..mv("32-28")
        };
        s.play_move(Actor::Master, &offer).unwrap();
        let reply = s.game().legal_moves()[0];
        s.play_engine_move(&reply, Eval::searched(Score(0), 1, Vec::new()));
        assert_eq!(
            s.draw_answer.as_deref(),
            Some("Black declines white's draw offer")
        );
        assert!(s.game().result().is_none());
        let next = s.game().legal_moves()[0];
        let text = s.game().position().short(&next);
        s.play_move(Actor::Master, &mv(&text)).unwrap();
        assert_eq!(s.draw_answer, None);

        let mut s = session([Player::Human, Player::Engine(Level::DEFAULT)]);
        s.play_move(Actor::Master, &offer).unwrap();
        let reply = s.game().legal_moves()[0];
        s.play_engine_move(&reply, Eval::searched(Score(-200), 1, Vec::new()));
        let r = s.game().result().expect("accepted");
        assert_eq!(r.reason, damier_game::Reason::Agreement);
    }

    /// A declined draw offer or takeback request is told to the side that made it, and the
    /// answer stays until that side moves (the decliner's own move does not hide it).
    #[test]
    fn the_offerer_is_told_of_a_decline_until_it_moves() {
        let mut s = session([Player::Human, Player::Human]);
        let (white, black) = (Actor::Side(Color::White), Actor::Side(Color::Black));
        let offer = MoveRequest {
            offer_draw: true,
            ..mv("32-28")
        };
        s.play_move(white, &offer).unwrap();
        s.answer_draw(black, false).unwrap();
        let told = Some("Black declines white's draw offer");
        assert_eq!(s.draw_answer.as_deref(), told);
        s.play_move(black, &mv("19-23")).unwrap();
        assert_eq!(
            s.draw_answer.as_deref(),
            told,
            "gone at the decliner's move"
        );
        s.request_takeback(white).unwrap();
        s.answer_takeback(black, false).unwrap();
        assert_eq!(
            s.draw_answer.as_deref(),
            Some("Black declines white's takeback request")
        );
        s.play_move(white, &mv("28x19")).unwrap();
        assert_eq!(s.draw_answer, None, "it stays until the asker moves");
    }

    /// A resignation stays: Undo does not reopen the game; Redo says when it has nothing.
    #[test]
    fn takebacks_say_when_they_can_and_a_resignation_stays() {
        let mut s = session([Player::Human, Player::Human]);
        assert!(!s.may_undo() && !s.may_redo());
        s.play_move(Actor::Master, &mv("32-28")).unwrap();
        assert!(s.may_undo() && !s.may_redo());
        assert_eq!(
            s.redo(),
            Err(ApiError::Conflict("nothing to replay".into()))
        );
        assert_eq!(s.undo(), Ok(1));
        assert!(s.may_redo() && !s.may_undo());
        assert_eq!(s.redo(), Ok(1));
        s.resign(Actor::Master, Some(Color::Black)).unwrap();
        assert!(!s.may_undo() && !s.may_redo());
        let refused = s.undo().unwrap_err();
        assert!(
            matches!(&refused, ApiError::Conflict(m) if m.contains("no takebacks")),
            "{refused:?}"
        );
        assert!(s.game().result().is_some(), "still decided");
    }
}
