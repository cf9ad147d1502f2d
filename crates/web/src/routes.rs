//! The HTTP API (documented in `API.md`): one handler per endpoint, each locking the game's
//! session only for the moment it acts.

use crate::app::App;
use crate::create::{
    import_session, list_games, new_session, ImportGame, Imported, ListGames, NewGame, SideName,
};
use crate::endings::EndingsInfo;
use crate::engine_task::{self, MAX_ANALYSIS};
use crate::error::ApiError;
use crate::extract::{Body, ClientAddr, JsonOrEmpty, OptionalBody, ReadToken, Token};
use crate::notes::{self, ExportRequest, MoveStep, NoteLineOut};
use crate::session::{Actor, BusyKind, MoveRequest, Player, Session, Tokens};
use crate::view::{game_view, pieces, GameView, PieceView};
use crate::{assets, guard, judge, solver, variants, ws};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use damier_core::{Color, Variant};
use damier_game::Board;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The whole API and the page.
pub fn router(app: Arc<App>) -> Router {
    let hosts = Arc::new(guard::Hosts::new(&app.options.host_names));
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::file))
        .route("/api", get(api_index))
        .route("/api/health", get(health))
        .route("/api/variants", get(list_variants))
        .route("/api/variants/{id}", get(one_variant))
        .route("/api/variants/{id}/rules", get(variant_rules))
        .route(
            "/api/variants/{id}/egdb",
            get(variant_endings).post(build_endings),
        )
        .route("/api/variants/{id}/puzzles", get(variant_puzzles))
        .route(
            "/api/variants/{id}/puzzles/{puzzle}/judge",
            post(judge::judge),
        )
        .route("/api/variants/{id}/puzzles/next", post(solver::next))
        .route(
            "/api/variants/{id}/puzzles/{puzzle}/result",
            post(solver::result),
        )
        .route("/api/ballots", get(list_ballots))
        .route("/api/positions", post(check_position))
        .route("/api/games", post(create))
        .route("/api/games/import", post(import))
        .route("/api/pdn/games", post(list_pdn_games))
        .route("/api/games/{id}", get(state).delete(delete))
        .route("/api/games/{id}/moves", get(legal_moves).post(play))
        .route("/api/games/{id}/pass", post(pass))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/redo", post(redo))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/takeback", post(takeback))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/engine", post(engine))
        .route("/api/games/{id}/analysis", post(analysis))
        .route(
            "/api/games/{id}/pdn",
            get(export_pdn).post(export_annotated),
        )
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(app)
        .layer(axum::middleware::from_fn_with_state(hosts, guard::guard))
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::NotFound(uri.path().to_string())
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    let body = serde_json::json!({
        "error": "method_not_allowed",
        "message": format!("{method} is not allowed on {}", uri.path()),
    });
    (axum::http::StatusCode::METHOD_NOT_ALLOWED, Json(body)).into_response()
}

/// Where the API is described, for whoever opens `/api` to find out.
async fn api_index() -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "description": "Damier's JSON and WebSocket API: crates/web/API.md in Damier's source",
        "start_with": ["GET /api/health", "GET /api/variants", "POST /api/games"],
    }))
}

async fn health(State(app): State<Arc<App>>) -> Json<serde_json::Value> {
    Json(serde_json::json!({"ok": true, "games": app.store.len()}))
}

async fn list_variants() -> Json<Vec<variants::VariantInfo>> {
    Json(variants::all())
}

fn parse_variant(name: &str) -> Result<Variant, ApiError> {
    name.parse().map_err(|e| ApiError::Invalid(format!("{e}")))
}

async fn one_variant(Path(id): Path<String>) -> Result<Json<variants::VariantInfo>, ApiError> {
    let v = id
        .parse::<Variant>()
        .map_err(|_| ApiError::NotFound(format!("/api/variants/{id}")))?;
    Ok(Json(variants::info(v)))
}

async fn variant_endings(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<EndingsInfo>, ApiError> {
    let v = id
        .parse::<Variant>()
        .map_err(|_| ApiError::NotFound(format!("/api/variants/{id}/egdb")))?;
    Ok(Json(app.endings.info(v)))
}

/// The body of `POST /api/variants/{id}/egdb`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct BuildEndings {
    /// Fewer pieces than the recommended set's, for a quicker build.
    pieces: Option<u32>,
}

