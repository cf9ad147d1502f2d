//! The JSON a client sees of a game ([`GameView`]), built from a [`Session`].

use crate::session::{Actor, BusyKind, Player, Session};
use damier_core::{Color, Role};
use damier_game::{Board, GameResult, PlyKind, Reason, TimeControl, TimeoutPenalty};
use serde::Serialize;

/// A piece on a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// Square name (`32`, `c3`).
    pub square: String,
    /// `white` or `black`.
    pub color: &'static str,
    /// Whether it is a king.
    pub king: bool,
}

/// One side's player.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// `human` or `engine`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The engine's level (1–10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

/// Both players.
#[derive(Clone, Debug, Serialize)]
pub struct Players {
    /// White's player.
    pub white: PlayerView,
    /// Black's player.
    pub black: PlayerView,
}

/// One ply of the game record.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// 1 for the first ply.
    pub ply: usize,
    /// `white` or `black`.
    pub mover: &'static str,
    /// `move`, `forfeit` (time ran out, turn lost) or `pass`.
    pub kind: &'static str,
    /// Short notation (`--` for a forfeit or a pass).
    pub notation: String,
    /// Long notation: every landing square.
    pub long: String,
    /// Start square, then every landing square.
    pub path: Vec<String>,
    /// Squares of the pieces it captured.
    pub captured: Vec<String>,
    /// Whether a man was crowned.
    pub promotes: bool,
    /// Whether the mover offered a draw with it.
    pub offers_draw: bool,
    /// The position after it.
    pub fen: String,
}

/// An evaluation of a position.
#[derive(Clone, Debug, Serialize)]
pub struct EvalView {
    /// Position index (0 = start).
    pub ply: usize,
    /// Score for the side to move, hundredths of a man (beyond ±29000: a forced end).
    pub score: i32,
    /// Score from White's point of view.
    pub white: i32,
    /// White's score for people: `+0.35`, `win in 7`.
    pub text: String,
    /// Depth searched (0 for a book move).
    pub depth: i32,
    /// Best line.
    pub pv: Vec<String>,
    /// The opening book's value, not a search's.
    pub book: bool,
}

/// The result of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `white`, `black` or `draw`.
    pub outcome: String,
    /// `no_legal_move`, `resignation`, `time`, `forfeited_turns`, `agreement`, `rule`,
    /// `recorded`.
    pub reason: &'static str,
    /// PDN result: `1-0`, `0-1`, `1/2-1/2`.
    pub pdn: &'static str,
    /// One line for people.
    pub text: String,
}

/// The clock.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// The time control as created (`fischer`, `moves_in`, `per_move`).
    pub control: serde_json::Value,
    /// White's time left, milliseconds.
    pub white_ms: u64,
    /// Black's time left, milliseconds.
    pub black_ms: u64,
    /// Whose time is running.
    pub running: Option<&'static str>,
    /// `loss_of_game` or `loss_of_turn`: what running out of time costs.
    pub timeout_penalty: &'static str,
}

/// What the engine is doing for this game.
#[derive(Clone, Debug, Serialize)]
pub struct BusyView {
    /// `move`, `analysis` or `game`.
    pub kind: &'static str,
    /// The position analysed (analysis only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
}

