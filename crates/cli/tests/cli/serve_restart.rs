//! `damier serve` keeps its games in its data folder: killed with SIGKILL right after a move
//! was answered, or in the middle of many clients' moves, and started again, it has every
//! answered move, and no move twice.

use crate::serve_client::{request, start, try_request};
use serde_json::json;
use std::process::{Child, Stdio};

/// Start `damier serve` keeping its games in `data`; the process and its address.
fn serve(data: &std::path::Path) -> (Child, String) {
    let data = data.to_str().unwrap();
    // The clients all come from this machine's one address: lift the limits per client.
    let args = [
        "--egdb",
        "none",
        "--data",
        data,
        "--games-per-client",
        "1000000",
        "--connections-per-client",
        "1000000",
    ];
    let (child, addr, banner) = start(&args, Stdio::inherit());
    assert!(banner.contains("games are kept in"), "{banner}");
    (child, addr)
}

#[test]
fn serve_loses_no_answered_move_to_a_kill() {
    let data = std::env::temp_dir().join(format!("damier-serve-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (mut server, addr) = serve(&data);
    let (status, created) = request(
        &addr,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "international", "casual": false})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut answered = Vec::new();
    let mut state = created["state"].clone();
    for _ in 0..30 {
        let Some(mv) = state["moves"].as_array().and_then(|m| m.last()) else {
            break;
        };
        let notation = mv["short"].as_str().unwrap().to_string();
        let captured = mv["captured"].clone();
        let (status, after) = request(
            &addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&token),
            Some(json!({"move": notation, "captured": captured})),
        );
        assert_eq!(status, 200, "{after}");
        answered.push(notation);
        state = after;
    }
    server.kill().unwrap(); // SIGKILL: no chance to tidy up
    server.wait().unwrap();

    let (mut server, addr) = serve(&data);
    let (status, state) = request(&addr, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(status, 200, "{state}");
    let kept: Vec<&str> = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["notation"].as_str().unwrap())
        .collect();
    assert_eq!(kept, answered);
    let (status, _) = request(
        &addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&token),
        Some(json!({})),
    );
    assert_eq!(status, 200, "the token still holds");
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
}

/// A game of one client and the moves the server answered.
struct Played {
    id: String,
    answered: Vec<String>,
}

/// One client: games of random legal moves, one after the other, until the server stops
/// answering.
fn client(addr: &str, seed: u64) -> Vec<Played> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut games = Vec::new();
    'games: loop {
        let Some((201, created)) = try_request(
            addr,
            "POST",
            "/api/games",
            None,
            Some(json!({"variant": "international", "casual": false})),
        ) else {
            return games;
        };
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["token"].as_str().unwrap().to_string();
        games.push(Played {
            id: id.clone(),
            answered: Vec::new(),
        });
        let mut state = created["state"].clone();
        loop {
            let moves = state["moves"].as_array().cloned().unwrap_or_default();
            if moves.is_empty() {
                continue 'games;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = &moves[(rng % moves.len() as u64) as usize];
            let notation = mv["short"].as_str().unwrap().to_string();
            let ply = state["history"].as_array().map_or(0, Vec::len);
            let answer = try_request(
                addr,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&token),
                Some(json!({"move": notation, "captured": mv["captured"], "ply": ply})),
            );
            match answer {
                Some((200, after)) => {
                    games.last_mut().unwrap().answered.push(notation);
                    state = after;
                }
                Some((status, body)) => panic!("move refused: {status} {body}"),
                None => return games,
            }
        }
    }
}

/// Many clients play at once; the server is killed with SIGKILL in the middle and started
/// again: every answered move of every game is there, in order, and nothing else but at most
/// the one move each client had sent when the server died. `DAMIER_KILL_CLIENTS` and
/// `DAMIER_KILL_SECS` scale it (the figures in docs/server.md: 500 clients, 10 s).
#[test]
fn serve_loses_no_answered_move_to_a_kill_under_load() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let clients = env("DAMIER_KILL_CLIENTS", 24);
    let secs = env("DAMIER_KILL_SECS", 2);
    let data = std::env::temp_dir().join(format!("damier-serve-load-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (mut server, addr) = serve(&data);
    let players: Vec<_> = (0..clients)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || client(&addr, i + 1))
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_secs(secs));
    server.kill().unwrap(); // SIGKILL in the middle of the load
    server.wait().unwrap();
    let played: Vec<Played> = players
        .into_iter()
        .flat_map(|p| p.join().expect("a client panicked"))
        .collect();
    let answered: usize = played.iter().map(|p| p.answered.len()).sum();
    assert!(answered > 0, "no move was answered before the kill");

    let (mut server, addr) = serve(&data);
    let mut in_flight = 0;
    for p in &played {
        let (status, state) = request(&addr, "GET", &format!("/api/games/{}", p.id), None, None);
        // Its creation was answered: the game is there, moves or not.
        assert_eq!(status, 200, "game {}: {state}", p.id);
        let kept: Vec<&str> = state["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["notation"].as_str().unwrap())
            .collect();
        assert!(
            kept.len() <= p.answered.len() + 1 && kept[..p.answered.len()] == p.answered[..],
            "game {}: answered {:?}, kept {:?}",
            p.id,
            p.answered,
            kept
        );
        in_flight += kept.len() - p.answered.len();
    }
    eprintln!(
        "kill under load: {clients} clients for {secs} s, {} games, {answered} answered moves, \
         all kept after the restart ({in_flight} sent but unanswered moves kept too)",
        played.len()
    );
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
}