/// Build the variant's recommended set on the server's machine, where the server allows it.
async fn build_endings(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    JsonOrEmpty(body): JsonOrEmpty<BuildEndings>,
) -> Result<(StatusCode, Json<EndingsInfo>), ApiError> {
    let v = id
        .parse::<Variant>()
        .map_err(|_| ApiError::NotFound(format!("/api/variants/{id}/egdb")))?;
    let info = app.endings.start_build(v, body.pieces)?;
    Ok((StatusCode::ACCEPTED, Json(info)))
}

async fn list_ballots() -> Json<serde_json::Value> {
    Json(variants::ballots())
}

async fn variant_rules(Path(id): Path<String>) -> Result<Json<variants::RulesInfo>, ApiError> {
    let v = id
        .parse::<Variant>()
        .map_err(|_| ApiError::NotFound(format!("/api/variants/{id}/rules")))?;
    // The examples are found by trying placements: a few milliseconds for every variant.
    variants::rules(v)
        .map(Json)
        .map_err(|e| ApiError::Internal(format!("a rules example of {v}: {e}")))
}

async fn variant_puzzles(
    Path(id): Path<String>,
) -> Result<Json<Vec<variants::PuzzleInfo>>, ApiError> {
    let v = id
        .parse::<Variant>()
        .map_err(|_| ApiError::NotFound(format!("/api/variants/{id}/puzzles")))?;
    variants::puzzles(v)
        .map(Json)
        .map_err(|e| ApiError::Internal(format!("the shipped puzzles of {v}: {e}")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    variant: String,
    fen: String,
}

#[derive(Serialize)]
struct PositionView {
    variant: String,
    fen: String,
    side_to_move: &'static str,
    pieces: Vec<PieceView>,
    /// Each legal move with the position after it.
    moves: Vec<MoveStep>,
}

/// Check a FEN (the position editor): the position as the server reads it, or why not.
async fn check_position(Body(req): Body<PositionRequest>) -> Result<Json<PositionView>, ApiError> {
    let variant = parse_variant(&req.variant)?;
    let board =
        Board::from_fen(variant, &req.fen).map_err(|e| ApiError::Invalid(format!("fen: {e}")))?;
    Ok(Json(PositionView {
        variant: variant.to_string(),
        fen: board.fen(),
        side_to_move: board.side().name(),
        pieces: pieces(&board),
        moves: notes::steps(&board),
    }))
}

/// What creating a game answers: the game, the creator's token and the invitation tokens.
#[derive(Serialize)]
struct Created {
    id: String,
    token: String,
    seats: Seats,
    #[serde(skip_serializing_if = "Option::is_none")]
    games_in_file: Option<usize>,
    /// An imported game's comments, marks and variations.
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<NoteLineOut>,
    /// What reading an imported game chose or read past (`damier pdn check`'s notes).
    #[serde(skip_serializing_if = "Option::is_none")]
    read_notes: Option<Vec<String>>,
    state: GameView,
}

#[derive(Serialize)]
struct Seats {
    white: Option<String>,
    black: Option<String>,
}

fn add(
    app: &Arc<App>,
    client: Option<std::net::IpAddr>,
    (session, tokens): (Session, Tokens),
    games_in_file: Option<usize>,
) -> Result<Created, ApiError> {
    let entry = app.entry(session);
    app.store
        .insert_for(entry.clone(), client, app.options.games_per_client)?;
    engine_task::after_change(app, &entry);
    engine_task::watch_clock(app, &entry);
    let s = entry.lock();
    let creator = s.actor(Some(&tokens.master)).ok();
    Ok(Created {
        id: s.id.clone(),
        token: tokens.master,
        seats: Seats {
            white: tokens.side[0].clone(),
            black: tokens.side[1].clone(),
        },
        games_in_file,
        notes: None,
        read_notes: None,
        state: game_view(&s, creator),
    })
}

async fn create(
    State(app): State<Arc<App>>,
    ClientAddr(client): ClientAddr,
    JsonOrEmpty(req): JsonOrEmpty<NewGame>,
) -> Result<(axum::http::StatusCode, Json<Created>), ApiError> {
    let created = new_session(&req)?;
    Ok((
        axum::http::StatusCode::CREATED,
        Json(add(&app, client, created, None)?),
    ))
}

/// Open a game of a PDN file ([`read_pdn`]).
async fn import(
    State(app): State<Arc<App>>,
    ClientAddr(client): ClientAddr,
    Body(req): Body<ImportGame>,
) -> Result<(axum::http::StatusCode, Json<Created>), ApiError> {
    let Imported {
        session,
        tokens,
        games_in_file,
        notes,
        read_notes,
    } = read_pdn(&app, move || import_session(&req)).await?;
    let created = Created {
        notes: Some(notes),
        read_notes: Some(read_notes),
        ..add(&app, client, (session, tokens), Some(games_in_file))?
    };
    Ok((axum::http::StatusCode::CREATED, Json(created)))
}

/// The games of a PDN file, to choose one to open ([`read_pdn`]).
async fn list_pdn_games(
    State(app): State<Arc<App>>,
    Body(req): Body<ListGames>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let games = read_pdn(&app, move || list_games(&req)).await?;
    Ok(Json(serde_json::json!({ "games": games })))
}

/// Run `read` (parsing a PDN text) on a blocking thread, at most `imports_at_once` at a
/// time: a large file takes long enough to hold up every request sharing an async worker.
async fn read_pdn<T: Send + 'static>(
    app: &App,
    read: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let turn = Arc::clone(&app.imports)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::Internal("the import queue is closed".into()))?;
    tokio::task::spawn_blocking(move || {
        let read = read();
        drop(turn);
        read
    })
    .await
    .map_err(|e| ApiError::Internal(format!("reading the PDN failed: {e}")))?
}

