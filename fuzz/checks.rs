//! What each fuzz target checks of one input: it never panics, and what it reads back is
//! what it wrote. Shared by the fuzz targets (`fuzz_targets/`) and by the regression test
//! that replays the kept corpus in the test command (`crates/cli/tests/cli/fuzz_corpus.rs`).

#![allow(dead_code)] // each target and the test use a part

use damier_core::Variant;
use damier_game::pdn::{self, PdnGame, WriteOptions};
use damier_game::Board;
use damier_protocol::hub;

/// The variant a leading byte picks, and the rest of the input.
fn variant_and_rest(data: &[u8]) -> Option<(Variant, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let variant = Variant::all()
        .nth(usize::from(first) % Variant::COUNT)
        .expect("COUNT variants");
    Some((variant, rest))
}

/// A FEN of the chosen variant: refused, or read into a board whose own FEN reads back to
/// the same board.
pub fn fen(data: &[u8]) {
    let Some((variant, rest)) = variant_and_rest(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if let Ok(board) = Board::from_fen(variant, &text) {
        let again = Board::from_fen(variant, &board.fen()).expect("a board's FEN reads back");
        assert_eq!(again, board, "{text:?}");
        let _ = board.legal_moves();
    }
    if let Ok(board) = hub::moves::parse_position(variant, &text) {
        let written = hub::moves::write_position(&board);
        let again =
            hub::moves::parse_position(variant, &written).expect("a Hub position reads back");
        assert_eq!(again, board, "{text:?}");
    }
}

/// Move text in a position reached by up to 8 plies the input chooses: refused, or a legal
/// move (in the notation players type, and in the Hub protocol's).
pub fn move_text(data: &[u8]) {
    let Some((variant, rest)) = variant_and_rest(data) else {
        return;
    };
    let (choices, text) = rest.split_at(rest.len().min(8));
    let mut board = Board::start(variant);
    for &c in choices {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board = board.play_unchecked(&moves[usize::from(c) % moves.len()]);
    }
    let text = String::from_utf8_lossy(text);
    let legal = board.legal_moves();
    if let Ok(mv) = board.parse_move(&text) {
        assert!(legal.contains(&mv), "{text:?} read as an illegal move");
    }
    if let Ok(mv) = hub::moves::parse_move(&board, &text) {
        assert!(legal.contains(&mv), "Hub {text:?} read as an illegal move");
    }
}

/// A PDN file: every game read or refused; a game that replays is written and read back
/// with the same moves.
pub fn pdn(data: &[u8]) {
    for game in pdn::read_bytes(data, Variant::INTERNATIONAL)
        .into_iter()
        .flatten()
    {
        let _ = game.positions();
        let Ok(played) = game.to_game() else {
            continue;
        };
        let text = pdn::write_game(
            &PdnGame::from_game(&played, &game.tags),
            &WriteOptions::default(),
        );
        let again = pdn::read(&text, game.variant);
        let again = match again.as_slice() {
            [Ok(g)] => g.to_game().expect("a written game replays"),
            other => panic!("a written game reads back as one game: {other:?}\n{text}"),
        };
        assert_eq!(again.plies(), played.plies(), "{text}");
    }
    let _ = pdn::read_bytes_inferring(data, Variant::INTERNATIONAL);
}

/// Hub protocol lines: each parsed or refused.
pub fn hub_lines(data: &[u8]) {
    for line in String::from_utf8_lossy(data).lines() {
        let _ = hub::syntax::parse(line);
    }
}

/// The server the `api_body` check sends its requests to: the router in memory, small games,
/// and the runtime it runs on.
pub fn api_server() -> (axum::Router, tokio::runtime::Runtime) {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let router = {
        let _inside = runtime.enter();
        damier_web::app_router(damier_web::ServeOptions {
            max_games: 64,
            hash_mb: 1,
            ..Default::default()
        })
        .expect("a router in memory")
    };
    (router, runtime)
}

/// The JSON API: a request to one of the endpoints that read a body, answered with a success
/// or a 4xx, never a 5xx or a panic.
pub fn api_body(router: &axum::Router, runtime: &tokio::runtime::Runtime, data: &[u8]) {
    use tower::ServiceExt;
    let Some((&which, body)) = data.split_first() else {
        return;
    };
    let path = match which % 4 {
        0 => "/api/games",
        1 => "/api/games/import",
        2 => "/api/positions",
        _ => "/api/games?casual=1",
    };
    let request = axum::http::Request::post(path)
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body.to_vec()))
        .expect("a request");
    let response = runtime
        .block_on(router.clone().oneshot(request))
        .expect("the router always answers");
    let status = response.status();
    assert!(
        status.is_success() || status.is_client_error(),
        "{path} answered {status} to {:?}",
        String::from_utf8_lossy(body)
    );
}

/// DamExchange bytes as a follower receives them: every message that reads writes back to
/// the same message, and Damier as the follower answers the whole stream (games included,
/// at depth 1) without a panic.
pub fn dxp(data: &[u8]) {
    use damier_protocol::dxp::play::{follow, Side};
    use damier_protocol::dxp::{Message, Wire};
    for chunk in data.split(|&b| b == 0) {
        let text: String = chunk.iter().map(|&b| char::from(b)).collect();
        if let Ok(m) = text.parse::<Message>() {
            let again: Message = m.to_string().parse().expect("a written message reads back");
            assert_eq!(again, m, "{text:?}");
        }
    }
    static ENGINE: std::sync::OnceLock<damier_engine::Engine> = std::sync::OnceLock::new();
    let engine = ENGINE.get_or_init(|| {
        damier_engine::Engine::new(damier_engine::EngineOptions {
            threads: 1,
            hash_mb: 1,
        })
    });
    let side = Side {
        name: "fuzz".into(),
        limits: Some(damier_engine::Limits::depth(1)),
    };
    let mut sent = Vec::new();
    let mut wire = Wire::new(data, &mut sent);
    let _ = follow(&mut wire, engine, &side, &mut |_| {});
}