/// A game as clients see it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// Game id.
    pub id: String,
    /// Grows with every visible change.
    pub version: u64,
    /// Variant id.
    pub variant: String,
    /// Who plays each side.
    pub players: Players,
    /// The sides the request's token acts for (empty without a token).
    pub you: Vec<&'static str>,
    /// Start position.
    pub start_fen: String,
    /// Current position.
    pub fen: String,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Pieces of the current position.
    pub pieces: Vec<PieceView>,
    /// Legal moves (none once the game is over).
    pub moves: Vec<damier_game::MoveInfo>,
    /// Every ply played.
    pub history: Vec<PlyView>,
    /// The result, once over.
    pub result: Option<ResultView>,
    /// Who offered a draw that stands.
    pub draw_offer: Option<&'static str>,
    /// The answer to a draw offer or a takeback request that was declined ("Black declines
    /// white's draw offer", "White declines black's takeback request"), until the side that
    /// offered or asked moves again.
    pub draw_answer: Option<String>,
    /// The side of two people asking to take its last move back (`takeback`), if any.
    pub takeback_request: Option<&'static str>,
    /// Whether the side to move may pass (after a forfeited turn).
    pub may_pass: bool,
    /// Whether moves can be taken back (no clock).
    pub takebacks: bool,
    /// Whether this token takes moves back (the creator's: both players' consent).
    pub creator: bool,
    /// Whether engine moves and analysis are open (not while two people play each other,
    /// unless the game is casual).
    pub engine_help: bool,
    /// Whether the game was made casual: engine help open to two people playing each other.
    pub casual: bool,
    /// Engine-against-engine play is stopped: by the creator, or because nobody watched
    /// (any request for the game restarts that).
    pub paused: bool,
    /// Whether Undo would take a move back now (for the creator).
    pub may_undo: bool,
    /// Whether Redo would replay a move taken back.
    pub may_redo: bool,
    /// The clock, if any.
    pub clock: Option<ClockView>,
    /// What the engine is doing.
    pub busy: Option<BusyView>,
    /// Known evaluations, by position.
    pub evals: Vec<EvalView>,
    /// The players' names, from an imported game's `White` and `Black` tags.
    pub names: NamesView,
    /// The event, from an imported game's `Event` tag.
    pub event: Option<String>,
    /// Once the game is over: its moves judged from those evaluations (inaccuracies,
    /// mistakes, blunders, with the better move).
    pub review: Option<crate::review::Review>,
}

/// Players' names by side.
#[derive(Clone, Debug, Serialize)]
pub struct NamesView {
    /// White's.
    pub white: Option<String>,
    /// Black's.
    pub black: Option<String>,
}

/// A tag of the game that says something ([`damier_game::pdn::known_tag`]).
fn tag(s: &Session, name: &str) -> Option<String> {
    damier_game::pdn::known_tag(&s.tags, name).map(str::to_string)
}

/// The pieces of `board`, in notation order.
pub fn pieces(board: &Board) -> Vec<PieceView> {
    let names = board.names();
    names
        .in_order()
        .filter_map(|s| {
            let p = board.piece_at(s)?;
            Some(PieceView {
                square: names.name(s),
                color: p.color.name(),
                king: p.role == Role::King,
            })
        })
        .collect()
}

fn player(p: Player) -> PlayerView {
    match p {
        Player::Human => PlayerView {
            kind: "human",
            level: None,
        },
        Player::Engine(l) => PlayerView {
            kind: "engine",
            level: Some(l.number()),
        },
    }
}

/// The JSON form of a time control.
pub fn control_json(c: TimeControl) -> serde_json::Value {
    let ms = |d: std::time::Duration| d.as_millis() as u64;
    match c {
        TimeControl::Unlimited => serde_json::json!({"type": "none"}),
        TimeControl::Fischer { base, increment } => {
            serde_json::json!({"type": "fischer", "base_ms": ms(base), "increment_ms": ms(increment)})
        }
        TimeControl::MovesIn { moves, time } => {
            serde_json::json!({"type": "moves_in", "moves": moves, "time_ms": ms(time)})
        }
        TimeControl::PerMove {
            time,
            forced_capture,
        } => {
            serde_json::json!({"type": "per_move", "time_ms": ms(time), "forced_capture_ms": ms(forced_capture)})
        }
    }
}

fn result(r: GameResult, final_board: &Board) -> ResultView {
    let reason = match r.reason {
        Reason::NoLegalMove => "no_legal_move",
        Reason::Resignation => "resignation",
        Reason::Time => "time",
        Reason::ForfeitedTurns => "forfeited_turns",
        Reason::Agreement => "agreement",
        Reason::Rule(_) => "rule",
        Reason::Recorded => "recorded",
        Reason::Adjudication => "adjudication",
    };
    let outcome = serde_json::to_value(r.outcome)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    ResultView {
        outcome,
        reason,
        pdn: r.outcome.pdn(),
        text: r.describe_at(final_board),
    }
}