/// The view for a request: `you` lists the sides its token acts for (none for a spectator or
/// an unknown token: reading a game needs no token).
fn view(s: &Session, token: Option<&str>) -> GameView {
    game_view(s, s.actor(token).ok())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateQuery {
    /// Answer only once the version is above this (long polling).
    since: Option<u64>,
    /// How long to wait for that, at most 30 s (default 10 s).
    wait_ms: Option<u64>,
}

async fn state(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ReadToken(token): ReadToken,
    query: Result<Query<StateQuery>, QueryRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Query(q) = query?;
    let entry = app.game(&id)?;
    if let Some(since) = q.since {
        let mut rx = entry.changes.subscribe();
        let wait = Duration::from_millis(q.wait_ms.unwrap_or(10_000).min(30_000));
        // A deletion ends the wait too (its wake-up leaves the version as it was).
        let _ = tokio::time::timeout(wait, rx.wait_for(|v| *v > since || entry.is_deleted())).await;
        if entry.is_deleted() {
            return Err(ApiError::UnknownGame(id));
        }
    }
    if entry.lock().check_time() {
        engine_task::after_change(&app, &entry);
    }
    let s = entry.lock();
    Ok(Json(view(&s, token.as_deref())))
}

async fn delete(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
) -> Result<Json<serde_json::Value>, ApiError> {
    let entry = app.game(&id)?;
    {
        let s = entry.lock();
        let actor = s.actor(token.as_deref())?;
        // A game for two screens is both players': either may delete it once it is over.
        let two_screens_over = s.seats.creator_side.is_some() && s.game().is_over();
        if actor != Actor::Master && !two_screens_over {
            return Err(ApiError::Forbidden(if s.seats.creator_side.is_some() {
                "a game for two screens can be deleted once it is over (resign first)".into()
            } else {
                "only the game's creator may delete it".into()
            }));
        }
    }
    app.delete(&id)?;
    Ok(Json(serde_json::json!({"deleted": id})))
}

async fn legal_moves(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let entry = app.game(&id)?;
    let s = entry.lock();
    let game = s.game();
    let moves = if game.is_over() {
        Vec::new()
    } else {
        game.position().describe_moves()
    };
    Ok(Json(serde_json::json!({
        "ply": game.plies().len(),
        "side_to_move": game.side_to_move().name(),
        "moves": moves,
    })))
}

/// Run `act` on the session as the token's actor, then publish, let the engine move if it
/// is its turn, and answer the new view.
fn act<T>(
    app: &Arc<App>,
    id: &str,
    token: Option<&str>,
    act: impl FnOnce(&mut Session, Actor) -> Result<T, ApiError>,
) -> Result<Json<GameView>, ApiError> {
    let entry = app.game(id)?;
    let done = {
        let mut s = entry.lock();
        s.actor(token).and_then(|actor| act(&mut s, actor))
    };
    // Even after a refusal: a time-out applied on the way is published, and the engine is
    // never left without its turn.
    engine_task::after_change(app, &entry);
    done?;
    let s = entry.lock();
    Ok(Json(view(&s, token)))
}

async fn play(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
    Body(req): Body<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    act(&app, &id, token.as_deref(), |s, a| s.play_move(a, &req))
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlyOnly {
    ply: Option<usize>,
}

async fn pass(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
    OptionalBody(req): OptionalBody<PlyOnly>,
) -> Result<Json<GameView>, ApiError> {
    act(&app, &id, token.as_deref(), |s, a| s.pass(a, req.ply))
}

fn creator_only(actor: Actor) -> Result<(), ApiError> {
    match actor {
        Actor::Master => Ok(()),
        Actor::Side(_) => Err(ApiError::Forbidden(
            "takebacks need the creator's token (both players' consent); between two \
             screens, ask the other player with POST /api/games/{id}/takeback"
                .into(),
        )),
    }
}

async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
) -> Result<Json<GameView>, ApiError> {
    act(&app, &id, token.as_deref(), |s, a| {
        creator_only(a)?;
        s.undo()
    })
}

async fn redo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
) -> Result<Json<GameView>, ApiError> {
    act(&app, &id, token.as_deref(), |s, a| {
        creator_only(a)?;
        s.redo()
    })
}

