//! `POST /api/variants/{id}/puzzles/{puzzle}/judge`: whether a solver's move other than the
//! line's reaches the puzzle's goal as well. Only a puzzle's first move is proven the one move
//! that wins; later on, another way to the goal counts, as in the terminal
//! ([`damier_puzzles::Attempt::try_move_or`]). The page sends the line it has followed (a
//! move accepted earlier in place of the line's may have changed it) and the move; the judge
//! searches at the puzzle's depth ([`Finder::alternative`]).

use crate::app::App;
use crate::error::ApiError;
use crate::extract::{Body, ClientAddr};
use crate::session::find_move;
use crate::variants::{puzzle_steps, PuzzleStep};
use axum::extract::{Path, State};
use axum::Json;
use damier_game::{AnyMove, Board};
use damier_puzzles::find::Finder;
use damier_puzzles::Puzzle;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The longest line a request may say it followed; the shipped lines are far shorter, and a
/// longer one would only cost the server time to replay.
const MAX_LINE: usize = 200;

/// What the page asks.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeRequest {
    /// The plies played from the puzzle's position, its first move first (texts, short or
    /// long); empty for the solver's first move.
    #[serde(default)]
    line: Vec<String>,
    /// The solver's move.
    #[serde(rename = "move")]
    text: String,
    /// The captured squares, to pick one of several moves with the same landing squares.
    #[serde(default)]
    captured: Option<Vec<String>>,
}

/// The answer: whether the move reaches the goal, and then the rest of a line that does,
/// from the move on.
#[derive(Serialize)]
pub struct Judgement {
    accepted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<PuzzleStep>>,
}

/// The server's judge: one search at a time, whoever asks, and one request at a time from
/// each client, so that a client sending many cannot make the others wait behind them all.
pub struct Judge {
    /// Made on first use (its engine's table is 16 MiB); holding the lock is the turn to search.
    finder: Arc<tokio::sync::Mutex<Option<Finder>>>,
    /// The clients with a request being judged.
    clients: Mutex<HashSet<IpAddr>>,
}

/// A client's request being judged; the client may ask again once it is dropped.
struct ClientTurn {
    judge: Arc<Judge>,
    client: Option<IpAddr>,
}

impl Judge {
    /// A judge that has judged nothing yet.
    pub fn new() -> Arc<Judge> {
        Arc::new(Judge {
            finder: Arc::new(tokio::sync::Mutex::new(None)),
            clients: Mutex::new(HashSet::new()),
        })
    }

    fn clients(&self) -> MutexGuard<'_, HashSet<IpAddr>> {
        self.clients.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The turn of `client` (not counted when its address is unknown, as for analyses).
    fn admit(self: &Arc<Self>, client: Option<IpAddr>) -> Result<ClientTurn, ApiError> {
        if let Some(ip) = client {
            if !self.clients().insert(ip) {
                return Err(ApiError::TooManyAnalyses(
                    "a puzzle move of this client is being judged already; wait for its answer"
                        .into(),
                ));
            }
        }
        Ok(ClientTurn {
            judge: self.clone(),
            client,
        })
    }
}

impl Drop for ClientTurn {
    fn drop(&mut self) {
        if let Some(ip) = self.client {
            self.judge.clients().remove(&ip);
        }
    }
}

/// A request checked against its puzzle.
struct Question {
    /// The puzzle with the line followed as its line, as the judge reads it.
    followed: Puzzle,
    /// The position the solver faces.
    before: Board,
    mv: AnyMove,
    /// The rest of the puzzle's own line, when the line followed and the move are its own.
    stated: Option<Vec<AnyMove>>,
}

impl Question {
    fn read(puzzle: Puzzle, req: &JudgeRequest) -> Result<Question, ApiError> {
        if req.line.len() > MAX_LINE {
            return Err(ApiError::Invalid(format!(
                "line has {} plies, at most {MAX_LINE}",
                req.line.len()
            )));
        }
        let mut before = puzzle.start;
        let mut line = Vec::with_capacity(req.line.len());
        for (i, text) in req.line.iter().enumerate() {
            let mv = before
                .find_move(text, None)
                .map_err(|e| ApiError::Invalid(format!("line[{i}]: {e}")))?;
            // Any legal line may follow, since another move accepted earlier changed it; but
            // the first move has no other.
            if i == 0 && puzzle.line.first() != Some(&mv) {
                let first = puzzle.line.first().map(|m| before.short(m));
                return Err(ApiError::Invalid(format!(
                    "line[0]: {text} is not the puzzle's first move, {}",
                    first.unwrap_or_default()
                )));
            }
            before = before.play_unchecked(&mv);
            line.push(mv);
        }
        if before.side() != puzzle.solver() {
            return Err(ApiError::Invalid(format!(
                "after the {} plies of line it is not the solver's turn",
                line.len()
            )));
        }
        let mv = find_move(&before, &req.text, req.captured.as_deref())?;
        let played = line.len();
        let own =
            puzzle.line.get(..played) == Some(&line[..]) && puzzle.line.get(played) == Some(&mv);
        let stated = own.then(|| puzzle.line[played..].to_vec());
        Ok(Question {
            followed: Puzzle { line, ..puzzle },
            before,
            mv,
            stated,
        })
    }

    fn answer(&self, rest: Option<&[AnyMove]>) -> Json<Judgement> {
        Json(Judgement {
            accepted: rest.is_some(),
            steps: rest.map(|rest| puzzle_steps(self.before, rest)),
        })
    }
}

/// Judge the solver's move.
pub async fn judge(
    State(app): State<Arc<App>>,
    Path((id, name)): Path<(String, String)>,
    ClientAddr(client): ClientAddr,
    Body(req): Body<JudgeRequest>,
) -> Result<Json<Judgement>, ApiError> {
    let path = format!("/api/variants/{id}/puzzles/{name}/judge");
    let puzzle = crate::solver::shipped_puzzle(&id, name, &path)?;
    let q = Question::read(puzzle, &req)?;
    if q.stated.is_some() || q.followed.line.is_empty() {
        return Ok(q.answer(q.stated.as_deref()));
    }
    let turn = app.judge.admit(client)?;
    let mut finder = app.judge.finder.clone().lock_owned().await;
    // The solver waits for the verdict as a player waits for the engine's reply: the search
    // takes a thread as an engine move does, before analyses.
    let slot = app.scheduler.for_move().await;
    // The search cannot be stopped: a client that leaves does not free its turns until it ends.
    tokio::task::spawn_blocking(move || {
        let _held = (turn, slot);
        // `alternative` searches at each puzzle's own depth (a finder's depth is for finding
        // puzzles); no databases, as the terminal judges, so every server says the same.
        let finder = finder.get_or_insert_with(|| Finder::new(1, None));
        let played = q.followed.line.len();
        let rest = finder
            .alternative(&q.followed, played, &q.mv)
            .filter(|rest| rest.first() == Some(&q.mv));
        q.answer(rest.as_deref())
    })
    .await
    .map_err(|e| ApiError::Internal(format!("the judge failed: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_has_one_move_judged_at_a_time() {
        let judge = Judge::new();
        let me: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let turn = judge.admit(Some(me)).unwrap();
        assert!(matches!(
            judge.admit(Some(me)),
            Err(ApiError::TooManyAnalyses(_))
        ));
        let _theirs = judge.admit(Some(other)).unwrap();
        let _unknown = (judge.admit(None).unwrap(), judge.admit(None).unwrap());
        drop(turn);
        assert!(judge.admit(Some(me)).is_ok());
    }
}