/// The view of `s` for a client acting for `you`.
/// The game as `actor` sees it (`None`: a spectator).
pub fn game_view(s: &Session, actor: Option<Actor>) -> GameView {
    let you = actor.map(|a| s.sides_of(a)).unwrap_or_default();
    let creator = actor == Some(Actor::Master);
    let game = s.game();
    let positions = game.positions();
    let history = game
        .plies()
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let before = &positions[i];
            let (kind, info) = match ply.kind {
                PlyKind::Move(mv) => ("move", Some(before.describe(&mv))),
                PlyKind::Forfeit => ("forfeit", None),
                PlyKind::Pass => ("pass", None),
            };
            let info = info.unwrap_or_else(|| damier_game::MoveInfo {
                short: "--".into(),
                long: "--".into(),
                from: String::new(),
                to: String::new(),
                path: Vec::new(),
                captured: Vec::new(),
                promotes: false,
            });
            PlyView {
                ply: i + 1,
                mover: ply.mover.name(),
                kind,
                notation: ply.notation.clone(),
                long: info.long,
                path: info.path,
                captured: info.captured,
                promotes: info.promotes,
                offers_draw: ply.offers_draw,
                fen: positions[i + 1].fen(),
            }
        })
        .collect();
    let clock = s.play.timed_clock().map(|c| {
        let ms = |color| c.remaining(color).map_or(0, |d| d.as_millis() as u64);
        ClockView {
            control: control_json(c.control()),
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            running: c.running().map(Color::name),
            timeout_penalty: match s.play.penalty() {
                TimeoutPenalty::LossOfGame => "loss_of_game",
                TimeoutPenalty::LossOfTurn => "loss_of_turn",
            },
        }
    });
    let evals = s
        .evals
        .iter()
        .enumerate()
        .filter_map(|(ply, e)| {
            let e = e.as_ref()?;
            let side = positions.get(ply)?.side();
            let white = e.score.for_white(side);
            Some(EvalView {
                ply,
                score: e.score.0,
                white: white.0,
                text: white.to_string(),
                depth: e.depth,
                pv: e.pv.clone(),
                book: e.book,
            })
        })
        .collect();
    let busy = s.busy.as_ref().map(|b| match b.kind {
        BusyKind::EngineMove => BusyView {
            kind: "move",
            ply: None,
        },
        BusyKind::Analysis { ply } => BusyView {
            kind: "analysis",
            ply: Some(ply),
        },
        BusyKind::GameEvals => BusyView {
            kind: "game",
            ply: None,
        },
    });
    let board = game.position();
    GameView {
        id: s.id.clone(),
        version: s.version(),
        variant: game.variant().to_string(),
        players: Players {
            white: player(s.player(Color::White)),
            black: player(s.player(Color::Black)),
        },
        you: you.iter().map(|c| c.name()).collect(),
        start_fen: game.start().fen(),
        fen: board.fen(),
        side_to_move: board.side().name(),
        pieces: pieces(board),
        moves: if game.is_over() {
            Vec::new()
        } else {
            board.describe_moves()
        },
        history,
        result: game.result().map(|r| result(r, game.position())),
        draw_offer: game.draw_offer().map(Color::name),
        draw_answer: s.draw_answer.clone(),
        takeback_request: s.takeback_request.map(Color::name),
        may_pass: game.may_pass(),
        takebacks: s.play.timed_clock().is_none(),
        creator,
        engine_help: s.engine_help(),
        casual: s.casual,
        paused: s.paused || s.idle,
        may_undo: creator && s.may_undo(),
        may_redo: creator && s.may_redo(),
        clock,
        busy,
        evals,
        review: crate::review::review(s),
        names: NamesView {
            white: tag(s, "White"),
            black: tag(s, "Black"),
        },
        event: tag(s, "Event"),
    }
}