/// An answer to an offer or a request: serde refuses any other word (400, naming those it takes).
#[derive(Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Answer {
    Accept,
    Decline,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawRequest {
    /// A draw is offered with a move (`offer_draw` there), answered here.
    action: Answer,
}

async fn draw(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
    Body(req): Body<DrawRequest>,
) -> Result<Json<GameView>, ApiError> {
    let accept = req.action == Answer::Accept;
    act(&app, &id, token.as_deref(), |s, a| s.answer_draw(a, accept))
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum TakebackAction {
    Request,
    Accept,
    Decline,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TakebackRequest {
    action: TakebackAction,
}

async fn takeback(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
    Body(req): Body<TakebackRequest>,
) -> Result<Json<GameView>, ApiError> {
    act(&app, &id, token.as_deref(), |s, a| match req.action {
        TakebackAction::Request => s.request_takeback(a),
        TakebackAction::Accept => s.answer_takeback(a, true).map(|_| ()),
        TakebackAction::Decline => s.answer_takeback(a, false).map(|_| ()),
    })
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResignRequest {
    side: Option<SideName>,
}

async fn resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
    OptionalBody(req): OptionalBody<ResignRequest>,
) -> Result<Json<GameView>, ApiError> {
    let side = req.side.map(Color::from);
    act(&app, &id, token.as_deref(), |s, a| s.resign(a, side))
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineRequest {
    #[serde(default)]
    action: EngineAction,
    /// Level for a move made for a human side (default 10).
    level: Option<u8>,
}

#[derive(Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum EngineAction {
    /// The engine plays now: a thinking engine plays its best move so far, or the engine
    /// moves for the human side to move.
    #[default]
    Move,
    /// Stop a game of the engine against itself (the creator's token).
    Pause,
    /// Restart it.
    Resume,
}

async fn engine(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
    OptionalBody(req): OptionalBody<EngineRequest>,
) -> Result<Json<GameView>, ApiError> {
    if req.action != EngineAction::Move {
        return act(&app, &id, token.as_deref(), |s, a| {
            if a != Actor::Master {
                return Err(ApiError::Forbidden(
                    "only the game's creator may pause or resume it".into(),
                ));
            }
            s.set_paused(req.action == EngineAction::Pause)
        });
    }
    let level = match req.level {
        None => damier_engine::Level::new(damier_engine::Level::MAX),
        Some(n) => damier_engine::Level::new(n),
    }
    .ok_or_else(|| ApiError::Invalid("level must be 1 to 10".into()))?;
    let entry = app.game(&id)?;
    {
        let mut s = entry.lock();
        let actor = s.actor(token.as_deref())?;
        s.check_engine_help()?;
        let thinking = s.busy.as_ref().filter(|b| b.kind == BusyKind::EngineMove);
        if let Some(b) = thinking {
            // Already thinking: play the best move found so far. On the engine's own turn any
            // seat may hurry it; a move asked for a person's side is that side's to cut short.
            let side = s.game().side_to_move();
            if s.player(side) == Player::Human && !s.sides_of(actor).contains(&side) {
                return Err(ApiError::Forbidden(format!(
                    "the engine is choosing {}'s move for it: this token cannot hurry it",
                    side.name()
                )));
            }
            b.control.stop();
        } else {
            s.check_time();
            if let Some(r) = s.game().result() {
                return Err(ApiError::Conflict(format!(
                    "the game is over ({})",
                    r.describe()
                )));
            }
            let side = s.game().side_to_move();
            if !s.sides_of(actor).contains(&side) {
                return Err(ApiError::Forbidden(format!(
                    "this token cannot move for {}",
                    side.name()
                )));
            }
            s.stop_analysis();
            engine_task::start_engine_move(&app, &entry, &mut s, level);
            entry.publish(&s);
        }
    }
    let s = entry.lock();
    Ok(Json(view(&s, token.as_deref())))
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    #[serde(default)]
    action: AnalysisAction,
    /// Position to analyse: plies from the start (default: the current position).
    ply: Option<usize>,
    /// A variation to play from that position first (move texts): its end is analysed.
    #[serde(default)]
    moves: Vec<String>,
    /// Analyse the threat instead: the position with the other side to move.
    #[serde(default)]
    threat: bool,
    /// Longest time, ms (default 20 000, at most 300 000).
    time_ms: Option<u64>,
    /// Best moves reported at each depth, each with its score and line (default 1).
    lines: Option<usize>,
    /// Depth of `game` evaluations (default 8, at most 20).
    depth: Option<i32>,
}

#[derive(Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum AnalysisAction {
    /// Analyse a position.
    #[default]
    Start,
    /// Stop analysing.
    Stop,
    /// Evaluate every position of the game (the graph).
    Game,
}

async fn analysis(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Token(token): Token,
    ClientAddr(client): ClientAddr,
    OptionalBody(req): OptionalBody<AnalysisRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let entry = app.game(&id)?;
    let actor = entry.lock().actor(token.as_deref())?;
    if req.action != AnalysisAction::Stop {
        entry.lock().check_engine_help()?;
    }
    match req.action {
        AnalysisAction::Start => {
            let time = Duration::from_millis(req.time_ms.unwrap_or(20_000).max(1));
            if time > MAX_ANALYSIS {
                return Err(ApiError::Invalid("time_ms is at most 300000".into()));
            }
            let lines = req.lines.unwrap_or(1);
            damier_engine::setting::lines(lines).map_err(|e| ApiError::Invalid(e.to_string()))?;
            let ticket = app.caps.admit(client, &id)?;
            let ask = engine_task::AnalysisAsk {
                ply: req.ply,
                moves: &req.moves,
                threat: req.threat,
                time,
                lines,
                by: actor,
            };
            let ply = engine_task::start_analysis(&app, &entry, &ask, ticket)?;
            Ok(Json(serde_json::json!({"analysing": ply})))
        }
        AnalysisAction::Stop => {
            engine_task::stop_analysis(&entry, actor)?;
            Ok(Json(serde_json::json!({"stopped": true})))
        }
        AnalysisAction::Game => {
            let depth = req.depth.unwrap_or(8);
            if !(1..=20).contains(&depth) {
                return Err(ApiError::Invalid("depth must be 1 to 20".into()));
            }
            let n = engine_task::start_game_evals(&app, &entry, depth, actor)?;
            Ok(Json(serde_json::json!({"positions": n})))
        }
    }
}

async fn export_pdn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let entry = app.game(&id)?;
    let text = crate::export::pdn_text(&entry.lock(), None)?;
    Ok(pdn_file(&id, text))
}

/// The game's PDN with the comments, marks and variations the page sends.
async fn export_annotated(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Body(req): Body<ExportRequest>,
) -> Result<Response, ApiError> {
    let entry = app.game(&id)?;
    let text = crate::export::pdn_text(&entry.lock(), Some(&req))?;
    Ok(pdn_file(&id, text))
}

fn pdn_file(id: &str, text: String) -> Response {
    let name = format!("damier-{}.pdn", &id[..id.len().min(8)]);
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-pdn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}
